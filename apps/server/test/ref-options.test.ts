/**
 * A reference field's options (`GET /api/{path}/options/{field}`, decision 0051): who works on a record picks what its
 * references point at even when the target's own list is closed to them (the tenders' staff and the secretarias, the
 * câmara's session operator and the legislatures), seeing only ids and names of their own company, with the target's
 * row scope; nobody else reads them. With `in=rows` (decision 0052), who reads a list filters it by the targets that
 * the records they read point at (a vereador and the matters' current unit), and by nothing else.
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

/** The distinct values of a reference column among the rows of a list the session reads (every page). */
async function usedBy(token: string, path: string, field: string): Promise<number[]> {
  const out = new Set<number>();
  for (let page = 1; ; page++) {
    const res = await t.call('GET', `/api/${path}?perPage=100&page=${page}&fields=${field}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json() as Page).data;
    for (const row of rows) if (typeof row[field] === 'number') out.add(row[field] as number);
    if (rows.length < 100) return [...out].sort((a, b) => a - b);
  }
}
const idsOf = (page: Page): number[] => page.data.map((o) => o.id as number).sort((a, b) => a - b);
const options = async (token: string, path: string, field: string, query = ''): Promise<Page> => {
  const params = new URLSearchParams({ in: 'rows', perPage: '50', ...Object.fromEntries(new URLSearchParams(query)) });
  const res = await t.call('GET', `/api/${path}/options/${field}?${params}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};

describe('reference options of a list filter (in=rows)', () => {
  let vereador: string;
  let unused: { id: number; descricao: string };
  beforeAll(async () => {
    vereador = await t.login('vereador@paco.demo');
    // a unit no matter is in
    const created = await t.call('POST', '/api/tramitation_unities', { token: adminCm, body: { descricao: 'Unidade sem matérias' } });
    expect(created.statusCode, created.body).toBe(201);
    unused = created.json().data;
  });

  it('offers a reader who does not write the records the targets their rows point at, and only those', async () => {
    // a vereador reads the matters but neither writes them nor reads the units of tramitação
    expect((await t.call('GET', '/api/tramitation_unities', { token: vereador })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/matters/options/unidade_atual_id', { token: vereador })).statusCode).toBe(403);
    const page = await options(vereador, 'matters', 'unidade_atual_id');
    const used = await usedBy(vereador, 'matters', 'unidade_atual_id');
    expect(used.length).toBeGreaterThan(1);
    expect(idsOf(page)).toEqual(used);
    expect(page.meta.total).toBe(used.length);
    expect(idsOf(page)).not.toContain(unused.id);
    // each as its id and display, in the display's order
    for (const o of page.data) expect(Object.keys(o).sort()).toEqual(['descricao', 'id']);
    const names = page.data.map((o) => o.descricao as string);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    // searched, paged, and by ids (a filter's value from the address): an unused unit is none
    const first = page.data[0] as { id: number; descricao: string };
    expect(idsOf(await options(vereador, 'matters', 'unidade_atual_id', `&q=${encodeURIComponent(first.descricao)}`))).toContain(first.id);
    const one = await options(vereador, 'matters', 'unidade_atual_id', '&perPage=1&page=2');
    expect(one.data).toEqual([page.data[1]]);
    expect(one.meta.total).toBe(used.length);
    expect((await options(vereador, 'matters', 'unidade_atual_id', `&ids=${first.id},${unused.id}`)).data).toEqual([first]);
    // the unit is set by the tramitação, no writer's choice (decision 0051), but a filter of the list
    expect((await t.call('GET', '/api/matters/options/unidade_atual_id', { token: adminCm })).statusCode).toBe(404);
    expect(idsOf(await options(adminCm, 'matters', 'unidade_atual_id'))).toEqual(used);
  });

  it('keeps to the rows the session reads: its row scope (a restricted session, only the targets of rows it sees)', async () => {
    // a procedure only a secret process of Finanças uses: Protocolo Geral (Priscila) does not see that process
    const sectors = ((await t.call('GET', '/api/sectors?perPage=50', { token: adminPm })).json() as Page).data as { id: number; name: string }[];
    const financas = sectors.find((x) => x.name === 'Secretaria Municipal de Finanças')!;
    const proc = await t.call('POST', '/api/procedures', { token: adminPm, body: { name: 'Sindicância (teste de opções)' } });
    expect(proc.statusCode, proc.body).toBe(201);
    const procedure = proc.json().data as { id: number; name: string };
    const secret = await t.call('POST', '/api/processes', { token: adminPm, body: {
      procedure_id: procedure.id, sector_id: financas.id, object: 'Sindicância administrativa', nivelAcesso: 'sigiloso', baseLegal: 'Lei 8.112/1990, art. 150',
    } });
    expect(secret.statusCode, secret.body).toBe(201);
    const financasUser = await t.login('financas@paco.demo');
    for (const token of [adminPm, financasUser]) {
      const page = await options(token, 'processes', 'procedure_id');
      expect(idsOf(page)).toContain(procedure.id);
      expect(idsOf(page)).toEqual(await usedBy(token, 'processes', 'procedure_id'));
    }
    const theirs = await options(protocolo, 'processes', 'procedure_id');
    expect(idsOf(theirs)).toEqual(await usedBy(protocolo, 'processes', 'procedure_id'));
    expect(idsOf(theirs).length).toBeGreaterThan(0);
    expect(idsOf(theirs)).not.toContain(procedure.id);
    expect((await options(protocolo, 'processes', 'procedure_id', `&ids=${procedure.id}`)).data).toEqual([]);
    expect((await options(protocolo, 'processes', 'procedure_id', `&q=${encodeURIComponent('Sindicância')}`)).data).toEqual([]);
  });

  it('keeps to the rows the session reads: its company (another company\'s records never give an option)', async () => {
    // the câmara's processes point at the câmara's sectors: never offered to the prefeitura, nor the reverse
    const cmSectors = ((await t.call('GET', '/api/sectors?perPage=50', { token: adminCm })).json() as Page).data as { id: number }[];
    const cmProc = await t.call('POST', '/api/procedures', { token: adminCm, body: { name: 'Requerimento da Câmara' } });
    expect(cmProc.statusCode, cmProc.body).toBe(201);
    const cmProcess = await t.call('POST', '/api/processes', { token: adminCm, body: { procedure_id: cmProc.json().data.id, sector_id: cmSectors[0]!.id, object: 'Requerimento' } });
    expect(cmProcess.statusCode, cmProcess.body).toBe(201);
    const cm = idsOf(await options(adminCm, 'processes', 'sector_id'));
    const pm = idsOf(await options(adminPm, 'processes', 'sector_id'));
    expect(cm).toEqual([cmSectors[0]!.id]);
    expect(pm.length).toBeGreaterThan(0);
    expect(pm.filter((id) => cm.includes(id))).toEqual([]);
    expect((await options(adminPm, 'processes', 'sector_id', `&ids=${cm[0]}`)).data).toEqual([]);
    expect(idsOf(await options(adminPm, 'processes', 'procedure_id'))).not.toContain(cmProc.json().data.id);
    // a bank is shared by every company: one only the câmara's accounts use is not the prefeitura's option
    const pmBanks = await usedBy(adminPm, 'bank_accounts', 'bank_id');
    const banks = ((await t.call('GET', '/api/banks?perPage=100', { token: adminCm })).json() as Page).data as { id: number; company_id: number | null }[];
    const shared = banks.find((b) => b.company_id === null && !pmBanks.includes(b.id))!;
    const account = await t.call('POST', '/api/bank_accounts', { token: adminCm, body: { bank_id: shared.id, agence: '0001', number: '1234-5' } });
    expect(account.statusCode, account.body).toBe(201);
    expect(idsOf(await options(adminCm, 'bank_accounts', 'bank_id'))).toContain(shared.id);
    expect(idsOf(await options(adminPm, 'bank_accounts', 'bank_id'))).toEqual(pmBanks);
    expect((await options(adminPm, 'bank_accounts', 'bank_id', `&ids=${shared.id}`)).data).toEqual([]);
  });

  it('refuses who does not read the list, a field that is no filter of theirs, and bad parameters', async () => {
    expect((await t.call('GET', '/api/matters/options/unidade_atual_id?in=rows')).statusCode).toBe(401);
    // the protocol's staff does not read the matters
    expect((await t.call('GET', '/api/matters/options/unidade_atual_id?in=rows', { token: protocolo })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/matters/options/ementa?in=rows', { token: vereador })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/matters/options/company_id?in=rows', { token: vereador })).statusCode).toBe(404);
    // an artist reads only their own registration: its account field is no filter of theirs, and no list of accounts
    const artista = await t.login('artista@paco.demo');
    expect((await t.call('GET', '/api/artists/options/user_id?in=rows', { token: artista })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/artists/options/user_id?in=rows', { token: adminPm })).statusCode).toBe(200);
    // the notifications have no list route: no options for anyone
    expect((await t.call('GET', '/api/notifications/options/user_id?in=rows', { token: adminPm })).statusCode).toBe(404);
    for (const bad of ['in=all', 'in=rows&ids=1,x', `in=rows&q=${'x'.repeat(201)}`]) {
      expect((await t.call('GET', `/api/matters/options/unidade_atual_id?${bad}`, { token: vereador })).statusCode, bad).toBe(422);
    }
  });
});
