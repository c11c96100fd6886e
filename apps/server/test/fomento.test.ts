/**
 * Culture funding calls (editais de fomento) with quotas: the call's states, applications made from the session's own
 * registration, the staff's qualification and scores, and the result ranked with the reserved places. Accounts: the
 * culture staff (cultura@), the demo artist (artista@, pendente, self-declared branca), three artists registered
 * here (parda, indígena, branca), the demo group, and admin@ of the câmara (another company).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInSaoPaulo } from '../src/auth/session.ts';
import { companies, cultureApplications, cultureCalls, users } from '../src/db/schema.generated.ts';
import { makeApp, multipart, TINY_PDF, type TestApp } from './helpers.ts';

let t: TestApp;
let cultura: string;
let adminCm: string;
let luiza: string; // artista@paco.demo: pendente until the staff activates her here
let grupo: string; // em_analise: may not apply
const tokens: Record<'negra' | 'indigena' | 'branca', string> = { negra: '', indigena: '', branca: '' };
const userIds: Record<string, number> = {};
let prefeitura: number;

const data = (r: { json: () => any }) => r.json().data;
const shift = (days: number): string => {
  const d = new Date(`${todayInSaoPaulo()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const call = (over: Record<string, unknown> = {}) => ({
  numero: '010/2026', titulo: 'Prêmio Culturas Populares', fonte: 'lpg', descricao: 'Premia trajetórias das culturas populares.',
  inscricoesInicio: shift(-1), inscricoesFim: shift(10), vagas: 3, valorPorProjeto: 10000, notaMinima: 60, cotaNegros: 20, cotaIndigenas: 10, ...over,
});
const application = (over: Record<string, unknown> = {}) => ({
  projeto: 'Roda de samba na praça', resumo: 'Doze rodas de samba abertas ao público na Praça da Matriz, com oficinas de percussão.',
  valorSolicitado: 9000, concorrencia: 'ampla', declaracao: true, ...over,
});

/** A valid CPF from nine digits (mod-11 check digits). */
function cpf(nine: string): string {
  const digit = (ds: string) => { const sum = [...ds].reduce((acc, d, i) => acc + Number(d) * (ds.length + 1 - i), 0); const r = (sum * 10) % 11; return r === 10 ? 0 : r; };
  const ten = nine + digit(nine);
  return ten + digit(ten);
}

async function registerArtist(name: string, email: string, cpf: string, racaCor: string, comunidadeTradicional = 'nenhuma'): Promise<string> {
  const reg = await t.call('POST', '/api/register', { body: { name, email, password: 'senha-forte-1', password_confirmation: 'senha-forte-1', company_id: prefeitura } });
  expect(reg.statusCode, reg.body).toBe(202);
  const token = await t.login(email, 'senha-forte-1');
  const made = await t.call('POST', '/api/artists/mine', { token, body: { nomeCompleto: name, cpf, racaCor, comunidadeTradicional, bairro: 'Centro', declaracaoAutentico: true } });
  expect(made.statusCode, made.body).toBe(201);
  await activate(data(made).id);
  userIds[email] = data(await t.call('GET', '/api/load-user', { token })).id;
  return token;
}
async function activate(artistId: number): Promise<void> {
  for (const step of ['analisar', 'ativar']) {
    const r = await t.call('POST', `/api/artists/${artistId}/${step}`, { token: cultura });
    expect(r.statusCode, r.body).toBe(200);
  }
}

beforeAll(async () => {
  t = await makeApp();
  [cultura, adminCm, luiza, grupo] = await Promise.all(['cultura@paco.demo', 'admin@paco.demo', 'artista@paco.demo', 'grupo@paco.demo'].map((e) => t.login(e)));
  const [pm] = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.abreviacao, 'PMVS'));
  prefeitura = pm.id;
  tokens.negra = await registerArtist('Joana Batista', 'joana.batista@exemplo.com.br', cpf('734019285'), 'parda');
  tokens.indigena = await registerArtist('Iracema Pataxó', 'iracema@exemplo.com.br', cpf('734019286'), 'parda', 'indigena');
  tokens.branca = await registerArtist('Helena Prado', 'helena.prado@exemplo.com.br', cpf('734019287'), 'branca');
});
afterAll(async () => { await t?.close(); });

