/**
 * One write path (issue 15 item 1): a rule declared on a resource holds through every route that writes it. The
 * Mesa Diretora's "one holder per cargo in a legislative session" is tried through POST /boards, the legislative
 * session's sub-list and the plenary session's call; the second holder is refused everywhere. The server's own writes
 * (engine/rows.ts) keep the list totals honest: touched when their transaction committed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { resourceByName } from '@paco/domain/resources';
import { matters } from '../src/db/schema.generated.ts';
import { cachedCount } from '../src/engine/caches.ts';
import { keptShapeRuns } from '../src/engine/statements.ts';
import { insertRows, updateRows } from '../src/engine/rows.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeApp();
  admin = await t.login('admin@paco.demo');
});
afterAll(async () => { await t?.close(); });

const get = async (url: string) => (await t.call('GET', url, { token: admin })).json();

describe('the Mesa Diretora rule through every route that writes boards', () => {
  it('refuses a second holder of a cargo whichever route is used', async () => {
    const cargos = (await get('/api/types_of/cargos_mesa')).data as { id: number; slug: string }[];
    const terceiro = (await t.call('POST', '/api/type/cargos_mesa/add', { token: admin, body: { slug: 'terceiro_secretario', label: '3º Secretário' } })).json().data.id as number;
    const session = (await get('/api/plenary_sessions?perPage=1&sort=-abertura')).data[0];
    const ls = session.legislative_session_id as number;
    const parls = (await get('/api/parliamentaries?perPage=20')).data.map((p: { id: number }) => p.id) as number[];
    const mesa = (await get(`/api/legislative_sessions/${ls}/boards`)).data as { parliamentary_id: number }[];
    const free = parls.filter((id) => !mesa.some((b) => b.parliamentary_id === id));
    expect(free.length).toBeGreaterThanOrEqual(4);

    // the first holder, through the generic create
    const first = await t.call('POST', '/api/boards', { token: admin, body: { legislative_session_id: ls, cargo_id: terceiro, parliamentary_id: free[0] } });
    expect(first.statusCode, first.body).toBe(201);
    const refused = (res: { statusCode: number; json: () => { errors?: Record<string, string[]> } }) => {
      expect(res.statusCode).toBe(422);
      expect(res.json().errors?.cargo_id).toEqual(['Este cargo já está ocupado nesta sessão legislativa.']);
    };
    refused(await t.call('POST', '/api/boards', { token: admin, body: { legislative_session_id: ls, cargo_id: terceiro, parliamentary_id: free[1] } }));
    refused(await t.call('POST', `/api/legislative_sessions/${ls}/boards`, { token: admin, body: { cargo_id: terceiro, parliamentary_id: free[2] } }));
    refused(await t.call('POST', `/api/plenary_sessions/${session.id}/boards`, { token: admin, body: { cargo_id: terceiro, parliamentary_id: free[3] } }));
    const holders = (await get(`/api/legislative_sessions/${ls}/boards`)).data.filter((b: { cargo_id: number }) => b.cargo_id === terceiro);
    expect(holders).toHaveLength(1);
    expect(cargos.length).toBeGreaterThan(0);
  });
});

describe("the server's own writes (engine/rows.ts)", () => {
  it('touch the list totals once the transaction committed, not before', async () => {
    const r = resourceByName.get('matters')!;
    const firstMatter = sql`${matters.id} = (select min(id) from matters)`;
    const counted = (n: number) => cachedCount('write-path:matters', r, async () => n);
    expect(await counted(5000)).toBe(5000);
    // inside the transaction: the change is written, but a count taken now is still the committed one
    const later: (() => Promise<unknown>)[] = [];
    await t.database.db.transaction(async (tx) => {
      await updateRows({ db: tx as never, afterCommit: (f) => { later.push(f); } }, matters, sql`false`, { ementa: sql`${matters.ementa}` });
      await insertRows({ db: tx as never, afterCommit: (f) => { later.push(f); } }, matters, []);
      await updateRows({ db: tx as never, afterCommit: (f) => { later.push(f); } }, matters, firstMatter, { ementa: sql`${matters.ementa}` });
    });
    expect(await counted(6000)).toBe(5000);
    // nothing written, nothing touched: only the statement that changed a row queued its touch
    expect(later).toHaveLength(1);
    for (const f of later) await f();
    expect(await counted(6000)).toBe(6000);
    // without a transaction of someone else's, the statement committed by itself and the totals are touched at once
    await updateRows({ db: t.database.db }, matters, firstMatter, { ementa: sql`${matters.ementa}` });
    expect(await counted(7000)).toBe(7000);
  });
});

describe('references checked in one statement', () => {
  it("names every reference that is missing or of another company, and accepts the company's own", async () => {
    const pmAdmin = await t.login('admin.prefeitura@paco.demo');
    const mine = ((await get('/api/types_of/matters')).data as { id: number; slug: string }[]).find((x) => x.slug === 'ind')!.id;
    const regime = (await get('/api/types_of/regime_tramitacao')).data[0]?.id as number | undefined;
    // a type of the other company (the prefeitura's own local of external origin)
    const foreign = await t.call('POST', '/api/type/origem_externa/add', { token: pmAdmin, body: { slug: 'camara_vizinha', label: 'Câmara vizinha' } });
    expect(foreign.statusCode, foreign.body).toBe(201);
    const body = { ementa: 'Referências conferidas.', dataApresentacao: '2026-05-04' };
    const res = await t.call('POST', '/api/matters', {
      token: admin,
      body: { ...body, type_id: 999_999, regime_tramitacao_id: regime ?? null, type_votation_id: 999_998, local_origem_externa_id: foreign.json().data.id },
    });
    expect(res.statusCode, res.body).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(['local_origem_externa_id', 'type_id', 'type_votation_id']);
    for (const k of Object.keys(errors)) expect(errors[k][0]).toMatch(/registro não encontrado/);
    const ok = await t.call('POST', '/api/matters', { token: admin, body: { ...body, type_id: mine, regime_tramitacao_id: regime ?? null } });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe("a create's statement kept per shape (engine/statements.ts `shaped`)", () => {
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
  const logOf = (resource: string, id: number) =>
    rows<{ action: string; record_id: number; changes: Record<string, unknown>; actionDescription: string }>(sql`select "action", "record_id", "changes", "actionDescription" from logs where resource = ${resource} and record_id = ${id}`);

  it('writes what drizzle would (a list into jsonb, dates, booleans, nulls), with its audit entry, built once per shape', async () => {
    // statuses of their own (the demo's all have a flow)
    const statuses: { id: number; slug: string }[] = [];
    for (const slug of ['kept_a', 'kept_b', 'kept_c']) {
      const res = await t.call('POST', '/api/type/tramitation_status/add', { token: admin, body: { slug, label: `Situação ${slug}` } });
      expect(res.statusCode, res.body).toBe(201);
      statuses.push({ id: res.json().data.id, slug });
    }
    const runs = keptShapeRuns.insert ?? 0;
    // the same shape twice (a list of slugs into a jsonb column: encoded as JSON, not as a PostgreSQL array), then another
    const made: number[] = [];
    for (const [i, body] of [
      { status_id: statuses[0].id, fim: false, proximos: [statuses[1].slug, statuses[2].slug], obs: 'Primeiro fluxo' },
      { status_id: statuses[1].id, fim: true, proximos: [statuses[0].slug], obs: 'Segundo fluxo' },
      { status_id: statuses[2].id, fim: true, proximos: [], obs: null },
    ].entries()) {
      const res = await t.call('POST', '/api/tramitation_flows', { token: admin, body });
      expect(res.statusCode, `${i}: ${res.body}`).toBe(201);
      const row = res.json().data;
      expect(row).toMatchObject({ status_id: body.status_id, fim: body.fim, proximos: body.proximos, obs: body.obs });
      made.push(row.id);
    }
    expect(keptShapeRuns.insert - runs).toBe(3);
    const stored = await rows<Record<string, unknown>>(sql`select id, fim, proximos, jsonb_typeof(proximos) as kind, obs from tramitation_flows where id in (${sql.join(made, sql`, `)}) order by id`);
    expect(stored.map((r) => [r.fim, r.proximos, r.kind, r.obs])).toEqual([
      [false, [statuses[1].slug, statuses[2].slug], 'array', 'Primeiro fluxo'],
      [true, [statuses[0].slug], 'array', 'Segundo fluxo'],
      [true, [], 'array', null],
    ]);
    for (const id of made) {
      const [entry] = await logOf('tramitation_flows', id);
      expect(entry).toMatchObject({ action: 'create', record_id: id, actionDescription: expect.stringMatching(new RegExp(`criou .* #${id}$`)) });
    }
  });

  it("keeps a matter's dates, numbers and text exactly, and its own audit values for each request", async () => {
    const type = ((await get('/api/types_of/matters')).data as { id: number; slug: string }[]).find((x) => x.slug === 'ind')!.id;
    const a = (await t.call('POST', '/api/matters', { token: admin, body: { type_id: type, ementa: 'Indica o conserto da ponte.', dataApresentacao: '2026-03-02', diasPrazo: 10 } })).json().data;
    const b = (await t.call('POST', '/api/matters', { token: admin, body: { type_id: type, ementa: "Indica a poda das árvores da rua D'Ávila.", dataApresentacao: '2026-12-31' } })).json().data;
    expect(a).toMatchObject({ dataApresentacao: '2026-03-02', diasPrazo: 10, fimPrazo: expect.stringMatching(/^2026-03-1\d$/) });
    expect(b).toMatchObject({ dataApresentacao: '2026-12-31', diasPrazo: null, fimPrazo: null, ementa: "Indica a poda das árvores da rua D'Ávila." });
    expect(b.numero).toBe(a.numero + 1);
    const [la] = await logOf('matters', a.id);
    const [lb] = await logOf('matters', b.id);
    expect(la.changes).toMatchObject({ ementa: 'Indica o conserto da ponte.' });
    expect(lb.changes).toMatchObject({ ementa: "Indica a poda das árvores da rua D'Ávila." });
    expect(lb.actionDescription).toMatch(new RegExp(`^Antônio Administrador criou matéria #${b.id}$`));
  });

  it('updates through a kept statement too: the values, NULL for a cleared field, updated_at and the audit entry', async () => {
    const type = ((await get('/api/types_of/matters')).data as { id: number; slug: string }[]).find((x) => x.slug === 'ind')!.id;
    const made = (await t.call('POST', '/api/matters', { token: admin, body: { type_id: type, ementa: 'Indica a limpeza do córrego.', dataApresentacao: '2026-04-01', apelido: 'Córrego' } })).json().data;
    const runs = keptShapeRuns.update ?? 0;
    for (const [i, body] of [{ ementa: 'Indica a limpeza do córrego Fundo.', apelido: null }, { ementa: 'Indica a limpeza do córrego Raso.', apelido: 'Raso' }].entries()) {
      const res = await t.call('PUT', `/api/matters/${made.id}`, { token: admin, body });
      expect(res.statusCode, `${i}: ${res.body}`).toBe(200);
      expect(res.json().data).toMatchObject({ id: made.id, ...body, dataApresentacao: '2026-04-01' });
    }
    expect(keptShapeRuns.update - runs).toBe(2);
    const [row] = await rows<{ ementa: string; apelido: string | null; touched: boolean }>(sql`select ementa, apelido, updated_at > created_at as touched from matters where id = ${made.id}`);
    expect(row).toEqual({ ementa: 'Indica a limpeza do córrego Raso.', apelido: 'Raso', touched: true });
    const updates = (await logOf('matters', made.id)).filter((e) => e.action === 'update');
    expect(updates.map((e) => e.changes.ementa)).toEqual(expect.arrayContaining([
      { de: 'Indica a limpeza do córrego.', para: 'Indica a limpeza do córrego Fundo.' },
      { de: 'Indica a limpeza do córrego Fundo.', para: 'Indica a limpeza do córrego Raso.' },
    ]));
    expect(updates).toHaveLength(2);
  });
});
