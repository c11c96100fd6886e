/**
 * The portal's reads, driven by the section declarations (@paco/domain/portal): which records are public, the
 * year/type/word filters, the list and one record, shaped into what the page shows (values formatted in pt-BR)
 * and into the open data's rows. Everything goes through the engine's list (company scope, full-text search).
 */
import { and, desc, eq, gte, inArray, isNotNull, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Field } from '@paco/domain/fields';
import { formatBool, formatDate, formatDateTime, formatMoney } from '@paco/domain/format';
import { maskCpf, sectionFields, sectionOfResource, type PortalSection, type PublicRule } from '@paco/domain/portal';
import type { ResourceDef } from '@paco/domain/resource';
import { resourceByName } from '@paco/domain/resources';
import type { FieldView, FileView, RecordView, SectionRef } from '@paco/portal/types.ts';
import type { Services } from '../engine/context.ts';
import type { Row } from '../engine/context.ts';
import { list, tableFor, type Cols } from '../engine/query.ts';
import { serialize } from '../engine/serialize.ts';
import { todayInSaoPaulo } from '../auth/session.ts';
import { people } from '../db/schema.generated.ts';
import { currentParties } from '../modules/legislativo/index.ts';

export const defOf = (s: PortalSection): ResourceDef => {
  const r = resourceByName.get(s.resource);
  if (!r) throw new Error(`portal: resource ${s.resource} not defined`);
  return r;
};

/** The conditions that make a record of the section public (its declaration's rules and fixed filter). */
export function publicConditions(s: PortalSection, cols: Cols, today = todayInSaoPaulo()): SQL[] {
  const out: SQL[] = [];
  for (const rule of s.public as PublicRule[]) {
    const c = cols[rule.field];
    if ('is' in rule) out.push(eq(c, rule.is));
    else if ('notAfterToday' in rule) out.push(or(isNull(c), lte(c, today))!);
    else if ('notBeforeToday' in rule) out.push(or(isNull(c), gte(c, today))!);
    else if ('notIn' in rule) out.push(or(isNull(c), notInArray(c, [...rule.notIn]))!);
    else out.push(inArray(c, [...rule.in]));
  }
  for (const [k, v] of Object.entries(s.fixed ?? {})) out.push(eq(cols[k], v));
  return out;
}

const yearExpr = (r: ResourceDef, cols: Cols, field: string): SQL => {
  const kind = r.fields[field].kind;
  if (kind === 'int') return sql`${cols[field]}`;
  if (kind === 'datetime') return sql`extract(year from (${cols[field]} at time zone 'America/Sao_Paulo'))::int`;
  return sql`extract(year from ${cols[field]})::int`;
};

export interface SectionQuery { q?: string; ano?: string; tipo?: string; page?: number; perPage?: number }

/** The filter conditions of a query (year, type); a value that cannot match gives `false`, never an error. */
function filterConditions(s: PortalSection, r: ResourceDef, cols: Cols, q: SectionQuery): SQL[] {
  const out: SQL[] = [];
  if (q.ano && s.yearField) out.push(/^\d{4}$/.test(q.ano) ? sql`${yearExpr(r, cols, s.yearField)} = ${Number(q.ano)}` : sql`false`);
  if (q.tipo && s.typeField) {
    const fl = r.fields[s.typeField];
    if (fl.kind === 'ref') out.push(/^\d{1,9}$/.test(q.tipo) ? eq(cols[s.typeField], Number(q.tipo)) : sql`false`);
    else out.push(eq(cols[s.typeField], q.tipo.slice(0, 100)));
  }
  return out;
}

/** One page of the section's public records of a company, serialized by the engine. */
export async function readList(sv: Services, s: PortalSection, companyId: number, q: SectionQuery): Promise<{ rows: Row[]; total: number }> {
  const r = defOf(s);
  const { cols } = tableFor(r);
  const text = (q.q ?? '').trim().slice(0, 200);
  const { rows, total } = await list(sv.db, r, null, { page: q.page ?? 1, perPage: q.perPage ?? 20, sort: s.sort, ...(text ? { q: text } : {}) },
    { publicCompanyId: companyId }, [...publicConditions(s, cols), ...filterConditions(s, r, cols, q)]);
  return { rows: await serialize(sv, r, rows, null, undefined, true), total };
}

