/**
 * Round trips of a write (issue 14 §4: "create ≤ 5 statements; reference checks, numbering and audit batched"),
 * counted on PostgreSQL, where each statement is a round trip to the server: a matter's create is the transaction,
 * its number, the row with its audit entry in one statement, the commit and the answer's read. The references to
 * `types` are checked against the process's copy, yet a type of another category or company is still refused, and a
 * refused create leaves no row and no audit entry.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchedWrite } from '../src/db/changes.ts';
import { makeApp, statementsOf, usingPostgres, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let adminPm: string;
const typeIds: Record<string, Record<string, number>> = {};

beforeAll(async () => {
  t = await makeApp();
  [admin, adminPm] = await Promise.all(['admin@paco.demo', 'admin.prefeitura@paco.demo'].map((e) => t.login(e)));
  for (const cat of ['matters', 'regime_tramitacao', 'votation', 'origem_externa']) {
    const res = await t.call('GET', `/api/types_of/${cat}`, { token: admin });
    typeIds[cat] = Object.fromEntries(res.json().data.map((x: { slug: string; id: number }) => [x.slug, x.id]));
  }
}, 90_000);
afterAll(async () => { await t?.close(); });

const auditOf = async (id: number) => {
  const res = await t.database.db.execute(sql`select "actionDescription" as d, action, changes from logs where resource = 'matters' and record_id = ${id} order by id`);
  return ((res as unknown as { rows: { d: string; action: string; changes: Record<string, unknown> }[] }).rows);
};

const first = (m: Record<string, number>): number => Object.values(m)[0];

describe('a matter written through the API', () => {
  const body = () => ({
    type_id: typeIds.matters.pl, dataApresentacao: '2026-11-13', ementa: 'Institui a semana municipal da leitura.',
    regime_tramitacao_id: first(typeIds.regime_tramitacao), type_votation_id: first(typeIds.votation),
  });

  it.runIf(usingPostgres())('is created in five statements, its audit entry written with it', async () => {
    await t.call('POST', '/api/matters', { token: admin, body: body() }); // the session and the types copied
    const { out: res, statements } = await statementsOf(() => t.call('POST', '/api/matters', { token: admin, body: body() }));
    expect(res.statusCode).toBe(201);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(5);
    const m = res.json().data;
    expect(m.identificacao).toMatch(/^PL \d+\/2026$/);
    const [entry] = await auditOf(m.id);
    expect(entry).toMatchObject({ action: 'create', d: `Antônio Administrador criou matéria #${m.id}` });
    expect(entry.changes).toMatchObject({ ementa: 'Institui a semana municipal da leitura.', identificacao: m.identificacao });
  });

  it('answers the same record it stored, and audits an update as { de, para } in the same statement', async () => {
    const res = await t.call('POST', '/api/matters', { token: admin, body: body() });
    const created = res.json().data;
    // the show adds what only the record's screen reads: its actions, and how many follow it by e-mail (decision 0055)
    const { _actions: _a, acompanhantes, ...shown } = (await t.call('GET', `/api/matters/${created.id}`, { token: admin })).json().data;
    expect(acompanhantes).toBe(0);
    expect(created).toEqual(shown);
    const upd = await t.call('PUT', `/api/matters/${created.id}`, { token: admin, body: { ementa: 'Institui a semana municipal do livro.' } });
    expect(upd.statusCode).toBe(200);
    expect((await auditOf(created.id)).map((e) => [e.action, e.d, e.changes])).toEqual([
      ['create', `Antônio Administrador criou matéria #${created.id}`, expect.any(Object)],
      ['update', `Antônio Administrador alterou matéria #${created.id}`, { ementa: { de: 'Institui a semana municipal da leitura.', para: 'Institui a semana municipal do livro.' } }],
    ]);
  });

  it('refuses a type of another category or of another company from the copy, leaving no trace', async () => {
    const before = await t.database.db.execute(sql`select (select count(*) from matters)::int as m, (select count(*) from logs)::int as l`);
    const counts = () => (before as unknown as { rows: { m: number; l: number }[] }).rows[0];
    const wrong = await t.call('POST', '/api/matters', { token: admin, body: { ...body(), type_id: first(typeIds.votation), regime_tramitacao_id: typeIds.matters.pl } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ type_id: ['Tipo: registro não encontrado.'], regime_tramitacao_id: [expect.stringMatching(/registro não encontrado\.$/)] });
    // a type the Prefeitura made for itself is not the Câmara's
    const own = await t.call('POST', '/api/types', { token: adminPm, body: { type: 'matters', slug: 'pl-pm', label: 'Projeto da Prefeitura (PLP)' } });
    expect(own.statusCode).toBe(201);
    const foreign = await t.call('POST', '/api/matters', { token: admin, body: { ...body(), type_id: own.json().data.id } });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ type_id: ['Tipo: registro não encontrado.'] });
    const after = await t.database.db.execute(sql`select (select count(*) from matters)::int as m, (select count(*) from logs)::int as l`);
    // the Prefeitura's type was audited; no matter and no other entry
    expect((after as unknown as { rows: { m: number; l: number }[] }).rows[0]).toEqual({ m: counts().m, l: counts().l + 1 });
  });
});

describe('the writes this process reports to its caches at once', () => {
  it('sees the table of a write made as the first part of a WITH, as the engine writes a row with its audit entry', () => {
    expect(watchedWrite('with "written" as (update "types" set "label" = $1 where "types"."id" = $2 returning "id") select 1')).toBe('types');
    expect(watchedWrite('WITH written AS ( insert into "matters" ("id") values (default) returning "id"), "logged" as (insert into "logs" …) select …')).toBe('matters');
    expect(watchedWrite('update "types" set "label" = $1')).toBe('types');
    // reads, and writes nobody copies, are not reported
    expect(watchedWrite('with "written" as (insert into "logs" ("id") values (default) returning "id") select 1')).toBeNull();
  });
});
