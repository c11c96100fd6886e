/**
 * E-SIC: requests for information under the LAI (docs/workflows/sic.md), and the e-mails to the citizen of the
 * Ouvidoria and the E-SIC. Actors: a requester on the public channel; sic@ (the SIC officer) and admin.prefeitura@
 * (the authority that decides appeals) of the Prefeitura; admin@ (the Câmara's admin, another company); ouvidoria@
 * and cultura@ (other modules of the same company).
 */
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays as plusDays, isNationalHoliday } from '@paco/domain/holidays';
import { formatDate } from '@paco/domain/format';
import { companies, logs, pedidosInformacao } from '../src/db/schema.generated.ts';
import { mailOutbox } from '../src/db/schema.base.ts';
import { runDeadlineReminders } from '../src/modules/notificacoes/deadlines.ts';
import { makeApp, multipart, TINY_PDF as PDF, type TestApp } from './helpers.ts';
import { todayInSaoPaulo } from '../src/auth/session.ts';

let t: TestApp;
let sic: string;
let adminPm: string;
let adminCm: string;
let ouvidoria: string;
let cultura: string;
let prefeitura: number;
let camara: number;
type Res = Awaited<ReturnType<TestApp['call']>>;
const data = (r: Res) => r.json().data;
const today = todayInSaoPaulo;
/** today (or `from`) plus n days */
const addDays = (n: number, from = today()) => plusDays(from, n);
const weekend = (s: string) => [0, 6].includes(new Date(`${s}T12:00:00Z`).getUTCDay());
/** n calendar days after `from`, moved past weekends, national holidays and the `also` dates (written here, not imported from the server) */
const lai = (n: number, from = today(), also: string[] = []) => {
  let d = addDays(n, from);
  while (weekend(d) || isNationalHoliday(d) || also.includes(d)) d = addDays(1, d);
  return d;
};

beforeAll(async () => {
  t = await makeApp();
  [sic, adminPm, adminCm, ouvidoria, cultura] = await Promise.all(
    ['sic@paco.demo', 'admin.prefeitura@paco.demo', 'admin@paco.demo', 'ouvidoria@paco.demo', 'cultura@paco.demo'].map((e) => t.login(e)),
  );
  const rows = await t.database.db.select({ id: companies.id, abreviacao: companies.abreviacao }).from(companies);
  prefeitura = rows.find((c) => c.abreviacao === 'PMVS')!.id;
  camara = rows.find((c) => c.abreviacao === 'CMVS')!.id;
});
afterAll(async () => { await t?.close(); });

const REQUESTER = { requerenteNome: 'Marta Reis', requerenteEmail: 'marta.reis@exemplo.com.br' };

let requesters = 0;
/** A public call from a requester of its own (each from another address: the channel limits each address) */
async function publicPost(url: string, body: unknown, ip = `10.0.${Math.floor(++requesters / 250)}.${requesters % 250 + 1}`): Promise<Res> {
  const res = await t.app.inject({ method: 'POST', url, remoteAddress: ip, payload: body as never });
  return Object.assign(res, { json: () => JSON.parse(res.body) });
}