/** One public record of the section (null when not public, not the company's, or absent). */
export async function readOne(sv: Services, s: PortalSection, companyId: number, id: number): Promise<Row | null> {
  const r = defOf(s);
  const { cols } = tableFor(r);
  const { rows } = await list(sv.db, r, null, { page: 1, perPage: 1 }, { publicCompanyId: companyId }, [eq(cols.id, id), ...publicConditions(s, cols)]);
  if (!rows.length) return null;
  return (await serialize(sv, r, rows, null, undefined, false))[0];
}

/** The years and the types that the section's public records have (the filters' options), and when it last changed. */
export async function facets(sv: Services, s: PortalSection, companyId: number): Promise<{ years: string[]; types: { value: string; label: string }[]; updatedAt: string | null; count: number }> {
  const r = defOf(s);
  const { table, cols } = tableFor(r);
  const where = and(eq(cols.company_id, companyId), ...publicConditions(s, cols));
  const [{ updated, n }] = await sv.db.select({ updated: sql<string | null>`max(${cols.updated_at})`, n: sql<number>`count(*)::int` }).from(table).where(where);
  let years: string[] = [];
  if (s.yearField) {
    const y = yearExpr(r, cols, s.yearField);
    const rows = await sv.db.select({ y: sql<number>`${y}` }).from(table).where(and(where, isNotNull(cols[s.yearField]))).groupBy(y).orderBy(desc(y));
    years = rows.map((x) => String(x.y));
  }
  let types: { value: string; label: string }[] = [];
  if (s.typeField) {
    const fl = r.fields[s.typeField];
    const present = (await sv.db.selectDistinct({ v: cols[s.typeField] }).from(table).where(and(where, isNotNull(cols[s.typeField])))).map((x) => x.v as string | number);
    if (fl.kind === 'select') types = fl.options.filter((o) => present.includes(o.value)).map((o) => ({ value: o.value, label: o.label }));
    else if (fl.kind === 'ref' && present.length) {
      const target = resourceByName.get(fl.to)!;
      const t = tableFor(target);
      const display = fl.display ?? target.display;
      const rows = await sv.db.select({ id: t.cols.id, label: t.cols[display] }).from(t.table).where(inArray(t.cols.id, present as number[]));
      types = rows.map((x) => ({ value: String(x.id), label: String(x.label) })).sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
    }
  }
  return { years, types, updatedAt: updated ? formatDateTime(new Date(updated)) : null, count: n };
}

/* ---------------- shaping ---------------- */

/** A value as the page shows it (pt-BR); '' when empty. */
export function display(fl: Field, key: string, rec: Row): string {
  const v = rec[key];
  if (v === null || v === undefined || v === '') return '';
  switch (fl.kind) {
    case 'date': return formatDate(v as string);
    case 'datetime': return formatDateTime(v as string);
    case 'money': return formatMoney(v as number);
    case 'decimal': return `${Number(v).toLocaleString('pt-BR')}${key.toLowerCase().startsWith('percentual') ? '%' : ''}`;
    case 'bool': return formatBool(v);
    case 'select': return fl.options.find((o) => o.value === v)?.label ?? String(v);
    case 'ref': {
      const obj = rec[key.replace(/_id$/, '')] as Row | null;
      if (!obj) return '';
      const target = resourceByName.get(fl.to);
      return String(obj[fl.display ?? target?.display ?? 'id'] ?? '');
    }
    case 'cpf': return maskCpf(String(v));
    case 'cnpj': {
      const d = String(v);
      return d.length === 14 ? `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}` : d;
    }
    case 'file': return (v as { name?: string }).name ?? '';
    default: return String(v);
  }
}

