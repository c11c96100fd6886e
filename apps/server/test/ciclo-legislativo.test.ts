/**
 * The legislative cycle after the plenary (issue 13 §2–3; docs/workflows/ciclo-legislativo.md; decision 0030):
 * closing a voting adds the matter's step its result implies (per matter type, the national defaults otherwise; out of
 * the flow noted, never refused), annulling takes it back; the sanction makes a norm (numbered per type and year,
 * also under concurrency; veto total makes none); norms relate both ways with a derived status and a compiled text,
 * read publicly; the plenary item's pedido de vista, retirada de pauta, adiamento and urgência; roles and companies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInSaoPaulo } from '../src/auth/session.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let op: string; // cm_admin + plenary operator (câmara)
let admin: string;
let vereador: string; // cm_parlamentar
let adminPm: string; // another company
const ty: Record<string, Record<string, number>> = {};
const units: Record<string, number> = {};
let members: number[] = [];
const today = todayInSaoPaulo();

type Res = Awaited<ReturnType<TestApp['call']>>;
const ok = (res: Res, code = 200) => {
  expect(res.statusCode, res.body.slice(0, 400)).toBe(code);
  return res.json();
};
const get = async (url: string, token = op) => ok(await t.call('GET', url, { token })).data;
const post = (url: string, body: unknown = {}, token = op) => t.call('POST', url, { token, body });
const put = (url: string, body: unknown = {}, token = op) => t.call('PUT', url, { token, body });

/** A matter of the type, presented in January, with its text and a first step (default: ready for the pauta, at the Plenário). */
async function matter(type: string, opts: { status?: string; texto?: string } = {}): Promise<{ id: number; identificacao: string }> {
  const m = ok(await post('/api/matters', {
    type_id: ty.matters[type], dataApresentacao: '2026-01-12', ementa: `Dispõe sobre o teste ${Math.random().toString(36).slice(2, 8)}.`,
    texto: opts.texto ?? 'Art. 1º Fica instituído o programa.\nArt. 2º Esta lei entra em vigor na data de sua publicação.',
  }), 201).data;
  ok(await post(`/api/matters/${m.id}/tramitar`, { data: '2026-01-12', status_id: ty.tramitation_status[opts.status ?? 'pronta_pauta'], origem_id: units['Secretaria Legislativa'], destino_id: units['Plenário'] }));
  return m;
}

let session: number;
let later: number;
/** An item on the session's ordem do dia: a symbolic vote (counts typed by the Mesa) unless told. */
async function item(matterId: number, turno: string | null, votation = 'simbolica', typeSlug?: string, sessionId = session): Promise<number> {
  return ok(await post(`/api/plenary_matters/${sessionId}/add_matter`, {
    kind: 'ordem_dia', matter_id: matterId, tipo_votacao_id: ty.votation[votation], ...(turno ? { turno_id: ty.turno[turno] } : {}),
    ...(typeSlug ? { tipo_meteria_id: ty.matters[typeSlug] } : {}),
  }), 201).data.id;
}
/** Opens and closes a symbolic vote: approved 5–1 (of 6 present) or rejected 1–5. */
async function vote(itemId: number, result: 'aprovado' | 'rejeitado') {
  ok(await post(`/api/plenary_matters/${itemId}/add_votting`), 201);
  const closed = ok(await put(`/api/plenary_matters/${itemId}/close_votting`, result === 'aprovado' ? { sim: 5, nao: 1, abstencao: 0 } : { sim: 1, nao: 5, abstencao: 0 })).data;
  expect(closed.resultado).toBe(result);
  return closed;
}
const steps = async (matterId: number) => get(`/api/matters/${matterId}/tramitations?sort=id`) as Promise<Record<string, any>[]>;
const show = (matterId: number, token = op) => get(`/api/matters/${matterId}`, token);
const label = (cat: string, id: number) => Object.entries(ty[cat]).find(([, v]) => v === id)?.[0];