/** A requester files one through the public channel; the officer finds it by its protocol. */
async function files(assunto: string, extra: Record<string, unknown> = {}): Promise<{ id: number; protocolo: string; codigo: string; prazo: string }> {
  const res = await publicPost('/api/public/pedidos_informacao', {
    company_id: prefeitura, assunto, texto: 'Peço a relação de contratos firmados em 2025, com valores e empresas.', ...REQUESTER, ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  const { protocolo, codigo, prazo } = data(res);
  const [row] = data(await t.call('GET', `/api/pedidos_informacao?q=${encodeURIComponent(protocolo)}`, { token: sic }));
  return { id: row.id, protocolo, codigo, prazo };
}
const show = async (id: number, token = sic) => data(await t.call('GET', `/api/pedidos_informacao/${id}`, { token }));
const act = (id: number, name: string, body?: unknown, token = sic) => t.call('POST', `/api/pedidos_informacao/${id}/${name}`, { token, body });
const follow = (p: { protocolo: string; codigo: string }, company = prefeitura) =>
  t.call('GET', `/api/public/pedidos_informacao/consulta?company_id=${company}&protocolo=${encodeURIComponent(p.protocolo)}&codigo=${p.codigo}`);
const mailsTo = (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));

describe('the public channel', () => {
  it('files a request without a reason: protocol, follow-up code and a 20-day deadline (calendar days, next working day)', async () => {
    const p = await files('Contratos de 2025');
    expect(p.protocolo).toMatch(/^\d{6}\/\d{4}$/);
    expect(p.codigo).toMatch(/^[A-Z2-9]{10}$/);
    expect(p.prazo).toBe(lai(20));
    const rec = await show(p.id);
    expect(rec).toMatchObject({ situacao: 'recebido', canal: 'internet', formaRecebimento: 'email', prorrogado: false, emAtraso: false, requerenteNome: 'Marta Reis' });
    // the follow-up: the state, never the identity
    const seen = data(await follow(p));
    expect(seen).toMatchObject({ protocolo: p.protocolo, situacao: 'recebido', situacaoLabel: 'Recebido', prazo: p.prazo, podeRecorrer: false });
    expect(JSON.stringify(seen)).not.toContain('Marta');
    expect((await follow({ ...p, codigo: 'ERRADO2345' })).statusCode).toBe(404);
    expect((await follow(p, camara)).statusCode).toBe(404);
    const missing = await t.call('GET', '/api/public/pedidos_informacao/consulta');
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['codigo', 'company_id', 'protocolo']);
  });

  it('a deadline that falls on a holiday of the entity moves to the next working day', async () => {
    const day20 = lai(20);
    const holiday = await t.call('POST', '/api/holidays', { token: adminPm, body: { data: day20, descricao: 'Feriado municipal de teste' } });
    expect(holiday.statusCode, holiday.body).toBe(201);
    const p = await files('Diárias pagas em 2025');
    expect(p.prazo).toBe(lai(20, today(), [day20]));
    expect(p.prazo > day20).toBe(true);
    await t.call('DELETE', `/api/holidays/${data(holiday).id}`, { token: adminPm });
  });

  it('refuses bad input with 422 per field in pt-BR, never 5xx', async () => {
    const post = (body: unknown) => publicPost('/api/public/pedidos_informacao', body);
    const empty = await post({});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      requerenteNome: ['O campo Nome do requerente é obrigatório.'], requerenteEmail: ['O campo E-mail do requerente é obrigatório.'],
      assunto: ['O campo Assunto é obrigatório.'], texto: ['O campo Informação solicitada é obrigatório.'], company_id: ['Informe a entidade.'],
    });
    const bad = await post({ company_id: prefeitura, ...REQUESTER, requerenteEmail: 'marta@', requerenteCpf: '111.111.111-11', assunto: 'x', texto: 'y', formaRecebimento: 'pombo' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ requerenteEmail: ['Informe um e-mail válido.'], requerenteCpf: ['CPF inválido.'], formaRecebimento: ['Escolha uma opção válida.'] });
    const nowhere = await post({ company_id: 999_999, ...REQUESTER, assunto: 'x', texto: 'y' });
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json().errors).toEqual({ company_id: ['Entidade não encontrada.'] });
    for (const body of ['[]', '"x"', 'null', '{"a":']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/public/pedidos_informacao', remoteAddress: '10.9.9.9', headers: { 'content-type': 'application/json' }, payload: body });
      expect(res.statusCode, body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, body).toBeLessThan(500);
    }
  });

  it('counts the filings of each address: the 11th in 10 minutes waits', async () => {
    const body = { company_id: prefeitura, ...REQUESTER, assunto: 'Pedido repetido', texto: 'Texto do pedido.' };
    for (let i = 0; i < 10; i++) expect((await publicPost('/api/public/pedidos_informacao', body, '10.8.8.8')).statusCode).toBe(201);
    const over = await publicPost('/api/public/pedidos_informacao', body, '10.8.8.8');
    expect([over.statusCode, over.json().message]).toEqual([429, 'Muitas tentativas. Tente novamente em 10 minutos.']);
    expect((await publicPost('/api/public/pedidos_informacao', body, '10.8.8.9')).statusCode).toBe(201);
  });

  it('keeps the CPF masked outside the request\'s own screen', async () => {
    const p = await files('Folha de pagamento', { requerenteCpf: '529.982.247-25' });
    expect((await show(p.id)).requerenteCpf).toBe('52998224725');
    const listed = data(await t.call('GET', `/api/pedidos_informacao?q=${encodeURIComponent(p.protocolo)}`, { token: sic }))[0];
    expect(listed.requerenteCpf).toBe('***.982.247-**');
    const history = data(await t.call('GET', `/api/pedidos_informacao/${p.id}/audit`, { token: sic })) as { changes: { field: string; to?: string }[] }[];
    const cpf = history.flatMap((h) => h.changes).find((c) => c.field === 'requerenteCpf');
    expect(cpf?.to).toBe('***.982.247-**');
  });
});

