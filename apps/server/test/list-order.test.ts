/**
 * Lists in every order a screen offers (issue 17): each sortable column of matters in both directions, with and
 * without a filter and the search box: the rows in the right order (empty values last both ways, ties broken by id
 * in the sort's direction), pages that neither repeat nor skip a row, and `?fields=` (what a list answer carries).
 * Runs on PGlite and on PostgreSQL; the plans themselves are checked in list-plans.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFields, listSortable } from '@paco/domain/resource';
import { matters } from '@paco/domain/resources/materias';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
const types: Record<string, number> = {};
const made: number[] = [];

const get = async (url: string) => {
  const res = await t.call('GET', url, { token: admin });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as { data: Record<string, unknown>[]; meta: { total: number; page: number; perPage: number } };
};
const rowsOf = async (text: string): Promise<Record<string, unknown>[]> => {
  const res = await t.database.db.execute(sql.raw(text));
  return (Array.isArray(res) ? res : (res as { rows: Record<string, unknown>[] }).rows) as Record<string, unknown>[];
};

beforeAll(async () => {
  t = await makeApp();
  admin = await t.login('admin@paco.demo');
  const res = await t.call('GET', '/api/types_of/matters', { token: admin });
  for (const x of res.json().data as { slug: string; id: number }[]) types[x.slug] = x.id;
  // 30 matters of three types over three dates (ties), two years, in and out of tramitation, a word of their own
  for (let i = 0; i < 30; i++) {
    const body = {
      type_id: [types.pl, types.ind, types.req][i % 3],
      dataApresentacao: ['2025-05-10', '2025-05-11', '2026-01-20'][i % 4 === 0 ? 0 : i % 3],
      ementa: `Dispõe sobre a quixabeira de número ${i + 1}.`,
      emTramitacao: i % 5 !== 0,
    };
    const created = await t.call('POST', '/api/matters', { token: admin, body });
    expect(created.statusCode, created.body).toBe(201);
    made.push(created.json().data.id);
  }
  // an identification may be empty (records from before numbering): four of them, which go last both ways
  await t.database.db.execute(sql.raw(`update matters set identificacao = null where id in (${made.filter((_, i) => i % 7 === 3).join(',')})`));
}, 90_000);
afterAll(async () => { await t?.close(); });

/**
 * An identification as people order it (SAPL lists matters by type, year and number): what precedes "N/YYYY", then the
 * year, then the number by its value (dots of thousands dropped): "PL 9/2026" before "PL 10/2026", 2025's first.
 */
function byIdentification(a: string, b: string): number {
  const parts = (s: string): [string, number, number] => {
    const m = /^(.*?)([\d.]+)\/(\d{4})$/.exec(s);
    return m ? [m[1]!, Number(m[3]), Number(m[2]!.replace(/\./g, ''))] : [s, 0, 0];
  };
  const [x, y] = [parts(a), parts(b)];
  return x[0] !== y[0] ? (x[0] < y[0] ? -1 : 1) : x[1] - y[1] || x[2] - y[2];
}

/**
 * The order the list must have: computed by the database from a hand-written ORDER BY over the same rows, or, for the
 * identification, by `byIdentification`; empty values last both ways, ties by id in the sort's direction.
 */
async function expected(ids: number[], field: string, desc: boolean): Promise<number[]> {
  if (!ids.length) return [];
  const dir = desc ? 'desc' : 'asc';
  if (field === 'identificacao') {
    const rows = (await rowsOf(`select id, identificacao from matters where id in (${ids.join(',')})`)).map((x) => ({ id: Number(x.id), v: x.identificacao as string | null }));
    const sign = desc ? -1 : 1;
    return rows.sort((a, b) => (a.v === null || b.v === null ? (a.v === null ? 1 : 0) - (b.v === null ? 1 : 0)
      : sign * byIdentification(a.v, b.v)) || sign * (a.id - b.id)).map((x) => x.id);
  }
  const by = field === 'id' ? `id ${dir}` : `"${field}" ${dir} nulls last, id ${dir}`;
  return (await rowsOf(`select id from matters where id in (${ids.join(',')}) order by ${by}`)).map((x) => Number(x.id));
}

