/**
 * "Acompanhar matéria" (decision 0055): a citizen follows a public matter by e-mail. The whole flow (ask → the
 * confirmation e-mail in the outbox → confirm → a new step of the tramitação → the e-mail to the follower, written by
 * the job → stop → no more e-mails), the confirmation link used twice or expired, another company's matter, matters
 * that are not public, malformed bodies and links (never a 5xx), the rate limits, and no way to learn whether an
 * address follows a matter. Actors: citizens on the public channel; operador@ (matters of the Câmara).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, matterFollowers, matters } from '../src/db/schema.generated.ts';
import { mailOutbox } from '../src/db/schema.base.ts';
import { openSecret } from '../src/mail/mailer.ts';
import { tellFollowers } from '../src/modules/materias/acompanhamento.ts';
import { makeApp, multipart, portalText, type TestApp } from './helpers.ts';
import { todayInSaoPaulo } from '../src/auth/session.ts';

let t: TestApp;
let operador: string;
let camara: number;
let prefeitura: number;
const status: Record<string, number> = {};
const units: Record<string, number> = {};
type Res = Awaited<ReturnType<TestApp['call']>>;
const data = (r: Res) => r.json().data;
const today = todayInSaoPaulo();

let callers = 0;
const nextIp = () => `10.55.${Math.floor(++callers / 250)}.${callers % 250 + 1}`;
async function pub(method: 'GET' | 'POST', url: string, payload?: unknown, ip = nextIp()): Promise<Res> {
  const res = await t.app.inject({ method, url, remoteAddress: ip, payload: payload as never });
  return Object.assign(res, { json: () => JSON.parse(res.body) }) as Res;
}
const follow = (id: number, body: Record<string, unknown>, ip?: string) => pub('POST', `/api/public/materias/${id}/acompanhar`, body, ip);

async function newMatter(ementa: string): Promise<{ id: number; identificacao: string }> {
  const types = data(await t.call('GET', '/api/types_of/matters', { token: operador })) as { id: number; slug: string }[];
  const res = await t.call('POST', '/api/matters', { token: operador, body: { type_id: types.find((x) => x.slug === 'ind')!.id, dataApresentacao: today, ementa } });
  expect(res.statusCode, res.body).toBe(201);
  return data(res);
}
/** A step of the tramitação (the destination alternates: it must differ from the origin, the last destination). */
const tramitar = (id: number, statusSlug: string, acao: string, destino = 'Secretaria Legislativa') => t.call('POST', `/api/matters/${id}/tramitar`, {
  token: operador, body: { data: today, status_id: status[statusSlug], destino_id: units[destino], acao },
});
const mailsTo = (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);
/** The confirmation link of the last e-mail to `to` (kept encrypted in the outbox, like a password reset's). */
async function confirmLink(to: string): Promise<string> {
  const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1);
  expect(row.text).toContain('{{segredo}}');
  const link = openSecret(row.secret)!;
  expect(link).toMatch(/\/portal\/camara-vila-serena\/acompanhamento\/confirmar\?token=[A-Za-z0-9_-]{43}$/);
  return link;
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const leaveLinkOf = (text: string) => /\/acompanhamento\/sair\?token=(\d+\.[A-Za-z0-9_-]{43})/.exec(text)![1];

beforeAll(async () => {
  t = await makeApp();
  operador = await t.login('operador@paco.demo');
  const rows = await t.database.db.select({ id: companies.id, abreviacao: companies.abreviacao }).from(companies);
  camara = rows.find((c) => c.abreviacao === 'CMVS')!.id;
  prefeitura = rows.find((c) => c.abreviacao === 'PMVS')!.id;
  for (const s of data(await t.call('GET', '/api/types_of/tramitation_status', { token: operador })) as { id: number; slug: string }[]) status[s.slug] = s.id;
  const admin = await t.login('admin@paco.demo');
  for (const u of data(await t.call('GET', '/api/tramitation_unities?perPage=100', { token: admin })) as { id: number; descricao: string }[]) units[u.descricao] = u.id;
});
afterAll(async () => { await t?.close(); });

