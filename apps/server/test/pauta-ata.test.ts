/**
 * The session's documents (issue 13 §2; docs/legislativo.md): the pauta built from the session's items, reordered in
 * one transaction (concurrent reorders never corrupt it), published as immutable versions read by the public; the ata
 * generated when a session is finalized (presence per phase, each voting, each member's nominal vote, only the totals
 * of a secret ballot, the speakers), edited while a draft, approved in a later session and published. Companies and
 * roles apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { todayInSaoPaulo } from '../src/auth/session.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let op: string; // operador@: cm_admin, cm_operador_sessao
let vereador: string; // cm_parlamentar: reads, does not write
let adminPm: string; // another company
let camara: number;
let demo: { id: number; titulo: string }; // today's demo session (38ª), not started, with its pauta
const types: Record<string, Record<string, number>> = {};
const today = todayInSaoPaulo();

type Res = Awaited<ReturnType<TestApp['call']>>;
const ok = (res: Res, code = 200) => {
  expect(res.statusCode, res.body.slice(0, 400)).toBe(code);
  return res.json();
};
const refused = (res: Res, code: number, message?: RegExp | string) => {
  expect(res.statusCode, res.body.slice(0, 400)).toBe(code);
  if (message) expect(res.json().message).toMatch(message);
};
/** The PDF's text, whitespace folded (table cells wrap their lines). */
async function pdfText(res: Res): Promise<string> {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
const pautaOf = async (id: number, token = op) => ok(await t.call('GET', `/api/plenary_sessions/${id}/pauta`, { token })).data;
const idsOf = (items: { id: number }[]) => items.map((i) => i.id);
const reorder = (id: number, body: unknown, token = op) => t.call('PUT', `/api/plenary_sessions/${id}/pauta/ordem`, { token, body });

async function newSession(numero: number, abertura = today, horarioInicio = '19:00'): Promise<number> {
  return ok(await t.call('POST', '/api/plenary_sessions', { token: op, body: { numero, type_id: types.sessions.extraordinaria, abertura, horarioInicio } }), 201).data.id;
}
async function addItem(session: number, kind: 'expediente' | 'ordem_dia', matterId: number, votacao: string): Promise<number> {
  return ok(await t.call('POST', `/api/plenary_matters/${session}/add_matter`, { token: op, body: { kind, matter_id: matterId, tipo_votacao_id: types.votation[votacao] } }), 201).data.id;
}

beforeAll(async () => {
  t = await makeApp();
  [op, vereador, adminPm] = await Promise.all(['operador@paco.demo', 'vereador@paco.demo', 'admin.prefeitura@paco.demo'].map((e) => t.login(e)));
  for (const c of ['sessions', 'votation', 'matters', 'turno']) {
    types[c] = Object.fromEntries((ok(await t.call('GET', `/api/types_of/${c}`, { token: op })).data as { id: number; slug: string }[]).map((x) => [x.slug, x.id]));
  }
  const sessions = ok(await t.call('GET', '/api/plenary_sessions?perPage=10&sort=-abertura', { token: op })).data as { id: number; titulo: string; abertura: string; company_id: number }[];
  demo = sessions.find((s) => s.abertura === today)!;
  camara = sessions[0].company_id;
}, 60_000);
afterAll(async () => { await t?.close(); });

describe('pauta', () => {
  it('is built from the session items, in order, with what each one is', async () => {
    const p = await pautaOf(demo.id);
    expect(p.sessao).toMatchObject({ id: demo.id, titulo: demo.titulo, data: today, iniciada: false });
    expect(p.expediente).toHaveLength(7);
    expect(p.ordem_dia).toHaveLength(5);
    expect(p.expediente.map((i: { numOrdem: number }) => i.numOrdem)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const plc = p.ordem_dia[0];
    expect(plc.identificacao).toMatch(/^PLC /);
    expect(plc.ementa).toBeTruthy();
    expect(plc.autores.length).toBeGreaterThan(0);
    expect(plc).toMatchObject({ turno: 'Turno único', tipo_votacao: 'Nominal', polemica: true });
    // the quorum rule of its type (Lei Orgânica, art. 38), with what it demands of this house
    expect(plc.quorum).toMatchObject({ regra: 'maioria_absoluta', nome: 'Maioria absoluta' });
    expect(plc.quorum.exigencia).toMatch(/^maioria absoluta exige \d+, com quórum de \d+ presentes$/);
    expect(plc.quorum.fundamento).toMatch(/art\. 38/);
    expect(p.ordem_dia[3].quorum.regra).toBe('maioria_simples');
    expect(p.expediente[0]).toMatchObject({ tipo_votacao: 'Leitura (sem votação)' });
    expect(p.publicacoes).toEqual([]);
    expect(p.alterada).toBeNull();
    // council members read it too
    expect((await pautaOf(demo.id, vereador)).ordem_dia).toHaveLength(5);
  });

  it('opens on the session in progress, else the next one, else the last one', async () => {
    expect(ok(await t.call('GET', '/api/plenary_sessions/pauta/sessao', { token: op })).data.id).toBe(demo.id);
    expect(ok(await t.call('GET', '/api/plenary_sessions/pauta/sessao', { token: adminPm })).data).toBeNull();
  });

  it('is reordered in one call, by phase, and the live agenda follows', async () => {
    const before = await pautaOf(demo.id);
    const reversed = idsOf(before.expediente).reverse();
    const p = ok(await reorder(demo.id, { expediente: reversed, antes: { expediente: idsOf(before.expediente) } })).data;
    expect(idsOf(p.expediente)).toEqual(reversed);
    expect(p.expediente.map((i: { numOrdem: number }) => i.numOrdem)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(idsOf(p.ordem_dia)).toEqual(idsOf(before.ordem_dia));
    const live = ok(await t.call('GET', `/api/plenary_sessions/${demo.id}/live`, { token: op })).data;
    expect(live.agenda.filter((a: { kind: string }) => a.kind === 'expediente').map((a: { id: number }) => a.id)).toEqual(reversed);
    // put back
    ok(await reorder(demo.id, { expediente: idsOf(before.expediente) }));
  });

  it('refuses a list that is not the pauta, a stale order, and bad input', async () => {
    const p = await pautaOf(demo.id);
    const ids = idsOf(p.ordem_dia);
    refused(await reorder(demo.id, { ordem_dia: ids.slice(1) }), 409, /^Ordem do dia: a lista enviada não é a dos itens da pauta/);
    refused(await reorder(demo.id, { ordem_dia: [...ids.slice(1), idsOf(p.expediente)[0]] }), 409, /não é a dos itens da pauta/);
    refused(await reorder(demo.id, { ordem_dia: ids, antes: { ordem_dia: [...ids].reverse() } }), 409, /alterada por outra pessoa/);
    const dup = await reorder(demo.id, { ordem_dia: [ids[0], ...ids.slice(0, -1)] });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.ordem_dia).toEqual(['Ordem do dia: um item aparece mais de uma vez.']);
    expect((await reorder(demo.id, {})).statusCode).toBe(422);
    const bad = await reorder(demo.id, { ordem_dia: ['x'] });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json().errors)).toMatch(/Ordem do dia: item inválido\./);
    expect(idsOf((await pautaOf(demo.id)).ordem_dia)).toEqual(ids);
  });

  it('takes concurrent reorders one at a time: never a mixed or repeated order', async () => {
    const ids = idsOf((await pautaOf(demo.id)).ordem_dia);
    const a = [...ids].reverse();
    const b = [ids[1], ids[0], ...ids.slice(2)];
    // both made against the same order: one wins, the other is told the order changed
    const both = await Promise.all([reorder(demo.id, { ordem_dia: a, antes: { ordem_dia: ids } }), reorder(demo.id, { ordem_dia: b, antes: { ordem_dia: ids } })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const won = both[0].statusCode === 200 ? a : b;
    expect(idsOf((await pautaOf(demo.id)).ordem_dia)).toEqual(won);
    // without the order they were made against, each is applied whole, in turn
    const many = await Promise.all([a, b, ids, a, b].map((order) => reorder(demo.id, { ordem_dia: order })));
    expect(many.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await t.database.db.execute(sql`select "numOrdem" from plenary_matters where plenary_session_id = ${demo.id} and kind = 'ordem_dia' order by "numOrdem"`);
    expect((rows as unknown as { rows: { numOrdem: number }[] }).rows.map((r) => r.numOrdem)).toEqual([1, 2, 3, 4, 5]);
    expect([a, b, ids].map((o) => JSON.stringify(o))).toContain(JSON.stringify(idsOf((await pautaOf(demo.id)).ordem_dia)));
    ok(await reorder(demo.id, { ordem_dia: ids }));
  });

  it('is published as a dated version that later edits do not change; republishing adds a version', async () => {
    const show = ok(await t.call('GET', `/api/plenary_sessions/${demo.id}`, { token: op })).data;
    expect(show._actions.publish_pauta).toEqual({ allowed: true });
    const first = ok(await t.call('POST', `/api/plenary_sessions/${demo.id}/publicar_pauta`, { token: op }), 201);
    expect(first.data).toMatchObject({ versao: 1, itens: 12, plenary_session_id: demo.id, publicada_por_id: expect.any(Number), publicada_por: { id: expect.any(Number), name: 'Otávio Operador' } });
    expect(first.message).toMatch(/^Pauta publicada \(versão 1\) em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/);
    let p = await pautaOf(demo.id);
    expect(p.alterada).toBe(false);
    expect(p.publicacoes).toEqual([expect.objectContaining({ versao: 1, itens: 12, publicada_por: expect.objectContaining({ name: 'Otávio Operador' }) })]);
    const snapshot = ok(await t.call('GET', `/api/plenary_pautas/${first.data.id}`, { token: op })).data.conteudo;
    // an item edited and the order changed after publication: the published version stays as it was
    const item = p.ordem_dia[0];
    ok(await t.call('PUT', `/api/plenary_matters/${item.id}`, { token: op, body: { turno_id: types.turno.primeiro } }));
    ok(await reorder(demo.id, { ordem_dia: idsOf(p.ordem_dia).reverse() }));
    p = await pautaOf(demo.id);
    expect(p.alterada).toBe(true);
    const again = ok(await t.call('GET', `/api/plenary_pautas/${first.data.id}`, { token: op })).data;
    expect(again.conteudo).toEqual(snapshot);
    expect(again.conteudo.ordem_dia[0]).toMatchObject({ id: item.id, turno: 'Turno único' });
    // a version is never changed or removed: no route, and the database refuses it
    expect((await t.call('PUT', `/api/plenary_pautas/${first.data.id}`, { token: op, body: { itens: 1 } })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/plenary_pautas/${first.data.id}`, { token: op })).statusCode).toBe(404);
    await expect(t.database.db.execute(sql`update plenary_pautas set itens = 1 where id = ${first.data.id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from plenary_pautas where id = ${first.data.id}`)).rejects.toThrow();
    // republished: version 2, the first one still listed
    const second = ok(await t.call('POST', `/api/plenary_sessions/${demo.id}/publicar_pauta`, { token: op }), 201).data;
    expect(second.versao).toBe(2);
    p = await pautaOf(demo.id);
    expect(p.publicacoes.map((v: { versao: number }) => v.versao)).toEqual([2, 1]);
    expect(p.alterada).toBe(false);
    const tab = ok(await t.call('GET', `/api/plenary_sessions/${demo.id}/pautas`, { token: vereador })).data;
    expect(tab.map((v: { versao: number }) => v.versao)).toEqual([2, 1]);
  });

  it('is read by the public only as published, only in its company', async () => {
    const list = ok(await t.call('GET', `/api/public/entidade/${camara}/pautas`)).data;
    expect(list).toEqual([expect.objectContaining({ sessao: expect.objectContaining({ id: demo.id }), versao: 2, itens: 12 })]);
    const last = ok(await t.call('GET', `/api/public/entidade/${camara}/pautas/${demo.id}`)).data;
    expect(last).toMatchObject({ versao: 2, versoes: [expect.objectContaining({ versao: 2 }), expect.objectContaining({ versao: 1 })] });
    expect(last.publicada_por).toBeUndefined();
    expect(last.conteudo.ordem_dia).toHaveLength(5);
    const v1 = ok(await t.call('GET', `/api/public/entidade/${camara}/pautas/${demo.id}?versao=1`)).data;
    expect(v1.conteudo.ordem_dia[0].turno).toBe('Turno único');
    refused(await t.call('GET', `/api/public/entidade/${camara}/pautas/${demo.id}?versao=9`), 404, 'Versão da pauta não encontrada.');
    // another company's path never reaches this session; an unpublished session has nothing public
    const prefeitura = ok(await t.call('GET', '/api/plenary_sessions/pauta/sessao', { token: adminPm }));
    expect(prefeitura.data).toBeNull();
    const pmCompany = ((await t.database.db.execute(sql`select id from companies where abreviacao = 'PMVS'`)) as unknown as { rows: { id: number }[] }).rows[0].id;
    refused(await t.call('GET', `/api/public/entidade/${pmCompany}/pautas/${demo.id}`), 404, 'Pauta publicada não encontrada.');
    expect(ok(await t.call('GET', `/api/public/entidade/${pmCompany}/pautas`)).data).toEqual([]);
    refused(await t.call('GET', '/api/public/entidade/999999/pautas'), 404, 'Entidade não encontrada.');
    const empty = await newSession(610);
    refused(await t.call('GET', `/api/public/entidade/${camara}/pautas/${empty}`), 404, 'Pauta publicada não encontrada.');
  });

  it('is not published empty, nor after the session; other companies and readers are refused', async () => {
    const empty = await newSession(611);
    const show = ok(await t.call('GET', `/api/plenary_sessions/${empty}`, { token: op })).data;
    expect(show._actions.publish_pauta).toEqual({ allowed: false, reason: 'A pauta está vazia: inclua matérias na sessão antes de publicar.' });
    refused(await t.call('POST', `/api/plenary_sessions/${empty}/publicar_pauta`, { token: op }), 409, 'A pauta está vazia: inclua matérias na sessão antes de publicar.');
    const last = (ok(await t.call('GET', '/api/plenary_sessions?finalizada=true', { token: op })).data as { id: number }[])[0];
    refused(await t.call('POST', `/api/plenary_sessions/${last.id}/publicar_pauta`, { token: op }), 409, 'A sessão já foi finalizada: a pauta não pode mais ser publicada.');
    const ids = idsOf((await pautaOf(last.id)).ordem_dia);
    refused(await reorder(last.id, { ordem_dia: ids }), 409, 'A sessão já foi finalizada: a pauta não pode mais ser reordenada.');
    // a council member reads but does not reorder or publish
    refused(await reorder(demo.id, { ordem_dia: idsOf((await pautaOf(demo.id)).ordem_dia) }, vereador), 403);
    refused(await t.call('POST', `/api/plenary_sessions/${demo.id}/publicar_pauta`, { token: vereador }), 403);
    // another company's session: as if it did not exist
    refused(await t.call('GET', `/api/plenary_sessions/${demo.id}/pauta`, { token: adminPm }), 404, 'Sessão plenária não encontrada.');
    refused(await reorder(demo.id, { ordem_dia: idsOf((await pautaOf(demo.id)).ordem_dia) }, adminPm), 404, 'Sessão plenária não encontrada.');
    refused(await t.call('POST', `/api/plenary_sessions/${demo.id}/publicar_pauta`, { token: adminPm }), 404, 'Sessão plenária não encontrada.');
  });
});

describe('ata', () => {
  const members: { token: string; pid: number; nome: string }[] = [];
  let s: number; // the session run here
  let ap: number; // a later session, where the ata is approved
  const item: Record<string, { id: number; identificacao: string }> = {};
  let ata: { id: number };
  const ataOf = async (session: number) => (ok(await t.call('GET', `/api/plenary_sessions/${session}/atas`, { token: op })).data as { id: number; situacao: string }[])[0];
  const showAta = async (id = ata.id, token = op) => ok(await t.call('GET', `/api/plenary_minutes/${id}`, { token })).data;
  const block = (text: string, identificacao: string) => text.split('\n\n').find((b) => b.includes(identificacao)) ?? '';

  beforeAll(async () => {
    for (const email of ['vereador@paco.demo', 'vereador2@paco.demo', 'vereador4@paco.demo', 'vereador5@paco.demo', 'vereador6@paco.demo', 'vereador7@paco.demo']) {
      const token = await t.login(email);
      const me = ok(await t.call('GET', '/api/is-parliamentary', { token })).data.parliamentary;
      members.push({ token, pid: me.id, nome: me.nome });
    }
    s = await newSession(700, today, '09:00');
    ok(await t.call('PUT', `/api/plenary_sessions/${s}`, { token: op, body: { presidente_id: members[4].pid } }));
    const matters = ok(await t.call('GET', '/api/matters?perPage=4&sort=id', { token: op })).data as { id: number; identificacao: string }[];
    const add = async (key: string, kind: 'expediente' | 'ordem_dia', m: number, votacao: string) => {
      item[key] = { id: await addItem(s, kind, matters[m].id, votacao), identificacao: matters[m].identificacao };
    };
    await add('leitura', 'expediente', 0, 'leitura');
    await add('nominal', 'ordem_dia', 1, 'nominal');
    await add('secreta', 'ordem_dia', 2, 'secreta');
    await add('simbolica', 'ordem_dia', 3, 'simbolica');
    await add('pendente', 'ordem_dia', 0, 'nominal');
  });

  it('is generated when the session is finalized: presence, votings, each nominal vote, secret totals only, speakers', async () => {
    ok(await t.call('POST', `/api/plenary_sessions/${s}/iniciar`, { token: op }));
    const pids = members.map((m) => m.pid);
    ok(await t.call('POST', `/api/plenary_sessions/${s}/add_presences`, { token: op, body: { type: 'abertura', parliamentary_ids: pids.slice(0, 5) } }), 201);
    ok(await t.call('POST', `/api/plenary_sessions/${s}/add_presences`, { token: op, body: { type: 'ordem_dia', parliamentary_ids: pids.slice(0, 5) } }), 201);
    ok(await t.call('POST', `/api/plenary_sessions/${s}/add_absence`, { token: op, body: { parliamentary_id: members[5].pid, justificada: true, motivo: 'Licença médica' } }), 201);
    // the reading, then a nominal vote (4 vote, 1 present does not), a secret ballot, a symbolic vote
    ok(await t.call('POST', `/api/plenary_matters/${item.leitura.id}/add_votting`, { token: op, body: {} }), 201);
    const nominal = ok(await t.call('POST', `/api/plenary_matters/${item.nominal.id}/add_votting`, { token: op, body: {} }), 201).data.id;
    for (const [i, voto] of (['sim', 'sim', 'nao', 'abstencao'] as const).entries()) ok(await t.call('POST', `/api/vottings/${nominal}/vote`, { token: members[i].token, body: { voto } }));
    ok(await t.call('PUT', `/api/plenary_matters/${item.nominal.id}/close_votting`, { token: op, body: {} }));
    const secret = ok(await t.call('POST', `/api/plenary_matters/${item.secreta.id}/add_votting`, { token: op, body: {} }), 201).data.id;
    for (const [i, voto] of (['sim', 'sim', 'nao'] as const).entries()) ok(await t.call('POST', `/api/vottings/${secret}/vote`, { token: members[i].token, body: { voto } }));
    ok(await t.call('PUT', `/api/plenary_matters/${item.secreta.id}/close_votting`, { token: op, body: {} }));
    ok(await t.call('POST', `/api/plenary_matters/${item.simbolica.id}/add_votting`, { token: op, body: {} }), 201);
    ok(await t.call('PUT', `/api/plenary_matters/${item.simbolica.id}/close_votting`, { token: op, body: { sim: 4, nao: 1, abstencao: 0 } }));
    // speakers: one spoke 95 s, one was inscribed and did not speak
    const [sp] = ok(await t.call('POST', `/api/plenary_sessions/${s}/add_speakers`, { token: op, body: { type: 'expediente', parliamentary_ids: [members[0].pid] } }), 201).data;
    ok(await t.call('PUT', '/api/speaker/updateTime', { token: op, body: { id: sp.id, tempo: 95 } }));
    ok(await t.call('POST', `/api/plenary_sessions/${s}/add_speakers`, { token: op, body: { type: 'explicacoes_pessoais', parliamentary_ids: [members[1].pid] } }), 201);
    expect(await ataOf(s)).toBeUndefined();
    // finalized: the draft is there, in the same transaction
    ok(await t.call('POST', `/api/plenary_sessions/${s}/finalizar`, { token: op }));
    ata = await ataOf(s);
    expect(ata).toMatchObject({ situacao: 'rascunho' });
    const a = await showAta();
    expect(a.titulo).toMatch(/^700ª Sessão Extraordinária de /);
    expect(a.geradaEm).toBeTruthy();
    expect(a.abertura).toMatch(/^Aos? .* às \d{2}h\d{2}, reuniu-se a Câmara Municipal de Vila Serena em sua 700ª Sessão Extraordinária, sob a presidência de /);
    expect(a.abertura).toContain(`sob a presidência de ${members[4].nome}.`);
    const names = (ids: number[]) => members.filter((m) => ids.includes(m.pid)).map((m) => m.nome);
    expect(a.presencas).toContain('Abertura (expediente): 5 vereadores presentes — ');
    for (const n of names(pids.slice(0, 5))) expect(a.presencas).toContain(n);
    expect(a.presencas).toContain(`${members[5].nome} (ausência justificada: Licença médica)`);
    expect(a.expediente).toContain(`1. ${item.leitura.identificacao} — `);
    expect(a.expediente).toContain('Matéria lida em plenário (sem votação).');
    // each member's nominal vote, sorted by name; who was present and did not vote
    const nom = block(a.ordem_dia, item.nominal.identificacao);
    const sorted = (xs: string[]) => [...xs].sort((x, y) => x.localeCompare(y, 'pt-BR'));
    const [yes1, yes2] = sorted([members[0].nome, members[1].nome]);
    expect(nom).toContain('Votação nominal: ');
    expect(nom).toContain(`Votaram Sim: ${yes1} e ${yes2}. Votaram Não: ${members[2].nome}. Abstenções: ${members[3].nome}.`);
    expect(nom).toContain(`Presentes que não votaram: ${members[4].nome} (presidente).`);
    // the secret ballot: totals only, no name
    const sec = block(a.ordem_dia, item.secreta.identificacao);
    expect(sec).toContain('Votação secreta: registrados apenas os totais (2 Sim, 1 Não, 0 Abstenção).');
    for (const m of members) expect(sec).not.toContain(m.nome);
    expect(sec).not.toContain('Votaram');
    expect(block(a.ordem_dia, item.simbolica.identificacao)).toContain('Votação simbólica: Sem quórum: 5 presentes; maioria simples exige a presença de 6 de 11 membros.');
    expect(a.ordem_dia.split('\n\n').filter((b: string) => b.includes(item.leitura.identificacao))[0]).toContain('Não foi votada nesta sessão.');
    expect(a.oradores).toContain(`Expediente:\n1. ${members[0].nome} — 1min35s (tempo concedido: 5min).`);
    expect(a.oradores).toContain(`Explicações pessoais:\n1. ${members[1].nome} — inscrito, não fez uso da palavra.`);
    expect(a.encerramento).toMatch(/^Nada mais havendo a tratar, a Presidência encerrou a sessão às \d{2}h\d{2}\./);
    expect(a._actions).toMatchObject({ regenerate: { allowed: true }, publish: { allowed: false, reason: 'Só uma ata aprovada pode ser publicada (situação: Rascunho).' } });
  });

  it('is edited while a draft; generating it again keeps the staff text', async () => {
    ok(await t.call('PUT', `/api/plenary_minutes/${ata.id}`, { token: op, body: { ordem_dia: 'Texto reescrito pela secretaria.', observacoes: 'Sessão transmitida pela rádio comunitária.' } }));
    expect((await showAta()).ordem_dia).toBe('Texto reescrito pela secretaria.');
    const again = ok(await t.call('POST', `/api/plenary_minutes/${ata.id}/gerar`, { token: op }));
    expect(again.message).toBe('Seções da ata geradas de novo.');
    const a = await showAta();
    expect(a.ordem_dia).toContain('Votaram Sim: ');
    expect(a.observacoes).toBe('Sessão transmitida pela rádio comunitária.');
    // "Gerar ata" on the session does the same while it is a draft; a session not finalized has none
    ok(await t.call('POST', `/api/plenary_sessions/${s}/gerar_ata`, { token: op }));
    refused(await t.call('POST', `/api/plenary_sessions/${demo.id}/gerar_ata`, { token: op }), 409, 'A ata é gerada quando a sessão é finalizada.');
    // council members read it, do not change it
    expect((await showAta(ata.id, vereador)).titulo).toMatch(/^700ª/);
    refused(await t.call('PUT', `/api/plenary_minutes/${ata.id}`, { token: vereador, body: { observacoes: 'x' } }), 403);
    refused(await t.call('POST', `/api/plenary_minutes/${ata.id}/gerar`, { token: vereador }), 403);
  });

  it('is approved in a later session that took place, with its date', async () => {
    // no later session yet (today's demo session is earlier than this one)
    expect((await showAta())._actions.approve).toEqual({ allowed: false, reason: 'Nenhuma sessão posterior à da ata foi realizada ainda: a ata é aprovada numa sessão seguinte.' });
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const future = await newSession(702, tomorrow);
    ap = await newSession(701, today, '20:00');
    const st = (await showAta())._actions.approve;
    expect(st.allowed).toBe(true);
    expect(st.values).toMatchObject({ sessao_aprovacao_id: ap, aprovadaEm: today });
    expect(st.choices.sessao_aprovacao_id.map((c: { value: number }) => c.value)).toEqual([ap]);
    const approve = (body: unknown, token = op) => t.call('POST', `/api/plenary_minutes/${ata.id}/aprovar`, { token, body });
    for (const wrong of [s, demo.id, future]) {
      const r = await approve({ sessao_aprovacao_id: wrong });
      expect(r.statusCode, r.body).toBe(422);
      expect(r.json().errors.sessao_aprovacao_id[0]).toMatch(/^A ata é aprovada numa sessão posterior/);
    }
    expect((await approve({ sessao_aprovacao_id: ap, aprovadaEm: tomorrow })).json().errors.aprovadaEm).toEqual(['A data da aprovação não pode ser futura.']);
    expect((await approve({ sessao_aprovacao_id: ap, aprovadaEm: '2020-01-01' })).json().errors.aprovadaEm[0]).toMatch(/^A data da aprovação não pode ser anterior/);
    expect((await approve({})).statusCode).toBe(422);
    refused(await approve({ sessao_aprovacao_id: ap }, vereador), 403);
    refused(await approve({ sessao_aprovacao_id: ap }, adminPm), 404, 'Ata não encontrada.');
    const done = ok(await approve({ sessao_aprovacao_id: ap }));
    expect(done.data).toMatchObject({ situacao: 'aprovada', sessao_aprovacao_id: ap, aprovadaEm: today, aprovada_por: { id: expect.any(Number), name: 'Otávio Operador' } });
    expect(done.message).toMatch(/^Ata aprovada na 701ª Sessão Extraordinária/);
  });

  it('is final once approved: no edit, no new generation, no second approval, no removal', async () => {
    const a = await showAta();
    expect(a._can).toEqual({ update: false, delete: false, reason: 'O texto da ata não pode mais ser alterado depois da aprovação (situação: Aprovada).' });
    refused(await t.call('PUT', `/api/plenary_minutes/${ata.id}`, { token: op, body: { observacoes: 'mudou' } }), 409, 'O texto da ata não pode mais ser alterado depois da aprovação (situação: Aprovada).');
    refused(await t.call('DELETE', `/api/plenary_minutes/${ata.id}`, { token: op }), 409);
    refused(await t.call('POST', `/api/plenary_minutes/${ata.id}/gerar`, { token: op }), 409, 'A ata não pode mais ser gerada de novo depois da aprovação (situação: Aprovada).');
    refused(await t.call('POST', `/api/plenary_sessions/${s}/gerar_ata`, { token: op }), 409, 'A ata desta sessão já foi aprovada: não pode ser gerada de novo.');
    refused(await t.call('POST', `/api/plenary_minutes/${ata.id}/aprovar`, { token: op, body: { sessao_aprovacao_id: ap } }), 409, 'A ata já foi aprovada (situação: Aprovada).');
    await expect(t.database.db.execute(sql`update plenary_minutes set observacoes = 'x' where id = ${ata.id}`)).rejects.toThrow();
    refused(await t.call('GET', `/api/public/entidade/${camara}/atas/${s}`), 404, 'Ata publicada não encontrada.');
  });

  it('is published once approved, then read by the public and never changed', async () => {
    refused(await t.call('POST', `/api/plenary_minutes/${ata.id}/publicar`, { token: vereador }), 403);
    const done = ok(await t.call('POST', `/api/plenary_minutes/${ata.id}/publicar`, { token: op }));
    expect(done.data).toMatchObject({ situacao: 'publicada', publicada_por: { id: expect.any(Number), name: 'Otávio Operador' } });
    expect(done.data.publicadaEm).toBeTruthy();
    refused(await t.call('POST', `/api/plenary_minutes/${ata.id}/publicar`, { token: op }), 409, 'Só uma ata aprovada pode ser publicada (situação: Publicada).');
    await expect(t.database.db.execute(sql`update plenary_minutes set "publicadaEm" = now() where id = ${ata.id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from plenary_minutes where id = ${ata.id}`)).rejects.toThrow();
    const pub = ok(await t.call('GET', `/api/public/entidade/${camara}/atas/${s}`)).data;
    expect(pub).toMatchObject({ titulo: expect.stringMatching(/^Ata da 700ª/), aprovadaEm: today, aprovada_na: expect.stringMatching(/^701ª/) });
    expect(pub.ordem_dia).toContain('Votaram Sim: ');
    const pmCompany = ((await t.database.db.execute(sql`select id from companies where abreviacao = 'PMVS'`)) as unknown as { rows: { id: number }[] }).rows[0].id;
    refused(await t.call('GET', `/api/public/entidade/${pmCompany}/atas/${s}`), 404);
    // the session with an ata can't be deleted from under it
    refused(await t.call('DELETE', `/api/plenary_sessions/${s}`, { token: op }), 409);
  });

  it('is in the demo data: the draft of the last session, with the nominal votes and the speakers', async () => {
    const last = (ok(await t.call('GET', '/api/plenary_sessions?finalizada=true&sort=abertura', { token: op })).data as { id: number }[])[0];
    const draft = await ataOf(last.id);
    expect(draft.situacao).toBe('rascunho');
    const a = await showAta(draft.id);
    expect(a.ordem_dia).toMatch(/Votaram Não: (Beto Carvalho e Sargento Almeida|Sargento Almeida e Beto Carvalho)\./);
    expect(a.oradores).toContain('Ana Paula Rocha — 4min22s (tempo concedido: 5min).');
    expect(a.presencas).toContain('Não houve ausências.');
    // a draft may be removed and generated again
    expect((await t.call('DELETE', `/api/plenary_minutes/${draft.id}`, { token: op })).statusCode).toBe(204);
    const again = ok(await t.call('POST', `/api/plenary_sessions/${last.id}/gerar_ata`, { token: op }), 201);
    expect(again.message).toBe('Ata gerada como rascunho.');
    // another company's reader never reaches it
    refused(await t.call('GET', `/api/plenary_minutes/${again.data.id}`, { token: adminPm }), 404);
    refused(await t.call('POST', `/api/plenary_sessions/${last.id}/gerar_ata`, { token: adminPm }), 404);
  });
});

describe('PDF', () => {
  it('prints the pauta as it stands, or a published version as published', async () => {
    const before = await pautaOf(demo.id);
    ok(await reorder(demo.id, { expediente: idsOf(before.expediente).reverse() }));
    const current = await pautaOf(demo.id);
    // changed after version 2: the current pauta is printed marked as not published
    const now = await pdfText(await t.call('GET', `/api/plenary_sessions/${demo.id}/pauta/pdf`, { token: vereador }));
    expect(now).toContain(`Pauta da ${demo.titulo}`);
    expect(now).toContain('Câmara Municipal de Vila Serena');
    expect(now).toContain('Expediente');
    expect(now).toContain('Ordem do dia');
    for (const i of [...current.expediente, ...current.ordem_dia]) expect(now).toContain(i.identificacao);
    expect(now).toContain('Maioria absoluta');
    expect(now).toContain('NÃO PUBLICADA');
    expect(now).toContain('Pauta alterada depois da última publicação (versão 2');
    expect(now).toContain(current.ordem_dia[0].ementa.slice(0, 40));
    const v1 = await pdfText(await t.call('GET', `/api/plenary_sessions/${demo.id}/pauta/pdf?versao=1`, { token: op }));
    expect(v1).toContain('Versão 1, publicada em');
    expect(v1).toContain('Otávio Operador');
    expect(v1).not.toContain('NÃO PUBLICADA');
    refused(await t.call('GET', `/api/plenary_sessions/${demo.id}/pauta/pdf?versao=99`, { token: op }), 404, 'Versão da pauta não encontrada.');
    refused(await t.call('GET', `/api/plenary_sessions/${demo.id}/pauta/pdf`, { token: adminPm }), 404, 'Sessão plenária não encontrada.');
    // republished: the pauta as it stands is the published one
    ok(await t.call('POST', `/api/plenary_sessions/${demo.id}/publicar_pauta`, { token: op }), 201);
    const same = await pdfText(await t.call('GET', `/api/plenary_sessions/${demo.id}/pauta/pdf`, { token: op }));
    expect(same).toContain('Versão 3, publicada em');
    expect(same).not.toContain('NÃO PUBLICADA');
  });

  it('prints the ata: a draft marked, a published one with its approval', async () => {
    const atas = ok(await t.call('GET', '/api/plenary_minutes?perPage=10&sort=data', { token: op })).data as { id: number; situacao: string; titulo: string }[];
    const draft = atas.find((a) => a.situacao === 'rascunho')!;
    const text = await pdfText(await t.call('GET', `/api/plenary_minutes/${draft.id}/pdf`, { token: vereador }));
    expect(text).toContain(draft.titulo);
    expect(text).toContain('RASCUNHO');
    expect(text).toContain('Presenças');
    expect(text).toContain('Votaram Não:');
    expect(text).toContain('Uso da palavra');
    const published = atas.find((a) => a.situacao === 'publicada')!;
    const pub = await pdfText(await t.call('GET', `/api/plenary_minutes/${published.id}/pdf`, { token: op }));
    expect(pub).toContain('Publicada');
    expect(pub).toMatch(/Aprovada na 701ª Sessão Extraordinária/);
    expect(pub).not.toContain('RASCUNHO');
    expect(pub).toContain('Votação secreta: registrados apenas os totais');
    refused(await t.call('GET', `/api/plenary_minutes/${draft.id}/pdf`, { token: adminPm }), 404, 'Ata não encontrada.');
  });
});
