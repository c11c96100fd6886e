/**
 * The ata approved by the plenary (issue 13 §2; docs/legislativo.md): an earlier session's ata (rascunho) goes on a
 * later session's pauta as an item, is voted like the others under the default rule, and its result approves it
 * (aprovada in that session, on its date, by the operator), leaves it a draft with a note (rejeitada) or, annulled,
 * renewed or reopened, takes the approval back — never once the ata was published. Companies apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { todayInSaoPaulo } from '../src/auth/session.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let op: string; // operador@: cm_admin, cm_operador_sessao
let vereador: string;
let adminPm: string; // another company
const types: Record<string, Record<string, number>> = {};
const today = todayInSaoPaulo();
const pids: number[] = [];

type Res = Awaited<ReturnType<TestApp['call']>>;
const ok = (res: Res, code = 200) => {
  expect(res.statusCode, res.body.slice(0, 400)).toBe(code);
  return res.json();
};
const refused = (res: Res, code: number, message?: RegExp | string) => {
  expect(res.statusCode, res.body.slice(0, 400)).toBe(code);
  if (message) expect(res.json().message).toMatch(message);
};
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

async function newSession(numero: number, abertura = today, horarioInicio = '19:00'): Promise<{ id: number; titulo: string }> {
  return ok(await t.call('POST', '/api/plenary_sessions', { token: op, body: { numero, type_id: types.sessions.extraordinaria, abertura, horarioInicio } }), 201).data;
}
const showAta = async (id: number, token = op) => ok(await t.call('GET', `/api/plenary_minutes/${id}`, { token })).data;
const ataOf = async (session: number) => (ok(await t.call('GET', `/api/plenary_sessions/${session}/atas`, { token: op })).data as { id: number; titulo: string; situacao: string }[])[0];
const includeHere = (session: number, ata: number, token = op, kind = 'expediente') =>
  t.call('POST', `/api/plenary_sessions/${session}/incluir_ata`, { token, body: { plenary_minute_id: ata, kind } });
const live = async (session: number) => ok(await t.call('GET', `/api/plenary_sessions/${session}/live`, { token: op })).data;
const vote = async (item: number, sim: number, nao: number) => {
  ok(await t.call('POST', `/api/plenary_matters/${item}/add_votting`, { token: op, body: {} }), 201);
  return ok(await t.call('PUT', `/api/plenary_matters/${item}/close_votting`, { token: op, body: { sim, nao, abstencao: 0 } })).data;
};

let prev: { id: number; titulo: string }; // the demo's last finalized session, whose ata (rascunho) is approved here
let prevAta: { id: number; titulo: string };
let s: { id: number; titulo: string }; // the session run here
let other: { id: number; titulo: string }; // a second finalized session, whose ata is rejected
let otherAta: { id: number };
let item: number; // prevAta's item on s
let otherItem: number;

beforeAll(async () => {
  t = await makeApp();
  [op, vereador, adminPm] = await Promise.all(['operador@paco.demo', 'vereador@paco.demo', 'admin.prefeitura@paco.demo'].map((e) => t.login(e)));
  for (const c of ['sessions', 'votation']) {
    types[c] = Object.fromEntries((ok(await t.call('GET', `/api/types_of/${c}`, { token: op })).data as { id: number; slug: string }[]).map((x) => [x.slug, x.id]));
  }
  for (const email of ['vereador@paco.demo', 'vereador2@paco.demo', 'vereador4@paco.demo', 'vereador5@paco.demo', 'vereador6@paco.demo']) {
    pids.push(ok(await t.call('GET', '/api/is-parliamentary', { token: await t.login(email) })).data.parliamentary.id);
  }
  prev = (ok(await t.call('GET', '/api/plenary_sessions?finalizada=true&sort=-abertura&perPage=1', { token: op })).data as { id: number; titulo: string }[])[0];
  prevAta = await ataOf(prev.id);
  // a second earlier session, run and finalized with nothing on it: its ata is generated as a draft
  other = await newSession(810, '2025-03-03');
  ok(await t.call('POST', `/api/plenary_sessions/${other.id}/iniciar`, { token: op }));
  ok(await t.call('POST', `/api/plenary_sessions/${other.id}/finalizar`, { token: op }));
  otherAta = await ataOf(other.id);
  s = await newSession(800, today, '07:00');
}, 90_000);
afterAll(async () => { await t?.close(); });

describe('putting an ata on a pauta', () => {
  it('is offered on the session with the earlier drafts, and adds the ata first in the expediente', async () => {
    const st = ok(await t.call('GET', `/api/plenary_sessions/${s.id}`, { token: op })).data._actions.incluir_ata;
    expect(st.allowed).toBe(true);
    const offered = st.choices.plenary_minute_id.map((c: { value: number }) => c.value);
    expect(offered).toEqual(expect.arrayContaining([prevAta.id, otherAta.id]));
    expect(st.choices.plenary_minute_id.find((c: { value: number }) => c.value === prevAta.id).label).toBe(`Ata da ${prev.titulo}`);
    expect(st.values.kind).toBe('expediente');
    const before = (await live(s.id)).agenda.length;
    const done = ok(await includeHere(s.id, prevAta.id), 201);
    item = done.data.id;
    expect(done.data).toMatchObject({ plenary_minute_id: prevAta.id, matter_id: null, kind: 'expediente', numOrdem: 1, situacao: 'em_pauta' });
    expect(done.message).toBe(`Ata incluída na pauta da ${s.titulo} para aprovação.`);
    const agenda = (await live(s.id)).agenda;
    expect(agenda).toHaveLength(before + 1);
    expect(agenda[0]).toMatchObject({ id: item, matter_id: null, plenary_minute_id: prevAta.id, identificacao: `Ata da ${prev.titulo}`, ementa: 'Aprovação da ata', tipo_votacao: 'simbolica' });
    // no longer offered to another session; the "sem votação" approval waits for the vote
    const demoToday = (ok(await t.call('GET', '/api/plenary_sessions?finalizada=false&sort=abertura', { token: op })).data as { id: number }[]).find((x) => x.id !== s.id)!;
    const again = ok(await t.call('GET', `/api/plenary_sessions/${demoToday.id}`, { token: op })).data._actions.incluir_ata;
    expect((again.choices?.plenary_minute_id ?? []).map((c: { value: number }) => c.value)).not.toContain(prevAta.id);
    refused(await includeHere(demoToday.id, prevAta.id), 409, `A ata já está na pauta da ${s.titulo}.`);
    refused(await includeHere(s.id, prevAta.id), 409, 'A ata já está na pauta desta sessão.');
    expect((await showAta(prevAta.id))._actions.approve).toEqual({ allowed: false, reason: `A ata está na pauta da ${s.titulo}: é aprovada pela votação dela.` });
    expect((await showAta(prevAta.id))._actions.incluir_pauta).toEqual({ allowed: false, reason: `A ata já está na pauta da ${s.titulo}.` });
    // the matter's actions do not apply to it
    expect(ok(await t.call('GET', `/api/plenary_matters/${item}`, { token: op })).data._actions.pedir_vista.allowed).toBe(false);
  });

  it('is offered on the ata too: a later session not finalized', async () => {
    const st = (await showAta(otherAta.id))._actions.incluir_pauta;
    expect(st.allowed).toBe(true);
    const offered = st.choices.plenary_session_id.map((c: { value: number }) => c.value);
    expect(offered).toContain(s.id);
    expect(offered).not.toContain(other.id);
    expect(offered).not.toContain(prev.id);
    const done = ok(await t.call('POST', `/api/plenary_minutes/${otherAta.id}/incluir_pauta`, { token: op, body: { plenary_session_id: s.id, kind: 'ordem_dia' } }), 201);
    otherItem = done.data.id;
    expect(done.data).toMatchObject({ plenary_minute_id: otherAta.id, kind: 'ordem_dia', numOrdem: 1 });
  });

  it('refuses an earlier or finalized session, another company, readers and bad input', async () => {
    const early = await newSession(811, '2020-01-02');
    const ata = await ataOf(other.id);
    // the ata is already on s: take it off, then try the wrong places
    refused(await includeHere(early.id, prevAta.id), 409);
    refused(await t.call('POST', `/api/plenary_minutes/${prevAta.id}/incluir_pauta`, { token: op, body: { plenary_session_id: early.id, kind: 'expediente' } }), 409);
    const r = await t.call('DELETE', `/api/plenary_matters/${otherItem}`, { token: op });
    expect(r.statusCode, r.body).toBe(204);
    // no ata is earlier than that session: nothing to offer there; from the ata, the reason
    refused(await includeHere(early.id, ata.id), 409, 'Não há ata em rascunho de sessão anterior a esta fora de outra pauta em aberto.');
    refused(await t.call('POST', `/api/plenary_minutes/${ata.id}/incluir_pauta`, { token: op, body: { plenary_session_id: early.id, kind: 'expediente' } }), 409,
      /^A ata é aprovada numa sessão posterior à sua \(03\/03\/2025\)\.$/);
    refused(await includeHere(prev.id, ata.id), 409, 'A sessão já foi finalizada: a pauta dela não muda mais.');
    refused(await includeHere(other.id, ata.id), 409, 'A sessão já foi finalizada: a pauta dela não muda mais.');
    // other companies' ids are not found; a reader may not write
    refused(await includeHere(s.id, ata.id, adminPm), 404);
    refused(await t.call('POST', `/api/plenary_minutes/${ata.id}/incluir_pauta`, { token: adminPm, body: { plenary_session_id: s.id, kind: 'expediente' } }), 404);
    refused(await includeHere(s.id, ata.id, vereador), 403);
    const pm = (await rows<{ id: number }>(sql`select id from companies where abreviacao = 'PMVS'`))[0].id;
    const [foreignSession] = await rows<{ id: number }>(sql`insert into plenary_sessions (company_id, numero, type_id, abertura, "horarioInicio", titulo, finalizada)
      values (${pm}, 1, ${types.sessions.extraordinaria}, '2024-01-01', '09:00', 'Sessão de outra casa', true) returning id`);
    const [foreignAta] = await rows<{ id: number }>(sql`insert into plenary_minutes (company_id, plenary_session_id, titulo, data, situacao)
      values (${pm}, ${foreignSession.id}, 'Sessão de outra casa', '2024-01-01', 'rascunho') returning id`);
    const foreign = await includeHere(s.id, foreignAta.id);
    expect(foreign.statusCode, foreign.body).toBe(422);
    expect(foreign.json().errors.plenary_minute_id).toBeTruthy();
    refused(await t.call('POST', `/api/plenary_minutes/${foreignAta.id}/incluir_pauta`, { token: op, body: { plenary_session_id: s.id, kind: 'expediente' } }), 404);
    refused(await t.call('POST', `/api/plenary_minutes/${ata.id}/incluir_pauta`, { token: op, body: { plenary_session_id: foreignSession.id, kind: 'expediente' } }), 422);
    const bad = await includeHere(s.id, ata.id, op, 'plenario');
    expect(bad.statusCode).toBe(422);
    expect((await includeHere(s.id, 0)).statusCode).toBe(422);
    // the database keeps an item a matter or an ata, never both nor neither
    await expect(t.database.db.execute(sql`update plenary_matters set plenary_minute_id = null where id = ${item}`)).rejects.toThrow();
    // back on the pauta for the session
    otherItem = ok(await includeHere(s.id, ata.id, op, 'ordem_dia'), 201).data.id;
  });

  it('lists it in the pauta document and its PDF', async () => {
    const p = ok(await t.call('GET', `/api/plenary_sessions/${s.id}/pauta`, { token: op })).data;
    expect(p.expediente[0]).toMatchObject({
      id: item, numOrdem: 1, matter_id: null, plenary_minute_id: prevAta.id, identificacao: `Ata da ${prev.titulo}`, ementa: 'Aprovação da ata', autores: [],
      tipo_materia: null, tipo_votacao: 'Simbólica', quorum: { regra: 'maioria_simples' },
    });
    expect(p.ordem_dia[0]).toMatchObject({ id: otherItem, identificacao: `Ata da ${other.titulo}` });
    const pdf = await t.call('GET', `/api/plenary_sessions/${s.id}/pauta/pdf`, { token: op });
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain('Aprovação da ata');
  });
});

describe('voting it', () => {
  beforeAll(async () => {
    ok(await t.call('POST', `/api/plenary_sessions/${s.id}/iniciar`, { token: op }));
    // every member present: the quorum of presence holds
    pids.splice(0, pids.length, ...(await live(s.id)).members.map((m: { id: number }) => m.id));
    ok(await t.call('POST', `/api/plenary_sessions/${s.id}/add_presences`, { token: op, body: { type: 'abertura', parliamentary_ids: pids } }), 201);
    ok(await t.call('POST', `/api/plenary_sessions/${s.id}/add_presences`, { token: op, body: { type: 'ordem_dia', parliamentary_ids: pids } }), 201);
  });

  it('keeps the text while its voting is open; "aprovado" approves it in the session, by the operator', async () => {
    const open = ok(await t.call('POST', `/api/plenary_matters/${item}/add_votting`, { token: op, body: {} }), 201).data;
    expect(open).toMatchObject({ tipo: 'simbolica', regra: 'maioria_simples' });
    expect((await live(s.id)).voting).toMatchObject({ identificacao: `Ata da ${prev.titulo}`, ementa: 'Aprovação da ata' });
    refused(await t.call('PUT', `/api/plenary_minutes/${prevAta.id}`, { token: op, body: { observacoes: 'mudou' } }), 409, /^A ata está em votação/);
    refused(await t.call('POST', `/api/plenary_minutes/${prevAta.id}/gerar`, { token: op }), 409, /^A ata está em votação/);
    const closed = ok(await t.call('PUT', `/api/plenary_matters/${item}/close_votting`, { token: op, body: { sim: 4, nao: 1, abstencao: 0 } })).data;
    expect(closed.resultado).toBe('aprovado');
    const a = await showAta(prevAta.id);
    expect(a).toMatchObject({ situacao: 'aprovada', sessao_aprovacao_id: s.id, aprovadaEm: today, aprovada_por: { name: 'Otávio Operador' } });
    expect(a.aprovacao_obs).toBe(`Aprovada na ${s.titulo} (votação simbólica): ${closed.explicacao}`);
    expect((await live(s.id)).agenda.find((x: { id: number }) => x.id === item).resultado).toBe('aprovado');
    // no tramitação for an ata
    expect(await rows(sql`select id from tramitations where votting_id = ${closed.id}`)).toEqual([]);
    const logs = await rows<{ action: string }>(sql`select action from logs where resource = 'plenary_minutes' and record_id = ${prevAta.id} order by id desc limit 1`);
    expect(logs[0].action).toBe('aprova');
  });

  it('annulled, renewed or reopened: the approval goes back', async () => {
    ok(await t.call('PUT', `/api/plenary_matters/${item}/annul_result`, { token: op, body: { motivo: 'Contagem errada.' } }));
    let a = await showAta(prevAta.id);
    expect(a).toMatchObject({ situacao: 'rascunho', sessao_aprovacao_id: null, aprovadaEm: null });
    expect(a.aprovacao_obs).toBe(`Aprovação anulada na ${s.titulo}: Resultado anulado: Contagem errada.`);
    await vote(item, 5, 0);
    expect((await showAta(prevAta.id)).situacao).toBe('aprovada');
    ok(await t.call('POST', `/api/plenary_matters/${item}/new_voting`, { token: op, body: { motivo: 'Pedido do plenário.' } }), 201);
    expect((await showAta(prevAta.id)).situacao).toBe('rascunho');
    ok(await t.call('PUT', `/api/plenary_matters/${item}/close_votting`, { token: op, body: { sim: 4, nao: 0, abstencao: 0 } }));
    expect((await showAta(prevAta.id)).situacao).toBe('aprovada');
    ok(await t.call('PUT', `/api/plenary_matters/${item}/reopen_votting`, { token: op, body: { motivo: 'Um voto não foi contado.' } }));
    a = await showAta(prevAta.id);
    expect(a.situacao).toBe('rascunho');
    ok(await t.call('PUT', `/api/plenary_matters/${item}/close_votting`, { token: op, body: { sim: 5, nao: 0, abstencao: 0 } }));
    expect(await showAta(prevAta.id)).toMatchObject({ situacao: 'aprovada', sessao_aprovacao_id: s.id });
  });

  it('"rejeitado" leaves it a draft with a note, which the annulment clears', async () => {
    const closed = await vote(otherItem, 1, 4);
    expect(closed.resultado).toBe('rejeitado');
    const a = await showAta(otherAta.id);
    expect(a.situacao).toBe('rascunho');
    expect(a.aprovacao_obs).toMatch(new RegExp(`^Rejeitada na ${s.titulo.replace(/[()]/g, '.')}`));
    // still on this session's pauta: not to another one, nor approved without a vote
    expect(a._actions.approve.allowed).toBe(false);
    ok(await t.call('PUT', `/api/plenary_matters/${otherItem}/annul_result`, { token: op, body: { motivo: 'Votação repetida.' } }));
    expect((await showAta(otherAta.id)).aprovacao_obs).toBeNull();
  });

  it('a published ata keeps its approval: annulling it is refused', async () => {
    ok(await t.call('POST', `/api/plenary_minutes/${prevAta.id}/publicar`, { token: op }));
    refused(await t.call('PUT', `/api/plenary_matters/${item}/annul_result`, { token: op, body: { motivo: 'Tarde demais.' } }), 409,
      'A ata aprovada nesta votação já foi publicada: a aprovação de uma ata publicada não pode ser anulada.');
    refused(await t.call('POST', `/api/plenary_matters/${item}/new_voting`, { token: op, body: { motivo: 'Tarde demais.' } }), 409, /publicada/);
    refused(await t.call('PUT', `/api/plenary_matters/${item}/reopen_votting`, { token: op, body: { motivo: 'Tarde demais.' } }), 409, /publicada/);
    expect((await showAta(prevAta.id)).situacao).toBe('publicada');
    expect((await live(s.id)).agenda.find((x: { id: number }) => x.id === item).resultado).toBe('aprovado');
  });

  it('the session\'s own ata lists the approval', async () => {
    ok(await t.call('POST', `/api/plenary_sessions/${s.id}/finalizar`, { token: op }));
    const mine = await showAta((await ataOf(s.id)).id);
    expect(mine.expediente).toContain(`Ata da ${prev.titulo}`);
    expect(mine.expediente).toContain('Aprovação da ata');
    expect(mine.ordem_dia).toContain(`Ata da ${other.titulo}`);
    // the rejected ata, off a finalized pauta, may go on the next one
    expect((await showAta(otherAta.id))._actions.incluir_pauta.allowed === true
      || (await showAta(otherAta.id))._actions.incluir_pauta.reason.startsWith('Não há sessão posterior')).toBe(true);
  });
});