describe('matters in every sortable order', () => {
  it('declares its sortable columns: identification, date and tramitation (not the ementa or the type)', () => {
    expect(listSortable(matters)).toEqual(['identificacao', 'dataApresentacao', 'emTramitacao']);
  });

  const sorts = [...listSortable(matters), 'id'].flatMap((k) => [k, `-${k}`]);
  const queries = (): [string, string][] => [
    ['sem filtro', ''],
    ['tipo PL', `type_id=${types.pl}`],
    ['ano 2025', 'ano=2025'],
    ['em tramitação', 'emTramitacao=false'],
    ['busca', 'search=quixabeira'],
    ['busca e tipo', `search=quixabeira&type_id=${types.ind}`],
  ];

  for (const sort of sorts) {
    it(`sort=${sort}: right order, ties by id, empty values last, pages without repeats or gaps`, async () => {
      const field = sort.replace(/^-/, '');
      const desc = sort.startsWith('-');
      for (const [label, query] of queries()) {
        const base = `/api/matters?sort=${sort}${query ? `&${query}` : ''}`;
        const all = await get(`${base}&perPage=100`);
        expect(all.meta.total, label).toBe(all.data.length);
        expect(all.data.length, label).toBeGreaterThan(0);
        const ids = all.data.map((m) => m.id as number);
        expect(ids, `${label}: order`).toEqual(await expected(ids, field, desc));
        // ties broken by id in the sort's direction, empty values after every other
        for (let i = 1; i < all.data.length; i++) {
          const [a, b] = [all.data[i - 1], all.data[i]];
          if (a[field] === null) expect(b[field], `${label}: an empty value before a filled one`).toBeNull();
          if (a[field] === b[field]) expect(desc ? (a.id as number) > (b.id as number) : (a.id as number) < (b.id as number), `${label}: tie at ${i}`).toBe(true);
        }
        // pages of 7: the same rows, each once, in the same order
        const paged: number[] = [];
        for (let page = 1; page <= Math.ceil(all.meta.total / 7); page++) {
          const p = await get(`${base}&perPage=7&page=${page}`);
          expect(p.meta.total, `${label}: total on page ${page}`).toBe(all.meta.total);
          paged.push(...p.data.map((m) => m.id as number));
        }
        expect(paged, `${label}: pages`).toEqual(ids);
      }
    });
  }

  it('puts the empty identifications last in both directions', async () => {
    const asc = (await get('/api/matters?sort=identificacao&search=quixabeira&perPage=100')).data;
    const desc = (await get('/api/matters?sort=-identificacao&search=quixabeira&perPage=100')).data;
    for (const rows of [asc, desc]) {
      expect(rows.slice(-4).map((m) => m.identificacao)).toEqual([null, null, null, null]);
      expect(rows.slice(0, -4).every((m) => typeof m.identificacao === 'string')).toBe(true);
    }
    // among the empty ones, id in the sort's direction
    expect(asc.slice(-4).map((m) => m.id)).toEqual(made.filter((_, i) => i % 7 === 3));
    expect(desc.slice(-4).map((m) => m.id)).toEqual(made.filter((_, i) => i % 7 === 3).reverse());
  });
});