describe('the SIC: analysis, extension once, forward, answer, denial', () => {
  it('starts the analysis once; the text is the requester\'s', async () => {
    const p = await files('Obras da Rua Sete');
    expect((await show(p.id))._actions).toEqual({
      iniciar_analise: { allowed: true }, responder: { allowed: true }, negar: { allowed: true }, prorrogar: { allowed: true },
      encaminhar: { allowed: true }, registrar_recurso: { allowed: false, reason: 'Só cabe recurso de pedido respondido ou negado (situação: Recebido).' },
    });
    const started = await act(p.id, 'iniciar_analise');
    expect(started.statusCode, started.body).toBe(200);
    expect(data(started).situacao).toBe('em_analise');
    const again = await act(p.id, 'iniciar_analise');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Só pedidos recebidos entram em análise (situação: Em análise).');
    const edit = await t.call('PUT', `/api/pedidos_informacao/${p.id}`, { token: sic, body: { texto: 'Outro texto.' } });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors).toEqual({ texto: ['O texto do pedido é do requerente e não pode ser alterado.'] });
    const email = await t.call('PUT', `/api/pedidos_informacao/${p.id}`, { token: sic, body: { requerenteEmail: 'marta.reis@exemplo.org' } });
    expect(email.statusCode, email.body).toBe(200);
    const noEmail = await t.call('PUT', `/api/pedidos_informacao/${p.id}`, { token: sic, body: { requerenteEmail: '' } });
    expect(noEmail.statusCode).toBe(422);
    expect(Object.keys(noEmail.json().errors)).toEqual(['requerenteEmail']);
  });

  it('extends once by 10 days with a justification, tells the requester; the second time the button says why', async () => {
    const p = await files('Merenda escolar');
    const short = await act(p.id, 'prorrogar', { justificativa: 'curta' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ justificativa: ['O campo Justificativa deve ter no mínimo 10 caracteres.'] });
    const ext = await act(p.id, 'prorrogar', { justificativa: 'Os dados estão sendo consolidados pela Secretaria de Educação.' });
    expect(ext.statusCode, ext.body).toBe(200);
    expect(data(ext)).toMatchObject({ prorrogado: true, prazo: lai(30), situacao: 'em_analise', justificativaProrrogacao: 'Os dados estão sendo consolidados pela Secretaria de Educação.' });
    const reason = 'O prazo já foi prorrogado uma vez (Lei 12.527/2011, art. 11, § 2º).';
    expect((await show(p.id))._actions.prorrogar).toEqual({ allowed: false, reason });
    const twice = await act(p.id, 'prorrogar', { justificativa: 'Mais uma vez, por favor.' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(reason);
    const [mail] = await mailsTo(REQUESTER.requerenteEmail);
    expect(mail.subject).toBe(`Prazo do seu pedido de informação prorrogado — protocolo ${p.protocolo}`);
    expect(mail.text).toContain(`até ${formatDate(lai(30))}`);
    expect(mail.text).toContain('Justificativa: Os dados estão sendo consolidados');
    expect(mail.text).toContain(`use o protocolo ${p.protocolo} e o código de acompanhamento`);
    expect(mail.text).not.toContain(p.codigo);
    const emails = data(await t.call('GET', `/api/pedidos_informacao/${p.id}/emails`, { token: sic }));
    expect(emails).toEqual([expect.objectContaining({ evento: 'prorrogado', destinatario: 'ma***@exemplo.com.br', entrega: 'registrado', assunto: mail.subject })]);
  });

  it('a late request is "em atraso" and can no longer be extended', async () => {
    const late = data(await t.call('GET', '/api/pedidos_informacao?q=UPA', { token: sic }))[0];
    expect(late).toMatchObject({ situacao: 'em_analise', emAtraso: true });
    const reason = `O prazo venceu em ${formatDate(late.prazo)}: não pode mais ser prorrogado.`;
    expect((await show(late.id))._actions.prorrogar).toEqual({ allowed: false, reason });
    expect((await act(late.id, 'prorrogar', { justificativa: 'Aguardando a Secretaria de Saúde.' })).json().message).toBe(reason);
    const entry = (data(await t.call('GET', '/api/inbox', { token: sic })) as { resource: string; key: string; count: number; overdue: number }[])
      .find((e) => e.resource === 'pedidos_informacao' && e.key === 'a_responder')!;
    expect(entry.overdue).toBeGreaterThanOrEqual(1);
    expect((await t.call('GET', '/api/pedidos_informacao?inbox=a_responder&perPage=100', { token: sic })).json().meta.total).toBe(entry.count);
    // the daily reminder tells the SIC (the company has a sic user: its admins are not told)
    await runDeadlineReminders({ db: t.database.db, config: t.config, storage: t.app.files, realtime: t.app.realtime, jobs: t.app.jobs }, today());
    const told = data(await t.call('GET', '/api/notifications?perPage=100', { token: sic })) as { kind: string; link: string }[];
    expect(told.some((n) => n.kind === 'prazo_vencido' && n.link === `/sic/pedidos/${late.id}`)).toBe(true);
  });

  it('forwards to a sector (its people are told without the identity); a message to the requester goes by e-mail', async () => {
    const p = await files('Iluminação da praça');
    const sectors = data(await t.call('GET', '/api/sectors?perPage=50', { token: sic })) as { id: number; name: string }[];
    const financas = sectors.find((s) => /Finanças/.test(s.name))!;
    const before = (await mailsTo(REQUESTER.requerenteEmail)).length;
    const fw = await act(p.id, 'encaminhar', { sector_id: financas.id, despacho: 'Informar os gastos com iluminação da praça.' });
    expect(fw.statusCode, fw.body).toBe(200);
    expect(data(fw)).toMatchObject({ situacao: 'encaminhado', sector_id: financas.id, despacho: 'Informar os gastos com iluminação da praça.' });
    expect((await mailsTo(REQUESTER.requerenteEmail)).length).toBe(before); // no message to the requester: no e-mail
    const financasUser = await t.login('financas@paco.demo');
    const [n] = data(await t.call('GET', '/api/notifications?perPage=1', { token: financasUser }));
    expect(n).toMatchObject({ kind: 'pedido_informacao_encaminhado', title: `Pedido de informação ${p.protocolo} encaminhado pelo SIC` });
    expect(n.body).toContain('Despacho: Informar os gastos com iluminação da praça.');
    expect(n.body).not.toContain('Marta');
    const again = await act(p.id, 'encaminhar', { sector_id: financas.id, aviso: 'Seu pedido foi enviado à Secretaria de Finanças, que tem os dados.' });
    expect(again.statusCode, again.body).toBe(200);
    const [mail] = await mailsTo(REQUESTER.requerenteEmail);
    expect(mail.subject).toBe(`Andamento do seu pedido de informação — protocolo ${p.protocolo}`);
    expect(mail.text).toContain('Seu pedido foi enviado à Secretaria de Finanças, que tem os dados.');
    expect(mail.text).not.toContain('Informar os gastos'); // the dispatch stays internal
  });

  it('answers with an attachment (multipart): the requester gets the answer and the appeal window', async () => {
    const p = await files('Frota municipal');
    const wrong = multipart({ resposta: 'Segue a planilha.' }, { name: 'planilha.pdf', part: 'anexo', type: 'application/pdf', data: Buffer.from('não é um pdf') });
    const refused = await t.app.inject({ method: 'POST', url: `/api/pedidos_informacao/${p.id}/responder`, headers: { authorization: `Bearer ${sic}`, 'content-type': wrong.type }, payload: wrong.payload });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ anexo: ['Tipo de arquivo não permitido.'] });
    const noText = multipart({}, { name: 'frota.pdf', part: 'anexo', type: 'application/pdf', data: PDF });
    const blank = await t.app.inject({ method: 'POST', url: `/api/pedidos_informacao/${p.id}/responder`, headers: { authorization: `Bearer ${sic}`, 'content-type': noText.type }, payload: noText.payload });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ resposta: ['O campo Resposta é obrigatório.'] });
    expect((await show(p.id)).anexoResposta).toBeNull(); // nothing was kept of the refused answers

    const form = multipart({ resposta: 'A frota tem 42 veículos; a relação está no anexo.' }, { name: 'frota.pdf', part: 'anexo', type: 'application/pdf', data: PDF });
    const res = await t.app.inject({ method: 'POST', url: `/api/pedidos_informacao/${p.id}/responder`, headers: { authorization: `Bearer ${sic}`, 'content-type': form.type }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(200);
    const answered = res.json().data;
    expect(answered).toMatchObject({ situacao: 'respondido', resposta: 'A frota tem 42 veículos; a relação está no anexo.', prazoRecurso: lai(10), emAtraso: false });
    expect(answered.anexoResposta).toMatchObject({ name: 'frota.pdf', mime: 'application/pdf' });
    expect((await t.call('GET', answered.anexoResposta.url)).statusCode).toBe(200);
    const after = await show(p.id);
    expect(after._actions).toMatchObject({ responder: { allowed: false, reason: 'O pedido não aguarda resposta (situação: Respondido).' }, registrar_recurso: { allowed: true } });
    expect((await act(p.id, 'responder', { resposta: 'Outra.' })).statusCode).toBe(409);
    const [mail] = await mailsTo(REQUESTER.requerenteEmail);
    expect(mail.subject).toBe(`Resposta ao seu pedido de informação — protocolo ${p.protocolo}`);
    expect(mail.text).toContain('Resposta: A frota tem 42 veículos');
    expect(mail.text).toContain('anexo (frota.pdf)');
    expect(mail.text).toContain(`recurso até ${formatDate(lai(10))}`);
    // the requester follows it: the answer and its attachment
    const seen = data(await follow(p));
    expect(seen).toMatchObject({ situacao: 'respondido', resposta: answered.resposta, podeRecorrer: true, prazoRecurso: lai(10), anexo: { name: 'frota.pdf' } });
    expect((await t.call('GET', seen.anexo.url)).statusCode).toBe(200);
    // the audit keeps the upload and the answer
    const actions = (await t.database.db.select({ action: logs.action }).from(logs).where(and(eq(logs.resource, 'pedidos_informacao'), eq(logs.record_id, p.id)))).map((l) => l.action);
    expect(actions).toEqual(expect.arrayContaining(['create', 'upload', 'responder']));
  });

  it('denies with a legal ground of the LAI and the justification', async () => {
    const p = await files('Todos os documentos da prefeitura');
    const none = await act(p.id, 'negar', {});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ fundamento: ['O campo Fundamento legal é obrigatório.'], justificativa: ['O campo Justificativa é obrigatório.'] });
    expect((await act(p.id, 'negar', { fundamento: 'porque_sim', justificativa: 'Uma justificativa longa o bastante.' })).json().errors).toEqual({ fundamento: ['Escolha uma opção válida.'] });
    const denied = await act(p.id, 'negar', { fundamento: 'generico', justificativa: 'O pedido não especifica quais documentos nem de que período.' });
    expect(denied.statusCode, denied.body).toBe(200);
    expect(data(denied)).toMatchObject({ situacao: 'negado', fundamentoNegativa: 'generico', prazoRecurso: lai(10) });
    const [mail] = await mailsTo(REQUESTER.requerenteEmail);
    expect(mail.subject).toBe(`Decisão sobre o seu pedido de informação — protocolo ${p.protocolo}`);
    expect(mail.text).toContain('Fundamento legal: Pedido genérico (Decreto 7.724/2012, art. 13, I).');
    expect(mail.text).toContain('Razões da negativa: O pedido não especifica');
    expect(data(await follow(p))).toMatchObject({ situacao: 'negado', fundamentoNegativaLabel: 'Pedido genérico (Decreto 7.724/2012, art. 13, I)' });
  });
});

