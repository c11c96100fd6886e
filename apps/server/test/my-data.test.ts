/**
 * "Meus dados (LGPD)" (docs/decisions/0049): GET /api/profile/data answers the session's own data as a JSON
 * download, and nobody else's: not another person's of the same company (with records of the same kinds), not another
 * company's; no secret anywhere in it (password hash, session and reset token hashes); audited and rate-limited; 401
 * without a session. GET /api/profile/privacy says whom to ask for correction or deletion.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountUrl } from '@paco/domain/account';
import { accessTokens, passwordResets } from '../src/db/schema.base.ts';
import { companies, logs, notifications, users } from '../src/db/schema.generated.ts';
import { MY_DATA_LIMIT } from '../src/auth/my-data.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let artista: string; // pm_cultura_artista with a registration (prefeitura)
let grupo: string; // pm_cultura_grupo with a registration (prefeitura): same company, records of the same kinds
let vereador: string; // cm_parlamentar (câmara): another company
const id: Record<string, number> = {};
const URL_ = accountUrl('my_data');

/** Every key and every string value of a JSON value, walked whole. */
function walk(v: unknown, keys: string[] = [], values: string[] = []): { keys: string[]; values: string[] } {
  if (Array.isArray(v)) v.forEach((x) => walk(x, keys, values));
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      keys.push(k);
      walk(x, keys, values);
    }
  } else if (typeof v === 'string') values.push(v);
  return { keys, values };
}

const userId = async (email: string) => (await t.database.db.select({ id: users.id, company_id: users.company_id }).from(users).where(eq(users.email, email)))[0]!;

beforeAll(async () => {
  t = await makeApp();
  [artista, grupo, vereador] = await Promise.all(['artista@paco.demo', 'grupo@paco.demo', 'vereador@paco.demo'].map((e) => t.login(e)));
  for (const e of ['artista@paco.demo', 'grupo@paco.demo', 'vereador@paco.demo']) {
    const u = await userId(e);
    id[e] = u.id;
    id[`${e}:company`] = u.company_id;
  }
  // a notification for each of the two people of the prefeitura
  await t.database.db.insert(notifications).values([
    { company_id: id['artista@paco.demo:company']!, user_id: id['artista@paco.demo']!, kind: 'teste', title: 'Aviso só da artista' },
    { company_id: id['grupo@paco.demo:company']!, user_id: id['grupo@paco.demo']!, kind: 'teste', title: 'Aviso só do grupo' },
  ]);
  // a pending reset link for the artist: its hash must not leave
  const forgot = await t.call('POST', accountUrl('forgot_password'), { body: { email: 'artista@paco.demo' } });
  expect(forgot.statusCode).toBe(200);
});
afterAll(async () => { await t?.close(); });

