/**
 * What the benchmark loads and drives: matters (100k), norms (20k) and people (5k) when their definitions exist;
 * until then a stand-in (100k users through /api/admin/users) so the harness runs end to end.
 */
import type { Field, RefField } from '@paco/domain/fields';
import { filterFields, tableOf, writableFields, type ResourceDef } from '@paco/domain/resource';
import { resourceByName, resources } from '@paco/domain/resources';
import { EMENTA_OBJECT, EMENTA_PREFIX, EMENTA_TAIL, EMENTA_THEME, FIRST_NAMES, SURNAMES } from './words.ts';

export interface Plan {
  /** resource driven by the scenarios */
  main: ResourceDef;
  /** resource name → rows */
  counts: Map<string, number>;
  fallback: boolean;
}

const find = (...names: string[]): ResourceDef | undefined => {
  for (const n of names) {
    const r = resourceByName.get(n) ?? resources.find((x) => tableOf(x) === n && !x.table);
    if (r) return r;
  }
  return undefined;
};

export function makePlan(scale = 1): Plan {
  const n = (x: number) => Math.max(1, Math.round(x * scale));
  const matters = process.env.BENCH_TARGET === 'users' ? undefined : find('matters', 'materias');
  if (matters) {
    const counts = new Map<string, number>();
    const people = find('people', 'pessoas');
    const norms = find('norms', 'normas');
    if (people) counts.set(people.name, n(5_000));
    if (norms) counts.set(norms.name, n(20_000));
    counts.set(matters.name, n(100_000));
    return { main: matters, counts, fallback: false };
  }
  return { main: resourceByName.get('admin_users')!, counts: new Map([['users', n(100_000)]]), fallback: true };
}

/** The filter of "list page 1 sorted and filtered": the resource's own type reference, else its first filter. */
export function filterKey(r: ResourceDef): string | null {
  const refs = filterFields(r).filter(([, fl]) => fl.kind === 'ref' && (fl as RefField).typeOf);
  const own = refs.find(([, fl]) => (fl as RefField).typeOf === tableOf(r) || (fl as RefField).typeOf === r.name);
  return (own ?? refs.find(([k]) => /^(type|tipo)/i.test(k)) ?? refs[0] ?? filterFields(r)[0])?.[0] ?? null;
}

/** The sort of "list page 1 sorted": newest first by the resource's main date (e.g. -dataApresentacao), else its default. */
export function sortKey(r: ResourceDef): string {
  const dates = Object.entries(r.fields).filter(([, fl]) => fl.kind === 'date' || fl.kind === 'datetime');
  const main = dates.find(([k]) => /apresenta|data$|^data|date/i.test(k)) ?? dates[0];
  return main ? `-${main[0]}` : r.list.sort;
}

export function searchTerm(r: ResourceDef): string {
  return r.list.fts?.length ? 'informacao' : 'conceicao';
}

/** Different terms for the varied search: the longest word of each ementa theme, without accents (32 terms). */
export function searchTerms(r: ResourceDef): string[] {
  if (!r.list.fts?.length) return [searchTerm(r)];
  const plain = (w: string) => w.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  return [...new Set(EMENTA_THEME.map((t) => plain(t.split(' ').sort((a, b) => b.length - a.length)[0])))];
}

/* ---------- create bodies ---------- */

const pick = <T>(xs: readonly T[], i: number): T => xs[Math.abs(i) % xs.length];
export const ementa = (i: number): string =>
  `${pick(EMENTA_PREFIX, i * 7)} ${pick(EMENTA_OBJECT, i * 13)} ${pick(EMENTA_THEME, i * 31)} ${pick(EMENTA_TAIL, i * 17)}.`;
const person = (i: number): string => `${pick(FIRST_NAMES, i * 7)} ${pick(SURNAMES, i * 11)} ${pick(SURNAMES, i * 13)}`;

function cpf(n: number): string {
  const d = String(100_000_000 + (n % 899_999_999)).padStart(9, '0').split('').map(Number);
  for (let k = 0; k < 2; k++) {
    const s = d.reduce((acc, v, i) => acc + v * (d.length + 1 - i), 0);
    const r = (s * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
}

function cnpj(n: number): string {
  const d = String(10_000_000 + (n % 89_999_999)).padStart(8, '0').concat('0001').split('').map(Number);
  for (const w of [[5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]]) {
    const s = d.reduce((acc, v, i) => acc + v * w[i], 0);
    const r = s % 11;
    d.push(r < 2 ? 0 : 11 - r);
  }
  return d.join('');
}

const LONG_TEXT = /ementa|assunto|descri|texto|resumo|objeto|observ|conte[uú]do|justific|indexa|sum[aá]rio|finalidade|motivo|despacho|historic/i;
const YEAR_FIELD = /^(ano|year|exercicio)$/i;
const NUMBER_FIELD = /^(numero|number|num|nr|numero_norma|numero_materia)$/i;

/**
 * A valid create body for request number i (unique fields and numbers vary with i). `refs` holds, per reference
 * field, ids the company may use (prepared by the server process from the loaded data).
 */
export function createBody(r: ResourceDef, refs: Record<string, number[]>, i: number): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [k, fl] of writableFields(r)) {
    const v = valueFor(r, k, fl, refs, i);
    if (v !== undefined) body[k] = v;
  }
  return body;
}

function valueFor(r: ResourceDef, k: string, fl: Field, refs: Record<string, number[]>, i: number): unknown {
  const max = 'max' in fl && typeof fl.max === 'number' ? fl.max : 255;
  const u = fl.unique ? ` ${i}` : '';
  switch (fl.kind) {
    case 'json': case 'file': return undefined;
    case 'ref': { const ids = refs[k]; return ids?.length ? pick(ids, i) : undefined; }
    case 'int': {
      if (YEAR_FIELD.test(k)) return 2026;
      if (NUMBER_FIELD.test(k) && !fl.required) return undefined; // let the server number it (matters: per type and year)
      if (NUMBER_FIELD.test(k) || fl.unique) return 900_000 + i;
      return 'min' in fl && typeof fl.min === 'number' ? fl.min : 1;
    }
    case 'decimal': case 'money': return 1234.56;
    case 'bool': return i % 2 === 0;
    case 'date': return /nasc|birth/i.test(k) ? '1980-05-04' : '2026-05-04';
    case 'datetime': return '2026-05-04T10:00:00.000Z';
    case 'time': return '14:00';
    case 'select': return (fl as Extract<Field, { kind: 'select' }>).options[0]?.value;
    case 'email': return `bench${i}.${process.pid}@exemplo.com.br`;
    case 'password': return 'senha-bench-123';
    case 'url': return 'https://www.vilaserena.mg.gov.br/bench';
    case 'color': return '#1565c0';
    case 'cpf': return cpf(fl.unique ? 700_000_000 + i : 123_456_789);
    case 'cnpj': return cnpj(fl.unique ? 50_000_000 + i : 11_222_333);
    case 'cep': return '35500-000';
    case 'phone': return '(31) 99999-1234';
    default: {
      if (YEAR_FIELD.test(k)) return '2026';
      if (NUMBER_FIELD.test(k)) return String(900_000 + i);
      const base = LONG_TEXT.test(k) ? ementa(i) : /^(nome|name)$/i.test(k) ? person(i) : `Bench ${fl.label}`;
      return `${base}${u}`.slice(0, max);
    }
  }
}
