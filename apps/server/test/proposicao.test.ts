/**
 * "Da proposição à matéria" (issue 13 §1; docs/legislativo.md): co-authorship of a councillor's draft, amendments and
 * substitutivos attached to their main matter and numbered in its sequence, and committee work (distribution, the
 * rapporteur among the commission's members, the deadline in business days, the parecer with its document).
 * Demo actors: vereador@ (Vera Lúcia), vereador2@ (Zé do Mercado), vereador3@ (Dr. Ricardo Menezes), vereador4@
 * (Ana Paula Rocha, never invited), vereador5@ (Sargento Almeida), vereador6@ (Tânia Ribeiro); operador@ (cm_admin),
 * admin@ (câmara), admin.prefeitura@ (another company); a commissions' operator (cm_operador_comissao) made here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInSaoPaulo } from '../src/auth/session.ts';
import { addDays } from '../src/modules/materias/deadline.ts';
import { makeApp, multipart, TINY_PDF, type TestApp } from './helpers.ts';

let t: TestApp;
type Res = Awaited<ReturnType<TestApp['call']>>;
const data = (r: Res) => r.json().data;
const APP = '/api/matters/matterapplication';
const today = todayInSaoPaulo();
const year = Number(today.slice(0, 4));

const tok: Record<string, string> = {};
const parl: Record<string, number> = {};
const typeId: Record<string, number> = {};
const status: Record<string, number> = {};
let comissoes: string; // cm_operador_comissao
let materias: string; // cm_operador_materias

async function userWith(role: string): Promise<string> {
  const email = `${role}.${Math.random().toString(36).slice(2, 8)}@paco.demo`;
  const made = await t.call('POST', '/api/admin/users', { token: tok.admin, body: { name: `Pessoa ${role}`, email, password: 'senha-forte-123' } });
  expect(made.statusCode, made.body).toBe(201);
  const roles = data(await t.call('GET', `/api/roles?q=${role}&perPage=100`, { token: tok.admin })) as { id: number; name: string }[];
  const linked = await t.call('POST', `/api/admin/users/${data(made).id}/vincula`, { token: tok.admin, body: { role_id: roles.find((r) => r.name === role)!.id } });
  expect(linked.statusCode, linked.body).toBeLessThan(300);
  return t.login(email, 'senha-forte-123');
}

beforeAll(async () => {
  t = await makeApp();
  const who = { vera: 'vereador@', ze: 'vereador2@', ricardo: 'vereador3@', ana: 'vereador4@', sargento: 'vereador5@', tania: 'vereador6@', operador: 'operador@', admin: 'admin@', adminPm: 'admin.prefeitura@' };
  for (const [k, e] of Object.entries(who)) tok[k] = await t.login(`${e}paco.demo`);
  const names = { vera: 'Vera Lúcia', ze: 'Zé do Mercado', ricardo: 'Dr. Ricardo Menezes', ana: 'Ana Paula Rocha', sargento: 'Sargento Almeida', tania: 'Tânia Ribeiro' };
  const all = data(await t.call('GET', '/api/parliamentaries?perPage=100', { token: tok.admin })) as { id: number; nome: string }[];
  for (const [k, n] of Object.entries(names)) parl[k] = all.find((p) => p.nome === n)!.id;
  for (const x of data(await t.call('GET', '/api/types_of/matters', { token: tok.admin })) as { slug: string; id: number }[]) typeId[x.slug] = x.id;
  for (const x of data(await t.call('GET', '/api/types_of/tramitation_status', { token: tok.admin })) as { slug: string; id: number }[]) status[x.slug] = x.id;
  comissoes = await userWith('cm_operador_comissao');
  materias = await userWith('cm_operador_materias');
}, 90_000);
afterAll(async () => { await t?.close(); });

const draft = async (token: string, ementa: string) => {
  const res = await t.call('POST', APP, { token, body: { type_id: typeId.pl, ementa, texto: 'Art. 1º Fica instituído o programa.', justificativa: 'Interesse público.' } });
  expect(res.statusCode, res.body).toBe(201);
  return data(res) as Record<string, any>;
};
const act = (token: string, id: number, action: string, body?: unknown) => t.call('POST', `${APP}/${id}/${action}`, { token, body });
const signatures = async (token: string, id: number) => data(await t.call('GET', `${APP}/${id}/signatures`, { token })) as { parliamentary_id: number; situacao: string; id: number }[];
const kinds = async (token: string) => (data(await t.call('GET', '/api/notifications?perPage=50', { token })) as { kind: string; title: string }[]);
const inboxCount = async (token: string, resource: string, key: string) =>
  ((data(await t.call('GET', '/api/inbox', { token })) as { resource: string; key: string; count: number }[]).find((x) => x.resource === resource && x.key === key)?.count ?? null);

describe('co-authorship of a draft', () => {
  let d: Record<string, any>;

  it('the author invites a member, who sees the draft read-only with "Assinar" and "Recusar"; others never reach it', async () => {
    d = await draft(tok.vera, 'Institui o programa Horta na Escola.');
    const before = await inboxCount(tok.ze, 'matter_applications', 'assinar');
    const inv = await act(tok.vera, d.id, 'invite', { parliamentary_id: parl.ze });
    expect(inv.statusCode, inv.body).toBe(200);
    expect(inv.json().message).toBe('Convite enviado a Zé do Mercado.');
    expect(await signatures(tok.vera, d.id)).toMatchObject([{ parliamentary_id: parl.ze, situacao: 'pendente' }]);
    expect((await kinds(tok.ze)).some((n) => n.kind === 'coautoria_convite')).toBe(true);

    // the invited member: reads it, may not change or send it, and has the signing buttons
    const seen = data(await t.call('GET', `${APP}/${d.id}`, { token: tok.ze }));
    const why = 'Você foi convidado(a) a assinar esta matéria como coautor(a): só o autor (Vera Lúcia) a altera e a envia.';
    expect(seen._can).toEqual({ update: false, delete: false, reason: why });
    // only their own buttons: signing (sending and inviting are the author's)
    expect(seen._actions).toEqual({ sign: { allowed: true }, decline: { allowed: true } });
    const put = await t.call('PUT', `${APP}/${d.id}`, { token: tok.ze, body: { ementa: 'Mudada por quem não é autor.' } });
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toBe(why);
    const send = await act(tok.ze, d.id, 'send');
    expect(send.statusCode).toBe(409);
    expect(send.json().message).toBe('Só o autor envia a matéria à Câmara e convida coautores; você foi convidado(a) a assiná-la.');
    expect((await t.call('DELETE', `${APP}/${d.id}`, { token: tok.ze })).statusCode).toBe(403);
    // in their lists and "Minhas pendências"
    const row = (data(await t.call('GET', `${APP}?perPage=100&fields=list`, { token: tok.ze })) as { id: number; _can: unknown }[]).find((x) => x.id === d.id);
    // listed, and marked as not theirs to change (the screen shows no delete button on it)
    expect(row?._can).toEqual({ update: false, delete: false });
    const mineListed = (data(await t.call('GET', `${APP}?perPage=100&fields=list`, { token: tok.vera })) as { id: number; _can: unknown }[]).find((x) => x.id === d.id);
    expect(mineListed?._can).toEqual({ update: true, delete: true });
    expect(await inboxCount(tok.ze, 'matter_applications', 'assinar')).toBe((before ?? 0) + 1);
    expect((data(await t.call('GET', `${APP}?inbox=assinar&perPage=100`, { token: tok.ze })) as { id: number }[]).map((x) => x.id)).toContain(d.id);

    // the author sees no signing button on her own draft
    const own = data(await t.call('GET', `${APP}/${d.id}`, { token: tok.vera }));
    expect(own._actions.sign).toBeUndefined();
    expect(own._actions.decline).toBeUndefined();
    expect((await act(tok.vera, d.id, 'sign')).statusCode).toBe(409);

    // a member not invited, the house (a draft is its author's), another company: 404
    for (const token of [tok.ana, tok.operador]) {
      expect((await t.call('GET', `${APP}/${d.id}`, { token })).statusCode).toBe(404);
      expect((data(await t.call('GET', `${APP}?perPage=100`, { token })) as { id: number }[]).map((x) => x.id)).not.toContain(d.id);
    }
    expect((await act(tok.ana, d.id, 'sign')).statusCode).toBe(404);
    expect((await t.call('GET', `${APP}/${d.id}/signatures`, { token: tok.ana })).statusCode).toBe(404);
    expect((await t.call('GET', `${APP}/${d.id}`, { token: tok.adminPm })).statusCode).toBe(404);
    expect(await inboxCount(tok.ana, 'matter_applications', 'assinar')).toBe(0);
    // signing is a councillor's own act: staff roles get 403
    expect((await act(tok.operador, d.id, 'sign')).statusCode).toBe(403);
  });

  it('refuses the author, a second invitation, someone of another company', async () => {
    const self = await act(tok.vera, d.id, 'invite', { parliamentary_id: parl.vera });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.parliamentary_id).toEqual(['O autor não assina como coautor da própria matéria.']);
    const twice = await act(tok.vera, d.id, 'invite', { parliamentary_id: parl.ze });
    expect(twice.json().errors.parliamentary_id).toEqual(['Zé do Mercado já foi convidado(a) a assinar esta matéria.']);
    const foreign = await act(tok.vera, d.id, 'invite', { parliamentary_id: 999_999 });
    expect(foreign.statusCode).toBe(422);
    expect(Object.keys(foreign.json().errors)).toEqual(['parliamentary_id']);
    // only the author invites
    expect((await act(tok.ze, d.id, 'invite', { parliamentary_id: parl.tania })).statusCode).toBe(409);
  });

  it('each signs or declines from their own account; the author is told; a changed text is signed again', async () => {
    const signed = await act(tok.ze, d.id, 'sign');
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().message).toBe('Matéria assinada. O autor foi avisado.');
    expect((await kinds(tok.vera)).some((n) => n.kind === 'coautoria_resposta' && n.title === 'Zé do Mercado assinou sua matéria')).toBe(true);
    const again = await act(tok.ze, d.id, 'sign');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Você já assinou esta matéria.');
    expect((await t.call('GET', `${APP}?inbox=assinar&perPage=100`, { token: tok.ze })).json().data.map((x: { id: number }) => x.id)).not.toContain(d.id);

    // a second co-signer declines, with the reason, then signs after all
    await act(tok.vera, d.id, 'invite', { parliamentary_id: parl.sargento });
    const no = await act(tok.sargento, d.id, 'decline', { motivo: 'Prefiro apresentar emenda.' });
    expect(no.statusCode, no.body).toBe(200);
    expect((await signatures(tok.vera, d.id)).find((s) => s.parliamentary_id === parl.sargento)).toMatchObject({ situacao: 'recusada', motivo: 'Prefiro apresentar emenda.' });
    expect((await kinds(tok.vera)).some((n) => n.title === 'Sargento Almeida recusou a assinatura da sua matéria')).toBe(true);

    // the author changes the text: the signature given to the old one waits again
    const changed = await t.call('PUT', `${APP}/${d.id}`, { token: tok.vera, body: { ementa: 'Institui o programa Horta na Escola nas escolas municipais.' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await signatures(tok.vera, d.id)).find((s) => s.parliamentary_id === parl.ze)!.situacao).toBe('pendente');
    expect((await act(tok.ze, d.id, 'sign')).statusCode).toBe(200);
    expect((await act(tok.sargento, d.id, 'sign')).statusCode).toBe(200);
  });

  it('only the author sends; signatures are frozen once sent; the matter\'s authors are the signers in signing order', async () => {
    await act(tok.vera, d.id, 'invite', { parliamentary_id: parl.tania });
    const sent = await act(tok.vera, d.id, 'send');
    expect(sent.statusCode, sent.body).toBe(200);
    const sigs = await signatures(tok.operador, d.id);
    expect(sigs.map((s) => [s.parliamentary_id, s.situacao])).toEqual([[parl.ze, 'assinada'], [parl.sargento, 'assinada'], [parl.tania, 'encerrada']]);
    // frozen: no signing, declining, inviting or removing
    const late = await act(tok.tania, d.id, 'sign');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('A matéria já foi enviada à Câmara: as assinaturas estão encerradas (situação: Enviada).');
    expect((await act(tok.ze, d.id, 'decline', {})).statusCode).toBe(409);
    expect((await act(tok.vera, d.id, 'invite', { parliamentary_id: parl.ana })).statusCode).toBe(409);
    const removed = await t.call('DELETE', `${APP}/${d.id}/signatures/${sigs[0].id}`, { token: tok.vera });
    expect(removed.statusCode).toBe(403);
    expect((await signatures(tok.vera, d.id))).toHaveLength(3);
    const seenByTania = data(await t.call('GET', `${APP}/${d.id}`, { token: tok.tania }));
    expect(seenByTania._actions.sign).toEqual({ allowed: false, reason: 'A matéria já foi enviada à Câmara: as assinaturas estão encerradas (situação: Enviada).' });

    // the house protocols it: the author, then the signers in the order they signed
    const res = await t.call('POST', `${APP}/${d.id}/protocol`, { token: tok.operador, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    const matter = data(await t.call('GET', `/api/matters/${data(res).matter_id}`, { token: tok.admin }));
    expect(matter.authors.map((a: { parliamentary_id: number }) => a.parliamentary_id)).toEqual([parl.vera, parl.ze, parl.sargento]);
    const listed = data(await t.call('GET', `/api/matters/${matter.id}/authors`, { token: tok.admin })) as { parliamentary_id: number }[];
    expect(listed.map((a) => a.parliamentary_id)).toEqual([parl.vera, parl.ze, parl.sargento]);
  });

  it('an invitation is removed by the author while the draft was never sent', async () => {
    const other = await draft(tok.vera, 'Dispõe sobre a arborização urbana.');
    await act(tok.vera, other.id, 'invite', { parliamentary_id: parl.ze });
    const [sig] = await signatures(tok.vera, other.id);
    expect((await t.call('DELETE', `${APP}/${other.id}/signatures/${sig.id}`, { token: tok.ze })).statusCode).toBe(403);
    expect((await t.call('DELETE', `${APP}/${other.id}/signatures/${sig.id}`, { token: tok.vera })).statusCode).toBe(204);
    expect(await signatures(tok.vera, other.id)).toEqual([]);
    // uninvited, the draft is out of their reach again
    expect((await t.call('GET', `${APP}/${other.id}`, { token: tok.ze })).statusCode).toBe(404);
  });
});

describe('amendments and substitutivos', () => {
  let pl: { id: number; identificacao: string };
  let other: { id: number; identificacao: string };
  let author: number;

  const newPl = async (ementa: string) => {
    const res = await t.call('POST', '/api/matters', { token: tok.operador, body: { type_id: typeId.pl, dataApresentacao: `${year}-02-10`, ementa } });
    expect(res.statusCode, res.body).toBe(201);
    return data(res) as { id: number; identificacao: string };
  };
  const present = (id: number, body: Record<string, unknown>, token = tok.operador) =>
    t.call('POST', `/api/matters/${id}/apresentar_emenda`, { token, body: { dataApresentacao: `${year}-03-01`, author_id: author, ementa: 'Altera o art. 2º.', ...body } });

  beforeAll(async () => {
    pl = await newPl('Dispõe sobre a coleta seletiva.');
    other = await newPl('Dispõe sobre as feiras livres.');
    author = (data(await t.call('GET', '/api/authors?perPage=100', { token: tok.admin })) as { id: number; parliamentary_id: number }[]).find((a) => a.parliamentary_id === parl.ana)!.id;
  });

  it('are numbered in the main matter\'s own sequence, per kind', async () => {
    const offered = data(await t.call('GET', `/api/matters/${pl.id}`, { token: tok.operador }))._actions.apresentar_emenda;
    expect(offered.allowed).toBe(true);
    expect(offered.choices.emenda_especie.map((c: { value: string }) => c.value)).toEqual(['aditiva', 'modificativa', 'supressiva', 'substitutiva', 'substitutivo']);
    const e1 = await present(pl.id, { emenda_especie: 'modificativa' });
    expect(e1.statusCode, e1.body).toBe(200);
    expect(e1.json().message).toBe(`Apresentada: Emenda nº 1 ao ${pl.identificacao}.`);
    const e2 = await present(pl.id, { emenda_especie: 'aditiva' });
    expect(e2.json().amendment.identificacao).toBe(`Emenda nº 2 ao ${pl.identificacao}`);
    const s1 = await present(pl.id, { emenda_especie: 'substitutivo', ementa: 'Substitutivo ao projeto.' });
    expect(s1.json().amendment.identificacao).toBe(`Substitutivo nº 1 ao ${pl.identificacao}`);
    // another main matter has a sequence of its own
    const o1 = await present(other.id, { emenda_especie: 'supressiva' });
    expect(o1.json().amendment.identificacao).toBe(`Emenda nº 1 ao ${other.identificacao}`);

    const shown = data(await t.call('GET', `/api/matters/${e1.json().amendment.id}`, { token: tok.operador }));
    expect(shown).toMatchObject({ principal_id: pl.id, emenda_especie: 'modificativa', numero: 1, matter_type: { slug: 'emenda' } });
    expect(shown.principal).toMatchObject({ id: pl.id, identificacao: pl.identificacao });
    expect(shown.authors.map((a: { id: number }) => a.id)).toEqual([author]);

    // a subemenda to an emenda: only that is offered there, in the emenda's own sequence
    const onEmenda = shown._actions.apresentar_emenda;
    expect(onEmenda.choices.emenda_especie).toEqual([{ value: 'subemenda', label: 'Subemenda' }]);
    const wrong = await present(shown.id, { emenda_especie: 'aditiva' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.emenda_especie).toEqual([`Emenda nº 1 ao ${pl.identificacao} recebe: “Subemenda”.`]);
    const sub = await present(shown.id, { emenda_especie: 'subemenda' });
    expect(sub.json().amendment.identificacao).toBe(`Subemenda nº 1 à Emenda nº 1 ao ${pl.identificacao}`);
    const onSub = data(await t.call('GET', `/api/matters/${sub.json().amendment.id}`, { token: tok.operador }))._actions.apresentar_emenda;
    expect(onSub).toEqual({ allowed: false, reason: 'Uma subemenda não recebe emendas.' });

    // the main matter's sub-list, and the call the pauta uses: each under its main matter, subemendas under their emenda
    const tab = data(await t.call('GET', `/api/matters/${pl.id}/amendments?sort=id`, { token: tok.vera }));
    expect(tab.map((m: { identificacao: string }) => m.identificacao)).toEqual([`Emenda nº 1 ao ${pl.identificacao}`, `Emenda nº 2 ao ${pl.identificacao}`, `Substitutivo nº 1 ao ${pl.identificacao}`]);
    const grouped = data(await t.call('GET', `/api/matters/amendments?matter_ids=${pl.id},${other.id}`, { token: tok.vera }));
    expect(grouped[String(pl.id)].map((m: { identificacao: string; nivel: number }) => [m.identificacao, m.nivel])).toEqual([
      [`Emenda nº 1 ao ${pl.identificacao}`, 1], [`Subemenda nº 1 à Emenda nº 1 ao ${pl.identificacao}`, 2],
      [`Emenda nº 2 ao ${pl.identificacao}`, 1], [`Substitutivo nº 1 ao ${pl.identificacao}`, 1],
    ]);
    expect(grouped[String(other.id)]).toHaveLength(1);
    // another company's ids: nothing of ours
    const theirs = data(await t.call('GET', `/api/matters/amendments?matter_ids=${pl.id}`, { token: tok.adminPm }));
    expect(theirs).toEqual({ [String(pl.id)]: [] });
  });

  it('two amendments presented at once never get the same number', async () => {
    const main = await newPl('Dispõe sobre o transporte escolar.');
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => present(main.id, { emenda_especie: 'aditiva' })));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const numbers = results.map((r) => Number(/nº (\d+)/.exec(r.json().amendment.identificacao)![1])).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps their numbering; refuses what does not belong; roles and companies apart', async () => {
    const direct = await t.call('POST', '/api/matters', { token: tok.operador, body: { type_id: typeId.emenda, dataApresentacao: `${year}-03-01`, ementa: 'Emenda solta.' } });
    expect(direct.statusCode).toBe(422);
    expect(direct.json().errors.type_id[0]).toMatch(/^Emendas, subemendas e substitutivos são apresentados pela matéria principal/);
    const [first] = data(await t.call('GET', `/api/matters/${other.id}/amendments`, { token: tok.operador }));
    const renumber = await t.call('PUT', `/api/matters/${first.id}`, { token: tok.operador, body: { numero: 7 } });
    expect(renumber.statusCode).toBe(422);
    expect((await t.call('PUT', `/api/matters/${first.id}`, { token: tok.operador, body: { ementa: 'Suprime o art. 3º.' } })).statusCode).toBe(200);
    expect(data(await t.call('GET', `/api/matters/${first.id}`, { token: tok.operador })).identificacao).toBe(`Emenda nº 1 ao ${other.identificacao}`);
    const early = await present(other.id, { emenda_especie: 'aditiva', dataApresentacao: `${year}-01-01` });
    expect(early.json().errors.dataApresentacao[0]).toMatch(/^A emenda não pode ser anterior à apresentação/);
    const bad = await present(other.id, { emenda_especie: 'subemenda' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.emenda_especie[0]).toContain('recebe: “Emenda aditiva”');
    // a councillor reads, does not present; another company does not reach the matter
    expect((await present(other.id, { emenda_especie: 'aditiva' }, tok.vera)).statusCode).toBe(403);
    expect((await present(other.id, { emenda_especie: 'aditiva' }, tok.adminPm)).statusCode).toBe(404);
    expect((await present(other.id, { emenda_especie: 'aditiva' }, materias)).statusCode).toBe(200);
  });
});

describe('committee work', () => {
  let commission: number; // CTP: its rapporteur and parecer
  let second: number; // CTQ: the deadline across a holiday
  let matter: { id: number; identificacao: string };

  /** A commission of the test with a composition in force (three members, one of them removed ten days ago). */
  async function makeCommission(sigla: string, nome: string): Promise<number> {
    const types = data(await t.call('GET', '/api/types_of/commissions', { token: tok.admin })) as { id: number }[];
    const c = await t.call('POST', '/api/commissions', { token: comissoes, body: { nome, sigla, type_id: types[0].id, criacao: '2020-01-01', prazoRelator: 10 } });
    expect(c.statusCode, c.body).toBe(201);
    const period = data(await t.call('POST', '/api/composition_periods', { token: comissoes, body: { inicio: addDays(today, -60), fim: addDays(today, 400) } }));
    const comp = data(await t.call('POST', '/api/compositions', { token: comissoes, body: { comission_id: data(c).id, composition_period_id: period.id } }));
    const cargo = (data(await t.call('GET', '/api/types_of/cargos_comissao', { token: tok.admin })) as { id: number }[])[0].id;
    const add = (p: number, extra: Record<string, unknown> = {}) => t.call('POST', '/api/participants', { token: comissoes, body: { composition_id: comp.id, parliamentary_id: p, cargo_id: cargo, designacao: addDays(today, -50), ...extra } });
    for (const r of [await add(parl.ricardo), await add(parl.ze), await add(parl.tania, { desligamento: addDays(today, -10), motivo: 'Renúncia' })]) expect(r.statusCode, r.body).toBe(201);
    return data(c).id;
  }

  beforeAll(async () => {
    commission = await makeCommission('CTP', 'Comissão de Teste e Prazos');
    second = await makeCommission('CTQ', 'Comissão de Teste e Quórum');
    const m = await t.call('POST', '/api/matters', { token: tok.operador, body: { type_id: typeId.pl, dataApresentacao: addDays(today, -40), ementa: 'Dispõe sobre o uso das praças.' } });
    matter = data(m);
  });

  const dists = async (token = tok.operador) => data(await t.call('GET', `/api/matters/${matter.id}/distributions?sort=id`, { token })) as Record<string, any>[];

  it('distributes a matter to commissions: a tramitation step to each, each opening its distribution', async () => {
    const st = data(await t.call('GET', `/api/matters/${matter.id}`, { token: tok.operador }))._actions.distribuir;
    expect(st.allowed).toBe(true);
    expect(st.choices.commission_ids.map((c: { label: string }) => c.label)).toContain('CTP — Comissão de Teste e Prazos');
    const none = await t.call('POST', `/api/matters/${matter.id}/distribuir`, { token: tok.operador, body: { data: today, status_id: status.em_comissao, commission_ids: [] } });
    expect(none.json().errors.commission_ids).toEqual(['Escolha ao menos uma comissão.']);
    const res = await t.call('POST', `/api/matters/${matter.id}/distribuir`, { token: tok.operador, body: { data: addDays(today, -30), status_id: status.em_comissao, commission_ids: [commission, String(second)] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Distribuída: CTP, CTQ. Despacho inicial registrado.');
    expect(res.json().data).toMatchObject({ status_atual_id: status.em_comissao, comissao_atual_id: second });
    const steps = data(await t.call('GET', `/api/matters/${matter.id}/tramitations`, { token: tok.operador })) as { commission_id: number }[];
    expect(steps.map((s) => s.commission_id).sort()).toEqual([commission, second].sort());
    expect((await dists()).map((x) => [x.commission_id, x.situacao])).toEqual([[commission, 'aguardando_relator'], [second, 'aguardando_relator']]);
    // a later step to a commission where the matter already waits opens nothing new
    const again = await t.call('POST', `/api/matters/${matter.id}/tramitar`, { token: tok.operador, body: { data: addDays(today, -29), status_id: status.aguardando_parecer, commission_id: commission } });
    expect(again.statusCode, again.body).toBe(200);
    expect(await dists()).toHaveLength(2);
    // matters are distributed by who moves them; the commissions' operator does not
    expect((await t.call('POST', `/api/matters/${matter.id}/distribuir`, { token: comissoes, body: { data: today, status_id: status.em_comissao, commission_ids: [commission] } })).statusCode).toBe(403);
  });

  it('designates a rapporteur among the commission\'s current members, with the deadline in business days', async () => {
    const dist = (await dists()).find((x) => x.commission_id === commission)!;
    const shown = data(await t.call('GET', `/api/distributions/${dist.id}`, { token: comissoes }));
    expect(shown._actions.designar_relator.values).toEqual({ designacao: today, diasPrazo: 10 });
    expect(shown._actions.designar_relator.choices.relator_id.map((c: { label: string }) => c.label)).toEqual(['Dr. Ricardo Menezes', 'Zé do Mercado']);
    expect(shown._actions.registrar_parecer).toEqual({ allowed: false, reason: 'O parecer se registra depois que a comissão designa o relator (situação: Aguardando relator).' });
    const designate = (body: Record<string, unknown>, token = comissoes) => t.call('POST', `/api/distributions/${dist.id}/designar_relator`, { token, body: { designacao: today, diasPrazo: 10, ...body } });
    const outsider = await designate({ relator_id: parl.ana });
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json().errors.relator_id).toEqual(['O relator deve ser membro da composição vigente da CTP: Dr. Ricardo Menezes, Zé do Mercado.']);
    const left = await designate({ relator_id: parl.tania });
    expect(left.statusCode).toBe(422);
    // roles: a councillor reads, does not designate; another company does not reach it
    expect((await designate({ relator_id: parl.ricardo }, tok.vera)).statusCode).toBe(403);
    expect((await designate({ relator_id: parl.ricardo }, tok.adminPm)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/distributions/${dist.id}`, { token: tok.adminPm })).statusCode).toBe(404);

    const done = await designate({ relator_id: parl.ricardo, diasPrazo: 1 });
    expect(done.statusCode, done.body).toBe(200);
    const end = data(await t.call('GET', `/api/holidays/business_deadline?inicio=${today}&dias=1`, { token: comissoes })).value;
    expect(data(done)).toMatchObject({ situacao: 'com_relator', relator_id: parl.ricardo, designacao: today, diasPrazo: 1, prazoParecer: end });
    expect(done.json().message).toMatch(/^Relator\(a\) designado\(a\): Dr\. Ricardo Menezes; parecer até \d{2}\/\d{2}\/\d{4}\.$/);
    // the relatoria (the spec's Report) is kept with the matter; the rapporteur is told and has it in "Minhas pendências"
    const reports = data(await t.call('GET', `/api/matters/${matter.id}/reports`, { token: tok.operador })) as { parliamentary_id: number; commission_id: number }[];
    expect(reports).toEqual([expect.objectContaining({ parliamentary_id: parl.ricardo, commission_id: commission })]);
    expect((await kinds(tok.ricardo)).some((n) => n.kind === 'relatoria_designada' && n.title.startsWith(`Você é relator(a) de ${matter.identificacao} na CTP`))).toBe(true);
    expect(await inboxCount(tok.ricardo, 'distributions', 'meu_parecer')).toBeGreaterThanOrEqual(1);
    expect((data(await t.call('GET', '/api/distributions?inbox=meu_parecer&perPage=100', { token: tok.ricardo })) as { id: number }[]).map((x) => x.id)).toContain(dist.id);
    expect((data(await t.call('GET', '/api/distributions?inbox=meu_parecer&perPage=100', { token: tok.ze })) as { id: number }[]).map((x) => x.id)).not.toContain(dist.id);
    // the operators: a deadline within five days
    expect((data(await t.call('GET', '/api/distributions?inbox=prazo_parecer&perPage=100', { token: comissoes })) as { id: number }[]).map((x) => x.id)).toContain(dist.id);
    expect((await t.call('GET', '/api/distributions?inbox=prazo_parecer', { token: tok.vera })).statusCode).toBe(403);

    // replaced: the first rapporteurship ends on the second's designation
    const swap = await designate({ relator_id: parl.ze, diasPrazo: 30 });
    expect(swap.statusCode, swap.body).toBe(200);
    const after = data(await t.call('GET', `/api/matters/${matter.id}/reports?sort=id`, { token: tok.operador })) as { parliamentary_id: number; destituicao: string | null }[];
    expect(after.find((r) => r.parliamentary_id === parl.ricardo)!.destituicao).toBe(today);
    expect(after.find((r) => r.parliamentary_id === parl.ze)!.destituicao).toBeNull();
    // thirty business days away: no longer among the deadlines closing in
    expect((data(await t.call('GET', '/api/distributions?inbox=prazo_parecer&perPage=100', { token: comissoes })) as { id: number }[]).map((x) => x.id)).not.toContain(dist.id);
  });

  it('counts the rapporteur\'s deadline in business days, skipping weekends and the municipal holidays', async () => {
    // from Tuesday 1 December 2026, five business days; a municipal holiday on Thursday the 3rd moves the end a day
    const ask = async (inicio: string, dias: number) => data(await t.call('GET', `/api/holidays/business_deadline?inicio=${inicio}&dias=${dias}`, { token: comissoes })).value as string;
    expect(await ask('2026-12-01', 5)).toBe('2026-12-08');
    // over a weekend: Friday 4 December + 1 business day is Monday the 7th
    expect(await ask('2026-12-04', 1)).toBe('2026-12-07');
    const h = await t.call('POST', '/api/holidays', { token: tok.admin, body: { data: '2026-12-03', descricao: 'Feriado municipal de teste' } });
    expect(h.statusCode, h.body).toBe(201);
    expect(await ask('2026-12-01', 5)).toBe('2026-12-09');
    await t.call('DELETE', `/api/holidays/${data(h).id}`, { token: tok.admin });

    // a designation today: the next business day made a holiday moves the rapporteur's deadline one business day on
    const plain = await ask(today, 3);
    let next = addDays(today, 1);
    while ([0, 6].includes(new Date(`${next}T12:00:00Z`).getUTCDay())) next = addDays(next, 1);
    const holiday = data(await t.call('POST', '/api/holidays', { token: tok.admin, body: { data: next, descricao: 'Feriado municipal de teste' } }));
    const moved = await ask(today, 3);
    expect(moved > plain).toBe(true);
    const dist = (await dists()).find((x) => x.commission_id === second)!;
    const res = await t.call('POST', `/api/distributions/${dist.id}/designar_relator`, { token: comissoes, body: { relator_id: parl.ricardo, designacao: today, diasPrazo: 3 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(data(res).prazoParecer).toBe(moved);
    await t.call('DELETE', `/api/holidays/${holiday.id}`, { token: tok.admin });
  });

  it('registers the commission\'s parecer with its document (PDF); once', async () => {
    const dist = (await dists()).find((x) => x.commission_id === commission)!;
    const url = `/api/distributions/${dist.id}/registrar_parecer`;
    const noFile = await t.call('POST', url, { token: comissoes, body: { parecer: 'favoravel', parecer_data: today } });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors.parecer_documento).toEqual(['Anexe o documento do parecer (PDF).']);
    const badKind = await t.call('POST', url, { token: comissoes, body: { parecer: 'talvez', parecer_data: today } });
    expect(badKind.statusCode).toBe(422);
    expect(Object.keys(badKind.json().errors)).toContain('parecer');
    const send = (fields: Record<string, string>, token = comissoes) => {
      const form = multipart(fields, { name: 'parecer-ctp.pdf', part: 'parecer_documento', type: 'application/pdf', data: TINY_PDF });
      return t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'content-type': form.type }, payload: form.payload });
    };
    const early = await send({ parecer: 'favoravel', parecer_data: addDays(today, -45) });
    expect(early.statusCode).toBe(422);
    expect(JSON.parse(early.body).errors.parecer_data[0]).toMatch(/^O parecer não pode ser anterior à designação do relator/);
    expect((await send({ parecer: 'favoravel', parecer_data: today }, tok.vera)).statusCode).toBe(403);
    const ok = await send({ parecer: 'favoravel_emendas', parecer_data: today, votos_favoraveis: '2', votos_contrarios: '0', abstencoes: '1', parecer_obs: 'Com a Emenda nº 1 da comissão.' });
    expect(ok.statusCode, ok.body).toBe(200);
    const body = JSON.parse(ok.body);
    expect(body.message).toBe('Parecer registrado: Favorável com emendas (CTP).');
    expect(body.data).toMatchObject({ situacao: 'parecer_emitido', parecer: 'favoravel_emendas', parecer_data: today, votos_favoraveis: 2, votos_contrarios: 0, abstencoes: 1, parecer_documento: { name: 'parecer-ctp.pdf' } });
    expect((await t.call('GET', body.data.parecer_documento.url)).statusCode).toBe(200);
    const twice = await send({ parecer: 'contrario', parecer_data: today });
    expect(twice.statusCode).toBe(409);
    // the matter's tramitação records it: "Parecer emitido", automatic, with the commission and its vote
    const last = (data(await t.call('GET', `/api/matters/${matter.id}/tramitations?sort=-id`, { token: tok.operador })) as Record<string, unknown>[])[0];
    expect(last).toMatchObject({ status_id: status.parecer_emitido, automatico: true, data: today, commission_id: null });
    expect(last.acao).toMatch(/^Parecer da .* \(CTP\): Favorável com emendas — 2 favoráveis, 0 contrários, 1 abstenção\.$/);
    expect(data(await t.call('GET', `/api/matters/${matter.id}`, { token: tok.operador })).status_atual_id).toBe(status.parecer_emitido);
    // the opinion given: out of the rapporteur's pendências; a new step to the commission opens a new distribution
    expect((data(await t.call('GET', '/api/distributions?inbox=meu_parecer&perPage=100', { token: tok.ze })) as { id: number }[]).map((x) => x.id)).not.toContain(dist.id);
    const back = await t.call('POST', `/api/matters/${matter.id}/tramitar`, { token: tok.operador, body: { data: today, status_id: status.em_comissao, commission_id: commission } });
    expect(back.statusCode, back.body).toBe(200);
    expect((await dists()).filter((x) => x.commission_id === commission).map((x) => x.situacao)).toEqual(['parecer_emitido', 'aguardando_relator']);
    // and removing that step takes away the distribution it opened, untouched
    const steps = data(await t.call('GET', `/api/matters/${matter.id}/tramitations?sort=-id`, { token: tok.operador })) as { id: number }[];
    expect((await t.call('DELETE', `/api/tramitations/${steps[0].id}`, { token: tok.operador })).statusCode).toBe(204);
    expect((await dists()).filter((x) => x.commission_id === commission)).toHaveLength(1);
  });
});