describe('the identification sorted as people read it', () => {
  it('orders matters by type, year and number (9 before 10), as written by the server', async () => {
    const made: Record<string, number> = {};
    for (const [type, numero, data] of [['pl', 10, '2019-03-01'], ['pl', 9, '2019-03-01'], ['pl', 100, '2018-03-01'], ['ind', 1, '2019-03-01'], ['pl', 2, '2019-03-01']] as const) {
      const res = await t.call('POST', '/api/matters', { token: admin, body: { type_id: types[type], numero, dataApresentacao: data, ementa: `Trata do jatobazeiro ${numero}.` } });
      expect(res.statusCode, res.body).toBe(201);
      made[res.json().data.identificacao as string] = res.json().data.id as number;
    }
    const names = Object.keys(made);
    expect(names).toEqual(expect.arrayContaining(['PL 10/2019', 'PL 9/2019', 'PL 100/2018', 'PL 2/2019']));
    const people = [...names].sort(byIdentification);
    expect(people.filter((n) => n.startsWith('PL'))).toEqual(['PL 100/2018', 'PL 2/2019', 'PL 9/2019', 'PL 10/2019']);
    for (const [sort, want] of [['identificacao', people], ['-identificacao', [...people].reverse()]] as const) {
      expect((await get(`/api/matters?search=jatobazeiro&sort=${sort}`)).data.map((m) => m.identificacao), sort).toEqual(want);
      // with the type's filter (its own index) and paged by two
      const pl = want.filter((n) => n.startsWith('PL'));
      const paged: unknown[] = [];
      for (let page = 1; page <= 2; page++) paged.push(...(await get(`/api/matters?search=jatobazeiro&type_id=${types.pl}&sort=${sort}&perPage=2&page=${page}`)).data.map((m) => m.identificacao));
      expect(paged, sort).toEqual(pl);
    }
    // the key is the database's, never part of an answer
    const one = (await get('/api/matters?search=jatobazeiro&perPage=1&fields=all')).data[0]!;
    expect(Object.keys(one).some((k) => k.endsWith('_sort'))).toBe(false);
  });

  it('orders norms by type, year and number, thousands written with a dot', async () => {
    const res = await t.call('GET', '/api/types_of/norms', { token: admin });
    const lei = (res.json().data as { slug: string; id: number }[]).find((x) => x.slug === 'lei_ordinaria')!.id;
    const names: string[] = [];
    for (const [numero, ano] of [['1.234', 2019], ['99', 2019], ['5', 2018], ['100', 2019]] as const) {
      const made = await t.call('POST', '/api/norms', { token: admin, body: { type_id: lei, numero, ano, data: `${ano}-02-01`, ementa: `Institui o dia do pequizeiro ${numero}.` } });
      expect(made.statusCode, made.body).toBe(201);
      names.push(made.json().data.identificacao as string);
    }
    const people = [...names].sort(byIdentification);
    expect(people.map((n) => n.replace(/^.*nº /, ''))).toEqual(['5/2018', '99/2019', '100/2019', '1.234/2019']);
    const listed = async (sort: string) => (await t.call('GET', `/api/norms?search=pequizeiro&sort=${sort}`, { token: admin })).json().data.map((n: { identificacao: string }) => n.identificacao);
    expect(await listed('identificacao')).toEqual(people);
    expect(await listed('-identificacao')).toEqual([...people].reverse());
  });

  it("orders a tender's number the same way (contracts, agreements and publications declare theirs alike)", async () => {
    const pm = await t.login('admin.prefeitura@paco.demo');
    const mods = (await t.call('GET', '/api/types_of/tenders', { token: pm })).json().data as { id: number }[];
    const numbers = ['PE 10/2019', 'PE 9/2019', 'PE 100/2018', 'CC 1/2019', 'PE 2/2019'];
    for (const numero of numbers) {
      const made = await t.call('POST', '/api/licitacaos', { token: pm, body: { exercicio: 2019, numero, modalidade_id: mods[0]!.id, objeto: `Aquisição de mudas de buritizeiro ${numero}` } });
      expect(made.statusCode, made.body).toBe(201);
    }
    const people = [...numbers].sort(byIdentification);
    expect(people).toEqual(['CC 1/2019', 'PE 100/2018', 'PE 2/2019', 'PE 9/2019', 'PE 10/2019']);
    const listed = async (sort: string) => (await t.call('GET', `/api/licitacaos?search=buritizeiro&sort=${sort}&perPage=50`, { token: pm })).json().data.map((x: { numero: string }) => x.numero);
    expect(await listed('numero')).toEqual(people);
    expect(await listed('-numero')).toEqual([...people].reverse());
  });
});

describe('?fields=', () => {
  it('answers the whole record by default, and what the list screen shows with fields=list', async () => {
    const full = (await get('/api/matters?search=quixabeira&perPage=3')).data[0];
    expect(full).toHaveProperty('objeto');
    expect(full).toHaveProperty('authors');
    expect(full).toHaveProperty('matter_type');
    const listed = await get('/api/matters?search=quixabeira&perPage=3&fields=list');
    const row = listed.data[0];
    expect(Object.keys(row).sort()).toEqual([...listFields(matters), 'type', 'status_atual'].filter((k) => k in full).sort());
    expect(row).toMatchObject({ id: full.id, identificacao: full.identificacao, ementa: full.ementa, type: full.type, emTramitacao: full.emTramitacao });
    expect(row).not.toHaveProperty('authors');
    expect(row).not.toHaveProperty('objeto');
    expect(listed.meta.total).toBe(30);
  });

  it('keeps the names asked for (id always), adds what the list lacks, and shows the whole record on show', async () => {
    const some = (await get('/api/matters?search=quixabeira&perPage=2&fields=ementa')).data;
    expect(some.map((m) => Object.keys(m).sort())).toEqual([['ementa', 'id'], ['ementa', 'id']]);
    const more = (await get('/api/matters?search=quixabeira&perPage=2&fields=list,authors,objeto')).data[0];
    expect(more).toHaveProperty('authors');
    expect(Array.isArray(more.authors)).toBe(true);
    expect(more).toHaveProperty('objeto');
    const all = (await get('/api/matters?search=quixabeira&perPage=2&fields=all')).data[0];
    expect(all).toHaveProperty('matter_type');
    const shown = (await t.call('GET', `/api/matters/${made[0]}?fields=list`, { token: admin })).json().data;
    expect(shown).toHaveProperty('authors');
    expect(shown).toHaveProperty('objeto');
    expect((await t.call('GET', `/api/matters?fields=${'x'.repeat(300)}`, { token: admin })).statusCode).toBe(422);
  });
});

