/**
 * Tramitação (issue 11; docs/workflows/tramitacao.md; decision 0026): the matter's "Tramitar" (a declared record
 * action) and every other write of a step follow the company's flow (the statuses allowed after the current one; a
 * final status ends the tramitação and may be the end for good), dates in order, the origin from the previous step,
 * the deadline in business days with the holiday calendar; the matter carries its current status, place and
 * deadline, with "vencido" / "a vencer" filters and an inbox entry; roles and companies apart.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, isNotNull, sql } from 'drizzle-orm';
import { matters } from '../src/db/schema.generated.ts';
import { addDays } from '../src/modules/materias/deadline.ts';
import { todayInSaoPaulo } from '../src/auth/session.ts';
import { runDeadlineReminders } from '../src/modules/notificacoes/deadlines.ts';
import { makeApp, multipart, TINY_PDF, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string; // admin (câmara)
let operador: string; // cm_admin (câmara): the matters' operator of the demo
let vereador: string; // cm_parlamentar: reads matters, does not write them
let adminPm: string; // admin (prefeitura): another company
const status: Record<string, number> = {};
const units: Record<string, number> = {};

type Res = Awaited<ReturnType<TestApp['call']>>;
const data = (r: Res) => r.json().data;
const today = todayInSaoPaulo();

async function matter(token: string, dataApresentacao: string, ementa = 'Indica a poda das árvores da Praça da Matriz.'): Promise<{ id: number; identificacao: string }> {
  const types = data(await t.call('GET', '/api/types_of/matters', { token })) as { id: number; slug: string }[];
  const res = await t.call('POST', '/api/matters', { token, body: { type_id: types.find((x) => x.slug === 'ind')!.id, dataApresentacao, ementa } });
  expect(res.statusCode, res.body).toBe(201);
  return data(res);
}
const tramitar = (id: number, body: Record<string, unknown>, token = operador) => t.call('POST', `/api/matters/${id}/tramitar`, { token, body });
const show = async (id: number, token = operador) => data(await t.call('GET', `/api/matters/${id}`, { token }));

beforeAll(async () => {
  t = await makeApp();
  [admin, operador, vereador, adminPm] = await Promise.all(
    ['admin@paco.demo', 'operador@paco.demo', 'vereador@paco.demo', 'admin.prefeitura@paco.demo'].map((e) => t.login(e)),
  );
  for (const s of data(await t.call('GET', '/api/types_of/tramitation_status', { token: operador })) as { id: number; slug: string }[]) status[s.slug] = s.id;
  for (const u of data(await t.call('GET', '/api/tramitation_unities?perPage=100', { token: admin })) as { id: number; descricao: string }[]) units[u.descricao] = u.id;
}, 60_000);
afterAll(async () => { await t?.close(); });

describe('the flow (Configurações › Fluxo de tramitação)', () => {
  it('is seeded for the câmara, read by the operators, kept by its administrators', async () => {
    const flows = data(await t.call('GET', '/api/tramitation_flows?perPage=100', { token: operador })) as { status_id: number; fim: boolean; proximos: string[] }[];
    const of = (slug: string) => flows.find((f) => f.status_id === status[slug]);
    expect(of('protocolada')).toMatchObject({ fim: false, proximos: ['em_comissao', 'aguardando_parecer', 'pronta_pauta', 'retirada', 'arquivada'] });
    expect(of('aprovada')).toMatchObject({ fim: true, proximos: ['remetida_sancao'] });
    expect(of('arquivada')).toMatchObject({ fim: true, proximos: [] });
    // another company has its own (none)
    expect((await t.call('GET', '/api/tramitation_flows', { token: adminPm })).json().meta.total).toBe(0);
    // a status that does not end the tramitação must lead somewhere; unknown statuses are refused
    const empty = await t.call('POST', '/api/tramitation_flows', { token: operador, body: { status_id: status.vetada, fim: false, proximos: [] } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.proximos[0]).toMatch(/^Informe os próximos status permitidos/);
    const unknown = await t.call('POST', '/api/tramitation_flows', { token: admin, body: { status_id: status.vetada, proximos: ['inexistente'] } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.proximos).toEqual(['Opção desconhecida em Próximos status permitidos: inexistente.']);
    // one row per status
    const twice = await t.call('POST', '/api/tramitation_flows', { token: admin, body: { status_id: status.protocolada, proximos: ['arquivada'] } });
    expect(twice.statusCode).toBe(422);
    // the operator reads it (to know what comes next) but only the administrators change it
    expect((await t.call('POST', '/api/tramitation_flows', { token: vereador, body: { status_id: status.vetada, fim: true } })).statusCode).toBe(403);
  });
});

describe('Tramitar', () => {
  let m: { id: number; identificacao: string };

  beforeAll(async () => {
    m = await matter(operador, '2026-11-10');
  });

  it('offers the first step with today and any status, and needs a destination', async () => {
    const st = (await show(m.id))._actions.tramitar;
    expect(st).toEqual({ allowed: true, values: { data: today }, fixed: [] });
    const none = await tramitar(m.id, { data: '2026-11-10', status_id: status.protocolada });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ destino_id: ['Informe a unidade ou a comissão de destino.'] });
    const early = await tramitar(m.id, { data: '2026-11-09', status_id: status.protocolada, destino_id: units['Secretaria Legislativa'] });
    expect(early.json().errors).toEqual({ data: ['A data da tramitação não pode ser anterior à apresentação da matéria (10/11/2026).'] });
    // the dialog with its anexo: one multipart call, the file kept with the step in the action's transaction
    const form = multipart(
      { data: '2026-11-10', status_id: String(status.protocolada), origem_id: String(units['Protocolo Legislativo']), destino_id: String(units['Secretaria Legislativa']), urgente: 'false', acao: 'Protocolada e lida no expediente.' },
      { name: 'despacho.pdf', part: 'anexo', type: 'application/pdf', data: TINY_PDF },
    );
    const first = await t.app.inject({ method: 'POST', url: `/api/matters/${m.id}/tramitar`, headers: { authorization: `Bearer ${operador}`, 'content-type': form.type }, payload: form.payload });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ message: 'Tramitação registrada: Protocolada.', data: { id: m.id, status_atual_id: status.protocolada, unidade_atual_id: units['Secretaria Legislativa'], emTramitacao: true } });
    const steps = (await t.call('GET', `/api/matters/${m.id}/tramitations`, { token: operador })).json().data as { anexo: { name?: string } | null }[];
    expect(steps).toHaveLength(1);
    expect(steps[0].anexo).toMatchObject({ name: 'despacho.pdf' });
  });

  it('then offers only the statuses allowed after the current one, from where the matter is', async () => {
    const st = (await show(m.id))._actions.tramitar;
    expect(st.allowed).toBe(true);
    expect(st.fixed).toEqual(['origem_id']);
    expect(st.values).toEqual({ data: today, origem_id: units['Secretaria Legislativa'], origem: { id: units['Secretaria Legislativa'], descricao: 'Secretaria Legislativa' } });
    expect(st.choices.status_id.map((c: { label: string }) => c.label)).toEqual(['Em comissão', 'Aguardando parecer', 'Pronta para pauta', 'Retirada pelo autor', 'Arquivada']);
    expect(st.choices.status_id[0]).toEqual({ value: status.em_comissao, label: 'Em comissão' });
  });

  it('refuses a status the flow does not allow, on every path, naming the allowed ones', async () => {
    const message = 'Depois de “Protocolada”, o status pode ser: “Em comissão”, “Aguardando parecer”, “Pronta para pauta”, “Retirada pelo autor” ou “Arquivada”.';
    const jump = await tramitar(m.id, { data: '2026-11-12', status_id: status.aprovada, destino_id: units['Plenário'] });
    expect(jump.statusCode).toBe(422);
    expect(jump.json()).toMatchObject({ message, errors: { status_id: [message] } });
    // the sub-list's add and the spec's own call
    const sub = await t.call('POST', `/api/matters/${m.id}/tramitations`, { token: operador, body: { data: '2026-11-12', status_id: status.aprovada } });
    expect(sub.json().errors).toEqual({ status_id: [message] });
    const direct = await t.call('POST', '/api/tramitations', { token: operador, body: { matter_id: m.id, data: '2026-11-12', status_id: status.sancionada } });
    expect(direct.statusCode).toBe(422);
    // and the step leaves from where the previous one arrived
    const elsewhere = await tramitar(m.id, { data: '2026-11-12', status_id: status.em_comissao, origem_id: units['Plenário'], destino_id: units['Procuradoria da Câmara'] });
    expect(elsewhere.json().errors).toEqual({ origem_id: ['A origem é a unidade de destino do passo anterior (Secretaria Legislativa).'] });
    // nor before the previous step
    const before = await tramitar(m.id, { data: '2026-11-09', status_id: status.em_comissao, destino_id: units['Procuradoria da Câmara'] });
    expect(before.statusCode).toBe(422);
  });

  it('computes the deadline in business days across the national and the company holidays', async () => {
    // 13/11 (Friday) + 7 days = 20/11 (Consciência Negra, Friday) → 23/11 (Monday: the câmara's own holiday) → 24/11
    expect((await t.call('POST', '/api/holidays', { token: admin, body: { data: '2026-11-23', descricao: 'Ponto facultativo' } })).statusCode).toBe(201);
    const preview = await t.call('GET', '/api/holidays/deadline?inicio=2026-11-13&dias=7', { token: operador });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(data(preview)).toEqual({ value: '2026-11-24' });
    expect((await t.call('GET', '/api/holidays/deadline?inicio=2026-02-30&dias=7', { token: operador })).statusCode).toBe(422);
    expect((await t.call('GET', '/api/holidays/deadline?inicio=2026-11-13&dias=-1', { token: operador })).statusCode).toBe(422);
    const step = await tramitar(m.id, { data: '2026-11-13', status_id: status.em_comissao, commission_id: (data(await t.call('GET', '/api/commissions?perPage=1', { token: operador })) as { id: number }[])[0].id, diasPrazo: 7, acao: 'À CLJR para parecer.' });
    expect(step.statusCode, step.body).toBe(200);
    expect(step.json().message).toBe('Tramitação registrada: Em comissão; prazo até 24/11/2026.');
    const shown = await show(m.id);
    expect(shown).toMatchObject({ prazoTramitacao: '2026-11-24', status_atual_id: status.em_comissao, unidade_atual_id: null, emTramitacao: true });
    expect(shown.comissao_atual.nome).toMatch(/^Comissão/);
    const steps = data(await t.call('GET', `/api/matters/${m.id}/tramitations`, { token: operador })) as { fimPrazo: string; origem_id: number }[];
    expect(steps.map((s) => s.fimPrazo)).toContain('2026-11-24');
    // a step sent to a commission only: the next one's origin is chosen (nothing fixed)
    expect((await show(m.id))._actions.tramitar.fixed).toEqual([]);
  });

  it('a final status ends the tramitação, and nothing may follow it', async () => {
    const end = await tramitar(m.id, { data: '2026-11-16', status_id: status.arquivada, destino_id: units['Secretaria Legislativa'], acao: 'Arquivada a pedido do autor.' });
    expect(end.statusCode, end.body).toBe(200);
    expect(end.json().message).toBe('Tramitação registrada: Arquivada. A matéria saiu de tramitação.');
    const shown = await show(m.id);
    expect(shown.emTramitacao).toBe(false);
    const reason = 'A tramitação terminou em “Arquivada”: nenhum status pode vir depois dele (Configurações › Fluxo de tramitação).';
    expect(shown._actions.tramitar).toEqual({ allowed: false, reason });
    const again = await tramitar(m.id, { data: '2026-11-17', status_id: status.em_comissao, destino_id: units['Procuradoria da Câmara'] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(reason);
    const direct = await t.call('POST', `/api/matters/${m.id}/tramitations`, { token: operador, body: { data: '2026-11-17', status_id: status.em_comissao } });
    expect(direct.json().errors).toEqual({ status_id: ['“Arquivada” encerra a tramitação: nenhum status pode vir depois dele (Configurações › Fluxo de tramitação).'] });
  });

  it('a final status the flow lets go on (aprovada → remetida à sanção) reopens it', async () => {
    const bill = await matter(operador, '2026-10-01', 'Institui a Semana Municipal do Livro.');
    const steps = [
      { data: '2026-10-01', status_id: status.protocolada, origem_id: units['Protocolo Legislativo'], destino_id: units['Secretaria Legislativa'] },
      { data: '2026-10-05', status_id: status.pronta_pauta, destino_id: units['Plenário'] },
      { data: '2026-10-20', status_id: status.aprovada, destino_id: units['Secretaria Legislativa'] },
    ];
    for (const s of steps) expect((await tramitar(bill.id, s)).statusCode).toBe(200);
    expect((await show(bill.id)).emTramitacao).toBe(false);
    const st = (await show(bill.id))._actions.tramitar;
    expect(st.choices.status_id.map((c: { label: string }) => c.label)).toEqual(['Remetida à sanção']);
    expect((await tramitar(bill.id, { data: '2026-10-22', status_id: status.remetida_sancao, destino_id: units['Gabinete do Prefeito'] })).statusCode).toBe(200);
    expect(await show(bill.id)).toMatchObject({ emTramitacao: true, status_atual_id: status.remetida_sancao, unidade_atual_id: units['Gabinete do Prefeito'] });
    // changing a step's status is held to the flow both ways: after the previous step, and before the next one
    const list = data(await t.call('GET', `/api/matters/${bill.id}/tramitations?sort=id`, { token: operador })) as { id: number }[];
    const changed = await t.call('PUT', `/api/tramitations/${list[2].id}`, { token: operador, body: { status_id: status.rejeitada } });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().errors.status_id[0]).toMatch(/^O passo seguinte \(22\/10\/2026\) não poderia vir depois deste status\. Depois de “Rejeitada”, o status pode ser: “Arquivada”\.$/);
    // deleting the latest step puts the matter back where the step before left it
    expect((await t.call('DELETE', `/api/tramitations/${list[3].id}`, { token: operador })).statusCode).toBe(204);
    expect(await show(bill.id)).toMatchObject({ emTramitacao: false, status_atual_id: status.aprovada });
  });

  it('is 404 on another company’s matter and 403 for a role that does not write matters', async () => {
    expect((await tramitar(m.id, { data: today, status_id: status.protocolada, destino_id: units['Plenário'] }, adminPm)).statusCode).toBe(404);
    expect((await tramitar(m.id, { data: today, status_id: status.protocolada, destino_id: units['Plenário'] }, vereador)).statusCode).toBe(403);
    // the councillor reads the matter, without the button
    const seen = await show(m.id, vereador);
    expect(seen._actions).toEqual({});
  });

  it('keeps working where no flow is configured: any status, the national final ones end it', async () => {
    const unit = data(await t.call('POST', '/api/tramitation_unities', { token: adminPm, body: { descricao: 'Gabinete' } })).id as number;
    const other = await matter(adminPm, '2026-09-01', 'Matéria de outra entidade.');
    expect((await tramitar(other.id, { data: '2026-09-01', status_id: status.arquivada, destino_id: unit }, adminPm)).statusCode).toBe(200);
    expect((await show(other.id, adminPm)).emTramitacao).toBe(false);
    expect((await show(other.id, adminPm))._actions.tramitar).toEqual({ allowed: true, values: { data: today, origem_id: unit, origem: { id: unit, descricao: 'Gabinete' } }, fixed: ['origem_id'] });
    expect((await tramitar(other.id, { data: '2026-09-02', status_id: status.em_comissao, commission_id: null, origem_id: null, destino_id: null }, adminPm)).statusCode).toBe(422);
    const unit2 = data(await t.call('POST', '/api/tramitation_unities', { token: adminPm, body: { descricao: 'Procuradoria' } })).id as number;
    expect((await tramitar(other.id, { data: '2026-09-02', status_id: status.em_comissao, destino_id: unit2 }, adminPm)).statusCode).toBe(200);
    expect((await show(other.id, adminPm)).emTramitacao).toBe(true);
  });
});

describe('deadlines of the tramitação: list filter, inbox, reminders', () => {
  let late: { id: number; identificacao: string };
  let soon: { id: number; identificacao: string };
  let done: { id: number; identificacao: string };

  beforeAll(async () => {
    late = await matter(operador, '2020-03-02', 'Requer informações sobre a iluminação.');
    expect((await tramitar(late.id, { data: '2020-03-02', status_id: status.em_comissao, destino_id: units['Procuradoria da Câmara'], diasPrazo: 10 })).statusCode).toBe(200);
    soon = await matter(operador, today, 'Indica a limpeza do córrego.');
    expect((await tramitar(soon.id, { data: today, status_id: status.em_comissao, destino_id: units['Procuradoria da Câmara'], diasPrazo: 1 })).statusCode).toBe(200);
    done = await matter(operador, '2020-03-02', 'Moção já arquivada.');
    expect((await tramitar(done.id, { data: '2020-03-02', status_id: status.em_comissao, destino_id: units['Procuradoria da Câmara'], diasPrazo: 10 })).statusCode).toBe(200);
    expect((await tramitar(done.id, { data: '2020-03-03', status_id: status.arquivada, destino_id: units['Secretaria Legislativa'], diasPrazo: 5 })).statusCode).toBe(200);
  });

  const ids = async (query: string) => (data(await t.call('GET', `/api/matters?perPage=100&${query}`, { token: operador })) as { id: number }[]).map((x) => x.id);

  it('filters the matters list by "prazo vencido" and "a vencer" (only those still in tramitação)', async () => {
    const overdue = await ids('vencimento=vencido');
    expect(overdue).toContain(late.id);
    expect(overdue).not.toContain(soon.id);
    expect(overdue).not.toContain(done.id);
    const coming = await ids('vencimento=a_vencer');
    expect(coming).toContain(soon.id);
    expect(coming).not.toContain(late.id);
    const bad = await t.call('GET', '/api/matters?vencimento=ontem', { token: operador });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.vencimento).toEqual(['Use vencimento=vencido ou vencimento=a_vencer.']);
    const noDeadline = await t.call('GET', '/api/norms?vencimento=vencido', { token: operador });
    expect(noDeadline.statusCode).toBe(422);
    expect(noDeadline.json().errors).toEqual({ vencimento: ['Esta lista não tem prazo para filtrar.'] });
    // the list carries what its deadline column needs
    const row = (data(await t.call('GET', `/api/matters?fields=list&vencimento=vencido&perPage=100`, { token: operador })) as { id: number }[]).find((x) => x.id === late.id);
    expect(row).toMatchObject({ prazoTramitacao: '2020-03-12', emTramitacao: true });
  });

  it('lists "Tramitações com prazo vencendo" in the operators\' inbox, with its count', async () => {
    const inbox = await ids('inbox=prazo_tramitacao');
    expect(inbox).toEqual(expect.arrayContaining([late.id, soon.id]));
    expect(inbox).not.toContain(done.id);
    const counts = data(await t.call('GET', '/api/inbox', { token: operador })) as { resource: string; key: string; count: number; overdue: number }[];
    const entry = counts.find((c) => c.resource === 'matters' && c.key === 'prazo_tramitacao')!;
    expect(entry.count).toBe(inbox.length);
    expect(entry.overdue).toBeGreaterThanOrEqual(1);
    // the councillor reads matters but has no such inbox
    expect((data(await t.call('GET', '/api/inbox', { token: vereador })) as { key: string }[]).some((c) => c.key === 'prazo_tramitacao')).toBe(false);
    expect((await t.call('GET', '/api/matters?inbox=prazo_tramitacao', { token: vereador })).statusCode).toBe(403);
  });

  it('reminds the operators 5 days before and when overdue, once', async () => {
    const services = { db: t.database.db, config: t.config, storage: t.app.files, realtime: t.app.realtime, jobs: t.app.jobs };
    await runDeadlineReminders(services, today);
    await runDeadlineReminders(services, today);
    const mine = data(await t.call('GET', '/api/notifications?perPage=100', { token: operador })) as { link: string; kind: string; title: string }[];
    const about = (id: number) => mine.filter((n) => n.link === `/legislativo/matters/${id}`);
    expect(about(late.id).map((n) => n.kind)).toEqual(['prazo_vencido']);
    expect(about(late.id)[0].title).toBe(`Prazo vencido: ${late.identificacao}`);
    expect(about(soon.id).map((n) => n.kind)).toEqual(['prazo_proximo']);
    expect(about(done.id)).toEqual([]);
  });
});

describe('the dates a step records', () => {
  it('never before the previous step, the same day allowed', async () => {
    const m = await matter(operador, addDays(today, -3));
    expect((await tramitar(m.id, { data: addDays(today, -1), status_id: status.protocolada, destino_id: units['Secretaria Legislativa'] })).statusCode).toBe(200);
    const back = await tramitar(m.id, { data: addDays(today, -2), status_id: status.em_comissao, destino_id: units['Procuradoria da Câmara'] });
    expect(back.statusCode).toBe(422);
    expect(back.json().errors.data[0]).toMatch(/^A data da tramitação não pode ser anterior à do passo anterior \(\d{2}\/\d{2}\/\d{4}\)\.$/);
    expect((await tramitar(m.id, { data: addDays(today, -1), status_id: status.em_comissao, destino_id: units['Procuradoria da Câmara'] })).statusCode).toBe(200);
  });
});

describe('the data migration of the current state (0016, hand-written)', () => {
  it('fills each matter\'s status, place and deadline as the server keeps them', async () => {
    const db = t.database.db;
    const state = { id: matters.id, s: matters.status_atual_id, u: matters.unidade_atual_id, c: matters.comissao_atual_id, p: matters.prazoTramitacao };
    const kept = await db.select(state).from(matters).where(isNotNull(matters.status_atual_id)).orderBy(asc(matters.id));
    expect(kept.length).toBeGreaterThan(5);
    expect(kept.some((r) => r.c !== null && r.u === null)).toBe(true); // a matter at a commission alone
    await db.execute(sql`update matters set status_atual_id = null, unidade_atual_id = null, comissao_atual_id = null, "prazoTramitacao" = null`);
    const migration = readFileSync(new URL('../drizzle/0017_matter_tramitation_state.sql', import.meta.url), 'utf8');
    await db.execute(sql.raw(migration.replace(/--> statement-breakpoint/g, '')));
    expect(await db.select(state).from(matters).where(isNotNull(matters.status_atual_id)).orderBy(asc(matters.id))).toEqual(kept);
  });
});