describe('the appeal', () => {
  it('is filed within 10 days of the decision (by the SIC or the requester) and decided by the authority, not by who decided', async () => {
    const p = await files('Licitações de 2024');
    // the administrator answers this one: it may not decide its appeal
    expect((await act(p.id, 'responder', { resposta: 'As licitações estão no Portal da Transparência.' }, adminPm)).statusCode).toBe(200);
    const appeal = await publicPost('/api/public/pedidos_informacao/recurso', { company_id: prefeitura, protocolo: p.protocolo, codigo: p.codigo, recurso: 'A resposta não traz os valores pedidos.' });
    expect(appeal.statusCode, appeal.body).toBe(200);
    expect(data(appeal)).toMatchObject({ situacao: 'em_recurso', prazo: lai(5) });
    // a second appeal: not from this state
    const twice = await publicPost('/api/public/pedidos_informacao/recurso', { company_id: prefeitura, protocolo: p.protocolo, codigo: p.codigo, recurso: 'De novo.' });
    expect(twice.statusCode).toBe(409);
    const rec = await show(p.id, adminPm);
    expect(rec).toMatchObject({ situacao: 'em_recurso', recurso: 'A resposta não traz os valores pedidos.', emAtraso: false });
    const same = 'Quem decidiu o pedido ou o recurso anterior não pode decidir este recurso: cabe à autoridade da instância seguinte (Lei 12.527/2011, art. 15, parágrafo único).';
    expect(rec._actions.decidir_recurso).toEqual({ allowed: false, reason: same });
    expect((await act(p.id, 'decidir_recurso', { decisao: 'provido', fundamentacao: 'Os valores serão enviados.' }, adminPm)).json().message).toBe(same);
    // the SIC officer (no appeal instance) has no "Decidir recurso"; the route refuses it with the reason
    expect((await show(p.id))._actions.decidir_recurso).toBeUndefined();
    const bySic = await act(p.id, 'decidir_recurso', { decisao: 'provido', fundamentacao: 'Os valores serão enviados.' });
    expect([bySic.statusCode, bySic.json().message]).toEqual([409, 'Só as autoridades das instâncias de recurso decidem recursos (E-SIC › Instâncias de recurso).']);
    // the authority's inbox
    const entry = (data(await t.call('GET', '/api/inbox', { token: adminPm })) as { resource: string; key: string; count: number }[])
      .find((e) => e.resource === 'pedidos_informacao' && e.key === 'recursos')!;
    expect(entry.count).toBeGreaterThanOrEqual(1);
    expect((data(await t.call('GET', '/api/inbox', { token: sic })) as { key: string }[]).some((e) => e.key === 'recursos')).toBe(false);
  });

  it('the authority decides; the requester is told; a decided request is final', async () => {
    const p = await files('Diárias do prefeito');
    await act(p.id, 'negar', { fundamento: 'dados_pessoais', justificativa: 'Contém dados pessoais de terceiros sem autorização.' });
    const filed = await act(p.id, 'registrar_recurso', { recurso: 'Diárias são gastos públicos e devem ser divulgadas.' });
    expect(filed.statusCode, filed.body).toBe(200);
    expect(data(filed)).toMatchObject({ situacao: 'em_recurso', prazo: lai(5) });
    // the administrators are told
    const told = data(await t.call('GET', '/api/notifications?perPage=5', { token: adminPm })) as { kind: string; title: string }[];
    expect(told.some((n) => n.kind === 'recurso_informacao' && n.title === `Recurso no pedido de informação ${p.protocolo}`)).toBe(true);
    const short = await act(p.id, 'decidir_recurso', { decisao: 'provido', fundamentacao: 'curta' }, adminPm);
    expect(short.json().errors).toEqual({ fundamentacao: ['O campo Fundamentação deve ter no mínimo 10 caracteres.'] });
    const decided = await act(p.id, 'decidir_recurso', { decisao: 'provido', fundamentacao: 'Diárias são informação de interesse público (LAI, art. 8º): segue a relação.' }, adminPm);
    expect(decided.statusCode, decided.body).toBe(200);
    expect(data(decided)).toMatchObject({ situacao: 'recurso_decidido', decisaoRecurso: 'provido' });
    const [mail] = await mailsTo(REQUESTER.requerenteEmail);
    expect(mail.subject).toBe(`Decisão do recurso do seu pedido de informação — protocolo ${p.protocolo}`);
    expect(mail.text).toContain('Provido: acesso concedido');
    const lock = 'O pedido está concluído (recurso decidido) e não pode mais ser alterado.';
    expect((await show(p.id))._can).toEqual({ update: false, delete: false, reason: lock });
    expect((await t.call('PUT', `/api/pedidos_informacao/${p.id}`, { token: sic, body: { requerenteNome: 'Outra' } })).json().message).toBe(lock);
  });

  it('after 10 days the window is closed, on the screen and on the public channel', async () => {
    const p = await files('Gastos com publicidade');
    await act(p.id, 'responder', { resposta: 'Os gastos estão no Portal da Transparência.' });
    await t.database.db.update(pedidosInformacao).set({ prazoRecurso: addDays(-1) }).where(eq(pedidosInformacao.id, p.id));
    const reason = `O prazo de recurso terminou em ${formatDate(addDays(-1))} (10 dias da decisão, Lei 12.527/2011, art. 15).`;
    expect((await show(p.id))._actions.registrar_recurso).toEqual({ allowed: false, reason });
    expect((await act(p.id, 'registrar_recurso', { recurso: 'Fora do prazo.' })).json().message).toBe(reason);
    const late = await publicPost('/api/public/pedidos_informacao/recurso', { company_id: prefeitura, protocolo: p.protocolo, codigo: p.codigo, recurso: 'Fora do prazo.' });
    expect([late.statusCode, late.json().message]).toEqual([409, reason]);
    expect(data(await follow(p)).podeRecorrer).toBe(false);
    const bad = await publicPost('/api/public/pedidos_informacao/recurso', { company_id: prefeitura, protocolo: p.protocolo });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['codigo', 'recurso']);
  });
});