const size = (n: number | undefined): string => (!n ? '' : n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1024 / 1024).toFixed(1).replace('.', ',')} MB`);

/** A record as the list (fields of `list`) or the detail page (fields of `show`) shows it. */
export function recordView(s: PortalSection, rec: Row, detail: boolean, base: string): RecordView {
  const r = defOf(s);
  const fields: FieldView[] = [];
  for (const k of detail ? s.show : s.list) {
    const fl = r.fields[k];
    const value = display(fl, k, rec);
    if (!value) continue;
    const view: FieldView = { label: fl.label, value };
    if (fl.kind === 'longtext') view.long = true;
    if (fl.kind === 'url') view.link = value;
    // a reference to a record another section shows links to its page (a contract's tender, a session's president)
    if (detail && fl.kind === 'ref' && sectionOfResource.has(fl.to) && typeof rec[k] === 'number') view.link = `${base}/${sectionOfResource.get(fl.to)}/${rec[k]}`;
    fields.push(view);
  }
  if (rec._partido) fields.unshift({ label: 'Partido', value: String(rec._partido) });
  if (detail && s.key === 'contratos' && rec.credor_documento) fields.splice(fields.findIndex((f) => f.label.startsWith('Credor')) + 1, 0, { label: 'CNPJ/CPF do contratado', value: String(rec.credor_documento) });
  const files: FileView[] = [];
  for (const k of s.files ?? []) {
    const file = rec[k] as { url: string; name: string; size?: number } | null;
    if (file?.url) files.push({ label: r.fields[k].label, name: file.name, url: file.url, size: size(file.size) });
  }
  const title = display(r.fields[s.titleField], s.titleField, rec);
  const summary = s.summaryField ? display(r.fields[s.summaryField], s.summaryField, rec) : '';
  const image = s.image ? (rec[s.image] as { url?: string } | null)?.url ?? null : null;
  const date = s.dateField ? display(r.fields[s.dateField], s.dateField, rec) : '';
  return {
    id: rec.id as number, title: detail || title.length <= 220 ? title : `${title.slice(0, 217)}…`, summary: summary ? (detail || summary.length <= 280 ? summary : `${summary.slice(0, 277)}…`) : null,
    date: date || null, image, fields, files, updatedAt: formatDateTime(rec.updated_at as string),
  };
}

/** Data a section's records show beyond their own fields: a contract's contractor document, a member's party. */
export async function enrich(sv: Services, s: PortalSection, records: Row[]): Promise<void> {
  if (s.key === 'contratos') await addCredorDocument(sv, records);
  if (s.key === 'vereadores') {
    const parties = await currentParties(sv.db, records.map((r) => r.id as number));
    for (const rec of records) {
      const p = parties.get(rec.id as number);
      if (p) rec._partido = `${p.abbreviations} — ${p.name}`;
    }
  }
}

/** The contracted party's CNPJ (or masked CPF) on contracts (PNTP: identificação do contratado). */
export async function addCredorDocument(sv: Services, records: Row[]): Promise<void> {
  const ids = [...new Set(records.map((x) => x.credor_id).filter((v): v is number => typeof v === 'number'))];
  if (!ids.length) return;
  const rows = await sv.db.select({ id: people.id, cpf: people.cpf, cnpj: people.cnpj }).from(people).where(inArray(people.id, ids));
  for (const rec of records) {
    const p = rows.find((x) => x.id === rec.credor_id);
    if (!p) continue;
    rec.credor_documento = p.cnpj ? display({ kind: 'cnpj', label: '' } as Field, 'd', { d: p.cnpj }) : p.cpf ? maskCpf(p.cpf) : null;
  }
}

/** A column's name in the open data: a reference is shown by its text, so `credor_id` is `credor`. */
export const dataName = (s: PortalSection, k: string): string => (defOf(s).fields[k]?.kind === 'ref' ? k.replace(/_id$/, '') : k);

/** The open data's row of a record: declared fields, values as text (dates ISO, money as numbers). */
export function dataRow(s: PortalSection, fields: readonly string[], rec: Row, origin: string): Record<string, string | number | boolean | null> {
  const r = defOf(s);
  const out: Record<string, string | number | boolean | null> = { id: rec.id as number };
  for (const k of fields) {
    const fl = r.fields[k];
    const v = rec[k];
    const col = dataName(s, k);
    if (v === null || v === undefined) out[col] = null;
    else if (fl.kind === 'file') out[col] = (v as { url?: string }).url ? `${origin}${(v as { url: string }).url}` : null;
    else if (fl.kind === 'ref' || fl.kind === 'select' || fl.kind === 'cpf') out[col] = display(fl, k, rec) || null;
    else if (fl.kind === 'money' || fl.kind === 'decimal' || fl.kind === 'int') out[col] = Number(v);
    else if (fl.kind === 'bool') out[col] = Boolean(v);
    else out[col] = String(v);
  }
  if (s.key === 'contratos') out.credor_documento = (rec.credor_documento as string | undefined) ?? null;
  if (s.key === 'vereadores') out.partido = (rec._partido as string | undefined) ?? null;
  out.atualizado_em = rec.updated_at as string;
  return out;
}

export { sectionFields };

export const sectionRef = (s: PortalSection): SectionRef => ({ key: s.key, title: s.title, one: s.one, group: s.group, description: s.description });
