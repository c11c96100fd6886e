/**
 * The ombudsman's workflow as declared record actions (issue 11; docs/workflows/ouvidoria.md): answer, extend once,
 * forward to a sector, close, each from the states it runs from, with the deadline and "em atraso". Actors:
 * ouvidoria@ (the ombudsman officer), admin.prefeitura@, cultura@ (no ombudsman role), admin@ (another company).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@paco/domain/format';
import { companies, logs } from '../src/db/schema.generated.ts';
import { makeApp, type TestApp } from './helpers.ts';
import { todayInSaoPaulo } from '../src/auth/session.ts';
import { addDays as plusDays, isNationalHoliday } from '@paco/domain/holidays';

let t: TestApp;
let ouvidoria: string;
let adminPm: string;
let adminCm: string;
let cultura: string;
let prefeitura: number;
type Res = Awaited<ReturnType<TestApp['call']>>;
const data = (r: Res) => r.json().data;
const today = todayInSaoPaulo;
/** today (or `from`) plus n days */
const addDays = (n: number, from = today()) => plusDays(from, n);
/** A deadline n days ahead: on a weekend or a national holiday it moves to the next working day (Lei 13.460, CPC art. 224). */
const deadlineIn = (n: number): string => {
  let d = addDays(n);
  while ([0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay()) || isNationalHoliday(d)) d = plusDays(d, 1);
  return d;
};

beforeAll(async () => {
  t = await makeApp();
  [ouvidoria, adminPm, adminCm, cultura] = await Promise.all(
    ['ouvidoria@paco.demo', 'admin.prefeitura@paco.demo', 'admin@paco.demo', 'cultura@paco.demo'].map((e) => t.login(e)),
  );
  const [pm] = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.abreviacao, 'PMVS'));
  prefeitura = pm.id;
});
afterAll(async () => { await t?.close(); });

/** A citizen files one through the public channel; the officer finds it by its protocol. */
async function citizenFiles(assunto: string): Promise<{ id: number; protocolo: string; codigo: string }> {
  const res = await t.call('POST', '/api/public/manifestacoes', { body: {
    company_id: prefeitura, tipo: 'reclamacao', assunto, texto: 'A calçada em frente à escola está quebrada.', requerenteNome: 'Marta Reis', requerenteEmail: 'marta@exemplo.com.br',
  } });
  expect(res.statusCode, res.body).toBe(201);
  const { protocolo, codigo } = data(res);
  const [row] = data(await t.call('GET', `/api/manifestacoes?q=${encodeURIComponent(protocolo)}`, { token: ouvidoria }));
  return { id: row.id, protocolo, codigo };
}
const show = async (id: number, token = ouvidoria) => data(await t.call('GET', `/api/manifestacoes/${id}`, { token }));
const act = (id: number, name: string, body?: unknown, token = ouvidoria) => t.call('POST', `/api/manifestacoes/${id}/${name}`, { token, body });