describe('who reaches a request', () => {
  it('only the E-SIC roles of its company: another company\'s ids are 404 on every route, other modules 403', async () => {
    const p = await files('Concursos públicos');
    for (const [method, url, body] of [
      ['GET', `/api/pedidos_informacao/${p.id}`, undefined], ['PUT', `/api/pedidos_informacao/${p.id}`, { canal: 'email' }],
      ['DELETE', `/api/pedidos_informacao/${p.id}`, undefined], ['GET', `/api/pedidos_informacao/${p.id}/emails`, undefined],
      ['GET', `/api/pedidos_informacao/${p.id}/audit`, undefined], ['POST', `/api/pedidos_informacao/${p.id}/responder`, { resposta: 'x' }],
      ['POST', `/api/pedidos_informacao/${p.id}/iniciar_analise`, undefined], ['POST', `/api/pedidos_informacao/${p.id}/decidir_recurso`, { decisao: 'provido', fundamentacao: 'Fundamentação.' }],
    ] as const) {
      expect((await t.call(method, url, { token: adminCm, body })).statusCode, `${method} ${url}`).toBe(404);
    }
    expect(data(await t.call('GET', `/api/pedidos_informacao?q=${encodeURIComponent(p.protocolo)}`, { token: adminCm }))).toEqual([]);
    for (const token of [ouvidoria, cultura]) {
      expect((await t.call('GET', `/api/pedidos_informacao/${p.id}`, { token })).statusCode).toBe(403);
      expect((await act(p.id, 'responder', { resposta: 'x' }, token)).statusCode).toBe(403);
    }
    expect((await t.call('GET', '/api/manifestacoes', { token: sic })).statusCode).toBe(403);
    expect((await act(999_999, 'responder', { resposta: 'Resposta.' })).statusCode).toBe(404);
    // a sector of another company is not a sector here
    const theirs = data(await t.call('POST', '/api/sectors', { token: adminCm, body: { name: 'Setor da Câmara (SIC)' } })).id as number;
    expect((await act(p.id, 'encaminhar', { sector_id: theirs })).json().errors).toEqual({ sector_id: ['Setor: registro não encontrado.'] });
  });

  it('documents the routes in OpenAPI', async () => {
    const paths = Object.keys((await t.call('GET', '/api/docs/json')).json().paths);
    for (const a of ['iniciar_analise', 'responder', 'negar', 'prorrogar', 'encaminhar', 'registrar_recurso', 'decidir_recurso', 'emails']) {
      expect(paths).toContain(`/api/pedidos_informacao/{id}/${a}`);
    }
    for (const p of ['/api/public/pedidos_informacao', '/api/public/pedidos_informacao/consulta', '/api/public/pedidos_informacao/recurso', '/api/manifestacoes/{id}/emails']) expect(paths).toContain(p);
  });
});