describe('a funding call, from draft to result', () => {
  let id: number;
  const apps: Record<string, number> = {};
  const show = async (k: string) => data(await t.call('GET', `/api/culture_applications/${apps[k]}`, { token: cultura }));

  it('the staff drafts it: quotas at least 20% and 10%, dates in order, the places split by the server', async () => {
    const bad = await t.call('POST', '/api/culture_calls', { token: cultura, body: call({ cotaNegros: 15, cotaIndigenas: 5, vagas: 0 }) });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['cotaIndigenas', 'cotaNegros', 'vagas']);
    const dates = await t.call('POST', '/api/culture_calls', { token: cultura, body: call({ inscricoesFim: shift(-5) }) });
    expect(dates.json().errors).toEqual({ inscricoesFim: ['O fim das inscrições não pode ser anterior ao início.'] });
    const over = await t.call('POST', '/api/culture_calls', { token: cultura, body: call({ cotaNegros: 70, cotaIndigenas: 40 }) });
    expect(over.json().errors).toEqual({ cotaIndigenas: ['As vagas reservadas às cotas somam mais de 100%.'] });
    const made = await t.call('POST', '/api/culture_calls', { token: cultura, body: call({ situacao: 'resultado_publicado', reservaResumo: 'x' }) });
    expect(made.statusCode, made.body).toBe(201);
    expect(data(made)).toMatchObject({ situacao: 'rascunho', reservaResumo: '3 vagas: 2 de ampla concorrência, 1 reservada a pessoas negras e 0 a pessoas indígenas' });
    id = data(made).id;
    const dup = await t.call('POST', '/api/culture_calls', { token: cultura, body: call() });
    expect(dup.json().errors.numero).toEqual(['Já existe um edital de fomento com o mesmo valor em “Número”.']);
  });

  it('a draft is the staff’s: artists do not see it, nor write calls; another company gets 404', async () => {
    expect((await t.call('GET', `/api/culture_calls/${id}`, { token: tokens.negra })).statusCode).toBe(404);
    expect(data(await t.call('GET', '/api/culture_calls', { token: tokens.negra })).map((c: { id: number }) => c.id)).not.toContain(id);
    expect((await t.call('POST', '/api/culture_calls', { token: tokens.negra, body: call({ numero: '099/2026' }) })).statusCode).toBe(403);
    expect((await t.call('PUT', `/api/culture_calls/${id}`, { token: tokens.negra, body: { vagas: 100 } })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/culture_calls/${id}`, { token: adminCm })).statusCode).toBe(404);
    expect((await t.call('POST', `/api/culture_calls/${id}/abrir`, { token: adminCm })).statusCode).toBe(404);
    // nobody applies to a draft
    const early = await t.call('POST', `/api/culture_calls/${id}/inscrever`, { token: tokens.negra, body: application() });
    expect(early.statusCode).toBe(404);
  });

  it('opening it tells the artists and groups; they see it and may apply', async () => {
    const opened = await t.call('POST', `/api/culture_calls/${id}/abrir`, { token: cultura });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(data(opened).situacao).toBe('inscricoes_abertas');
    expect((await t.call('POST', `/api/culture_calls/${id}/abrir`, { token: cultura })).statusCode).toBe(409);
    const told = data(await t.call('GET', '/api/notifications?perPage=5', { token: tokens.negra })) as { kind: string; title: string; link: string }[];
    expect(told.find((n) => n.kind === 'edital_inscricao')).toMatchObject({ title: 'Edital aberto: Prêmio Culturas Populares', link: `/culture/editais/${id}` });
    const shown = data(await t.call('GET', `/api/culture_calls/${id}`, { token: tokens.negra }));
    // the dialog offers the quota her self-declaration admits, not the other, and starts at the call's value
    expect(shown._actions.inscrever).toMatchObject({ allowed: true, values: { valorSolicitado: 10000, concorrencia: 'ampla' } });
    expect(shown._actions.inscrever.choices.concorrencia.map((c: { value: string }) => c.value)).toEqual(['ampla', 'negros']);
  });

  it('an application needs an active registration, a quota the self-declaration admits, a value within the call’s', async () => {
    const pend = await t.call('POST', `/api/culture_calls/${id}/inscrever`, { token: luiza, body: application() });
    expect(pend.statusCode).toBe(409);
    expect(pend.json().message).toBe('Seu cadastro cultural precisa estar ativo para se inscrever (situação: Pendente).');
    const inGroup = await t.call('POST', `/api/culture_calls/${id}/inscrever`, { token: grupo, body: application() });
    expect(inGroup.json().message).toBe('Seu cadastro cultural precisa estar ativo para se inscrever (situação: Em análise).');
    const quota = await t.call('POST', `/api/culture_calls/${id}/inscrever`, { token: tokens.branca, body: application({ concorrencia: 'negros' }) });
    expect(quota.statusCode).toBe(422);
    expect(quota.json().errors.concorrencia[0]).toMatch(/preta ou parda/);
    const indig = await t.call('POST', `/api/culture_calls/${id}/inscrever`, { token: tokens.negra, body: application({ concorrencia: 'indigenas' }) });
    expect(indig.json().errors.concorrencia[0]).toMatch(/indígena/);
    const much = await t.call('POST', `/api/culture_calls/${id}/inscrever`, { token: tokens.negra, body: application({ valorSolicitado: 10000.01 }) });
    expect(much.json().errors).toEqual({ valorSolicitado: ['O valor solicitado não pode passar do valor por projeto do edital (R$\u00a010.000,00).'] });
    const decl = await t.call('POST', `/api/culture_calls/${id}/inscrever`, { token: tokens.negra, body: application({ declaracao: false }) });
    expect(decl.statusCode).toBe(422);
    const staff = await t.call('POST', `/api/culture_calls/${id}/inscrever`, { token: cultura, body: application() });
    expect(staff.statusCode).toBe(403);
    // nothing was written by the refusals
    expect(await t.database.db.select().from(cultureApplications).where(eq(cultureApplications.call_id, id))).toHaveLength(0);
  });

  it('the applicant comes from the session; twice at once makes one application', async () => {
    const body = application({ concorrencia: 'negros', user_id: 1, artist_id: 1, situacao: 'selecionada', nota: 100, proponente: 'Outra pessoa' });
    const both = await Promise.all([1, 2].map(() => t.call('POST', `/api/culture_calls/${id}/inscrever`, { token: tokens.negra, body })));
    const ok = both.filter((r) => r.statusCode === 200);
    expect(ok, both.map((r) => r.body).join('\n')).toHaveLength(1);
    const refused = both.find((r) => r.statusCode !== 200)!;
    expect([409, 422]).toContain(refused.statusCode);
    expect(refused.body).toContain('Você já se inscreveu neste edital.');
    apps.negra = ok[0].json().application.id;
    const mine = data(await t.call('GET', `/api/culture_applications/${apps.negra}`, { token: tokens.negra }));
    expect(mine).toMatchObject({ user_id: userIds['joana.batista@exemplo.com.br'], proponente: 'Joana Batista', situacao: 'inscrita', nota: null, concorrencia: 'negros', call_id: id });
    // with the project's PDF, in one multipart call
    const { payload, type } = multipart({ projeto: 'Cantos do povo Pataxó', resumo: 'Registro e difusão de cantos tradicionais, com oficinas nas escolas.', valorSolicitado: '8000', concorrencia: 'indigenas', declaracao: 'true' },
      { name: 'projeto.pdf', part: 'arquivo', type: 'application/pdf', data: TINY_PDF });
    const withFile = await t.call('POST', `/api/culture_calls/${id}/inscrever`, { token: tokens.indigena, body: payload, headers: { 'content-type': type } });
    expect(withFile.statusCode, withFile.body).toBe(200);
    apps.indigena = withFile.json().application.id;
    expect(data(await t.call('GET', `/api/culture_applications/${apps.indigena}`, { token: tokens.indigena })).arquivo).toMatchObject({ name: 'projeto.pdf' });
    apps.branca = (await t.call('POST', `/api/culture_calls/${id}/inscrever`, { token: tokens.branca, body: application({ projeto: 'Viola caipira nas escolas' }) })).json().application.id;
    expect(data(await t.call('GET', `/api/culture_calls/${id}`, { token: tokens.negra }))._actions.inscrever).toEqual({ allowed: false, reason: 'Você já se inscreveu neste edital.' });
  });

  it('each applicant sees and changes only their own, while the call is open', async () => {
    const listed = data(await t.call('GET', '/api/culture_applications', { token: tokens.negra })).map((a: { id: number }) => a.id);
    expect(listed).toEqual([apps.negra]);
    const sub = data(await t.call('GET', `/api/culture_calls/${id}/inscricoes`, { token: tokens.negra })).map((a: { id: number }) => a.id);
    expect(sub).toEqual([apps.negra]);
    expect(data(await t.call('GET', `/api/culture_calls/${id}/inscricoes`, { token: cultura }))).toHaveLength(3);
    expect((await t.call('GET', `/api/culture_applications/${apps.branca}`, { token: tokens.negra })).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/culture_applications/${apps.branca}`, { token: tokens.negra, body: { projeto: 'Meu agora' } })).statusCode).toBe(404);
    expect((await t.call('POST', `/api/culture_applications/${apps.branca}/desistir`, { token: tokens.negra })).statusCode).toBe(404);
    const edit = await t.call('PUT', `/api/culture_applications/${apps.negra}`, { token: tokens.negra, body: { projeto: 'Roda de samba de todas as praças', nota: 100, situacao: 'selecionada' } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(data(edit)).toMatchObject({ projeto: 'Roda de samba de todas as praças', nota: null, situacao: 'inscrita' });
    const quota = await t.call('PUT', `/api/culture_applications/${apps.branca}`, { token: tokens.branca, body: { concorrencia: 'negros' } });
    expect(quota.statusCode).toBe(422);
    // the application is the applicant's: not even the superadmin rewrites it or withdraws it for them
    await t.database.db.update(users).set({ company_id: prefeitura }).where(eq(users.email, 'superadmin@paco.demo'));
    const superadmin = await t.login('superadmin@paco.demo');
    expect((await t.call('PUT', `/api/culture_applications/${apps.negra}`, { token: superadmin, body: { projeto: 'Reescrito' } })).statusCode).toBe(403);
    expect((await t.call('POST', `/api/culture_applications/${apps.negra}/desistir`, { token: superadmin })).statusCode).toBe(409);
    expect(data(await t.call('GET', `/api/culture_applications/${apps.negra}`, { token: superadmin }))._actions).not.toHaveProperty('desistir');
    // no generic create or delete
    expect((await t.call('POST', '/api/culture_applications', { token: tokens.negra, body: { ...application(), call_id: id } })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/culture_applications/${apps.negra}`, { token: cultura })).statusCode).toBe(404);
    // the staff qualifies only once the applications are closed
    const early = await t.call('POST', `/api/culture_applications/${apps.negra}/habilitar`, { token: cultura });
    expect(early.statusCode).toBe(409);
  });

  it('Luíza, activated late, still applies; closing moves every application to the analysis and locks them', async () => {
    const [mine] = data(await t.call('GET', '/api/artists', { token: luiza }));
    await activate(mine.id);
    const ok = await t.call('POST', `/api/culture_calls/${id}/inscrever`, { token: luiza, body: application({ projeto: 'Dança no bairro' }) });
    expect(ok.statusCode, ok.body).toBe(200);
    apps.luiza = ok.json().application.id;
    const closed = await t.call('POST', `/api/culture_calls/${id}/encerrar_inscricoes`, { token: cultura });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().message).toBe('Inscrições encerradas: 4 inscrições passam à análise.');
    expect(data(await t.call('GET', `/api/culture_applications/${apps.negra}`, { token: cultura })).situacao).toBe('em_analise');
    const late = await t.call('PUT', `/api/culture_applications/${apps.negra}`, { token: tokens.negra, body: { projeto: 'Tarde demais' } });
    expect(late.statusCode).toBe(409);
    const { payload, type } = multipart({}, { name: 'tarde.pdf', part: 'arquivo', type: 'application/pdf', data: TINY_PDF });
    expect((await t.call('POST', `/api/culture_applications/${apps.negra}/upload`, { token: tokens.negra, body: payload, headers: { 'content-type': type } })).statusCode).toBe(409);
    expect((await t.call('PUT', `/api/culture_calls/${id}`, { token: cultura, body: { vagas: 10 } })).statusCode).toBe(409);
    expect((await t.call('POST', `/api/culture_calls/${id}/inscrever`, { token: tokens.negra, body: application() })).statusCode).toBe(409);
  });

  it('the staff qualifies and scores; the result waits for every one', async () => {
    for (const k of ['negra', 'indigena', 'branca', 'luiza']) {
      const r = await t.call('POST', `/api/culture_applications/${apps[k]}/habilitar`, { token: cultura });
      expect(r.statusCode, r.body).toBe(200);
    }
    const noReason = await t.call('POST', `/api/culture_applications/${apps.luiza}/inabilitar`, { token: cultura, body: {} });
    expect(noReason.statusCode).toBe(422);
    const wait = await t.call('POST', `/api/culture_calls/${id}/publicar_preliminar`, { token: cultura });
    expect(wait.statusCode).toBe(409);
    expect(wait.json().message).toBe('4 inscrições habilitadas ainda não têm nota.');
    expect((await t.call('POST', `/api/culture_applications/${apps.negra}/avaliar`, { token: cultura, body: { nota: 101, parecer: 'Projeto excelente, bem orçado.' } })).statusCode).toBe(422);
    expect((await t.call('POST', `/api/culture_applications/${apps.negra}/avaliar`, { token: tokens.negra, body: { nota: 100, parecer: 'Eu mesma me avalio.' } })).statusCode).toBe(403);
    const scores: Record<string, number> = { branca: 90, luiza: 85, indigena: 80, negra: 70 };
    for (const [k, nota] of Object.entries(scores)) {
      const r = await t.call('POST', `/api/culture_applications/${apps[k]}/avaliar`, { token: cultura, body: { nota, parecer: `Parecer da comissão: nota ${nota}.` } });
      expect(r.statusCode, r.body).toBe(200);
    }
    // the applicant sees no result before it is published; the staff sees a preview
    const hidden = (await t.call('GET', `/api/culture_calls/${id}/resultado`, { token: tokens.negra })).json();
    expect(hidden).toMatchObject({ data: [], meta: { notice: 'O resultado será publicado depois da avaliação das inscrições.' } });
    const preview = (await t.call('GET', `/api/culture_calls/${id}/resultado`, { token: cultura })).json();
    expect(preview.meta.notice).toMatch(/^Prévia/);
    expect(preview.data.map((r: { id: number; situacao: string }) => [r.id, r.situacao])).toEqual([
      [apps.branca, 'selecionada'], [apps.luiza, 'selecionada'], [apps.indigena, 'suplente'], [apps.negra, 'selecionada'],
    ]);
    expect(data(await t.call('GET', `/api/culture_applications/${apps.negra}`, { token: cultura })).situacao).toBe('habilitada');
  });

  it('the preliminary result ranks with the quota: the Black applicant takes the reserved place; each is told, with the appeal period', async () => {
    const published = await t.call('POST', `/api/culture_calls/${id}/publicar_preliminar`, { token: cultura });
    expect(published.statusCode, published.body).toBe(200);
    const prazo = shift(3);
    expect(data(published)).toMatchObject({ situacao: 'resultado_preliminar', prazoRecurso: prazo });
    expect(published.json().message).toBe(`Resultado preliminar publicado: 3 projetos selecionados. Recursos até ${prazo.split('-').reverse().join('/')}.`);
    expect(await show('branca')).toMatchObject({ situacao: 'selecionada', classificacao: 1, vaga: 'ampla' });
    expect(await show('luiza')).toMatchObject({ situacao: 'selecionada', classificacao: 2, vaga: 'ampla' });
    expect(await show('indigena')).toMatchObject({ situacao: 'suplente', classificacao: 3, vaga: null });
    expect(await show('negra')).toMatchObject({ situacao: 'selecionada', classificacao: 4, vaga: 'negros', remanejada: false });
    const told = data(await t.call('GET', '/api/notifications?perPage=1', { token: tokens.negra }))[0];
    expect(told).toMatchObject({ kind: 'edital_inscricao', title: 'Resultado preliminar: projeto selecionado (edital 010/2026)', link: `/culture/inscricoes/${apps.negra}` });
    expect(told.body).toContain('em vaga de cota para pessoas negras (pretas e pardas)');
    expect(told.body).toContain(`Você pode recorrer até ${prazo.split('-').reverse().join('/')}`);
    // the published result: everyone who reads the call sees the ranking; the competition only on their own row
    const seen = (await t.call('GET', `/api/culture_calls/${id}/resultado`, { token: tokens.indigena })).json();
    expect(seen.meta.notice).toMatch(/^Resultado preliminar: os proponentes podem recorrer até/);
    expect(seen.data.map((r: Record<string, unknown>) => r.proponente)).toEqual(['Helena Prado', 'Luíza Ferreira', 'Iracema Pataxó', 'Joana Batista']);
    expect(seen.data[0]).not.toHaveProperty('concorrencia');
    expect(seen.data[0]).not.toHaveProperty('parecer');
    expect(seen.data[2]).toMatchObject({ concorrencia: 'indigenas', situacao: 'suplente' });
    // the scores change only by an appeal now
    expect((await t.call('POST', `/api/culture_applications/${apps.indigena}/avaliar`, { token: cultura, body: { nota: 99, parecer: 'Nota revista sem recurso.' } })).statusCode).toBe(409);
    expect((await t.call('GET', `/api/culture_calls/${id}/resultado`, { token: adminCm })).statusCode).toBe(404);
  });

  it('an applicant appeals once, within the period; the staff judges it, which may change the score', async () => {
    const none = await t.call('POST', `/api/culture_applications/${apps.indigena}/recorrer`, { token: tokens.indigena, body: { recurso: 'curto' } });
    expect(none.statusCode).toBe(422);
    expect((await t.call('POST', `/api/culture_applications/${apps.indigena}/recorrer`, { token: tokens.negra, body: { recurso: 'Recorro pela colega, que merece mais.' } })).statusCode).toBe(404);
    expect((await t.call('POST', `/api/culture_applications/${apps.indigena}/julgar_recurso`, { token: cultura, body: { decisao: 'deferido', resposta: 'Nada a julgar ainda.' } })).statusCode).toBe(409);
    const appeal = await t.call('POST', `/api/culture_applications/${apps.indigena}/recorrer`, { token: tokens.indigena, body: { recurso: 'O projeto atende todos os critérios: a oficina nas escolas não foi pontuada.', recursoSituacao: 'deferido' } });
    expect(appeal.statusCode, appeal.body).toBe(200);
    expect(data(appeal)).toMatchObject({ recursoSituacao: 'pendente' });
    expect((await t.call('POST', `/api/culture_applications/${apps.indigena}/recorrer`, { token: tokens.indigena, body: { recurso: 'Outro recurso, agora mais longo do que o primeiro.' } })).statusCode).toBe(409);
    expect((await t.call('POST', `/api/culture_applications/${apps.indigena}/julgar_recurso`, { token: tokens.indigena, body: { decisao: 'deferido', resposta: 'Eu mesma defiro.', nota: 100 } })).statusCode).toBe(403);
    const early = await t.call('POST', `/api/culture_calls/${id}/publicar_resultado`, { token: cultura });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/^Os proponentes podem recorrer até/);
    const judged = await t.call('POST', `/api/culture_applications/${apps.indigena}/julgar_recurso`, { token: cultura, body: { decisao: 'deferido', resposta: 'Recurso deferido: a oficina nas escolas vale 15 pontos.', nota: 95 } });
    expect(judged.statusCode, judged.body).toBe(200);
    expect(data(judged)).toMatchObject({ recursoSituacao: 'deferido', nota: 95, situacao: 'suplente' });
    expect(data(await t.call('GET', '/api/notifications?perPage=1', { token: tokens.indigena }))[0]).toMatchObject({ title: 'Recurso deferido: Cantos do povo Pataxó' });
    // the period ends (moved back a few days here): no more appeals, and the final result may be published
    await t.database.db.update(cultureCalls).set({ prazoRecurso: shift(-1) }).where(eq(cultureCalls.id, id));
    const late = await t.call('POST', `/api/culture_applications/${apps.branca}/recorrer`, { token: tokens.branca, body: { recurso: 'Recurso depois do prazo, que não deve entrar.' } });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/^O prazo de recurso terminou em/);
  });

  it('the final result ranks again with the final scores; each is told; then nothing changes', async () => {
    const final = await t.call('POST', `/api/culture_calls/${id}/publicar_resultado`, { token: cultura });
    expect(final.statusCode, final.body).toBe(200);
    expect(final.json().message).toBe('Resultado final publicado: 3 projetos selecionados.');
    expect(data(final).situacao).toBe('resultado_publicado');
    // 95 takes an open place; the Black applicant keeps the reserved one; Luíza (85) goes to the waiting list
    expect(await show('indigena')).toMatchObject({ situacao: 'selecionada', classificacao: 1, vaga: 'ampla' });
    expect(await show('branca')).toMatchObject({ situacao: 'selecionada', classificacao: 2, vaga: 'ampla' });
    expect(await show('luiza')).toMatchObject({ situacao: 'suplente', classificacao: 3, vaga: null });
    expect(await show('negra')).toMatchObject({ situacao: 'selecionada', classificacao: 4, vaga: 'negros' });
    expect(data(await t.call('GET', '/api/notifications?perPage=1', { token: luiza }))[0].title).toBe('Resultado final: projeto na lista de suplentes (edital 010/2026)');
    const seen = (await t.call('GET', `/api/culture_calls/${id}/resultado`, { token: tokens.negra })).json();
    expect(seen.meta).not.toHaveProperty('notice');
    expect(seen.data.map((r: Record<string, unknown>) => r.proponente)).toEqual(['Iracema Pataxó', 'Helena Prado', 'Luíza Ferreira', 'Joana Batista']);
    // final: no more changes, no reopening, no deletion
    expect((await t.call('POST', `/api/culture_calls/${id}/publicar_resultado`, { token: cultura })).statusCode).toBe(409);
    expect((await t.call('POST', `/api/culture_applications/${apps.indigena}/habilitar`, { token: cultura })).statusCode).toBe(409);
    expect((await t.call('POST', `/api/culture_applications/${apps.luiza}/recorrer`, { token: luiza, body: { recurso: 'Recurso contra o resultado final, fora da fase.' } })).statusCode).toBe(409);
    expect((await t.call('DELETE', `/api/culture_calls/${id}`, { token: cultura })).statusCode).toBe(409);
  });

  it('a selected applicant who withdraws after the final result leaves the place to the next substitute, who is told', async () => {
    const gone = await t.call('POST', `/api/culture_applications/${apps.negra}/desistir`, { token: tokens.negra });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(data(gone).situacao).toBe('desistente');
    // the place reserved for Black applicants: no Black or Indigenous applicant waits, so the next substitute takes it
    expect(await show('luiza')).toMatchObject({ situacao: 'selecionada', classificacao: 3, vaga: 'negros', remanejada: true });
    // the others keep their places and positions
    expect(await show('indigena')).toMatchObject({ situacao: 'selecionada', classificacao: 1, vaga: 'ampla' });
    expect(await show('branca')).toMatchObject({ situacao: 'selecionada', classificacao: 2, vaga: 'ampla' });
    expect(data(await t.call('GET', '/api/notifications?perPage=1', { token: luiza }))[0].title).toBe('Convocado da lista de suplentes: projeto selecionado (edital 010/2026)');
    expect(data(await t.call('GET', '/api/notifications?perPage=1', { token: cultura }))[0]).toMatchObject({
      title: 'Desistência no edital 010/2026: Roda de samba de todas as praças', body: 'Convocado da lista de suplentes: Luíza Ferreira (“Dança no bairro”).',
    });
    // nobody is left waiting: another withdrawal leaves the place empty, and says so
    const next = await t.call('POST', `/api/culture_applications/${apps.luiza}/desistir`, { token: luiza });
    expect(next.statusCode, next.body).toBe(200);
    expect(data(await t.call('GET', '/api/notifications?perPage=1', { token: cultura }))[0].body).toBe('Não há suplentes: a vaga fica sem projeto.');
    expect((await t.call('POST', `/api/culture_applications/${apps.luiza}/desistir`, { token: luiza })).statusCode).toBe(409);
  });
});

describe('withdrawing and bad input', () => {
  it('an applicant withdraws until the result; a draft with no applications may be deleted', async () => {
    const made = data(await t.call('POST', '/api/culture_calls', { token: cultura, body: call({ numero: '011/2026', titulo: 'Fomento a espetáculos' }) }));
    expect((await t.call('POST', `/api/culture_calls/${made.id}/abrir`, { token: cultura })).statusCode).toBe(200);
    const app = (await t.call('POST', `/api/culture_calls/${made.id}/inscrever`, { token: tokens.branca, body: application() })).json().application.id;
    const gone = await t.call('POST', `/api/culture_applications/${app}/desistir`, { token: tokens.branca });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(data(gone).situacao).toBe('desistente');
    expect((await t.call('POST', `/api/culture_applications/${app}/desistir`, { token: tokens.branca })).statusCode).toBe(409);
    const draft = data(await t.call('POST', '/api/culture_calls', { token: cultura, body: call({ numero: '012/2026' }) }));
    expect((await t.call('DELETE', `/api/culture_calls/${draft.id}`, { token: cultura })).statusCode).toBe(204);
    expect((await t.call('DELETE', `/api/culture_calls/${made.id}`, { token: cultura })).statusCode).toBe(409);
  });

  it('malformed ids and bodies get 4xx, never 5xx', async () => {
    for (const [m, u, body] of [
      ['GET', '/api/culture_calls/abc/resultado'], ['POST', '/api/culture_calls/99999999999/inscrever', application()],
      ['POST', '/api/culture_calls/1/inscrever', 'texto'], ['POST', '/api/culture_applications/abc/avaliar', { nota: 'x' }],
      ['POST', '/api/culture_calls', { vagas: 'muitas', valorPorProjeto: -1 }], ['POST', '/api/culture_calls/1/abrir', []],
    ] as [string, string, unknown?][]) {
      const r = await t.call(m, u, { token: cultura, body });
      expect(r.statusCode, `${m} ${u}: ${r.body}`).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, `${m} ${u}: ${r.body}`).toBeLessThan(500);
    }
  });
});