describe('ouvidoria: answer, extend once, forward, close', () => {
  it('the officer sees the deadline and what may be done; forwards to a sector of the company', async () => {
    const m = await citizenFiles('Calçada quebrada na Rua Sete');
    const rec = await show(m.id);
    expect(rec).toMatchObject({ situacao: 'recebida', prazo: deadlineIn(30), prorrogada: false, emAtraso: false, requerenteNome: 'Marta Reis' });
    expect(rec._actions).toEqual({ responder: { allowed: true }, prorrogar: { allowed: true }, encaminhar: { allowed: true }, encerrar: { allowed: true } });
    // the list screen's rows carry the deadline and the state it is read with
    const row = data(await t.call('GET', `/api/manifestacoes?fields=list&q=${encodeURIComponent(m.protocolo)}`, { token: ouvidoria }))[0];
    expect(row).toMatchObject({ prazo: deadlineIn(30), situacao: 'recebida' });

    const sectors = data(await t.call('GET', '/api/sectors?perPage=50', { token: ouvidoria })) as { id: number; name: string }[];
    const financas = sectors.find((s) => /Finanças/.test(s.name))!;
    expect((await t.call('POST', '/api/sectors', { token: ouvidoria, body: { name: 'Ouvidoria Geral' } })).statusCode).toBe(403);
    const none = await act(m.id, 'encaminhar', {});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ sector_id: ['O campo Setor é obrigatório.'] });
    const theirs = data(await t.call('POST', '/api/sectors', { token: adminCm, body: { name: 'Setor da Câmara' } })).id as number;
    const foreign = await act(m.id, 'encaminhar', { sector_id: theirs });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ sector_id: ['Setor: registro não encontrado.'] });
    const fw = await act(m.id, 'encaminhar', { sector_id: financas.id, despacho: 'Verificar a calçada e informar o prazo do reparo.' });
    expect(fw.statusCode, fw.body).toBe(200);
    expect(data(fw)).toMatchObject({ situacao: 'encaminhada', sector_id: financas.id, sector: { name: financas.name }, despacho: 'Verificar a calçada e informar o prazo do reparo.' });
    expect(data(fw).encaminhadaEm).toBeTruthy();
    expect((await show(m.id))._actions.encaminhar).toEqual({ allowed: true }); // to another sector, while open
    // the sector's responsible is told (without the citizen's identity)
    const financasUser = await t.login('financas@paco.demo');
    const [n] = data(await t.call('GET', '/api/notifications?perPage=1', { token: financasUser }));
    expect(n).toMatchObject({ kind: 'manifestacao_encaminhada', title: `Manifestação ${m.protocolo} encaminhada pela Ouvidoria` });
    expect(n.body).toContain('Despacho: Verificar a calçada e informar o prazo do reparo.');
    expect(n.body).not.toContain('Marta');
  });

  it('extends once with a justification; the second time the button says why and the route refuses the same', async () => {
    const m = await citizenFiles('Poda de árvore na praça');
    const short = await act(m.id, 'prorrogar', { justificativa: 'curta' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ justificativa: ['O campo Justificativa deve ter no mínimo 10 caracteres.'] });
    const ext = await act(m.id, 'prorrogar', { justificativa: 'Aguardando a vistoria da Secretaria de Obras.' });
    expect(ext.statusCode, ext.body).toBe(200);
    expect(data(ext)).toMatchObject({ prorrogada: true, prazo: deadlineIn(60), justificativaProrrogacao: 'Aguardando a vistoria da Secretaria de Obras.', situacao: 'em_analise' });
    const after = await show(m.id);
    expect(after._actions.prorrogar).toEqual({ allowed: false, reason: 'O prazo já foi prorrogado uma vez (Lei 13.460/2017, art. 16).' });
    const twice = await act(m.id, 'prorrogar', { justificativa: 'Mais uma vez, por favor.' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(after._actions.prorrogar.reason);
    const [log] = await t.database.db.select().from(logs).where(and(eq(logs.resource, 'manifestacoes'), eq(logs.record_id, m.id), eq(logs.action, 'prorrogar')));
    expect((log.changes as Record<string, unknown>).justificativaProrrogacao).toBeTruthy();
  });

  it('"em atraso" in the inbox is counted by the server\'s São Paulo day, not the database\'s date', async () => {
    const entry = async () => (data(await t.call('GET', '/api/inbox', { token: ouvidoria })) as { resource: string; key: string; count: number; overdue: number }[])
      .find((e) => e.resource === 'manifestacoes' && e.key === 'abertas')!;
    const now = await entry();
    expect(now.overdue).toBeGreaterThanOrEqual(1); // the demo's late one
    // 70 days ago by the server's clock, before every deadline: none is late. (On PostgreSQL the database keeps the
    // real date, so a count by the database's current_date would still see the late one; PGlite shares the clock.)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 70 * 86_400_000 });
    try {
      expect(await entry()).toMatchObject({ count: now.count, overdue: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a late one is "em atraso" until answered, and can no longer be extended', async () => {
    // "Minhas pendências": the open ones, the late counted apart; the list of the entry shows the same rows
    const entry = (data(await t.call('GET', '/api/inbox', { token: ouvidoria })) as { resource: string; key: string; count: number; overdue: number }[])
      .find((e) => e.resource === 'manifestacoes' && e.key === 'abertas')!;
    expect(entry.overdue).toBeGreaterThanOrEqual(1);
    expect((await t.call('GET', '/api/manifestacoes?inbox=abertas&perPage=100', { token: ouvidoria })).json().meta.total).toBe(entry.count);
    const late = data(await t.call('GET', '/api/manifestacoes?q=entulho', { token: ouvidoria }))[0];
    expect(late).toMatchObject({ situacao: 'recebida', emAtraso: true });
    expect(late.prazo < today()).toBe(true);
    const reason = `O prazo venceu em ${formatDate(late.prazo)}: não pode mais ser prorrogado.`;
    expect((await show(late.id))._actions.prorrogar).toEqual({ allowed: false, reason });
    const ext = await act(late.id, 'prorrogar', { justificativa: 'Aguardando a fiscalização ambiental.' });
    expect(ext.statusCode).toBe(409);
    expect(ext.json().message).toBe(reason);
    const ans = await act(late.id, 'responder', { resposta: 'A fiscalização autuou a empresa responsável pelo descarte.' });
    expect(data(ans)).toMatchObject({ situacao: 'respondida', emAtraso: false });
  });

  it('answers, then closes; closing without an answer needs the reason; closed is final', async () => {
    const m = await citizenFiles('Buraco na Avenida Brasil');
    const other0 = await citizenFiles('Semáforo desligado');
    const noReason = await act(m.id, 'encerrar');
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ motivo: ['Informe o motivo para encerrar uma manifestação sem resposta.'] });
    const blank = await act(m.id, 'responder', { resposta: '   ' });
    expect(blank.json().errors).toEqual({ resposta: ['O campo Resposta é obrigatório.'] });
    const ans = await act(m.id, 'responder', { resposta: 'A equipe de manutenção tapou o buraco em 12/03.' });
    expect(ans.statusCode, ans.body).toBe(200);
    expect(data(ans)).toMatchObject({ situacao: 'respondida', resposta: 'A equipe de manutenção tapou o buraco em 12/03.' });
    const answered = await show(m.id);
    expect(answered._actions).toMatchObject({
      responder: { allowed: false, reason: 'A manifestação não está em aberto (situação: Respondida).' },
      prorrogar: { allowed: false, reason: 'A manifestação não está em aberto (situação: Respondida).' },
      encaminhar: { allowed: false }, encerrar: { allowed: true },
    });
    for (const [name, body] of [['responder', { resposta: 'Outra resposta.' }], ['prorrogar', { justificativa: 'Justificativa tardia.' }], ['encaminhar', { sector_id: 1 }]] as const) {
      const res = await act(m.id, name, body);
      expect(res.statusCode, name).toBe(409);
      expect(res.json().message).toBe('A manifestação não está em aberto (situação: Respondida).');
    }
    // the citizen follows it by protocol and code
    const follow = await t.call('GET', `/api/public/manifestacoes/consulta?company_id=${prefeitura}&protocolo=${encodeURIComponent(m.protocolo)}&codigo=${m.codigo}`);
    expect(data(follow)).toMatchObject({ situacao: 'respondida', situacaoLabel: 'Respondida', resposta: 'A equipe de manutenção tapou o buraco em 12/03.' });

    const closed = await act(m.id, 'encerrar'); // the original client posts it without a body
    expect(closed.statusCode, closed.body).toBe(200);
    expect(data(closed).situacao).toBe('encerrada');
    expect((await show(m.id))._actions.encerrar).toEqual({ allowed: false, reason: 'A manifestação já está encerrada.' });
    expect((await act(m.id, 'encerrar', { motivo: 'De novo.' })).statusCode).toBe(409);
    // closed is final: the screen turns read-only with the reason, and the routes refuse the same
    const lock = 'A manifestação está encerrada e não pode mais ser alterada.';
    expect((await show(m.id))._can).toEqual({ update: false, delete: false, reason: lock });
    expect((await show(other0.id))._can).toEqual({ update: true, delete: true });
    for (const [method, token] of [['PUT', ouvidoria], ['DELETE', adminPm]] as const) {
      const res = await t.call(method, `/api/manifestacoes/${m.id}`, { token, body: method === 'PUT' ? { assunto: 'x' } : undefined });
      expect(res.statusCode, method).toBe(409);
      expect(res.json().message).toBe(lock);
    }

    const other = await citizenFiles('Manifestação em duplicidade');
    const dup = await act(other.id, 'encerrar', { motivo: 'Duplicada do protocolo anterior.' });
    expect(data(dup).situacao).toBe('encerrada');
    const [log] = await t.database.db.select().from(logs).where(and(eq(logs.resource, 'manifestacoes'), eq(logs.record_id, other.id), eq(logs.action, 'encerrar')));
    expect((log.changes as Record<string, unknown>).motivo).toBe('Duplicada do protocolo anterior.');
  });

  it('only the ombudsman roles of the company act on it', async () => {
    const m = await citizenFiles('Lixo acumulado');
    expect((await act(m.id, 'responder', { resposta: 'x' }, cultura)).statusCode).toBe(403);
    expect((await act(m.id, 'responder', { resposta: 'x' }, adminCm)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/manifestacoes/${m.id}`, { token: adminCm })).statusCode).toBe(404);
    expect((await act(m.id, 'prorrogar', { justificativa: 'Justificativa do administrador.' }, adminPm)).statusCode).toBe(200);
    expect((await act(999_999, 'responder', { resposta: 'Resposta.' })).statusCode).toBe(404);
  });

  it('documents the actions in OpenAPI', async () => {
    const paths = Object.keys((await t.call('GET', '/api/docs/json')).json().paths);
    for (const a of ['responder', 'prorrogar', 'encaminhar', 'encerrar']) expect(paths).toContain(`/api/manifestacoes/{id}/${a}`);
  });
});
