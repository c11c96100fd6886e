/**
 * Open data: every section's public list as CSV (semicolon, UTF-8 with BOM, for spreadsheets in pt-BR) and JSON, with
 * the list page's filters (?q, ?ano, ?tipo), at stable addresses /portal/{slug}/dados-abertos/{section}.csv|.json,
 * and a data dictionary generated from the fields' labels and help texts.
 */
import type { Field } from '@paco/domain/fields';
import { dataFields, PORTAL_SECTIONS, sectionByKey, type PortalSection } from '@paco/domain/portal';
import type { PageData } from '@paco/portal/types.ts';
import type { Services } from '../engine/context.ts';
import { dataName, enrich, dataRow, defOf, keepable, readList, sectionRef } from './sections.ts';
import { pageSite, type Site } from './site.ts';
import { toCsv } from '@paco/domain/csv';

const TYPE_NAMES: Partial<Record<Field['kind'], string>> = {
  int: 'número inteiro', decimal: 'número decimal', money: 'valor em reais (número)', date: 'data (AAAA-MM-DD)', datetime: 'data e hora (ISO 8601)',
  bool: 'verdadeiro/falso', file: 'endereço do arquivo', ref: 'texto', select: 'texto (lista de valores)', longtext: 'texto longo', url: 'endereço (URL)',
};

/** The data dictionary of a section: each column's name, label, type and help. */
export function dictionary(s: PortalSection): { name: string; label: string; type: string; help: string | null }[] {
  const r = defOf(s);
  const out: { name: string; label: string; type: string; help: string | null }[] = [{ name: 'id', label: 'Identificador do registro no portal', type: 'número inteiro', help: `Também o final do endereço da página: /${s.key}/{id}.` }];
  for (const k of dataFields(s)) {
    const fl = r.fields[k];
    const help: string | null = fl.kind === 'select' ? `Valores: ${fl.options.map((o) => o.label).join(', ')}.` : fl.help ?? null;
    out.push({ name: dataName(s, k), label: fl.label, type: TYPE_NAMES[fl.kind] ?? 'texto', help });
  }
  if (s.key === 'contratos') out.push({ name: 'credor_documento', label: 'CNPJ do contratado (CPF mascarado)', type: 'texto', help: 'CPF de pessoa física mascarado (LGPD).' });
  if (s.key === 'vereadores') out.push({ name: 'partido', label: 'Partido (sigla — nome)', type: 'texto', help: 'Filiação partidária em vigor hoje.' });
  out.push({ name: 'atualizado_em', label: 'Atualizado em', type: 'data e hora (ISO 8601)', help: 'Última alteração do registro.' });
  return out;
}

export function openDataPage(site: Site): PageData {
  const shown = new Set(site.sections.map((s) => s.key));
  return { kind: 'open-data', site: pageSite(site), datasets: PORTAL_SECTIONS.filter((s) => shown.has(s.key)).map((s) => ({ section: sectionRef(s), fields: dictionary(s) })) };
}

/** `{section}.csv` / `{section}.json`: every public record matching the filters (up to 10 000). */
export async function openData(sv: Services, site: Site, file: string, query: Record<string, string>, origin: string): Promise<{ status: number; type: string; body: string; filename?: string; keep: boolean } | null> {
  const m = /^([a-z0-9-]+)\.(csv|json)$/.exec(file);
  const s = m ? sectionByKey.get(m[1]) : undefined;
  if (!m || !s) return null;
  const filters = { q: String(query.q ?? '').slice(0, 200), ano: String(query.ano ?? ''), tipo: String(query.tipo ?? '') };
  const fields = dataFields(s);
  const rows: Record<string, unknown>[] = [];
  for (let page = 1; page <= 50; page++) {
    const got = await readList(sv, s, site.id, { ...filters, page, perPage: 200 });
    await enrich(sv, s, got.rows);
    rows.push(...got.rows.map((r) => dataRow(s, fields, r, origin)));
    if (page * 200 >= got.total) break;
  }
  if (m[2] === 'json') {
    const body = JSON.stringify({
      entidade: site.name, conjunto: s.title, descricao: s.description, fonte: `${origin}/portal/${site.slug}/${s.key}`,
      filtros: Object.fromEntries(Object.entries(filters).filter(([, v]) => v)), gerado_em: new Date().toISOString().slice(0, 10), total: rows.length,
      dicionario: dictionary(s), dados: rows,
    });
    return { status: 200, type: 'application/json; charset=utf-8', body, keep: keepable(s) };
  }
  const cols = dictionary(s).map((d) => d.name);
  return { status: 200, type: 'text/csv; charset=utf-8', body: toCsv(cols, rows.map((r) => cols.map((c) => r[c]))), filename: `${s.key}.csv`, keep: keepable(s) };
}
