/**
 * One write path (issue 15 item 1): a rule declared on a resource holds through every route that writes it. The
 * Mesa Diretora's "one holder per cargo in a legislative session" is tried through POST /boards, the legislative
 * session's sub-list and the plenary session's call; the second holder is refused everywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
