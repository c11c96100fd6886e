/**
 * The protocol workflow as declared record actions (issue 11): each actor sees the state of each action on the
 * record (`_actions`, with the reason when it may not run), the routes refuse with the same reason, and the row scope
 * (access level, the sector the process is in) holds on every route. Demo actors: protocolo@ (responsible for
 * Protocolo Geral), financas@ (responsible for Finanças), admin.prefeitura@ (administrator), admin@ (another company).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let protocolo: string;
let financas: string;
let adminPm: string;
let adminCm: string;
let cultura: string;
let sectors: Record<string, number>;
let procedureId: number;
type Res = Awaited<ReturnType<TestApp['call']>>;
const data = (r: Res) => r.json().data;

beforeAll(async () => {
  t = await makeApp();
  [protocolo, financas, adminPm, adminCm, cultura] = await Promise.all(
    ['protocolo@paco.demo', 'financas@paco.demo', 'admin.prefeitura@paco.demo', 'admin@paco.demo', 'cultura@paco.demo'].map((e) => t.login(e)),
  );
  const all = data(await t.call('GET', '/api/sectors?perPage=50', { token: adminPm })) as { id: number; name: string }[];
  sectors = Object.fromEntries(all.map((s) => [s.name, s.id]));
  procedureId = data(await t.call('GET', '/api/procedures', { token: adminPm }))[0].id;
});
afterAll(async () => { await t?.close(); });

const open = async (token: string, body: Record<string, unknown> = {}) => {
  const res = await t.call('POST', '/api/processes', { token, body: { procedure_id: procedureId, sector_id: sectors['Protocolo Geral'], object: 'Requerimento de certidão', ...body } });
  expect(res.statusCode).toBe(201);
  return data(res) as { id: number; number: string };
};
const show = async (token: string, id: number) => t.call('GET', `/api/processes/${id}`, { token });

describe('protocol: declared actions and their states', () => {
  it('sends from Protocolo Geral, Finanças accepts; each side sees what it may do and why not', async () => {
    const p = await open(protocolo);
    const mine = data(await show(protocolo, p.id));
    expect(mine._actions).toMatchObject({ send: { allowed: true }, finalize: { allowed: true }, accept: { allowed: false, reason: 'Não há envio aguardando aceite.' } });
    expect(mine._actions.reopen).toBeUndefined(); // administrators only: not offered at all

    // the send dialog's input is validated (destination required, deadline not in the past)
    const bad = await t.call('POST', `/api/processes/${p.id}/send`, { token: protocolo, body: { prazo: '2001-01-01' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.destino_id).toEqual(['O campo Setor de destino é obrigatório.']);
    const past = await t.call('POST', `/api/processes/${p.id}/send`, { token: protocolo, body: { destino_id: sectors['Finanças'] ?? sectors['Secretaria Municipal de Finanças'], prazo: '2001-01-01' } });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.prazo).toEqual(['O prazo não pode ser anterior a hoje.']);

    const financasId = Object.entries(sectors).find(([n]) => n.includes('Finanças'))![1];
    const sent = await t.call('POST', `/api/processes/${p.id}/send`, { token: protocolo, body: { destino_id: financasId, historicoSetor: 'Para empenho.', prazo: '2099-12-31' } });
    expect(sent.statusCode).toBe(201);
    expect(data(sent)).toMatchObject({ origem_id: sectors['Protocolo Geral'], destino_id: financasId, prazo: '2099-12-31', historicoSetor: 'Para empenho.' });

    // the sender now waits; the reason names the sector
    const waiting = data(await show(protocolo, p.id));
    expect(waiting._actions.send.allowed).toBe(false);
    expect(waiting._actions.send.reason).toMatch(/^Aguardando aceite do setor .*Finanças\.$/);
    expect(waiting._actions.accept).toMatchObject({ allowed: false });
    expect(waiting._actions.accept.reason).toMatch(/só os responsáveis por esse setor/);
    const again = await t.call('POST', `/api/processes/${p.id}/send`, { token: protocolo, body: { destino_id: sectors['Protocolo Geral'] } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(waiting._actions.send.reason);
    expect((await t.call('POST', `/api/processes/${p.id}/accept`, { token: protocolo })).statusCode).toBe(409);

    // Finanças sees it, may accept or refuse, not finalize before accepting
    const theirs = data(await show(financas, p.id));
    expect(theirs._actions).toMatchObject({ accept: { allowed: true }, return: { allowed: true }, finalize: { allowed: false } });
    expect((await t.call('POST', `/api/processes/${p.id}/accept`, { token: cultura })).statusCode).toBe(403);
    expect((await t.call('POST', `/api/processes/${p.id}/accept`, { token: adminCm })).statusCode).toBe(404);
    const accepted = await t.call('POST', `/api/processes/${p.id}/accept`, { token: financas });
    expect(accepted.statusCode).toBe(200);
    expect(data(accepted)).toMatchObject({ aguardandoAceite: false, current_sector_id: financasId });
    const movements = data(await t.call('GET', `/api/processes/${p.id}/movements`, { token: financas }));
    expect(movements[0]).toMatchObject({ accepted_by_id: expect.any(Number) });
    expect(movements[0].dataHoraAceito).toBeTruthy();

    // now the process is Finanças': Protocolo Geral reads it but may not act
    const after = data(await show(protocolo, p.id));
    expect(after._actions.finalize.allowed).toBe(false);
    expect((await t.call('POST', `/api/processes/${p.id}/finalize`, { token: protocolo })).statusCode).toBe(409);
    expect((await t.call('PUT', `/api/processes/${p.id}`, { token: protocolo, body: { obs: 'x' } })).statusCode).toBe(403);

    const fin = await t.call('POST', `/api/processes/${p.id}/finalize`, { token: financas });
    expect(fin.statusCode).toBe(200);
    expect(data(fin).finalizado).toBe(true);
    expect(data(await show(adminPm, p.id))._actions).toMatchObject({ reopen: { allowed: true }, send: { allowed: false, reason: 'O processo está finalizado.' } });
    expect((await t.call('POST', `/api/processes/${p.id}/reopen`, { token: financas, body: { motivo: 'Correção' } })).statusCode).toBe(403);
    const re = await t.call('POST', `/api/processes/${p.id}/reopen`, { token: adminPm, body: { motivo: 'Empenho cancelado.' } });
    expect(re.statusCode).toBe(200);
    const log = data(await t.call('GET', '/api/logs?perPage=100&sort=-created_at', { token: adminPm })) as { action: string; changes: Record<string, unknown> | null }[];
    expect(log.find((l) => l.action === 'reabre' && l.changes?.motivo === 'Empenho cancelado.')).toBeTruthy();
  });

  it('refusing the receipt sends it back with the reason', async () => {
    const p = await open(protocolo);
    const financasId = Object.entries(sectors).find(([n]) => n.includes('Finanças'))![1];
    await t.call('POST', `/api/processes/${p.id}/send`, { token: protocolo, body: { destino_id: financasId } });
    const noReason = await t.call('POST', `/api/processes/${p.id}/return`, { token: financas, body: {} });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.motivo).toEqual(['O campo Motivo da recusa é obrigatório.']);
    const back = await t.call('POST', `/api/processes/${p.id}/return`, { token: financas, body: { motivo: 'Falta a nota fiscal.' } });
    expect(back.statusCode).toBe(200);
    expect(data(back)).toMatchObject({ aguardandoAceite: false, current_sector_id: sectors['Protocolo Geral'] });
    const [mv] = data(await t.call('GET', `/api/processes/${p.id}/movements`, { token: protocolo }));
    expect(mv).toMatchObject({ devolvida: true, motivoDevolucao: 'Falta a nota fiscal.', dataHoraAceito: null });
    // Protocolo Geral may send it again
    expect(data(await show(protocolo, p.id))._actions.send.allowed).toBe(true);
  });
});

describe('protocol: access levels (row scope)', () => {
  it('a restricted process needs its legal basis and is seen only by the sectors it passed through', async () => {
    const noBasis = await t.call('POST', '/api/processes', { token: protocolo, body: { procedure_id: procedureId, sector_id: sectors['Protocolo Geral'], object: 'Sindicância', nivelAcesso: 'sigiloso' } });
    expect(noBasis.statusCode).toBe(422);
    expect(noBasis.json().errors.baseLegal).toEqual(['Informe a hipótese legal da restrição de acesso.']);
    const p = await open(protocolo, { object: 'Sindicância administrativa', nivelAcesso: 'sigiloso', baseLegal: 'Lei 8.112/1990, art. 150' });
    // Finanças never held it: not in its list, 404 on show, sub-lists, actions, update, delete, upload
    const list = data(await t.call('GET', '/api/processes?perPage=100&q=Sindicância', { token: financas })) as { id: number }[];
    expect(list.map((x) => x.id)).not.toContain(p.id);
    for (const [method, url] of [
      ['GET', `/api/processes/${p.id}`], ['GET', `/api/processes/${p.id}/movements`], ['GET', `/api/processes/${p.id}/documents`],
      ['POST', `/api/processes/${p.id}/finalize`], ['PUT', `/api/processes/${p.id}`], ['DELETE', `/api/processes/${p.id}`],
    ] as const) {
      expect((await t.call(method, url, { token: financas, body: method === 'PUT' ? { obs: 'x' } : undefined })).statusCode, `${method} ${url}`).toBe(404);
    }
    const search = await t.call('POST', '/api/processes/search', { token: financas, body: { q: 'Sindicância' } });
    if (search.statusCode === 200) expect(data(search).map((x: { id: number }) => x.id)).not.toContain(p.id);
    // the opening sector and the administrator see it
    expect((await show(protocolo, p.id)).statusCode).toBe(200);
    expect((await show(adminPm, p.id)).statusCode).toBe(200);
    // once sent to Finanças, Finanças sees it (and its movements)
    const financasId = Object.entries(sectors).find(([n]) => n.includes('Finanças'))![1];
    await t.call('POST', `/api/processes/${p.id}/send`, { token: protocolo, body: { destino_id: financasId } });
    expect((await show(financas, p.id)).statusCode).toBe(200);
    expect(data(await t.call('GET', `/api/movements?process_id=${p.id}`, { token: financas }))).toHaveLength(1);
  });

  it('documents: each with its access level and author; another sector neither sees restricted ones nor adds', async () => {
    const p = await open(protocolo);
    const pub = await t.call('POST', `/api/processes/${p.id}/documents`, { token: protocolo, body: { descricao: 'Requerimento', user_id: 999 } });
    expect(pub.statusCode).toBe(201);
    const author = data(await t.call('GET', '/api/auth/user', { token: protocolo }))?.id;
    if (author) expect(data(pub).user_id).toBe(author);
    const restrictedNoBasis = await t.call('POST', `/api/processes/${p.id}/documents`, { token: protocolo, body: { descricao: 'Laudo médico', nivelAcesso: 'restrito' } });
    expect(restrictedNoBasis.statusCode).toBe(422);
    const restr = await t.call('POST', `/api/processes/${p.id}/documents`, { token: protocolo, body: { descricao: 'Laudo médico', nivelAcesso: 'restrito', baseLegal: 'LGPD art. 11' } });
    expect(restr.statusCode).toBe(201);
    // Finanças reads the public process and its public document only
    const seen = data(await t.call('GET', `/api/processes/${p.id}/documents`, { token: financas })) as { descricao: string }[];
    expect(seen.map((d) => d.descricao)).toEqual(['Requerimento']);
    expect((await t.call('GET', `/api/process_documents/${data(restr).id}`, { token: financas })).statusCode).toBe(404);
    expect((await t.call('POST', `/api/processes/${p.id}/documents`, { token: financas, body: { descricao: 'Intrusão' } })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/process_documents/${data(pub).id}`, { token: financas })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/process_documents/${data(pub).id}`, { token: adminCm })).statusCode).toBe(404);
  });
});

describe('protocol: Minhas pendências', () => {
  it('counts what waits for each clerk, and the list with ?inbox= shows exactly those rows', async () => {
    const count = async (token: string, key: string) =>
      ((data(await t.call('GET', '/api/inbox', { token })) as { resource: string; key: string; count: number }[]).find((x) => x.resource === 'processes' && x.key === key)?.count);
    const before = await count(financas, 'aceite');
    expect(before).toEqual(expect.any(Number));
    const p = await open(protocolo, { object: 'Pendência de aceite' });
    const financasId = Object.entries(sectors).find(([n]) => n.includes('Finanças'))![1];
    await t.call('POST', `/api/processes/${p.id}/send`, { token: protocolo, body: { destino_id: financasId } });
    expect(await count(financas, 'aceite')).toBe(before! + 1);
    const listed = await t.call('GET', '/api/processes?inbox=aceite&perPage=100', { token: financas });
    expect(listed.statusCode).toBe(200);
    const rows = data(listed) as { id: number; aguardandoAceite: boolean; current_sector_id: number }[];
    expect(rows.length).toBe(before! + 1);
    expect(rows.map((x) => x.id)).toContain(p.id);
    expect(rows.every((x) => x.aguardandoAceite && x.current_sector_id === financasId)).toBe(true);
    // accepted: it leaves the inbox
    await t.call('POST', `/api/processes/${p.id}/accept`, { token: financas });
    expect(await count(financas, 'aceite')).toBe(before);
    // no inbox for roles without the resource; an unknown key is a clear 422
    expect((data(await t.call('GET', '/api/inbox', { token: cultura })) as { resource: string }[]).some((x) => x.resource === 'processes')).toBe(false);
    const unknown = await t.call('GET', '/api/processes?inbox=nada', { token: financas });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.inbox).toEqual(['Pendência desconhecida nesta lista.']);
    expect((await t.call('GET', '/api/inbox')).statusCode).toBe(401);
  });
});
