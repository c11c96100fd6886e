/**
 * Votação em bloco (decision 0056; docs/plenary.md): several items of the pauta voted in ONE voting — the block's,
 * on its first item — whose result is applied to every item as if voted alone (its own voting row, its own tramitação
 * step, its ata lines), annulled together, with the refusals of a block that can't be one, another company's calls,
 * concurrent opens and repeated votes, and malformed bodies (never a 5xx).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInSaoPaulo } from '../src/auth/session.ts';
import { and, eq, ne } from 'drizzle-orm';
import { vottings } from '../src/db/schema.generated.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let op: string;
let admin: string;
let adminPm: string; // another company
const ty: Record<string, Record<string, number>> = {};
const units: Record<string, number> = {};
const vereadores: { token: string; pid: number }[] = [];
let session: number;
let notStarted: number;
let later: number;
const today = todayInSaoPaulo();

type Res = Awaited<ReturnType<TestApp['call']>>;
const ok = (res: Res, code = 200) => {
  expect(res.statusCode, res.body.slice(0, 400)).toBe(code);
  return res.json();
};
const get = async (url: string, token = op) => ok(await t.call('GET', url, { token })).data;
const post = (url: string, body: unknown = {}, token = op) => t.call('POST', url, { token, body });
const put = (url: string, body: unknown = {}, token = op) => t.call('PUT', url, { token, body });
const block = (ids: unknown, token = op, s = session) => post(`/api/plenary_sessions/${s}/add_votting_bloco`, { plenary_matter_ids: ids }, token);

async function matter(type: string): Promise<{ id: number; identificacao: string }> {
  const m = ok(await post('/api/matters', { type_id: ty.matters[type], dataApresentacao: '2026-01-12', ementa: `Requer providências ${Math.random().toString(36).slice(2, 8)}.` }), 201).data;
  ok(await post(`/api/matters/${m.id}/tramitar`, { data: '2026-01-12', status_id: ty.tramitation_status.pronta_pauta, origem_id: units['Secretaria Legislativa'], destino_id: units['Plenário'] }));
  return m;
}
/** An item of the session's pauta: a matter of the type, voted as told. */
async function item(type: string, votation: string, kind = 'ordem_dia', s = session): Promise<{ id: number; matter: number; identificacao: string }> {
  const m = await matter(type);
  const pm = ok(await post(`/api/plenary_matters/${s}/add_matter`, { kind, matter_id: m.id, tipo_votacao_id: ty.votation[votation] }), 201).data;
  return { id: pm.id, matter: m.id, identificacao: m.identificacao };
}
const steps = async (matterId: number) => get(`/api/matters/${matterId}/tramitations?sort=id`) as Promise<Record<string, any>[]>;
const live = async () => get(`/api/plenary_sessions/${session}/live`);
const agendaOf = async (id: number) => (await live()).agenda.find((a: { id: number }) => a.id === id);

