/**
 * Bancadas e blocos parlamentares with their members' posts (decision 0057), through the API on the demo data: the
 * rules (one Líder at a time, a member of the group's legislature, a party's bancada unique per legislature, periods
 * in order and inside the group's), the leadership history, the parliamentarian's tab, company scope and roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string; // admin of the câmara
let adminPm: string; // admin of the prefeitura (another company)
let vereador: string; // cm_parlamentar: reads, does not write
let protocolo: string; // no Legislativo role
let leg: number;
let other: { leg: number; parl: number }; // a legislature of another period, with a parliamentarian of its own

const get = (url: string, token = admin) => t.call('GET', url, { token });
const post = (url: string, body: unknown, token = admin) => t.call('POST', url, { token, body });
const put = (url: string, body: unknown, token = admin) => t.call('PUT', url, { token, body });
const del = (url: string, token = admin) => t.call('DELETE', url, { token });

async function idOf(path: string, q: string, token = admin): Promise<number> {
  const res = await get(`/api/${path}?q=${encodeURIComponent(q)}`, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.length, `${path}?q=${q}`).toBeGreaterThan(0);
  return res.json().data[0].id;
}

beforeAll(async () => {
  t = await makeApp();
  [admin, adminPm, vereador, protocolo] = await Promise.all(
    ['admin@paco.demo', 'admin.prefeitura@paco.demo', 'vereador@paco.demo', 'protocolo@paco.demo'].map((e) => t.login(e)),
  );
  leg = (await get('/api/legislatures')).json().data[0].id;
  const l = await post('/api/legislatures', { numero: 18, descricao: '18ª Legislatura (2021–2024)', inicio: '2021-01-01', fim: '2024-12-31' });
  expect(l.statusCode, l.body).toBe(201);
  const p = await post('/api/parliamentaries', { nome: 'Ex-vereador Teste' });
  expect(p.statusCode, p.body).toBe(201);
  other = { leg: l.json().data.id, parl: p.json().data.id };
});
afterAll(async () => { await t?.close(); });

describe('demo data', () => {
  it('has a bancada per party with vereadores, each with its líder, and a bloco whose leadership changed', async () => {
    const list = await get('/api/bancadas?perPage=50');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().meta.total).toBe(10);
    const rep = list.json().data.find((b: { nome: string }) => b.nome === 'Bancada do REPUBLICANOS');
    const members = (await get(`/api/bancadas/${rep.id}/membros`)).json().data;
    expect(members.map((m: { cargo: string }) => m.cargo).sort()).toEqual(['lider', 'membro']);

    const bloco = (await get('/api/blocos')).json().data[0];
    expect(bloco.nome).toBe('Bloco Vila Serena Progressista');
    const partidos = (await get(`/api/blocos/${bloco.id}/partidos`)).json().data;
    expect(partidos.map((p: { abbreviations: string }) => p.abbreviations).sort()).toEqual(['PDT', 'PSB', 'PT']);
    const leaders = (await get(`/api/membros_bancada?bloco_id=${bloco.id}&cargo=lider&sort=inicio`)).json().data;
    expect(leaders.map((m: { inicio: string; fim: string | null }) => [m.inicio, m.fim])).toEqual([['2025-02-03', '2025-12-31'], ['2026-01-01', null]]);
  });

  it("shows a parliamentarian's bancadas and blocos on their record (sub-list), to the vereadores too", async () => {
    const vera = await idOf('parliamentaries', 'Vera Lúcia');
    for (const token of [admin, vereador]) {
      const res = await get(`/api/parliamentaries/${vera}/bancadas`, token);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().data as { bancada_id: number | null; bloco_id: number | null; cargo: string }[];
      expect(rows.filter((r) => r.bancada_id)).toHaveLength(1);
      expect(rows.filter((r) => r.bloco_id).map((r) => r.cargo).sort()).toEqual(['lider', 'membro']);
    }
  });
});

describe('bancadas', () => {
  it("refuses a party's second bancada in a legislature, a period outside the legislature and an end before the start", async () => {
    const pt = await idOf('parties', 'PT');
    const dup = await post('/api/bancadas', { nome: 'Outra do PT', legislature_id: leg, party_id: pt, inicio: '2025-03-01' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.party_id[0]).toBe('O PT já tem bancada nesta legislatura: Bancada do PT.');
    const outside = await post('/api/bancadas', { nome: 'Bancada do PT (18ª)', legislature_id: other.leg, party_id: pt, inicio: '2025-03-01' });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors.inicio[0]).toMatch(/^A bancada deve estar dentro da legislatura \(01\/01\/2021 a 31\/12\/2024\)/);
    const order = await post('/api/bancadas', { nome: 'Bancada do PT (18ª)', legislature_id: other.leg, party_id: pt, inicio: '2022-03-01', fim: '2022-01-01' });
    expect(order.statusCode).toBe(422);
    expect(order.json().errors.fim).toEqual(['O campo Fim deve ser igual ou posterior a Início.']);
    // the same party in another legislature is another bancada
    const ok = await post('/api/bancadas', { nome: 'Bancada do PT (18ª)', legislature_id: other.leg, party_id: pt, inicio: '2021-01-01' });
    expect(ok.statusCode, ok.body).toBe(201);
    const moved = await put(`/api/bancadas/${ok.json().data.id}`, { legislature_id: leg });
    expect(moved.statusCode).toBe(422);
    expect(Object.keys(moved.json().errors)).toEqual(['legislature_id']);
    expect((await del(`/api/bancadas/${ok.json().data.id}`)).statusCode).toBe(204);
  });

  it('refuses malformed bodies with 4xx and pt-BR messages, never a 5xx', async () => {
    const bodies: unknown[] = [
      {}, [], 'texto', null, { nome: 'x'.repeat(151), legislature_id: 'abc', party_id: -1, inicio: '31/02/2025' },
      { nome: { a: 1 }, legislature_id: 2 ** 40, party_id: 1.5, inicio: '2025-13-40', fim: 12 },
    ];
    for (const body of bodies) {
      const res = await post('/api/bancadas', body);
      // a body that is not JSON is refused by its type (415), an object that is not valid by its fields (422)
      expect([415, 422], JSON.stringify(body)).toContain(res.statusCode);
      expect(res.json().message).toBeTruthy();
    }
    const bloco = (await get('/api/blocos')).json().data[0].id;
    for (const body of [{}, { parliamentary_id: 'x', cargo: 'chefe', inicio: 'ontem' }, { parliamentary_id: 999_999, cargo: 'membro', inicio: '2025-05-01' }, [1, 2]]) {
      const res = await post(`/api/blocos/${bloco}/membros`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
  });
});

describe('membros', () => {
  let bloco: number;
  let ze: number;
  let tania: number;
  let cida: number;

  beforeAll(async () => {
    const b = await post('/api/blocos', { nome: 'Bloco de Teste', legislature_id: leg, inicio: '2025-03-01', fim: '2026-12-31' });
    expect(b.statusCode, b.body).toBe(201);
    bloco = b.json().data.id;
    [ze, tania, cida] = await Promise.all(['Zé do Mercado', 'Tânia Ribeiro', 'Cida Moreira'].map((n) => idOf('parliamentaries', n)));
  });

  it('keeps one Líder at a time; a change of leadership is recorded with dates, the old one kept', async () => {
    const first = await post(`/api/blocos/${bloco}/membros`, { parliamentary_id: ze, cargo: 'lider', inicio: '2025-03-01' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ bloco_id: bloco, bancada_id: null, cargo: 'lider', fim: null });
    const second = await post(`/api/blocos/${bloco}/membros`, { parliamentary_id: tania, cargo: 'lider', inicio: '2025-06-01' });
    expect(second.statusCode).toBe(422);
    expect(second.json().errors.cargo[0]).toBe('O bloco já tem líder neste período: Zé do Mercado (desde 01/03/2025). Para trocar a liderança, informe o fim do cargo do líder atual.');
    // as a vice-líder she may join; then the leadership passes to her: the old líder's post ends, hers starts
    const vice = await post(`/api/blocos/${bloco}/membros`, { parliamentary_id: tania, cargo: 'vice_lider', inicio: '2025-03-01', fim: '2025-12-31' });
    expect(vice.statusCode, vice.body).toBe(201);
    const ended = await put(`/api/membros_bancada/${first.json().data.id}`, { fim: '2025-12-31' });
    expect(ended.statusCode, ended.body).toBe(200);
    const next = await post(`/api/blocos/${bloco}/membros`, { parliamentary_id: tania, cargo: 'lider', inicio: '2026-01-01' });
    expect(next.statusCode, next.body).toBe(201);
    // the old líder cannot be extended over the new one's period
    const overlap = await put(`/api/membros_bancada/${first.json().data.id}`, { fim: '2026-02-01' });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().errors.cargo[0]).toMatch(/^O bloco já tem líder neste período: Tânia Ribeiro \(desde 01\/01\/2026\)/);
    const leaders = (await get(`/api/membros_bancada?bloco_id=${bloco}&cargo=lider&sort=inicio`)).json().data;
    expect(leaders.map((m: { parliamentary_id: number; inicio: string; fim: string | null }) => [m.parliamentary_id, m.inicio, m.fim]))
      .toEqual([[ze, '2025-03-01', '2025-12-31'], [tania, '2026-01-01', null]]);
    // the same parliamentarian twice in the group at once
    const twice = await post(`/api/blocos/${bloco}/membros`, { parliamentary_id: tania, cargo: 'membro', inicio: '2026-02-01' });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.parliamentary_id[0]).toBe('Tânia Ribeiro já é membro do bloco neste período (desde 01/01/2026).');
  });

  it("refuses a member without a mandate in the group's legislature and a post outside the group's period", async () => {
    const noMandate = await post(`/api/blocos/${bloco}/membros`, { parliamentary_id: other.parl, cargo: 'membro', inicio: '2025-03-01' });
    expect(noMandate.statusCode).toBe(422);
    expect(noMandate.json().errors.parliamentary_id[0]).toBe('Ex-vereador Teste não tem mandato na legislatura do bloco (19ª Legislatura (2025–2028)).');
    const early = await post(`/api/blocos/${bloco}/membros`, { parliamentary_id: cida, cargo: 'membro', inicio: '2025-01-15' });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.inicio[0]).toBe('O cargo deve estar dentro do período do bloco (01/03/2025 a 31/12/2026).');
    const late = await post(`/api/blocos/${bloco}/membros`, { parliamentary_id: cida, cargo: 'membro', inicio: '2025-04-01', fim: '2027-01-31' });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.fim[0]).toBe('O cargo deve estar dentro do período do bloco (01/03/2025 a 31/12/2026).');
    const order = await post(`/api/blocos/${bloco}/membros`, { parliamentary_id: cida, cargo: 'membro', inicio: '2025-04-01', fim: '2025-03-31' });
    expect(order.statusCode).toBe(422);
    expect(order.json().errors.fim).toEqual(['O campo Fim deve ser igual ou posterior a Início.']);
    // the bloco's period cannot leave its members' posts outside it
    const shrink = await put(`/api/blocos/${bloco}`, { inicio: '2025-05-01' });
    expect(shrink.statusCode).toBe(422);
    expect(shrink.json().errors.inicio[0]).toMatch(/^Há membros com cargo desde 01\/03\/2025/);
    const end = await put(`/api/blocos/${bloco}`, { fim: '2026-06-30' });
    expect(end.statusCode).toBe(422);
    expect(Object.keys(end.json().errors)).toEqual(['fim']);
  });

  it('keeps a member in one group: the other group, or none, is refused; the group never changes', async () => {
    const bancada = (await get('/api/bancadas?q=MDB')).json().data[0].id;
    const both = await post(`/api/blocos/${bloco}/membros`, { bancada_id: bancada, parliamentary_id: cida, cargo: 'membro', inicio: '2025-04-01' });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors.bancada_id).toBeTruthy();
    const none = await post('/api/membros_bancada', { parliamentary_id: cida, cargo: 'membro', inicio: '2025-04-01' });
    expect(none.statusCode).toBe(422);
    const added = await post(`/api/blocos/${bloco}/membros`, { parliamentary_id: cida, cargo: 'membro', inicio: '2025-04-01' });
    expect(added.statusCode, added.body).toBe(201);
    const moved = await put(`/api/membros_bancada/${added.json().data.id}`, { bloco_id: null, bancada_id: bancada });
    expect(moved.statusCode).toBe(422);
    const removed = await del(`/api/blocos/${bloco}/membros/${added.json().data.id}`);
    expect(removed.statusCode).toBe(204);
    // a member of another group is not removed through this one
    const mdbMember = (await get(`/api/bancadas/${bancada}/membros`)).json().data[0].id;
    expect((await del(`/api/blocos/${bloco}/membros/${mdbMember}`)).statusCode).toBe(404);
  });

  it("answers 404 for another company's groups and members, and refuses it its parliamentarians", async () => {
    const member = (await get(`/api/blocos/${bloco}/membros`)).json().data[0].id;
    for (const url of [`/api/blocos/${bloco}`, `/api/blocos/${bloco}/membros`, `/api/membros_bancada/${member}`]) {
      expect((await get(url, adminPm)).statusCode, url).toBe(404);
    }
    expect((await post(`/api/blocos/${bloco}/membros`, { parliamentary_id: cida, cargo: 'membro', inicio: '2025-04-01' }, adminPm)).statusCode).toBe(404);
    expect((await put(`/api/membros_bancada/${member}`, { obs: 'x' }, adminPm)).statusCode).toBe(404);
    expect((await del(`/api/blocos/${bloco}`, adminPm)).statusCode).toBe(404);
    // the prefeitura's own bloco cannot take the câmara's legislature or parliamentarians
    const foreign = await post('/api/blocos', { nome: 'Bloco alheio', legislature_id: leg, inicio: '2025-03-01' }, adminPm);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.legislature_id).toBeTruthy();
  });

  it('lets the vereadores read and not write; refuses roles outside the Legislativo', async () => {
    expect((await get(`/api/blocos/${bloco}/membros`, vereador)).statusCode).toBe(200);
    expect((await post(`/api/blocos/${bloco}/membros`, { parliamentary_id: cida, cargo: 'membro', inicio: '2025-04-01' }, vereador)).statusCode).toBe(403);
    expect((await post('/api/blocos', { nome: 'X', legislature_id: leg, inicio: '2025-03-01' }, vereador)).statusCode).toBe(403);
    expect((await put(`/api/blocos/${bloco}`, { nome: 'X' }, vereador)).statusCode).toBe(403);
    expect((await del(`/api/blocos/${bloco}`, vereador)).statusCode).toBe(403);
    expect((await get('/api/bancadas', protocolo)).statusCode).toBe(403);
    expect((await get(`/api/blocos/${bloco}/membros`, protocolo)).statusCode).toBe(403);
    expect((await get('/api/bancadas')).statusCode).toBe(200);
    expect((await t.call('GET', '/api/bancadas')).statusCode).toBe(401);
  });
});
