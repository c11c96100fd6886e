/**
 * A reference field's options (`GET /api/{path}/options/{field}`, decision 0051): who works on a record picks what its
 * references point at even when the target's own list is closed to them (the tenders' staff and the secretarias, the
 * câmara's session operator and the legislatures), seeing only ids and names of their own company, with the target's
 * row scope; nobody else reads them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let adminPm: string;
let adminCm: string;
let protocolo: string;
let licitacao: string;
let sessao: string;
type Page = { data: Record<string, unknown>[]; meta: { total: number; perPage: number } };

async function userWithRole(token: string, email: string, role: string): Promise<string> {
  const created = await t.call('POST', '/api/users', { token, body: { name: `Teste ${role}`, email, password: 'paco-demo' } });
  expect(created.statusCode, created.body).toBe(201);
  const roles = (await t.call('GET', '/api/roles?perPage=100', { token })).json().data as { id: number; name: string }[];
  const link = await t.call('POST', `/api/users/${created.json().data.id}/vincula`, { token, body: { role_id: roles.find((r) => r.name === role)!.id } });
  expect(link.statusCode, link.body).toBe(200);
  return t.login(email);
}

beforeAll(async () => {
  t = await makeApp();
  [adminPm, adminCm, protocolo] = await Promise.all(['admin.prefeitura@paco.demo', 'admin@paco.demo', 'protocolo@paco.demo'].map((e) => t.login(e)));
  licitacao = await userWithRole(adminPm, 'licitacao.options@exemplo.gov.br', 'licitacao');
  sessao = await userWithRole(adminCm, 'sessao.options@exemplo.gov.br', 'cm_operador_sessao');
});
afterAll(async () => { await t?.close(); });

describe('reference options', () => {
  it('offers the secretarias to the tenders\' staff, whose own list of secretarias is closed to them', async () => {
    expect((await t.call('GET', '/api/secretarias', { token: licitacao })).statusCode).toBe(403);
    const res = await t.call('GET', '/api/licitacaos/options/secretaria_id', { token: licitacao });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Page;
    expect(page.data.length).toBeGreaterThan(0);
    // each option is its id and name, nothing else of the secretaria
    for (const o of page.data) expect(Object.keys(o).sort()).toEqual(['id', 'nome']);
    const all = (await t.call('GET', '/api/secretarias?perPage=100', { token: adminPm })).json() as Page;
    expect(page.meta.total).toBe(all.meta.total);
    expect(page.data.map((o) => o.nome)).toEqual([...page.data.map((o) => o.nome as string)].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    // searched, paged (at most 50 a page), and by ids (a value known only by its id)
    const first = all.data[0] as { id: number; nome: string };
    const word = first.nome.split(' ').pop()!;
    expect(((await t.call('GET', `/api/licitacaos/options/secretaria_id?q=${encodeURIComponent(word)}`, { token: licitacao })).json() as Page).data.map((o) => o.id)).toContain(first.id);
    expect(((await t.call('GET', '/api/licitacaos/options/secretaria_id?perPage=500', { token: licitacao })).json() as Page).meta.perPage).toBe(50);
    const byId = (await t.call('GET', `/api/licitacaos/options/secretaria_id?ids=${first.id}`, { token: licitacao })).json() as Page;
    expect(byId.data).toEqual([{ id: first.id, nome: first.nome }]);
  });

  it('offers the câmara\'s session operator the legislatures, legislative sessions and members of its own câmara', async () => {
    for (const field of ['legislature_id', 'legislative_session_id', 'presidente_id']) {
      const res = await t.call('GET', `/api/plenary_sessions/options/${field}?perPage=50`, { token: sessao });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(200);
      expect((res.json() as Page).data.length, field).toBeGreaterThan(0);
    }
  });

  it('keeps to the company: another company\'s ids are not options', async () => {
    const theirs = (await t.call('GET', '/api/secretarias?perPage=100', { token: adminCm })).json() as Page;
    const ours = (await t.call('GET', '/api/licitacaos/options/secretaria_id?perPage=50', { token: licitacao })).json() as Page;
    const ourIds = new Set(ours.data.map((o) => o.id));
    for (const o of theirs.data) expect(ourIds.has(o.id)).toBe(false);
    if (theirs.data.length) {
      expect(((await t.call('GET', `/api/licitacaos/options/secretaria_id?ids=${theirs.data[0]!.id}`, { token: licitacao })).json() as Page).data).toEqual([]);
    }
  });

  it('refuses who does not write the records, an unknown or hidden field, and bad parameters', async () => {
    expect((await t.call('GET', '/api/licitacaos/options/secretaria_id', { token: protocolo })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/licitacaos/options/secretaria_id')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/licitacaos/options/nome', { token: licitacao })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/licitacaos/options/company_id', { token: licitacao })).statusCode).toBe(404);
    // an artist keeps their own registration: its account field is the server's, and the accounts are not theirs
    const artista = await t.login('artista@paco.demo');
    expect((await t.call('GET', '/api/artists/options/user_id', { token: artista })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/artists/options/user_id', { token: adminPm })).statusCode).toBe(200);
    // nobody writes notifications through a route: every signed-in user reads their own, and no list of accounts
    expect((await t.call('GET', '/api/notifications/options/user_id', { token: artista })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/notifications/options/user_id', { token: adminPm })).statusCode).toBe(404);
    for (const bad of ['ids=1,x', 'ids=' + Array.from({ length: 60 }, (_, i) => i + 1).join(','), `q=${'x'.repeat(201)}`, 'page=abc']) {
      const res = await t.call('GET', `/api/licitacaos/options/secretaria_id?${bad}`, { token: licitacao });
      expect(res.statusCode, bad).toBeLessThan(500);
      expect([200, 422], bad).toContain(res.statusCode);
    }
  });
});