beforeAll(async () => {
  t = await makeApp();
  [op, admin, adminPm] = await Promise.all(['operador@paco.demo', 'admin@paco.demo', 'admin.prefeitura@paco.demo'].map((e) => t.login(e)));
  for (const cat of ['matters', 'tramitation_status', 'votation', 'sessions']) {
    ty[cat] = Object.fromEntries((await get(`/api/types_of/${cat}`)).map((x: { slug: string; id: number }) => [x.slug, x.id]));
  }
  for (const u of await get('/api/tramitation_unities?perPage=100', admin)) units[u.descricao] = u.id;
  for (const email of ['vereador@paco.demo', 'vereador2@paco.demo', 'vereador3@paco.demo']) {
    const token = await t.login(email);
    const me = ok(await t.call('GET', '/api/is-parliamentary', { token }));
    vereadores.push({ token, pid: me.data?.parliamentary?.id ?? me.data?.id ?? me.parliamentary?.id });
  }
  const members = (await get('/api/parliamentaries?perPage=50')).map((p: { id: number }) => p.id) as number[];
  session = ok(await post('/api/plenary_sessions', { numero: 951, type_id: ty.sessions.ordinaria, abertura: today, horarioInicio: '09:00' }), 201).data.id;
  notStarted = ok(await post('/api/plenary_sessions', { numero: 952, type_id: ty.sessions.extraordinaria, abertura: today, horarioInicio: '11:00' }), 201).data.id;
  later = ok(await post('/api/plenary_sessions', { numero: 953, type_id: ty.sessions.ordinaria, abertura: '2099-03-03', horarioInicio: '18:00' }), 201).data.id;
  ok(await post(`/api/plenary_sessions/${session}/iniciar`));
  for (const type of ['abertura', 'ordem_dia'] as const) {
    ok(await post(`/api/plenary_sessions/${session}/change_presence_list_status`, { type, status: 'aberta' }));
    // the three members who vote from their devices, and others: seven present (the house's absolute majority is met)
    const present = [...new Set([...vereadores.map((v) => v.pid), ...members])].slice(0, 7);
    ok(await post(`/api/plenary_sessions/${session}/add_presences`, { type, parliamentary_ids: present }), 201);
  }
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('refusals: a block that cannot be one', () => {
  it('malformed bodies are 422 in pt-BR, never a 5xx; a single item or a repeated one is refused', async () => {
    const a = await item('req', 'simbolica');
    for (const body of [{}, { plenary_matter_ids: 'x' }, { plenary_matter_ids: [a.id] }, { plenary_matter_ids: [0, -1] }, { plenary_matter_ids: ['a', 'b'] },
      { plenary_matter_ids: [a.id, 1e12] }, { plenary_matter_ids: [{ id: 1 }, null] }, { plenary_matter_ids: Array.from({ length: 101 }, (_, i) => i + 1) }]) {
      const r = await post(`/api/plenary_sessions/${session}/add_votting_bloco`, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
    }
    const single = await block([a.id]);
    expect(single.json().errors.plenary_matter_ids[0]).toBe('Selecione ao menos dois itens para votar em bloco.');
    const twice = await block([a.id, a.id]);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.plenary_matter_ids[0]).toBe('Um item aparece mais de uma vez no bloco.');
  });

  it('mixing voting kinds, quorum rules or phases, a secret ballot: 422 naming the items', async () => {
    const s1 = await item('req', 'simbolica');
    const n1 = await item('req', 'nominal');
    const kinds = await block([s1.id, n1.id]);
    expect(kinds.statusCode).toBe(422);
    expect(kinds.json().message).toBe(`Os itens de um bloco têm o mesmo tipo de votação; estes diferem (simbólica: ${s1.identificacao}; nominal: ${n1.identificacao}).`);
    // a complementary law needs the absolute majority (seeded rule): not with a requerimento
    const plc = await item('plc', 'simbolica');
    const rules = await block([s1.id, plc.id]);
    expect(rules.statusCode).toBe(422);
    expect(rules.json().message).toMatch(/^Os itens de um bloco têm a mesma regra de quórum; estes diferem \(maioria simples, .*: .*; maioria absoluta, .*\)\.$/);
    const exp = await item('req', 'simbolica', 'expediente');
    expect((await block([s1.id, exp.id])).json().message).toBe('Um bloco reúne itens de uma só fase: expediente ou ordem do dia.');
    const sec1 = await item('req', 'secreta');
    const sec2 = await item('req', 'secreta');
    expect((await block([sec1.id, sec2.id])).json().message).toBe('A votação secreta não é feita em bloco: vote cada item.');
  });

  it('items of another session, unknown ids, another company, a member, a session not started', async () => {
    const a = await item('req', 'simbolica');
    const elsewhere = await item('req', 'simbolica', 'ordem_dia', notStarted);
    const r = await block([a.id, elsewhere.id]);
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.plenary_matter_ids[0]).toBe('Há itens que não estão na pauta desta sessão.');
    expect((await block([a.id, 2_147_483_647])).statusCode).toBe(422);
    // another company's account: the session is not found (never revealed)
    expect((await block([a.id, elsewhere.id], adminPm)).statusCode).toBe(404);
    expect((await block([a.id, elsewhere.id], vereadores[0].token)).statusCode).toBe(403);
    const b = await item('req', 'simbolica', 'ordem_dia', notStarted);
    const idle = await block([elsewhere.id, b.id], op, notStarted);
    expect(idle.statusCode).toBe(409);
    expect(idle.json().message).toBe('A sessão plenária não foi iniciada.');
    expect((await t.call('POST', `/api/plenary_sessions/${session}/add_votting_bloco`, { body: { plenary_matter_ids: [a.id, b.id] } })).statusCode).toBe(401);
  });

  it('an item adjourned (off the pauta) or already voted: 409 naming it', async () => {
    const a = await item('req', 'simbolica');
    const gone = await item('req', 'simbolica');
    ok(await post(`/api/plenary_matters/${gone.id}/adiar`, { plenary_session_id: later, motivo: 'A pedido do autor.' }));
    const off = await block([a.id, gone.id]);
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toMatch(new RegExp(`^Este item saiu da pauta desta sessão e não pode ser votado nela: ${gone.identificacao.replace(/[/.]/g, '.')} \\(`));
    const voted = await item('req', 'simbolica');
    ok(await post(`/api/plenary_matters/${voted.id}/add_votting`), 201);
    ok(await put(`/api/plenary_matters/${voted.id}/close_votting`, { sim: 5, nao: 1, abstencao: 0 }));
    const again = await block([a.id, voted.id]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Este item já foi votado: ${voted.identificacao} (Aprovado). Tire-o do bloco; para votá-lo de novo, use “Nova votação” no item.`);
  });
});

describe('a symbolic block: one vote, each item its own result, tramitação step and annulment', () => {
  it('opens one voting, closes it from any item, and every item is decided with its own step', async () => {
    const items = [await item('req', 'simbolica'), await item('req', 'simbolica'), await item('req', 'simbolica')];
    const opened = ok(await block(items.map((i) => i.id)), 201).data;
    expect(opened).toMatchObject({ status: 'aberta', tipo: 'simbolica', plenary_matter_id: items[0].id, bloco_id: opened.id });
    // one open voting: the panel and the control room show the block with its items
    const v = (await live()).voting;
    expect(v.id).toBe(opened.id);
    expect(v.bloco.map((b: { plenary_matter_id: number }) => b.plenary_matter_id)).toEqual(items.map((i) => i.id));
    const pub = ok(await t.call('GET', `/api/public/plenario/${session}`)).data;
    expect(pub.voting.bloco.map((b: { identificacao: string }) => b.identificacao)).toEqual(items.map((i) => i.identificacao));
    // no other voting while the block is open; an item of the block can't be acted on alone
    const other = await item('req', 'simbolica');
    expect((await post(`/api/plenary_matters/${other.id}/add_votting`)).statusCode).toBe(409);
    expect((await post(`/api/plenary_matters/${items[1].id}/add_votting`)).statusCode).toBe(409);
    expect((await post(`/api/plenary_matters/${items[2].id}/adiar`, { plenary_session_id: later, motivo: 'Teste.' })).statusCode).toBe(409);
    // a member can't vote a symbolic voting
    expect((await post(`/api/vottings/${opened.id}/vote`, { voto: 'sim' }, vereadores[0].token)).statusCode).toBe(409);
    // closed from the block's second item: the counts once, the result for all
    const closed = ok(await put(`/api/plenary_matters/${items[1].id}/close_votting`, { sim: 5, nao: 1, abstencao: 0 })).data;
    expect(closed).toMatchObject({ id: opened.id, status: 'encerrada', resultado: 'aprovado', sim: 5, nao: 1 });
    const ids = new Set<number>();
    for (const i of items) {
      const a = await agendaOf(i.id);
      expect(a.resultado).toBe('aprovado');
      const last = (await steps(i.matter)).pop()!;
      expect(last.status_id).toBe(ty.tramitation_status.aprovada);
      expect(last.plenary_matter_id).toBe(i.id);
      expect(last.acao).toMatch(/\(votação simbólica em bloco\): Aprovado: 5 Sim, 1 Não/);
      ids.add(last.votting_id);
    }
    // each item has its own voting row (its own result record), all of the block
    expect(ids.size).toBe(3);
    expect(ids.has(opened.id)).toBe(true);
    for (const id of ids) expect(ok(await t.call('GET', `/api/vottings/${id}`, { token: op })).data).toMatchObject({ bloco_id: opened.id, resultado: 'aprovado' });
    // the panel keeps the block with the result, not one of its items
    expect((await live()).voting).toMatchObject({ id: opened.id, resultado: 'aprovado' });
    // a decided item of a block is voted again only by annulling the block
    expect((await post(`/api/plenary_matters/${items[2].id}/add_votting`)).json().message).toMatch(/^Esta matéria já foi votada \(Aprovado\)/);
    const renew = await post(`/api/plenary_matters/${items[2].id}/new_voting`, { motivo: 'Verificação.' });
    expect(renew.statusCode).toBe(409);
    expect(renew.json().message).toMatch(/^Esta matéria foi votada em bloco/);

    // annulled from the last item: every item's result and step go, with the reason
    expect((await put(`/api/plenary_matters/${items[2].id}/annul_result`, {})).statusCode).toBe(422);
    ok(await put(`/api/plenary_matters/${items[2].id}/annul_result`, { motivo: 'Contagem errada.' }));
    for (const i of items) {
      const a = await agendaOf(i.id);
      expect(a.resultado).toBeNull();
      expect(a.anulacao).toBe('Contagem errada.');
      expect((await steps(i.matter)).pop()!.status_id).toBe(ty.tramitation_status.pronta_pauta);
    }
    expect((await put(`/api/plenary_matters/${items[0].id}/annul_result`, { motivo: 'De novo.' })).statusCode).toBe(409);
    // voted again as a block, then that voting cancelled for all
    const again = ok(await block(items.map((i) => i.id)), 201).data;
    expect(again.id).not.toBe(opened.id);
    ok(await put(`/api/plenary_matters/${items[2].id}/cancel_votting`, { motivo: 'Falta de acordo.' }));
    expect((await live()).voting).toMatchObject({ id: again.id, status: 'cancelada', motivo: 'Falta de acordo.' });
    expect((await post(`/api/plenary_matters/${items[1].id}/add_votting`)).statusCode).toBe(201);
    ok(await put(`/api/plenary_matters/${items[1].id}/cancel_votting`, { motivo: 'Limpeza do teste.' }));
  });
});

describe('a nominal block: members vote once from their devices', () => {
  it('two clicks opening the same block make one voting; a vote cast twice counts once; an item destacado is voted alone', async () => {
    const a = await item('req', 'nominal');
    const b = await item('req', 'nominal');
    const destacado = await item('req', 'nominal');
    // the Mesa took the third item out of the block at a member's request (destaque): the block is the other two
    const tries = await Promise.all([block([a.id, b.id]), block([a.id, b.id])]);
    expect(tries.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const opened = tries.find((r) => r.statusCode === 201)!.json().data;
    // every vote goes to the block's voting, also when sent to an item's voting of the block
    const [v1, v2, v3] = vereadores;
    const twice = await Promise.all([post(`/api/vottings/${opened.id}/vote`, { voto: 'sim' }, v1.token), post(`/api/vottings/${opened.id}/vote`, { voto: 'sim' }, v1.token)]);
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
    const member = (await get(`/api/vottings/${opened.id}/history`)).votos;
    expect(member.length).toBe(2);
    const show = ok(await t.call('GET', `/api/vottings/${opened.id}`, { token: op })).data;
    expect(show.votes.length).toBe(1);
    ok(await post(`/api/vottings/${opened.id}/vote`, { voto: 'nao' }, v2.token));
    ok(await post(`/api/vottings/${opened.id}/vote`, { voto: 'sim' }, v2.token)); // changed while open
    ok(await post(`/api/vottings/${opened.id}/vote`, { voto: 'sim' }, v3.token));
    const tally = (await live()).voting.tally;
    expect(tally).toMatchObject({ sim: 3, nao: 0, abstencao: 0, votaram: 3 });
    // the public panel: the block's items and the one tally
    const pub = ok(await t.call('GET', `/api/public/plenario/${session}`)).data.voting;
    expect(pub.bloco.map((x: { plenary_matter_id: number }) => x.plenary_matter_id)).toEqual([a.id, b.id]);
    expect(pub.tally.sim).toBe(3);
    const closed = ok(await put(`/api/plenary_matters/${b.id}/close_votting`, {})).data;
    expect(closed).toMatchObject({ id: opened.id, resultado: 'aprovado', sim: 3 });
    for (const x of [a, b]) {
      expect((await agendaOf(x.id)).resultado).toBe('aprovado');
      expect((await steps(x.matter)).pop()!.acao).toMatch(/\(votação nominal em bloco\): Aprovado: 3 Sim/);
    }
    // closed: no more votes, on the block or on its items
    expect((await post(`/api/vottings/${opened.id}/vote`, { voto: 'nao' }, v1.token)).statusCode).toBe(409);
    // the item taken out of the block is voted alone
    const alone = ok(await post(`/api/plenary_matters/${destacado.id}/add_votting`), 201).data;
    expect(alone.bloco_id).toBeNull();
    ok(await post(`/api/vottings/${alone.id}/vote`, { voto: 'nao' }, v1.token));
    ok(await put(`/api/plenary_matters/${destacado.id}/close_votting`, {}));
    expect((await agendaOf(destacado.id)).resultado).toBe('rejeitado');
  });

  it('a vote sent to an item’s voting of an open block counts on the block, once', async () => {
    const a = await item('req', 'nominal');
    const b = await item('req', 'nominal');
    const opened = ok(await block([a.id, b.id]), 201).data;
    // an impediment declared on any item is the block's
    ok(await put(`/api/plenary_matters/${b.id}/impedimento`, { parliamentary_id: vereadores[2].pid, impedido: true }));
    expect((await live()).voting.impedidos).toEqual([vereadores[2].pid]);
    const [{ id: memberId }] = await t.database.db.select({ id: vottings.id }).from(vottings).where(and(eq(vottings.bloco_id, opened.id), ne(vottings.id, opened.id)));
    // the item's own voting row of the block (the second item's)
    ok(await post(`/api/vottings/${memberId}/vote`, { voto: 'abstencao' }, vereadores[0].token));
    ok(await post(`/api/vottings/${opened.id}/vote`, { voto: 'abstencao' }, vereadores[0].token));
    expect((await post(`/api/vottings/${memberId}/vote`, { voto: 'sim' }, vereadores[2].token)).json().message).toBe('Vereador declarado impedido nesta votação.');
    const v = (await live()).voting;
    expect(v.tally).toMatchObject({ abstencao: 1, votaram: 1 });
    ok(await put(`/api/plenary_matters/${a.id}/cancel_votting`, { motivo: 'Fim do teste.' }));
  });
});

describe('leitura em bloco and the ata', () => {
  it('reads several expediente items at once (resultado Lida for each)', async () => {
    const l1 = await item('ind', 'leitura', 'expediente');
    const l2 = await item('ind', 'leitura', 'expediente');
    const read = ok(await block([l1.id, l2.id]), 201).data;
    expect(read).toMatchObject({ status: 'encerrada', resultado: 'lida', bloco_id: read.id });
    for (const x of [l1, l2]) expect((await agendaOf(x.id)).resultado).toBe('lida');
  });

  it('the ata says “Votação … em bloco dos itens …” with the result, the nominal votes once', async () => {
    ok(await post(`/api/plenary_sessions/${session}/finalizar`));
    // finalizing wrote the draft; generating again answers it
    const ata = ok(await post(`/api/plenary_sessions/${session}/gerar_ata`)).data;
    expect(ata.ordem_dia).toMatch(/Votação simbólica em bloco dos itens \d+ \(REQ [^)]+\), \d+ \(REQ [^)]+\) e \d+ \(REQ [^)]+\): Aprovado: 5 Sim, 1 Não.* Resultado anulado: Contagem errada\./);
    expect(ata.ordem_dia).toMatch(/Votação nominal em bloco dos itens \d+ \(REQ [^)]+\) e \d+ \(REQ [^)]+\): Aprovado: 3 Sim/);
    expect(ata.ordem_dia).toMatch(/Votos nominais registrados com o item \d+ \(REQ/);
    expect(ata.expediente).toMatch(/Leitura em bloco dos itens \d+ \(IND [^)]+\) e \d+ \(IND [^)]+\) \(sem votação\)\./);
  });
});