describe('following a matter by e-mail', () => {
  it('asks, confirms, is told of each new step, stops — and is told nothing more', async () => {
    const m = await newMatter('Indica a instalação de bancos na Praça da Matriz.');
    const email = 'Maria.Cidada@Exemplo.com.br';
    const asked = await follow(m.id, { company_id: camara, email, nome: 'Maria' });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().message).toMatch(/^Enviamos um e-mail para maria\.cidada@exemplo\.com\.br\. Abra o link dele em até 48 horas/);

    // the confirmation e-mail: the matter named, the link only encrypted in the outbox, the link to stop in clear
    const [confirmation] = await mailsTo('maria.cidada@exemplo.com.br');
    expect(confirmation.subject).toBe(`Confirme: acompanhar ${m.identificacao} — Câmara Municipal de Vila Serena`);
    expect(confirmation.text).toContain('Olá, Maria!');
    expect(confirmation.text).toContain('Seu e-mail será usado apenas para avisar sobre o andamento desta matéria');
    expect(confirmation.text).toMatch(/acompanhamento\/sair\?token=\d+\.[A-Za-z0-9_-]{43}/);
    const link = await confirmLink('maria.cidada@exemplo.com.br');
    const [stored] = await t.database.db.select().from(matterFollowers).where(eq(matterFollowers.matter_id, m.id));
    expect(stored.confirmado_em).toBeNull();
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.token_hash).not.toBe(tokenOf(link));

    // a step before the confirmation: nothing is sent, no job is even enqueued
    expect((await tramitar(m.id, 'protocolada', 'Protocolada.')).statusCode).toBe(200);
    expect(await tellFollowers({ db: t.database.db, config: t.config, jobs: t.app.jobs }, (await lastStep(m.id)).id)).toBe(0);

    // the page shows the matter, then the button confirms; the link is used once
    const preview = await pub('GET', `/api/public/acompanhamentos/confirmar?token=${tokenOf(link)}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(data(preview)).toMatchObject({ matter_id: m.id, materia: m.identificacao, confirmado: false });
    const confirmed = await pub('POST', '/api/public/acompanhamentos/confirmar', { token: tokenOf(link) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe(`Pronto! Você vai receber um e-mail a cada novo passo da tramitação de ${m.identificacao}. Cada e-mail traz um link para parar de receber.`);
    const again = await pub('POST', '/api/public/acompanhamentos/confirmar', { token: tokenOf(link) });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/^Este link de confirmação não vale mais/);

    // the staff sees how many follow it, never who
    const record = data(await t.call('GET', `/api/matters/${m.id}`, { token: operador }));
    expect(record.acompanhantes).toBe(1);
    expect(JSON.stringify(record)).not.toContain('maria.cidada');

    // a new step: one e-mail to the follower, written by the job (not in the staff's request)
    const before = (await mailsTo('maria.cidada@exemplo.com.br')).length;
    expect((await tramitar(m.id, 'em_comissao', 'Encaminhada para parecer.', 'Protocolo Legislativo')).statusCode).toBe(200);
    expect((await mailsTo('maria.cidada@exemplo.com.br')).length).toBe(before);
    await expect.poll(async () => (await mailsTo('maria.cidada@exemplo.com.br')).length, { timeout: 30_000, interval: 500 }).toBe(before + 1);
    const stepMail = (await mailsTo('maria.cidada@exemplo.com.br')).at(-1)!;
    expect(stepMail.subject).toBe(`${m.identificacao}: Em comissão`);
    expect(stepMail.text).toContain(`A matéria ${m.identificacao} ("Indica a instalação de bancos na Praça da Matriz.") tem um novo passo de tramitação`);
    expect(stepMail.text).toContain('Ação: Encaminhada para parecer.');
    expect(stepMail.text).toContain(`/portal/camara-vila-serena/materias/${m.id}`);
    expect(stepMail.html).toContain('Parar de receber e-mails sobre esta matéria');

    // stop: the page names the matter, the button deletes the address; the link then says it is gone
    const leave = leaveLinkOf(stepMail.text);
    const leavePreview = await pub('GET', `/api/public/acompanhamentos/sair?token=${leave}`);
    expect(data(leavePreview)).toMatchObject({ materia: m.identificacao, confirmado: true });
    const left = await pub('POST', '/api/public/acompanhamentos/sair', { token: leave });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().message).toBe(`Pronto: você não vai mais receber e-mails sobre ${m.identificacao}. Seu endereço foi apagado da lista desta matéria.`);
    expect(await t.database.db.select().from(matterFollowers).where(eq(matterFollowers.matter_id, m.id))).toEqual([]);
    const leftAgain = await pub('POST', '/api/public/acompanhamentos/sair', { token: leave });
    expect(leftAgain.statusCode).toBe(404);
    expect(leftAgain.json().message).toBe('Este link não vale mais: este endereço já não acompanha a matéria.');
    expect(data(await t.call('GET', `/api/matters/${m.id}`, { token: operador })).acompanhantes).toBe(0);

    // no more e-mails
    const after = (await mailsTo('maria.cidada@exemplo.com.br')).length;
    expect((await tramitar(m.id, 'aguardando_parecer', 'Aguardando o parecer.')).statusCode).toBe(200);
    expect(await tellFollowers({ db: t.database.db, config: t.config, jobs: t.app.jobs }, (await lastStep(m.id)).id)).toBe(0);
    await new Promise((r) => setTimeout(r, 3000));
    expect((await mailsTo('maria.cidada@exemplo.com.br')).length).toBe(after);
  });

  it('tells many followers with one job, in batches, never one statement per follower in the staff write', async () => {
    const m = await newMatter('Indica a poda das árvores da Rua das Flores.');
    const confirmedAt = new Date().toISOString();
    // 130 confirmed followers written directly (the public calls are limited per address and per IP)
    await t.database.db.insert(matterFollowers).values(Array.from({ length: 130 }, (_, i) => ({
      company_id: camara, matter_id: m.id, email: `seguidor${i}@exemplo.com.br`, chave: `${m.id}:seguidor${i}@exemplo.com.br`, confirmado_em: confirmedAt, segredo: `s${i}`,
    })));
    expect((await tramitar(m.id, 'protocolada', 'Protocolada.')).statusCode).toBe(200);
    const count = async () => Number((await t.database.db.execute(sql`select count(*)::int as n from mail_outbox where "to" like 'seguidor%@exemplo.com.br'`) as unknown as { rows: { n: number }[] }).rows[0].n);
    await expect.poll(count, { timeout: 40_000, interval: 500 }).toBe(130);
    await new Promise((r) => setTimeout(r, 2500));
    expect(await count()).toBe(130);
  });
});

async function lastStep(matterId: number): Promise<{ id: number }> {
  const rows = data(await t.call('GET', `/api/matters/${matterId}/tramitations`, { token: operador })) as { id: number }[];
  return rows.reduce((a, b) => (a.id > b.id ? a : b));
}

describe('the confirmation link', () => {
  it('expires, and is refused for another company', async () => {
    const m = await newMatter('Indica a sinalização da escola municipal.');
    await follow(m.id, { company_id: camara, email: 'expira@exemplo.com.br' });
    const token = tokenOf(await confirmLink('expira@exemplo.com.br'));
    // another company's portal does not confirm it
    const other = await pub('POST', '/api/public/acompanhamentos/confirmar', { token, company_id: prefeitura });
    expect(other.statusCode).toBe(404);
    await t.database.db.update(matterFollowers).set({ token_expira_em: new Date(Date.now() - 1000).toISOString() }).where(eq(matterFollowers.matter_id, m.id));
    const late = await pub('POST', '/api/public/acompanhamentos/confirmar', { token });
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe('Este link de confirmação não vale mais: ele vale por 48 horas e só pode ser usado uma vez. Peça de novo na página da matéria.');
    expect((await pub('GET', `/api/public/acompanhamentos/confirmar?token=${token}`)).statusCode).toBe(404);
    // a new request sends a new link, and the old one stays dead
    await follow(m.id, { company_id: camara, email: 'expira@exemplo.com.br' });
    const fresh = tokenOf(await confirmLink('expira@exemplo.com.br'));
    expect(fresh).not.toBe(token);
    expect((await pub('POST', '/api/public/acompanhamentos/confirmar', { token })).statusCode).toBe(404);
    expect((await pub('POST', '/api/public/acompanhamentos/confirmar', { token: fresh, company_id: camara })).statusCode).toBe(200);
  });
});

describe('only public matters of the company asked', () => {
  it('another company\'s matter, a deleted matter and a matter of an unpublished portal are not found', async () => {
    const m = await newMatter('Indica a reforma do posto de saúde.');
    const cross = await follow(m.id, { company_id: prefeitura, email: 'cruzado@exemplo.com.br' });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().message).toBe('Matéria não encontrada.');
    expect((await follow(99_999_999, { company_id: camara, email: 'cruzado@exemplo.com.br' })).statusCode).toBe(404);

    const gone = await newMatter('Indica algo que será excluído.');
    expect((await t.call('DELETE', `/api/matters/${gone.id}`, { token: operador })).statusCode).toBe(204);
    expect((await follow(gone.id, { company_id: camara, email: 'cruzado@exemplo.com.br' })).statusCode).toBe(404);

    await t.database.db.update(companies).set({ portal_publicado: false }).where(eq(companies.id, camara));
    try {
      expect((await follow(m.id, { company_id: camara, email: 'cruzado@exemplo.com.br' })).statusCode).toBe(404);
    } finally {
      await t.database.db.update(companies).set({ portal_publicado: true }).where(eq(companies.id, camara));
    }
    expect(await mailsTo('cruzado@exemplo.com.br')).toEqual([]);
    expect(await t.database.db.select().from(matterFollowers).where(eq(matterFollowers.email, 'cruzado@exemplo.com.br'))).toEqual([]);
  });
});

describe('bad input', () => {
  it('answers 422 with per-field messages in pt-BR, never 5xx', async () => {
    const [m] = await t.database.db.select({ id: matters.id }).from(matters).where(eq(matters.company_id, camara)).limit(1);
    const bad = await follow(m.id, { company_id: 'x', email: 'não é e-mail', nome: 'n'.repeat(200) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ email: ['Informe um e-mail válido.'], nome: ['O nome deve ter no máximo 120 caracteres.'] });
    expect(bad.json().errors.company_id[0]).toMatch(/Entidade inválida|Informe a entidade/);
    const empty = await follow(m.id, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.email).toEqual(['Informe o e-mail.']);
    for (const url of ['/api/public/materias/abc/acompanhar', '/api/public/materias/-1/acompanhar', '/api/public/materias/99999999999999/acompanhar']) {
      const r = await pub('POST', url, { company_id: camara, email: 'a@exemplo.com.br' });
      expect(r.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, url).toBeLessThan(500);
    }
    const notJson = await t.app.inject({ method: 'POST', url: `/api/public/materias/${m.id}/acompanhar`, headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(notJson.statusCode).toBe(422);
    for (const token of ['', 'curto', 'x'.repeat(500), '123.abc', "1' or '1'='1", '0.' + 'a'.repeat(43), '99999999999.' + 'a'.repeat(43)]) {
      for (const path of ['confirmar', 'sair']) {
        const post = await pub('POST', `/api/public/acompanhamentos/${path}`, { token });
        expect(post.statusCode, `${path} ${token}`).toBe(422);
        expect(post.json().errors.token[0]).toBe('Link inválido: abra o endereço exatamente como veio no e-mail.');
        const get = await pub('GET', `/api/public/acompanhamentos/${path}?token=${encodeURIComponent(token)}`);
        expect(get.statusCode).toBe(422);
      }
    }
    // well formed, but no such link
    expect((await pub('POST', '/api/public/acompanhamentos/confirmar', { token: 'a'.repeat(43) })).statusCode).toBe(404);
    expect((await pub('POST', '/api/public/acompanhamentos/sair', { token: `1.${'a'.repeat(43)}` })).statusCode).toBe(404);
    expect((await pub('POST', '/api/public/acompanhamentos/sair', { token: 'a' })).statusCode).toBe(422);
  });
});

describe('limits and enumeration', () => {
  it('limits the requests per address of origin (the public forms\' limit)', async () => {
    const [m] = await t.database.db.select({ id: matters.id }).from(matters).where(eq(matters.company_id, camara)).limit(1);
    const ip = '10.66.0.1';
    for (let i = 0; i < 10; i++) expect((await follow(m.id, { company_id: camara, email: `ip${i}@exemplo.com.br` }, ip)).statusCode).toBe(202);
    const over = await follow(m.id, { company_id: camara, email: 'ip10@exemplo.com.br' }, ip);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/^Muitas tentativas\. Tente novamente em \d+ minutos?\.$/);
  });

  it('answers the same for a new, a pending and a following address, and sends one address at most 3 e-mails a day', async () => {
    const m = await newMatter('Indica a iluminação da quadra do bairro Alto.');
    const answer = async (email: string) => {
      const r = await follow(m.id, { company_id: camara, email });
      return { status: r.statusCode, body: r.body.replace(email, '<email>') };
    };
    const fresh = await answer('novo@exemplo.com.br');
    // a following address
    await follow(m.id, { company_id: camara, email: 'segue@exemplo.com.br' });
    await pub('POST', '/api/public/acompanhamentos/confirmar', { token: tokenOf(await confirmLink('segue@exemplo.com.br')) });
    const following = await answer('segue@exemplo.com.br');
    const pendingOne = await answer('novo@exemplo.com.br');
    expect(following).toEqual(fresh);
    expect(pendingOne).toEqual(fresh);
    // the follower is told it already follows (with the link to stop); nobody else learns it
    const told = (await mailsTo('segue@exemplo.com.br')).at(-1)!;
    expect(told.subject).toBe(`Você já acompanha ${(await t.database.db.select({ i: matters.identificacao }).from(matters).where(eq(matters.id, m.id)))[0].i}`);
    expect(told.text).toMatch(/acompanhamento\/sair\?token=/);
    // the same address, asked again and again (from many places): 3 e-mails a day, the same answer every time
    for (let i = 0; i < 4; i++) expect(await answer('novo@exemplo.com.br')).toEqual(fresh);
    expect((await mailsTo('novo@exemplo.com.br')).length).toBe(3);
    expect((await t.database.db.select().from(matterFollowers).where(and(eq(matterFollowers.matter_id, m.id), eq(matterFollowers.email, 'novo@exemplo.com.br')))).length).toBe(1);
  });
});

describe('the portal\'s pages', () => {
  const CM = '/portal/camara-vila-serena';
  const PM = '/portal/prefeitura-vila-serena';
  const post = (url: string, fields: Record<string, string>) => {
    const f = multipart(fields);
    return t.app.inject({ method: 'POST', url, remoteAddress: nextIp(), headers: { 'content-type': f.type }, payload: f.payload });
  };

  it('offers the form on a matter\'s page, with its purpose; asks, confirms and stops through the pages', async () => {
    const m = await newMatter('Indica a limpeza do córrego do Jardim Novo.');
    const detail = await t.app.inject({ method: 'GET', url: `${CM}/materias/${m.id}` });
    expect(detail.statusCode).toBe(200);
    const text = portalText(detail.body);
    expect(text).toContain('Acompanhar esta matéria por e-mail');
    expect(text).toContain('Seu e-mail será usado apenas para avisar sobre o andamento desta matéria.');
    expect(detail.body).toContain(`action="${CM}/materias/${m.id}/acompanhar"`);

    const bad = await post(`${CM}/materias/${m.id}/acompanhar`, { email: 'sem-arroba', nome: 'Ana' });
    expect(bad.statusCode).toBe(422);
    expect(portalText(bad.body)).toContain('Informe um e-mail válido.');
    expect(bad.body).toContain('value="sem-arroba"');

    const asked = await post(`${CM}/materias/${m.id}/acompanhar`, { email: 'ana.portal@exemplo.com.br', nome: 'Ana' });
    expect(asked.statusCode).toBe(202);
    expect(portalText(asked.body)).toContain('Enviamos um e-mail para ana.portal@exemplo.com.br.');
    expect(asked.headers['cache-control']).toBe('no-store');

    const link = await confirmLink('ana.portal@exemplo.com.br');
    const token = tokenOf(link);
    // the link of another company's portal is not found there
    const elsewhere = await t.app.inject({ method: 'GET', url: `${PM}/acompanhamento/confirmar?token=${token}` });
    expect(elsewhere.statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(portalText(page.body)).toContain(m.identificacao);
    expect(page.body).toContain('Confirmar o acompanhamento</button>');
    // opening the link confirms nothing (a mail scanner opens every link): the button does
    expect((await t.database.db.select().from(matterFollowers).where(eq(matterFollowers.matter_id, m.id)))[0].confirmado_em).toBeNull();
    const done = await post(`${CM}/acompanhamento/confirmar`, { token });
    expect(done.statusCode).toBe(200);
    expect(portalText(done.body)).toContain(`Pronto! Você vai receber um e-mail a cada novo passo da tramitação de ${m.identificacao}.`);
    const twice = await post(`${CM}/acompanhamento/confirmar`, { token });
    expect(twice.statusCode).toBe(404);
    expect(portalText(twice.body)).toContain('Este link de confirmação não vale mais');
    const malformed = await t.app.inject({ method: 'GET', url: `${CM}/acompanhamento/confirmar?token=%00%ff` });
    expect(malformed.statusCode).toBe(422);

    const leave = leaveLinkOf((await mailsTo('ana.portal@exemplo.com.br'))[0].text);
    const leavePage = await t.app.inject({ method: 'GET', url: `${CM}/acompanhamento/sair?token=${leave}` });
    expect(leavePage.body).toContain('Parar de acompanhar</button>');
    const left = await post(`${CM}/acompanhamento/sair`, { token: leave });
    expect(left.statusCode).toBe(200);
    expect(portalText(left.body)).toContain(`Pronto: você não vai mais receber e-mails sobre ${m.identificacao}.`);
    const leftAgain = await post(`${CM}/acompanhamento/sair`, { token: leave });
    expect(leftAgain.statusCode).toBe(404);
    expect(portalText(leftAgain.body)).toContain('já não acompanha a matéria');
  });

  it('answers 404 for a matter of another company or one that is not public', async () => {
    const m = await newMatter('Indica a troca das lâmpadas da Rua Sete.');
    expect((await post(`${PM}/materias/${m.id}/acompanhar`, { email: 'x@exemplo.com.br' })).statusCode).toBe(404);
    expect((await post(`${CM}/materias/abc/acompanhar`, { email: 'x@exemplo.com.br' })).statusCode).toBe(404);
    await t.database.db.update(companies).set({ portal_publicado: false }).where(eq(companies.id, camara));
    try {
      expect((await post(`${CM}/materias/${m.id}/acompanhar`, { email: 'x@exemplo.com.br' })).statusCode).toBe(404);
    } finally {
      await t.database.db.update(companies).set({ portal_publicado: true }).where(eq(companies.id, camara));
    }
    expect(await mailsTo('x@exemplo.com.br')).toEqual([]);
  });
});