describe('GET /api/profile/data', () => {
  it('refuses without a session', async () => {
    expect((await t.call('GET', URL_)).statusCode).toBe(401);
    expect((await t.call('GET', URL_, { token: 'nao-e-um-token' })).statusCode).toBe(401);
  });

  it('answers the artist\'s own data as a JSON download, with what each part is', async () => {
    const res = await t.call('GET', URL_, { token: artista });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="meus-dados-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toContain('no-store');
    const d = res.json();
    expect(d.explicacao.texto).toContain('dados pessoais');
    expect(Object.keys(d.explicacao.partes)).toEqual(expect.arrayContaining(['conta', 'cadastroCultural', 'sessoes', 'registrosDeAtividade']));
    expect(d.explicacao.correcaoOuExclusao).toMatch(/correção/);
    expect(d.conta).toMatchObject({ id: id['artista@paco.demo'], email: 'artista@paco.demo' });
    expect(d.papeis.map((p: { nome: string }) => p.nome)).toContain('pm_cultura_artista');
    // their registration, and only theirs
    expect(d.cadastroCultural.artista).toHaveLength(1);
    expect(d.cadastroCultural.artista[0].user_id).toBe(id['artista@paco.demo']);
    // their own CPF in full (a list masks it; this is their copy)
    expect(d.cadastroCultural.artista[0].cpf).toMatch(/^\d{11}$/);
    expect(d.cadastroCultural.grupos).toEqual([]);
    expect(d.notificacoes.map((n: { title: string }) => n.title)).toEqual(['Aviso só da artista']);
    expect(d.sessoes.length).toBeGreaterThan(0);
    expect(d.sessoes[0]).toEqual(expect.objectContaining({ ip: expect.anything(), created_at: expect.any(String) }));
    expect(d.redefinicoesDeSenha.length).toBe(1);
    expect(d.registrosDeAtividade.registros.some((l: { action: string }) => l.action === 'login')).toBe(true);
    expect(d.naoIncluidos.join(' ')).toMatch(/e-SIC/);
  });

  it('carries nobody else\'s data: not another person\'s of the same company, not another company\'s', async () => {
    const mine = (await t.call('GET', URL_, { token: artista })).body;
    const theirs = (await t.call('GET', URL_, { token: grupo })).json();
    const other = (await t.call('GET', URL_, { token: vereador })).json();
    // the other two got their own
    expect(theirs.conta.email).toBe('grupo@paco.demo');
    expect(theirs.cadastroCultural.grupos).toHaveLength(1);
    expect(theirs.cadastroCultural.artista).toEqual([]);
    expect(theirs.notificacoes.map((n: { title: string }) => n.title)).toEqual(['Aviso só do grupo']);
    expect(other.conta.email).toBe('vereador@paco.demo');
    expect(other.parlamentar.length).toBeGreaterThan(0);
    expect(other.cadastroCultural.artista).toEqual([]);
    expect(other.notificacoes.every((n: { title: string }) => !/artista|grupo/.test(n.title))).toBe(true);
    // none of it in the artist's file
    for (const s of ['grupo@paco.demo', 'vereador@paco.demo', 'Aviso só do grupo', theirs.cadastroCultural.grupos[0].nome, other.parlamentar[0].name]) {
      expect(mine, s).not.toContain(s);
    }
    // nor the artist's in theirs
    const [theirsText, otherText] = [JSON.stringify(theirs), JSON.stringify(other)];
    for (const s of ['artista@paco.demo', 'Aviso só da artista']) {
      expect(theirsText).not.toContain(s);
      expect(otherText).not.toContain(s);
    }
  });

  it('has no secret anywhere (password hash, session and reset token hashes)', async () => {
    const res = await t.call('GET', URL_, { token: artista });
    const { keys, values } = walk(res.json());
    const secretKeys = ['password', 'token', 'token_hash', 'secret', 'codigoAcesso', 'senha', 'remember_token'];
    expect(keys.filter((k) => secretKeys.includes(k))).toEqual([]);
    const uid = id['artista@paco.demo']!;
    const [u] = await t.database.db.select({ password: users.password }).from(users).where(eq(users.id, uid));
    const hashes = [
      u!.password,
      ...(await t.database.db.select({ h: accessTokens.token_hash }).from(accessTokens).where(eq(accessTokens.user_id, uid))).map((x) => x.h),
      ...(await t.database.db.select({ h: passwordResets.token_hash }).from(passwordResets).where(eq(passwordResets.user_id, uid))).map((x) => x.h),
    ];
    expect(hashes.length).toBeGreaterThan(2);
    for (const h of hashes) {
      expect(values.some((v) => v.includes(h))).toBe(false);
      expect(res.body).not.toContain(h);
    }
    // the session's own bearer token neither
    expect(res.body).not.toContain(artista);
  });

  it('writes who downloaded and when in the activity log', async () => {
    const uid = id['artista@paco.demo']!;
    const rows = await t.database.db.select().from(logs).where(and(eq(logs.user_id, uid), eq(logs.action, 'data_export')));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ resource: 'users', record_id: uid, company_id: id['artista@paco.demo:company'] });
    expect(rows[0]!.actionDescription).toMatch(/baixou os próprios dados pessoais/);
    expect(rows[0]!.created_at).toBeTruthy();
  });

  it(`allows ${MY_DATA_LIMIT.max} downloads an hour per person, then answers 429 in pt-BR`, async () => {
    const token = await t.login('operador@paco.demo');
    for (let i = 0; i < MY_DATA_LIMIT.max; i++) expect((await t.call('GET', URL_, { token })).statusCode).toBe(200);
    const over = await t.call('GET', URL_, { token });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/^Muitos downloads dos seus dados\. Tente novamente em \d+ minutos?\.$/);
    // another person is not held by it
    expect((await t.call('GET', URL_, { token: vereador })).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents both calls under Conta, with a session', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).json();
    for (const p of ['/api/profile/data', '/api/profile/privacy']) {
      expect(doc.paths[p]?.get?.tags, p).toEqual(['Conta']);
      expect(doc.paths[p].get.security, p).toBeUndefined();
    }
    expect(doc.paths['/api/profile/data'].get.description).toMatch(/LGPD art\. 18/);
  });
});

describe('GET /api/profile/privacy', () => {
  it('says whom to ask, from the entity\'s service contact, or a generic sentence without one', async () => {
    const res = await t.call('GET', accountUrl('privacy_contact'), { token: artista });
    expect(res.statusCode).toBe(200);
    const [pm] = await t.database.db.select().from(companies).where(eq(companies.id, id['artista@paco.demo:company']!));
    const d = res.json().data;
    expect(d.entidade).toBe(pm!.name);
    if (pm!.email_atendimento) expect(d.texto).toContain(pm!.email_atendimento);
    await t.database.db.update(companies).set({ email_atendimento: null, telefone: null, portal_publicado: false }).where(eq(companies.id, pm!.id));
    const generic = (await t.call('GET', accountUrl('privacy_contact'), { token: artista })).json().data;
    expect(generic).toMatchObject({ email: null, telefone: null, ouvidoria: null });
    expect(generic.texto).toMatch(/^Para pedir a correção, a atualização ou a exclusão dos seus dados, procure a Ouvidoria ou o encarregado/);
    expect((await t.call('GET', accountUrl('privacy_contact'))).statusCode).toBe(401);
  });
});