beforeAll(async () => {
  t = await makeApp();
  [op, admin, vereador, adminPm] = await Promise.all(['operador@paco.demo', 'admin@paco.demo', 'vereador@paco.demo', 'admin.prefeitura@paco.demo'].map((e) => t.login(e)));
  for (const cat of ['matters', 'tramitation_status', 'turno', 'votation', 'norms', 'sessions', 'regime_tramitacao', 'authors']) {
    ty[cat] = Object.fromEntries((await get(`/api/types_of/${cat}`)).map((x: { slug: string; id: number }) => [x.slug, x.id]));
  }
  for (const u of await get('/api/tramitation_unities?perPage=100', admin)) units[u.descricao] = u.id;
  members = (await get('/api/parliamentaries?perPage=50')).map((p: { id: number }) => p.id);
  // a session of today, started, with six members present in the ordem do dia; and a later one
  const s = ok(await post('/api/plenary_sessions', { numero: 801, type_id: ty.sessions.extraordinaria, abertura: today, horarioInicio: '09:00' }), 201).data;
  session = s.id;
  later = ok(await post('/api/plenary_sessions', { numero: 802, type_id: ty.sessions.ordinaria, abertura: '2099-03-03', horarioInicio: '18:00' }), 201).data.id;
  ok(await post(`/api/plenary_sessions/${session}/iniciar`));
  ok(await post(`/api/plenary_sessions/${session}/change_presence_list_status`, { type: 'ordem_dia', status: 'aberta' }));
  ok(await post(`/api/plenary_sessions/${session}/add_presences`, { type: 'ordem_dia', parliamentary_ids: members.slice(0, 6) }), 201);
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('results flow back: a closed voting adds the step its result implies', () => {
  it('aprovado em 1º turno → “Aprovada em 1º turno”, to the 2º turno, linked to the session and the voting', async () => {
    const m = await matter('pl');
    const it1 = await item(m.id, 'primeiro');
    const v = await vote(it1, 'aprovado');
    const all = await steps(m.id);
    const last = all[all.length - 1];
    expect(last).toMatchObject({
      data: today, status_id: ty.tramitation_status.aprovada_1turno, turno_id: ty.turno.segundo, automatico: true,
      plenary_session_id: session, votting_id: v.id, origem_id: units['Plenário'],
    });
    expect(last.plenary_session.titulo).toMatch(/^801ª Sessão Extraordinária/);
    expect(last.votting.explicacao).toBe(v.explicacao);
    expect(last.acao).toBe(`Aprovada em primeiro turno na ${last.plenary_session.titulo} (votação simbólica): ${v.explicacao}. Segue para o segundo turno.`);
    expect((await show(m.id)).status_atual_id).toBe(ty.tramitation_status.aprovada_1turno);
  });

  it('aprovado em turno único or 2º turno → remetida à sanção (“ao Executivo para sanção”); rejeitado → arquivada', async () => {
    const unico = await matter('pl');
    await vote(await item(unico.id, 'unico'), 'aprovado');
    const segundo = await matter('pl');
    await vote(await item(segundo.id, 'segundo'), 'aprovado');
    const rejected = await matter('pl');
    await vote(await item(rejected.id, 'unico'), 'rejeitado');
    for (const m of [unico, segundo]) {
      const last = (await steps(m.id)).pop()!;
      expect(label('tramitation_status', last.status_id)).toBe('remetida_sancao');
      expect(last.acao).toMatch(/\. Ao Executivo para sanção\.$/);
    }
    const arq = (await steps(rejected.id)).pop()!;
    expect(label('tramitation_status', arq.status_id)).toBe('arquivada');
    expect(arq.acao).toMatch(/^Rejeitada em turno único na .*Rejeitado: 1 Sim, 5 Não/);
    expect((await show(rejected.id)).emTramitacao).toBe(false);
  });

  it('a resolution approved goes to promulgation; a requerimento is “Aprovada”; a reading adds nothing', async () => {
    const pr = await matter('pr');
    await vote(await item(pr.id, 'unico'), 'aprovado');
    expect(label('tramitation_status', (await steps(pr.id)).pop()!.status_id)).toBe('a_promulgar');
    const req = await matter('req');
    await vote(await item(req.id, null), 'aprovado');
    expect(label('tramitation_status', (await steps(req.id)).pop()!.status_id)).toBe('aprovada');
    const ind = await matter('ind');
    const read = await item(ind.id, null, 'leitura');
    expect(ok(await post(`/api/plenary_matters/${read}/add_votting`), 201).data.resultado).toBe('lida');
    expect(await steps(ind.id)).toHaveLength(1);
  });

  it('follows the câmara’s rule for the matter type (the turno’s rule first), kept by its administrators', async () => {
    const rule = { type_id: ty.matters.moc, resultado: 'aprovado', status_id: ty.tramitation_status.arquivada, destino_id: units['Protocolo Legislativo'], obs: 'Regimento, art. 120' };
    expect((await post('/api/vote_effects', rule, vereador)).statusCode).toBe(403);
    ok(await post('/api/vote_effects', rule, admin), 201);
    ok(await post('/api/vote_effects', { type_id: ty.matters.moc, turno_id: ty.turno.unico, resultado: 'aprovado', status_id: ty.tramitation_status.aprovada }), 201);
    // one rule per type, turno and result
    const twice = await post('/api/vote_effects', rule, admin);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ type_id: ['Já existe uma regra para este tipo de matéria, turno e resultado.'] });
    const anyTurno = await matter('moc');
    await vote(await item(anyTurno.id, null), 'aprovado');
    expect((await steps(anyTurno.id)).pop()).toMatchObject({ status_id: ty.tramitation_status.arquivada, destino_id: units['Protocolo Legislativo'] });
    const unico = await matter('moc');
    await vote(await item(unico.id, 'unico'), 'aprovado');
    expect((await steps(unico.id)).pop()!.status_id).toBe(ty.tramitation_status.aprovada);
    // seeded for the bills and resolutions, another company has none
    const seeded = await get(`/api/vote_effects?perPage=100&type_id=${ty.matters.pl}`);
    expect(seeded.map((r: { resultado: string; status_id: number }) => [r.resultado, label('tramitation_status', r.status_id)]).sort())
      .toEqual([['aprovado', 'aprovada_1turno'], ['aprovado', 'remetida_sancao'], ['rejeitado', 'arquivada']]);
    expect((await t.call('GET', '/api/vote_effects', { token: adminPm })).json().meta.total).toBe(0);
  });

  it('is recorded even when the flow does not allow it, saying so (the close never fails for the flow)', async () => {
    const m = await matter('pl', { status: 'protocolada' });
    await vote(await item(m.id, 'unico'), 'aprovado');
    const last = (await steps(m.id)).pop()!;
    expect(label('tramitation_status', last.status_id)).toBe('remetida_sancao');
    expect(last.acao).toContain('[Registrado fora do fluxo de tramitação configurado. Depois de “Protocolada”, o status pode ser:');
  });

  it('annulling the result removes its step; a new voting replaces it; reopening takes it back', async () => {
    const m = await matter('pl');
    const it1 = await item(m.id, 'unico');
    await vote(it1, 'aprovado');
    expect(await steps(m.id)).toHaveLength(2);
    ok(await put(`/api/plenary_matters/${it1}/annul_result`, { motivo: 'Contagem errada' }));
    expect(await steps(m.id)).toHaveLength(1);
    const back = await show(m.id);
    expect(back.status_atual_id).toBe(ty.tramitation_status.pronta_pauta);
    const history = await get(`/api/matters/${m.id}/audit`);
    expect(JSON.stringify(history)).toContain('foi removido da tramitação. Resultado anulado: Contagem errada');
    // voted again: one step, of the new result
    await vote(it1, 'rejeitado');
    ok(await post(`/api/plenary_matters/${it1}/new_voting`, { motivo: 'Verificação de votação' }), 201);
    expect(await steps(m.id)).toHaveLength(1);
    const closed = ok(await put(`/api/plenary_matters/${it1}/close_votting`, { sim: 4, nao: 1, abstencao: 0 })).data;
    const now = await steps(m.id);
    expect(now).toHaveLength(2);
    expect(now[1]).toMatchObject({ votting_id: closed.id, status_id: ty.tramitation_status.remetida_sancao });
    ok(await put(`/api/plenary_matters/${it1}/reopen_votting`, { motivo: 'Um vereador não votou' }));
    expect(await steps(m.id)).toHaveLength(1);
    ok(await put(`/api/plenary_matters/${it1}/close_votting`, { sim: 4, nao: 1, abstencao: 0 }));
    expect(await steps(m.id)).toHaveLength(2);
  });
});

