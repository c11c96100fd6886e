/**
 * The holiday calendar (national holidays generated from the law beside the company's own, kept by the Configurações
 * roles, read by the deadline computation) and the dates that record what happened: a movement's entry and
 * acceptance, a tramitation step's date — set by the server, or refused when typed before the previous step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let adminCm: string; // admin (câmara)
let adminPm: string; // admin (prefeitura)
let protocolo: string; // protocolo (prefeitura): a Configurações role
let vereador: string; // cm_parlamentar (câmara)
let cultura: string; // pm_cultura_admin (prefeitura): no Configurações

type Res = Awaited<ReturnType<TestApp['call']>>;
const data = (r: Res) => r.json().data;
const typeId = async (token: string, cat: string, slug: string): Promise<number> =>
  (data(await t.call('GET', `/api/types_of/${cat}`, { token })) as { id: number; slug: string }[]).find((x) => x.slug === slug)!.id;

beforeAll(async () => {
  t = await makeApp();
  [adminCm, adminPm, protocolo, vereador, cultura] = await Promise.all(
    ['admin@paco.demo', 'admin.prefeitura@paco.demo', 'protocolo@paco.demo', 'vereador@paco.demo', 'cultura@paco.demo'].map((e) => t.login(e)),
  );
});
afterAll(async () => { await t?.close(); });

describe('holiday calendar', () => {
  it("answers a year's national holidays (from the law) and the company's, in date order", async () => {
    const own = await t.call('POST', '/api/holidays', { token: protocolo, body: { data: '2026-07-09', descricao: 'Aniversário de Vila Serena', recorrente: true } });
    expect(own.statusCode, own.body).toBe(201);
    await t.call('POST', '/api/holidays', { token: protocolo, body: { data: '2026-02-17', descricao: 'Carnaval (ponto facultativo)' } });
    const res = await t.call('GET', '/api/holidays/calendar?ano=2026', { token: protocolo });
    expect(res.statusCode, res.body).toBe(200);
    const days = data(res) as { data: string; descricao: string; origem: string; id: number | null; recorrente: boolean }[];
    expect(res.json().meta).toEqual({ ano: 2026 });
    expect(days.map((d) => d.data)).toEqual([...days.map((d) => d.data)].sort());
    expect(days).toEqual(expect.arrayContaining([
      { data: '2026-04-03', descricao: 'Sexta-feira Santa', origem: 'nacional', id: null, recorrente: false },
      { data: '2026-04-21', descricao: 'Tiradentes', origem: 'nacional', id: null, recorrente: false },
      { data: '2026-11-20', descricao: 'Dia da Consciência Negra', origem: 'nacional', id: null, recorrente: false },
      { data: '2026-07-09', descricao: 'Aniversário de Vila Serena', origem: 'entidade', id: data(own).id, recorrente: true },
      expect.objectContaining({ data: '2026-02-17', origem: 'entidade', recorrente: false }),
    ]));
    expect(days.filter((d) => d.origem === 'nacional')).toHaveLength(10);
    expect(days.some((d) => d.origem === 'estadual')).toBe(false); // Minas Gerais has none by state law
    // another year: the yearly holiday on that year's date, the one-off one gone, Easter moved
    const next = data(await t.call('GET', '/api/holidays/calendar?ano=2027', { token: protocolo })) as { data: string; descricao: string }[];
    expect(next.map((d) => `${d.data} ${d.descricao}`)).toEqual(expect.arrayContaining(['2027-07-09 Aniversário de Vila Serena', '2027-03-26 Sexta-feira Santa']));
    expect(next.some((d) => d.descricao.startsWith('Carnaval'))).toBe(false);
    expect((await t.call('GET', '/api/holidays/calendar?ano=abc', { token: protocolo })).statusCode).toBe(422);
  });

  it('is kept by the Configurações roles of each company, apart', async () => {
    const cm = data(await t.call('GET', '/api/holidays/calendar?ano=2026', { token: adminCm })) as { descricao: string }[];
    expect(cm.some((d) => d.descricao === 'Aniversário de Vila Serena')).toBe(false);
    expect((await t.call('POST', '/api/holidays', { token: cultura, body: { data: '2026-06-04', descricao: 'Corpus Christi' } })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/holidays/calendar', { token: cultura })).statusCode).toBe(403);
    expect((await t.call('POST', '/api/holidays', { token: vereador, body: { data: '2026-06-04', descricao: 'Corpus Christi' } })).statusCode).toBe(403);
    // the legislative readers see the calendar their deadlines follow
    expect((await t.call('GET', '/api/holidays/calendar', { token: vereador })).statusCode).toBe(200);
    const mine = data(await t.call('GET', '/api/holidays?perPage=100', { token: protocolo })) as { id: number; descricao: string }[];
    const id = mine.find((h) => h.descricao === 'Aniversário de Vila Serena')!.id;
    expect((await t.call('DELETE', `/api/holidays/${id}`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/holidays/${id}`, { token: protocolo, body: { descricao: 'Aniversário do município' } })).statusCode).toBe(200);
  });

  it("moves a tramitation's deadline past a yearly company holiday", async () => {
    await t.call('POST', '/api/holidays', { token: adminCm, body: { data: '2020-10-28', descricao: 'Dia do Servidor Público', recorrente: true } });
    const m = await t.call('POST', '/api/matters', { token: adminCm, body: { type_id: await typeId(adminCm, 'matters', 'ind'), dataApresentacao: '2026-10-20', ementa: 'Indica reparos na escola.' } });
    const step = await t.call('POST', `/api/matters/${data(m).id}/tramitations`, { token: adminCm, body: { data: '2026-10-23', status_id: await typeId(adminCm, 'tramitation_status', 'em_comissao'), diasPrazo: 5 } });
    expect(step.statusCode, step.body).toBe(201);
    expect(data(step).fimPrazo).toBe('2026-10-29'); // 28/10 (Wednesday) is the câmara's holiday
  });

  it("counts the holidays of the company's state, from the state set in its record", async () => {
    const sa = await t.login('superadmin@paco.demo');
    const states = data(await t.call('GET', '/api/states?perPage=100', { token: sa })) as { id: number; sigla: string }[];
    const id = (uf: string) => states.find((x) => x.sigla === uf)!.id;
    const deadlineOf = async (inicio: string, dias: number) =>
      data(await t.call('GET', `/api/holidays/deadline?inicio=${inicio}&dias=${dias}`, { token: adminCm })).value as string;
    // Minas Gerais (the demo's state) has no holiday of its own on 9 de julho
    expect(await deadlineOf('2026-07-06', 3)).toBe('2026-07-09');
    const moved = await t.call('PUT', '/api/companies/1', { token: sa, body: { state_id: id('SP') } });
    expect(moved.statusCode, moved.body).toBe(200);
    try {
      // 9 de julho (Thursday) is the Revolução Constitucionalista in São Paulo
      expect(await deadlineOf('2026-07-06', 3)).toBe('2026-07-10');
      const days = data(await t.call('GET', '/api/holidays/calendar?ano=2026', { token: adminCm })) as { data: string; origem: string }[];
      expect(days).toEqual(expect.arrayContaining([expect.objectContaining({ data: '2026-07-09', origem: 'estadual' })]));
      // a day that is national and of the state is listed once, as national
      expect(days.filter((d) => d.data === '2026-11-20')).toEqual([expect.objectContaining({ origem: 'nacional' })]);
      // the other company keeps its own state's calendar
      const pm = data(await t.call('GET', '/api/holidays/calendar?ano=2026', { token: adminPm })) as { origem: string }[];
      expect(pm.some((d) => d.origem === 'estadual')).toBe(false);
    } finally {
      await t.call('PUT', '/api/companies/1', { token: sa, body: { state_id: id('MG') } });
    }
  });
});

describe('tramitation steps are dated in order', () => {
  let matter: number;
  let status: number;
  const step = (body: Record<string, unknown>) => t.call('POST', `/api/matters/${matter}/tramitations`, { token: adminCm, body: { status_id: status, ...body } });

  beforeAll(async () => {
    status = await typeId(adminCm, 'tramitation_status', 'em_comissao');
    matter = data(await t.call('POST', '/api/matters', { token: adminCm, body: { type_id: await typeId(adminCm, 'matters', 'req'), dataApresentacao: '2026-09-10', ementa: 'Requer informações.' } })).id;
  });

  it('refuses a step before the matter was presented or before the previous step, in pt-BR', async () => {
    const early = await step({ data: '2026-09-09' });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual({ data: ['A data da tramitação não pode ser anterior à apresentação da matéria (10/09/2026).'] });
    expect((await step({ data: '2026-09-10' })).statusCode).toBe(201);
    const second = await step({ data: '2026-09-15' });
    expect(second.statusCode).toBe(201);
    const back = await step({ data: '2026-09-14' });
    expect(back.statusCode).toBe(422);
    expect(back.json().errors).toEqual({ data: ['A data da tramitação não pode ser anterior à do passo anterior (15/09/2026).'] });
    expect((await step({ data: '2026-09-15' })).statusCode).toBe(201); // the same day is fine
    const direct = await t.call('POST', '/api/tramitations', { token: adminCm, body: { matter_id: matter, data: '2026-09-01', status_id: status } });
    expect(direct.json().errors).toEqual({ data: ['A data da tramitação não pode ser anterior à apresentação da matéria (10/09/2026).'] });
  });

  it('keeps an edited step between its neighbours', async () => {
    const steps = data(await t.call('GET', `/api/matters/${matter}/tramitations`, { token: adminCm })) as { id: number; data: string }[];
    const [first, second] = [...steps].sort((a, b) => a.id - b.id);
    const late = await t.call('PUT', `/api/tramitations/${first.id}`, { token: adminCm, body: { data: '2026-09-20' } });
    expect(late.json().errors).toEqual({ data: ['A data da tramitação não pode ser posterior à do passo seguinte (15/09/2026).'] });
    const early = await t.call('PUT', `/api/tramitations/${second.id}`, { token: adminCm, body: { data: '2026-09-09' } });
    expect(early.statusCode).toBe(422);
    expect((await t.call('PUT', `/api/tramitations/${second.id}`, { token: adminCm, body: { data: '2026-09-12' } })).statusCode).toBe(200);
    expect((await t.call('PUT', `/api/tramitations/${first.id}`, { token: adminCm, body: { acao: 'Lida em plenário.' } })).statusCode).toBe(200);
  });
});

describe("a movement's entry and acceptance", () => {
  let process: { id: number; date: string };
  let sectors: number[];

  beforeAll(async () => {
    sectors = (data(await t.call('GET', '/api/sectors?sort=code&perPage=5', { token: adminPm })) as { id: number }[]).map((s) => s.id);
    const procedure = (data(await t.call('GET', '/api/procedures?perPage=1', { token: adminPm })) as { id: number }[])[0].id;
    const p = await t.call('POST', '/api/processes', { token: adminPm, body: { procedure_id: procedure, sector_id: sectors[0], object: 'Pedido de certidão', date: '2026-03-02' } });
    expect(p.statusCode, p.body).toBe(201);
    process = data(p);
  });

  const send = (body: Record<string, unknown>) => t.call('POST', `/api/processes/${process.id}/movements`, { token: adminPm, body });

  it('sets the entry and the acceptance itself; a typed entry in the future or before the process is refused', async () => {
    const future = await send({ destino_id: sectors[1], entrada: new Date(Date.now() + 3 * 3600_000).toISOString() });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors).toEqual({ entrada: ['A entrada não pode ser posterior ao momento atual.'] });
    const before = await send({ destino_id: sectors[1], entrada: '2026-03-01T15:00:00-03:00' });
    expect(before.json().errors).toEqual({ entrada: ['A entrada não pode ser anterior à data do processo (02/03/2026).'] });
    const sent = await send({ destino_id: sectors[1], dataHoraAceito: '2020-01-01T00:00:00Z' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(data(sent).dataHoraAceito).toBeNull();
    expect(Math.abs(Date.parse(data(sent).entrada) - Date.now())).toBeLessThan(60_000);
    const accepted = await t.call('POST', `/api/movements/${data(sent).id}/accept`, { token: adminPm });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(Date.parse(data(accepted).dataHoraAceito)).toBeGreaterThanOrEqual(Date.parse(data(sent).entrada));
    // the acceptance is the server's: a body cannot set it
    const edit = await t.call('PUT', `/api/movements/${data(sent).id}`, { token: adminPm, body: { dataHoraAceito: '2020-01-01T00:00:00Z', historicoSetor: 'Recebido.' } });
    expect(data(edit).dataHoraAceito).toBe(data(accepted).dataHoraAceito);
  });

  it("refuses a typed entry before the previous movement's acceptance, or an accepted one moved after its acceptance", async () => {
    const [first] = data(await t.call('GET', `/api/processes/${process.id}/movements`, { token: adminPm })) as { id: number; dataHoraAceito: string; entrada: string }[];
    const tooEarly = await send({ destino_id: sectors[2], entrada: new Date(Date.parse(first.dataHoraAceito) - 3600_000).toISOString() });
    expect(tooEarly.statusCode).toBe(422);
    expect(tooEarly.json().errors.entrada[0]).toMatch(/^A entrada não pode ser anterior ao aceite da movimentação anterior \(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\)\.$/);
    const afterAcceptance = await t.call('PUT', `/api/movements/${first.id}`, { token: adminPm, body: { entrada: new Date(Date.parse(first.dataHoraAceito) + 30_000).toISOString() } });
    expect(afterAcceptance.statusCode).toBe(422);
    expect(afterAcceptance.json().errors.entrada[0]).toMatch(/^A entrada não pode ser posterior ao aceite desta movimentação/);
    const typed = await send({ destino_id: sectors[2], entrada: new Date(Date.parse(first.dataHoraAceito) + 1000).toISOString() });
    expect(typed.statusCode, typed.body).toBe(201);
  });

  it('dates a movement sent again after a refusal from the refusal', async () => {
    const refused = await t.call('POST', `/api/processes/${process.id}/return`, { token: adminPm, body: { motivo: 'Faltou a certidão anexa.' } });
    expect(refused.statusCode, refused.body).toBe(200);
    const [last] = (data(await t.call('GET', `/api/processes/${process.id}/movements`, { token: adminPm })) as { sequence: number; dataHoraSaida: string; devolvida: boolean }[])
      .sort((a, b) => b.sequence - a.sequence);
    expect(last.devolvida).toBe(true);
    const early = await send({ destino_id: sectors[3], entrada: new Date(Date.parse(last.dataHoraSaida) - 60_000).toISOString() });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.entrada[0]).toMatch(/^A entrada não pode ser anterior à recusa da movimentação anterior/);
    expect((await send({ destino_id: sectors[3] })).statusCode).toBe(201);
  });
});