describe('range filters (?field_gte= / ?field_lte=)', () => {
  /** The matters of this file whose presentation date is within [from, to], counted by the database itself. */
  const count = async (from: string | null, to: string | null) => Number((await rowsOf(`select count(*)::int as n from matters where id in (${made.join(',')})${from ? ` and "dataApresentacao" >= '${from}'` : ''}${to ? ` and "dataApresentacao" <= '${to}'` : ''}`))[0]!.n);

  it('narrows a date from, until and between, both ends included, with the search and in every order', async () => {
    for (const [from, to] of [['2025-05-11', null], [null, '2025-05-11'], ['2025-05-11', '2025-05-11'], ['2025-05-12', '2026-01-19']] as const) {
      const qs = `${from ? `&dataApresentacao_gte=${from}` : ''}${to ? `&dataApresentacao_lte=${to}` : ''}`;
      for (const sort of ['-dataApresentacao', 'identificacao', '-id']) {
        const page = await get(`/api/matters?search=quixabeira&perPage=50&sort=${sort}${qs}`);
        expect(page.meta.total, qs).toBe(await count(from, to));
        expect(page.data.every((m) => (!from || String(m.dataApresentacao) >= from) && (!to || String(m.dataApresentacao) <= to))).toBe(true);
      }
    }
    expect((await get('/api/matters?search=quixabeira&dataApresentacao_gte=2025-05-12&dataApresentacao_lte=2026-01-19')).meta.total).toBe(0);
  });

  it('takes a date on a date-and-time field as the whole day in São Paulo, or a date and time', async () => {
    const [row] = await rowsOf(`select to_char(created_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as d from matters where id = ${made[0]}`);
    const day = String(row!.d);
    const all = (await get(`/api/matters?search=quixabeira&created_at_gte=${day}&created_at_lte=${day}`)).meta.total;
    expect(all).toBe(30);
    expect((await get(`/api/matters?search=quixabeira&created_at_lte=2000-01-01`)).meta.total).toBe(0);
    expect((await get(`/api/matters?search=quixabeira&created_at_gte=2000-01-01T00:00:00Z`)).meta.total).toBe(30);
    // a number field: the year
    expect((await get('/api/matters?search=quixabeira&ano_gte=2026')).meta.total).toBe(await count('2026-01-01', null));
  });

  it('refuses a bound that is not of its kind with 422 and a pt-BR message on that key', async () => {
    for (const [qs, key] of [['dataApresentacao_gte=ontem', 'dataApresentacao_gte'], ['dataApresentacao_lte=2025-02-30', 'dataApresentacao_lte'], ['ano_gte=dois', 'ano_gte'],
      ['created_at_lte=2025-01-01T25:00', 'created_at_lte']] as const) {
      const res = await t.call('GET', `/api/matters?${qs}`, { token: admin });
      expect(res.statusCode, qs).toBe(422);
      expect(res.json().errors[key]?.[0], qs).toMatch(/^Filtro inválido em /);
    }
    const twice = await t.call('GET', '/api/matters?ano_gte=2025&ano_gte=2026', { token: admin });
    expect(twice.statusCode).toBe(422);
  });

  it('is described in the OpenAPI with the other filters', async () => {
    const doc = (await t.call('GET', '/api/docs/json', { token: admin })).json();
    const params = (doc.paths['/api/matters'].get.parameters as { name: string }[]).map((p) => p.name);
    expect(params).toEqual(expect.arrayContaining(['dataApresentacao_gte', 'dataApresentacao_lte', 'ano_gte', 'created_at_lte']));
  });
});