describe('sanção → norma', () => {
  let m: { id: number; identificacao: string };
  let normId: number;

  beforeAll(async () => {
    m = await matter('pl', { texto: 'Art. 1º Fica criado o Programa Bairro Limpo.\nArt. 2º Esta lei entra em vigor na data de sua publicação.' });
    await vote(await item(m.id, 'unico'), 'aprovado');
  });

  it('is offered only to a matter remetida à sanção, prepared with the norm type and today', async () => {
    const waiting = await matter('pl');
    const refused = (await show(waiting.id))._actions.gerar_norma;
    expect(refused).toEqual({ allowed: false, reason: 'Só uma matéria remetida à sanção (ou aprovada, à promulgação) tem a sanção registrada; o status atual é “Pronta para pauta”.' });
    const r = await post(`/api/matters/${waiting.id}/gerar_norma`, { sancao: 'sancionada', data: today, type_id: ty.norms.lei_ordinaria });
    expect(r.statusCode).toBe(409);
    const st = (await show(m.id))._actions.gerar_norma;
    expect(st).toMatchObject({ allowed: true, values: { sancao: 'sancionada', data: today, type_id: ty.norms.lei_ordinaria, type: { label: 'Lei Ordinária' } } });
    // the reader sees no button; other roles and companies are refused
    expect((await show(m.id, vereador))._actions?.gerar_norma).toBeUndefined();
    expect((await post(`/api/matters/${m.id}/gerar_norma`, { sancao: 'sancionada', data: today, type_id: ty.norms.lei_ordinaria }, vereador)).statusCode).toBe(403);
    expect((await post(`/api/matters/${m.id}/gerar_norma`, { sancao: 'sancionada', data: today, type_id: ty.norms.lei_ordinaria }, adminPm)).statusCode).toBe(404);
  });

  it('creates the norm with the next number, the matter’s text and ementa, linked both ways, and the step', async () => {
    const next = (await get(`/api/norms/next_number?type_id=${ty.norms.lei_ordinaria}&data=${today}`)).value as string;
    expect(next).toMatch(new RegExp(`^[\\d.]+/${today.slice(0, 4)}$`));
    const bad = await post(`/api/matters/${m.id}/gerar_norma`, { sancao: 'veto_parcial', data: today, type_id: ty.norms.lei_ordinaria });
    expect(bad.json().errors).toEqual({ partes_vetadas: ['Informe as partes vetadas (os dispositivos do veto parcial).'] });
    const early = await post(`/api/matters/${m.id}/gerar_norma`, { sancao: 'sancionada', data: '2026-01-01', type_id: ty.norms.lei_ordinaria });
    expect(early.json().errors.data[0]).toMatch(/^A data não pode ser anterior ao último passo da tramitação/);
    const r = ok(await post(`/api/matters/${m.id}/gerar_norma`, { sancao: 'sancionada', data: today, type_id: ty.norms.lei_ordinaria, dataPublicacao: today }));
    const ident = `Lei Ordinária nº ${next}`;
    expect(r.message).toBe(`Sancionada: ${ident} criada com o texto da matéria.`);
    expect(r.data.norma).toMatchObject({ identificacao: ident });
    normId = r.data.norma_id;
    const norm = await get(`/api/norms/${normId}`);
    expect(norm).toMatchObject({
      identificacao: ident, numero: next.split('/')[0], data: today, sancao: 'sancionada', matter_id: m.id, situacao: 'vigente', vigencia: 'Vigente',
      texto: 'Art. 1º Fica criado o Programa Bairro Limpo.\nArt. 2º Esta lei entra em vigor na data de sua publicação.',
    });
    expect(norm.ementa).toBe((await show(m.id)).ementa);
    const last = (await steps(m.id)).pop()!;
    expect(last).toMatchObject({ status_id: ty.tramitation_status.transformada_norma, automatico: true, acao: `Sancionada em ${today.split('-').reverse().join('/')}: ${ident}.` });
    const after = await show(m.id);
    expect(after).toMatchObject({ emTramitacao: false, norma_id: normId });
    expect(after._actions.gerar_norma).toEqual({ allowed: false, reason: `A sanção desta matéria já foi registrada: ela gerou a norma ${ident}.` });
    expect((await get(`/api/norms/${normId}/texto_compilado`)).materia).toMatchObject({ id: m.id, identificacao: m.identificacao });
  });

  it('takes the text of the approved substitutivo (an annulled or rejected one does not count) and tells of approved amendments', async () => {
    const pl = await matter('pl', { texto: 'Art. 1º Texto original do projeto.' });
    const authorId = (await get('/api/authors?perPage=100', admin))[0].id as number;
    const present = async (especie: string, texto: string) => ok(await post(`/api/matters/${pl.id}/apresentar_emenda`, {
      emenda_especie: especie, dataApresentacao: '2026-01-13', author_id: authorId, ementa: `Emenda ${especie}.`, texto,
    })).amendment as { id: number; identificacao: string };
    const rejeitado = await present('substitutivo', 'Art. 1º Texto do substitutivo rejeitado.');
    const aprovado = await present('substitutivo', 'Art. 1º Texto do substitutivo aprovado.');
    const emenda = await present('aditiva', 'Acrescente-se o art. 3º.');
    await vote(await item(rejeitado.id, 'unico', 'simbolica', 'substitutivo'), 'rejeitado');
    await vote(await item(aprovado.id, 'unico', 'simbolica', 'substitutivo'), 'aprovado');
    await vote(await item(emenda.id, 'unico', 'simbolica', 'emenda'), 'aprovado');
    await vote(await item(pl.id, 'unico'), 'aprovado');
    const r = ok(await post(`/api/matters/${pl.id}/gerar_norma`, { sancao: 'sancionada', data: today, type_id: ty.norms.lei_ordinaria }));
    expect(r.message).toMatch(new RegExp(`criada com o texto do ${aprovado.identificacao}, aprovado\\. 1 emenda aprovada: confira o texto da norma\\.$`));
    expect((await get(`/api/norms/${r.data.norma_id}`)).texto).toBe('Art. 1º Texto do substitutivo aprovado.');

    // an approved substitutivo whose result was annulled no longer gives the text
    const pl2 = await matter('pl', { texto: 'Art. 1º Texto próprio.' });
    const sub2 = ok(await post(`/api/matters/${pl2.id}/apresentar_emenda`, {
      emenda_especie: 'substitutivo', dataApresentacao: '2026-01-13', author_id: authorId, ementa: 'Substitutivo.', texto: 'Art. 1º Texto anulado.',
    })).amendment as { id: number };
    const subItem = await item(sub2.id, 'unico', 'simbolica', 'substitutivo');
    await vote(subItem, 'aprovado');
    ok(await put(`/api/plenary_matters/${subItem}/annul_result`, { motivo: 'Erro na contagem.' }));
    await vote(await item(pl2.id, 'unico'), 'aprovado');
    const r2 = ok(await post(`/api/matters/${pl2.id}/gerar_norma`, { sancao: 'sancionada', data: today, type_id: ty.norms.lei_ordinaria }));
    expect(r2.message).toMatch(/criada com o texto da matéria\.$/);
    expect((await get(`/api/norms/${r2.data.norma_id}`)).texto).toBe('Art. 1º Texto próprio.');
  });

  it('numbers per type and year, once: a given number already taken is refused', async () => {
    const other = await matter('pl');
    await vote(await item(other.id, 'unico'), 'aprovado');
    const taken = (await get(`/api/norms/${normId}`)).numero as string;
    const dup = await post(`/api/matters/${other.id}/gerar_norma`, { sancao: 'sancionada', data: today, type_id: ty.norms.lei_ordinaria, numero: taken });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.numero).toEqual([`Já existe Lei Ordinária nº ${taken}/${today.slice(0, 4)}.`]);
    // the same number written another way is the same number
    const dotted = await post('/api/norms', { type_id: ty.norms.lei_ordinaria, numero: `0${taken}`, ano: Number(today.slice(0, 4)), data: today, ementa: 'Outra.' });
    expect(dotted.statusCode).toBe(422);
    // veto parcial: a norm with the vetoed parts
    const r = ok(await post(`/api/matters/${other.id}/gerar_norma`, { sancao: 'veto_parcial', data: today, type_id: ty.norms.lei_ordinaria, partes_vetadas: 'Art. 2º' }));
    expect(await get(`/api/norms/${r.data.norma_id}`)).toMatchObject({ sancao: 'veto_parcial', partes_vetadas: 'Art. 2º' });
    expect((await steps(other.id)).pop()!.acao).toMatch(/^Sancionada com veto parcial em .*\. Partes vetadas: Art\. 2º$/);
  });

  it('gives simultaneous sanctions distinct, consecutive numbers', async () => {
    const ms = [];
    for (let i = 0; i < 4; i++) {
      const x = await matter('pl');
      await vote(await item(x.id, 'unico'), 'aprovado');
      ms.push(x);
    }
    const answers = await Promise.all(ms.map((x) => post(`/api/matters/${x.id}/gerar_norma`, { sancao: 'sancionada', data: today, type_id: ty.norms.lei_complementar })));
    const numbers = answers.map((a) => Number(ok(a).data.norma.identificacao.match(/nº ([\d.]+)\//)![1].replace(/\./g, ''))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(4);
    expect(numbers[3] - numbers[0]).toBe(3);
  });

  it('veto total: no norm, the step “Vetada” with the reasons', async () => {
    const x = await matter('pl');
    await vote(await item(x.id, 'unico'), 'aprovado');
    const none = await post(`/api/matters/${x.id}/gerar_norma`, { sancao: 'veto_total', data: today });
    expect(none.json().errors).toEqual({ motivo: ['Informe as razões do veto.'] });
    const before = (await t.call('GET', '/api/norms', { token: op })).json().meta.total;
    const r = ok(await post(`/api/matters/${x.id}/gerar_norma`, { sancao: 'veto_total', data: today, motivo: 'Vício de iniciativa.' }));
    expect(r.message).toBe('Veto total registrado: a matéria foi vetada e nenhuma norma foi criada.');
    expect(r.data.norma_id).toBeNull();
    expect((await t.call('GET', '/api/norms', { token: op })).json().meta.total).toBe(before);
    expect((await steps(x.id)).pop()).toMatchObject({ status_id: ty.tramitation_status.vetada, acao: `Vetada totalmente em ${today.split('-').reverse().join('/')}. Razões do veto: Vício de iniciativa.` });
  });

  it('annulling a result the matter moved on from keeps its step, marked', async () => {
    const x = await matter('pl');
    const it1 = await item(x.id, 'unico');
    await vote(it1, 'aprovado');
    ok(await post(`/api/matters/${x.id}/gerar_norma`, { sancao: 'sancionada', data: today, type_id: ty.norms.lei_ordinaria }));
    ok(await put(`/api/plenary_matters/${it1}/annul_result`, { motivo: 'Erro material' }));
    const all = await steps(x.id);
    expect(all).toHaveLength(3);
    expect(all[1].acao).toMatch(/\[Resultado da votação anulado: Resultado anulado: Erro material\]$/);
  });
});

describe('norms relate both ways, with a derived status and a compiled text', () => {
  const norm = async (numero: string, data: string, pub = true) => ok(await post('/api/norms', {
    type_id: ty.norms.lei_ordinaria, numero, ano: Number(data.slice(0, 4)), data, ...(pub ? { dataPublicacao: data } : {}), ementa: `Norma ${numero}.`, texto: `Texto da norma ${numero}.`,
  }), 201).data as { id: number; identificacao: string };
  let a: { id: number; identificacao: string };
  let b: { id: number; identificacao: string };
  let c: { id: number; identificacao: string };

  beforeAll(async () => {
    a = await norm('3.001', '2024-03-01');
    b = await norm('3.002', '2025-05-02');
    c = await norm('3.003', '2026-01-05');
  });

  it('shows “Alterada por” on the altered norm, and the notes of its compiled text', async () => {
    expect(a.identificacao).toBe('Lei Ordinária nº 3.001/2024');
    ok(await post(`/api/norms/${b.id}/add_relation`, { tipo: 'altera', related_norm_id: a.id, obs: 'Dá nova redação ao art. 2º.' }), 201);
    expect(await get(`/api/norms/${a.id}`)).toMatchObject({ situacao: 'alterada', vigencia: `Alterada por ${b.identificacao}` });
    const received = await get(`/api/norms/${a.id}/relations_received`);
    expect(received).toMatchObject([{ inverso: 'altera', norm_id: b.id, norm: { identificacao: b.identificacao }, obs: 'Dá nova redação ao art. 2º.' }]);
    const made = await get(`/api/norms/${b.id}/relations`);
    expect(made).toMatchObject([{ tipo: 'altera', related_norm_id: a.id }]);
    const compiled = await get(`/api/norms/${a.id}/texto_compilado`);
    expect(compiled).toMatchObject({ texto: 'Texto da norma 3.001.', vigencia: `Alterada por ${b.identificacao}` });
    expect(compiled.notas).toMatchObject([{ rotulo: 'Alterada por', norma: { id: b.id, identificacao: b.identificacao }, obs: 'Dá nova redação ao art. 2º.' }]);
    expect((await get(`/api/norms/${b.id}/texto_compilado`)).relacoes.feitas).toMatchObject([{ rotulo: 'Altera', norma: { id: a.id } }]);
  });

  it('a revoked norm reads “Revogada por …” in lists and on its page; removing the relation restores it', async () => {
    const rel = ok(await post(`/api/norms/${c.id}/add_relation`, { tipo: 'revoga', related_norm_id: a.id }), 201).data;
    expect(await get(`/api/norms/${a.id}`)).toMatchObject({ situacao: 'revogada', vigencia: `Revogada por ${c.identificacao} (e mais 1 alteração)` });
    const listed = (await get('/api/norms?perPage=100&situacao=revogada')).map((n: { id: number }) => n.id);
    expect(listed).toContain(a.id);
    expect((await t.call('DELETE', `/api/norms/${c.id}/relations/${rel.id}`, { token: op })).statusCode).toBe(204);
    expect((await get(`/api/norms/${a.id}`)).situacao).toBe('alterada');
  });

  it('refuses a norm related to itself, to a later one, or twice', async () => {
    expect((await post(`/api/norms/${a.id}/add_relation`, { tipo: 'altera', related_norm_id: a.id })).json().errors).toEqual({ related_norm_id: ['Uma norma não se relaciona com ela mesma.'] });
    const later = await post(`/api/norms/${a.id}/add_relation`, { tipo: 'revoga', related_norm_id: c.id });
    expect(later.json().errors.related_norm_id[0]).toBe(`Uma norma só revoga normas anteriores a ela: ${c.identificacao} é de 05/01/2026, depois desta (01/03/2024).`);
    expect((await post(`/api/norms/${b.id}/add_relation`, { tipo: 'altera', related_norm_id: a.id })).json().errors).toEqual({ related_norm_id: ['Esta relação já está registrada.'] });
    // another company's norms are not reachable
    expect((await post(`/api/norms/${a.id}/add_relation`, { tipo: 'altera', related_norm_id: b.id }, adminPm)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/norms/${a.id}/texto_compilado`, { token: adminPm })).statusCode).toBe(404);
  });

  it('is read publicly (published norms only), with its relations and compiled notes', async () => {
    const company = (await get(`/api/norms/${a.id}`)).company_id;
    const list = ok(await t.call('GET', `/api/public/norms?company_id=${company}&q=3.001`));
    expect(list.data).toMatchObject([{ id: a.id, identificacao: a.identificacao, situacao: 'alterada' }]);
    const one = ok(await t.call('GET', `/api/public/norms/${a.id}?company_id=${company}`)).data;
    expect(one).toMatchObject({ identificacao: a.identificacao, texto: 'Texto da norma 3.001.', notas: [{ rotulo: 'Alterada por', norma: { id: b.id } }] });
    expect((await t.call('GET', `/api/public/norms/${a.id}?company_id=${company + 1}`)).statusCode).toBe(404);
    const hidden = await norm('3.004', '2026-02-02', false);
    expect((await t.call('GET', `/api/public/norms/${hidden.id}?company_id=${company}`)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/public/norms')).statusCode).toBe(422);
  });
});

describe('the plenary item’s actions', () => {
  const live = async () => (await get(`/api/plenary_sessions/${session}/live`)).agenda as Record<string, any>[];

  it('pedido de vista: the item leaves the pauta for the member, with a deadline, and the matter a step', async () => {
    const m = await matter('pl');
    const it1 = await item(m.id, 'unico');
    const st = (await get(`/api/plenary_matters/${it1}`))._actions;
    expect(Object.keys(st).sort()).toEqual(['adiar', 'pedir_vista', 'retirar_pauta', 'urgencia']);
    expect(st.pedir_vista.allowed).toBe(true);
    expect((await post(`/api/plenary_matters/${it1}/pedir_vista`, { parliamentary_id: members[1], dias: 5 }, vereador)).statusCode).toBe(403);
    expect((await post(`/api/plenary_matters/${it1}/pedir_vista`, { parliamentary_id: members[1], dias: 5 }, adminPm)).statusCode).toBe(404);
    expect((await post(`/api/plenary_matters/${it1}/pedir_vista`, { parliamentary_id: members[1] })).json().errors).toEqual({ dias: ['O campo Prazo da vista (dias) é obrigatório.'] });
    const r = ok(await post(`/api/plenary_matters/${it1}/pedir_vista`, { parliamentary_id: members[1], dias: 5 }));
    const member = await get(`/api/parliamentaries/${members[1]}`);
    expect(r.data).toMatchObject({ situacao: 'vista', vista_parlamentar_id: members[1] });
    expect(r.message).toBe(`Pedido de vista registrado: Vista a ${member.nome} até ${r.data.vista_prazo.split('-').reverse().join('/')}. A matéria saiu da pauta desta sessão.`);
    const step = (await steps(m.id)).pop()!;
    expect(step).toMatchObject({ status_id: ty.tramitation_status.vista, diasPrazo: 5, fimPrazo: r.data.vista_prazo, plenary_session_id: session });
    expect((await live()).find((a) => a.id === it1)).toMatchObject({ situacao: 'vista', situacao_obs: r.data.situacao_obs });
    // off the pauta: not voted in this session, not asked again
    const v = await post(`/api/plenary_matters/${it1}/add_votting`);
    expect(v.statusCode).toBe(409);
    expect(v.json().message).toMatch(/^Esta matéria saiu da pauta desta sessão \(Vista a /);
    const again = await post(`/api/plenary_matters/${it1}/pedir_vista`, { parliamentary_id: members[2], dias: 3 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A matéria já saiu da pauta desta sessão (Com pedido de vista).');
  });

  it('retirada de pauta: only at an author’s request, with the reason', async () => {
    const m = await matter('pl');
    const it1 = await item(m.id, 'unico');
    expect((await get(`/api/plenary_matters/${it1}`))._actions.retirar_pauta).toEqual({ allowed: false, reason: 'A matéria não tem autores cadastrados: a retirada de pauta é a pedido do autor.' });
    const author = ok(await post('/api/authors', { name: 'Vereadora Autora', type_id: ty.authors.parlamentar }), 201).data;
    const stranger = ok(await post('/api/authors', { name: 'Outro Autor', type_id: ty.authors.parlamentar }), 201).data;
    ok(await post(`/api/matters/${m.id}/add_author`, { author_id: author.id }));
    const st = (await get(`/api/plenary_matters/${it1}`))._actions.retirar_pauta;
    expect(st).toMatchObject({ allowed: true, choices: { author_id: [{ value: author.id, label: 'Vereadora Autora' }] }, values: { author_id: author.id } });
    const wrong = await post(`/api/plenary_matters/${it1}/retirar_pauta`, { author_id: stranger.id, motivo: 'Ajustes no texto' });
    expect(wrong.json().errors).toEqual({ author_id: ['A retirada de pauta é a pedido do autor: escolha um dos autores da matéria.'] });
    expect((await post(`/api/plenary_matters/${it1}/retirar_pauta`, { author_id: author.id })).json().errors.motivo).toEqual(['O campo Motivo é obrigatório.']);
    const r = ok(await post(`/api/plenary_matters/${it1}/retirar_pauta`, { author_id: author.id, motivo: 'Ajustes no texto' }));
    expect(r.data).toMatchObject({ situacao: 'retirada', situacao_obs: 'Retirada a pedido de Vereadora Autora: Ajustes no texto' });
    expect((await steps(m.id)).pop()).toMatchObject({ status_id: ty.tramitation_status.retirada_pauta, acao: expect.stringMatching(/a pedido do autor \(Vereadora Autora\)\. Motivo: Ajustes no texto$/) });
  });

  it('adiamento: to a later session, where the matter goes on the pauta', async () => {
    const m = await matter('pl');
    const it1 = await item(m.id, 'primeiro');
    const st = (await get(`/api/plenary_matters/${it1}`))._actions.adiar;
    expect(st.allowed).toBe(true);
    expect(st.choices.plenary_session_id.map((c: { value: number }) => c.value)).toContain(later);
    expect(st.choices.plenary_session_id.map((c: { value: number }) => c.value)).not.toContain(session);
    const same = await post(`/api/plenary_matters/${it1}/adiar`, { plenary_session_id: session, motivo: 'Pedido de líder' });
    expect(same.json().errors).toEqual({ plenary_session_id: ['Escolha uma sessão plenária posterior a esta e ainda não finalizada.'] });
    const r = ok(await post(`/api/plenary_matters/${it1}/adiar`, { plenary_session_id: later, motivo: 'Pedido de líder' }));
    expect(r.data).toMatchObject({ situacao: 'adiada', adiada_para_id: later });
    const moved = (await get(`/api/plenary_sessions/${later}/matters`)).find((x: { matter_id: number }) => x.matter_id === m.id);
    expect(moved).toMatchObject({ kind: 'ordem_dia', situacao: 'em_pauta', turno_id: ty.turno.primeiro });
    expect(moved.obs).toMatch(/^Adiada da 801ª Sessão Extraordinária .*Motivo: Pedido de líder$/);
    expect(label('tramitation_status', (await steps(m.id)).pop()!.status_id)).toBe('adiada');
  });

  it('urgência: the matter’s regime and an urgent step of its status; once', async () => {
    const m = await matter('pl');
    const it1 = await item(m.id, 'unico');
    expect((await get(`/api/plenary_matters/${it1}`))._actions.urgencia).toMatchObject({ allowed: true, values: { regime_tramitacao_id: ty.regime_tramitacao.urgencia } });
    const r = ok(await post(`/api/plenary_matters/${it1}/urgencia`, { regime_tramitacao_id: ty.regime_tramitacao.urgencia, motivo: 'Requerimento 12/2026' }));
    expect(r.data).toMatchObject({ urgente: true, situacao: 'em_pauta' });
    expect((await show(m.id)).regime_tramitacao_id).toBe(ty.regime_tramitacao.urgencia);
    const step = (await steps(m.id)).pop()!;
    expect(step).toMatchObject({ status_id: ty.tramitation_status.pronta_pauta, urgente: true, automatico: true });
    expect(step.acao).not.toContain('fora do fluxo');
    expect((await post(`/api/plenary_matters/${it1}/urgencia`, { regime_tramitacao_id: ty.regime_tramitacao.urgencia })).json().message).toBe('A urgência desta matéria já foi aprovada nesta sessão.');
    expect((await live()).find((a) => a.id === it1)).toMatchObject({ urgente: true, situacao: 'em_pauta' });
    // still on the pauta: voted as usual
    await vote(it1, 'aprovado');
  });

  it('is refused while the item is being voted, once it was voted, and after the session ends', async () => {
    const m = await matter('pl');
    const it1 = await item(m.id, 'unico');
    ok(await post(`/api/plenary_matters/${it1}/add_votting`), 201);
    const open = await post(`/api/plenary_matters/${it1}/pedir_vista`, { parliamentary_id: members[0], dias: 2 });
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toBe('A votação desta matéria está aberta: encerre-a ou cancele-a antes.');
    ok(await put(`/api/plenary_matters/${it1}/close_votting`, { sim: 5, nao: 0, abstencao: 0 }));
    expect((await get(`/api/plenary_matters/${it1}`))._actions.adiar).toEqual({ allowed: false, reason: 'Esta matéria já foi votada nesta sessão (Aprovado). Para desfazer o resultado, use “Anular resultado”.' });
    const pending = await item((await matter('pl')).id, 'unico');
    ok(await post(`/api/plenary_sessions/${session}/finalizar`));
    const done = await post(`/api/plenary_matters/${pending}/urgencia`, { regime_tramitacao_id: ty.regime_tramitacao.urgencia });
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe('A sessão plenária está finalizada: a pauta dela não muda mais.');
  });
});