describe('the Ouvidoria e-mails the citizen', () => {
  const fileManifestacao = async (extra: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/public/manifestacoes', { body: {
      company_id: prefeitura, tipo: 'reclamacao', assunto: 'Buraco na Rua Nove', texto: 'Há um buraco grande em frente ao número 40.', ...extra,
    } });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = data(await t.call('GET', `/api/manifestacoes?q=${encodeURIComponent(data(res).protocolo)}`, { token: ouvidoria }));
    return { id: row.id as number, protocolo: data(res).protocolo as string };
  };
  const actM = (id: number, name: string, body?: unknown) => t.call('POST', `/api/manifestacoes/${id}/${name}`, { token: ouvidoria, body });

  it('when it is extended, forwarded with a message to them, and answered; in the outbox and on the record', async () => {
    const to = 'joana.silva@exemplo.com.br';
    const m = await fileManifestacao({ requerenteNome: 'Joana Silva', requerenteEmail: to });
    expect((await actM(m.id, 'prorrogar', { justificativa: 'Aguardando a vistoria da Secretaria de Obras.' })).statusCode).toBe(200);
    const sectors = data(await t.call('GET', '/api/sectors?perPage=50', { token: ouvidoria })) as { id: number; name: string }[];
    expect((await actM(m.id, 'encaminhar', { sector_id: sectors[0].id, despacho: 'Vistoriar o local.' })).statusCode).toBe(200);
    expect((await actM(m.id, 'encaminhar', { sector_id: sectors[0].id, despacho: 'Vistoriar o local.', aviso: 'A Secretaria de Obras fará a vistoria nesta semana.' })).statusCode).toBe(200);
    expect((await actM(m.id, 'responder', { resposta: 'O buraco foi tapado em 12/03.' })).statusCode).toBe(200);
    const mails = await mailsTo(to);
    expect(mails.map((x) => x.subject)).toEqual([
      `Resposta à sua manifestação — protocolo ${m.protocolo}`,
      `Andamento da sua manifestação — protocolo ${m.protocolo}`,
      `Prazo da sua manifestação prorrogado — protocolo ${m.protocolo}`,
    ]);
    expect(mails[0].text).toContain('Olá, Joana Silva!');
    expect(mails[0].text).toContain('Resposta da Ouvidoria: O buraco foi tapado em 12/03.');
    expect(mails[0].text).toContain('Prefeitura Municipal de Vila Serena');
    expect(mails[1].text).not.toContain('Vistoriar o local.');
    expect(mails[2].text).toContain('Lei 13.460/2017, art. 16');
    const emails = data(await t.call('GET', `/api/manifestacoes/${m.id}/emails`, { token: ouvidoria })) as { evento: string }[];
    expect(emails.map((e) => e.evento)).toEqual(['respondido', 'encaminhado', 'prorrogado']);
    expect((await t.call('GET', `/api/manifestacoes/${m.id}/emails`, { token: sic })).statusCode).toBe(403);
  });

  it('never to an anonymous manifestante, nor without an e-mail', async () => {
    const before = (await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(like(mailOutbox.subject, '%sua manifestação%'))).length;
    const anon = await fileManifestacao({ anonima: true, requerenteEmail: 'anonimo@exemplo.com.br' });
    const phone = await fileManifestacao({ requerenteNome: 'Caio Lima', requerenteTelefone: '31991234567' });
    for (const m of [anon, phone]) expect((await actM(m.id, 'responder', { resposta: 'Resposta registrada.' })).statusCode).toBe(200);
    expect((await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(like(mailOutbox.subject, '%sua manifestação%'))).length).toBe(before);
    expect(data(await t.call('GET', `/api/manifestacoes/${anon.id}/emails`, { token: ouvidoria }))).toEqual([]);
  });
});
