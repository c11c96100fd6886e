/** Account calls: forgot/reset password, self-registration, profile and photo, front-end logs, the mailer. */
import { createServer, type Server, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { makeApp, type TestApp } from './helpers.ts';
import { accessTokens, frontLogs, mailOutbox, passwordResets } from '../src/db/schema.base.ts';
import { companies, liberations, logs, users } from '../src/db/schema.generated.ts';
import { closeMailTransports, deliverOutbox, openSecret, passwordResetMail, SECRET_MARK, SECRET_SENT, sendMail, type MailLogger } from '../src/mail/mailer.ts';
import { sha256 } from '../src/auth/password.ts';
import { startSmtp } from './smtp-server.ts';

let t: TestApp;

beforeAll(async () => {
  t = await makeApp({ appUrl: 'https://paco.exemplo.gov.br' });
});
afterAll(async () => {
  closeMailTransports();
  await t?.close();
});

const FORGOT = 'Se o e-mail estiver cadastrado, você receberá um link para redefinir a senha.';
const INVALID_LINK = 'Link inválido ou expirado. Solicite um novo.';
const REGISTER_ANSWER = 'Cadastro recebido. Enviamos uma mensagem para o seu e-mail com as instruções; depois, entre com o seu e-mail e a sua senha.';

/** app.inject from a given client IP (rate limits are per IP). */
async function from(ip: string, method: string, url: string, body?: unknown, token?: string) {
  const res = await t.app.inject({
    method: method as never, url, remoteAddress: ip,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body !== undefined ? { payload: body as never } : {}),
  });
  return Object.assign(res, { json: () => JSON.parse(res.body) });
}

async function outboxFor(email: string) {
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));
}

async function lastResetToken(email: string): Promise<string> {
  const [mail] = (await outboxFor(email)).filter((m) => m.subject.startsWith('Redefinição de senha'));
  const m = /https:\/\/paco\.exemplo\.gov\.br\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(openSecret(mail?.secret) ?? '');
  if (!m) throw new Error(`no reset link for ${email}`);
  return decodeURIComponent(m[1]);
}

function multipart(field: string, filename: string, mime: string, data: Buffer) {
  const boundary = `----paco${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real 1×1 PNG. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('forgot-password and reset-password', () => {
  it('answers the same for existing and unknown e-mails; only the existing one gets a message', async () => {
    const known = await t.call('POST', '/api/forgot-password', { body: { email: 'Vereador@Paco.Demo ' } });
    const unknown = await t.call('POST', '/api/forgot-password', { body: { email: 'ninguem@paco.demo' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: FORGOT });
    expect(unknown.body).toBe(known.body);
    expect(await outboxFor('ninguem@paco.demo')).toHaveLength(0);
    const mails = await outboxFor('vereador@paco.demo');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Redefinição de senha — Paço');
    expect(mails[0].text).toContain('Olá, Vera Vereadora!');
    // the link is not stored in clear: the text holds a marker, the secret is sealed
    expect(mails[0].text).not.toContain('reset-password?token=');
    expect(mails[0].text).toContain(SECRET_MARK);
    expect(mails[0].html).not.toContain('reset-password?token=');
    expect(mails[0].secret).not.toContain('reset-password');
    expect(openSecret(mails[0].secret)).toMatch(/^https:\/\/paco\.exemplo\.gov\.br\/auth\/reset-password\?token=/);
    expect(mails[0].html).toContain('Redefinir senha');
    expect(mails[0].sent).toBe(false); // no SMTP configured: recorded (and logged) only
    // the token is stored only as its hash, expiring in 60 minutes
    const token = await lastResetToken('vereador@paco.demo');
    const [row] = await t.database.db.select().from(passwordResets).where(eq(passwordResets.token_hash, sha256(token)));
    expect(row).toBeTruthy();
    const minutes = (new Date(row.expires_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60.1);
  });

  it('resets the password once, revokes old sessions, and the new password signs in', async () => {
    const oldSession = await t.login('vereador@paco.demo');
    const token = await lastResetToken('vereador@paco.demo');
    const ok = await t.call('POST', '/api/reset-password', { body: { token, password: 'nova-senha-123', password_confirmation: 'nova-senha-123' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Senha redefinida. Entre com a nova senha.' });

    const again = await t.call('POST', '/api/reset-password', { body: { token, password: 'outra-senha-123', password_confirmation: 'outra-senha-123' } });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ token: [INVALID_LINK] });

    expect((await t.call('GET', '/api/load-user', { token: oldSession })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/login', { body: { email: 'vereador@paco.demo', password: 'paco-demo' } })).statusCode).toBe(401);
    const fresh = await t.login('vereador@paco.demo', 'nova-senha-123');
    expect((await t.call('GET', '/api/load-user', { token: fresh })).json().data.email).toBe('vereador@paco.demo');

    const [u] = await t.database.db.select().from(users).where(eq(users.email, 'vereador@paco.demo'));
    const audit = await t.database.db.select().from(logs).where(and(eq(logs.user_id, u.id), eq(logs.action, 'password_reset')));
    expect(audit).toHaveLength(1);
    expect(audit[0].actionDescription).toContain('redefiniu a senha');
    // and the owner is told the password changed
    expect((await outboxFor('vereador@paco.demo')).some((m) => m.subject === 'Sua senha foi alterada — Paço')).toBe(true);
  });

  it('refuses an expired link, an unknown link and a link replaced by a newer one', async () => {
    await t.call('POST', '/api/forgot-password', { body: { email: 'protocolo@paco.demo' } });
    const first = await lastResetToken('protocolo@paco.demo');
    await t.call('POST', '/api/forgot-password', { body: { email: 'protocolo@paco.demo' } });
    const second = await lastResetToken('protocolo@paco.demo');
    expect(second).not.toBe(first);
    const body = (token: string) => ({ body: { token, password: 'senha-nova-9', password_confirmation: 'senha-nova-9' } });

    const replaced = await t.call('POST', '/api/reset-password', body(first));
    expect(replaced.statusCode).toBe(422);
    expect(replaced.json().errors.token).toEqual([INVALID_LINK]);

    await t.database.db.update(passwordResets).set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where(eq(passwordResets.token_hash, sha256(second)));
    const expired = await t.call('POST', '/api/reset-password', body(second));
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors).toEqual({ token: [INVALID_LINK] });

    const unknown = await t.call('POST', '/api/reset-password', body('x'.repeat(43)));
    expect(unknown.statusCode).toBe(422);
    // the password did not change
    await t.login('protocolo@paco.demo');
  });

  it('validates the new password with per-field pt-BR messages', async () => {
    const short = await t.call('POST', '/api/reset-password', { body: { token: 'abc', password: 'curta', password_confirmation: 'curta' } });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual(['A senha deve ter no mínimo 8 caracteres.']);
    const mismatch = await t.call('POST', '/api/reset-password', { body: { token: 'abc', password: 'senha-boa-1', password_confirmation: 'senha-boa-2' } });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual(['A confirmação da senha não confere.']);
    const missing = await t.call('POST', '/api/reset-password', { body: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toMatchObject({ token: [INVALID_LINK], password: ['Informe a senha.'], password_confirmation: ['Confirme a senha.'] });
    const badEmail = await t.call('POST', '/api/forgot-password', { body: { email: 'não é e-mail' } });
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json().errors.email).toEqual(['Informe um e-mail válido.']);
  });

  it('rate-limits forgot-password per e-mail and per IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await from(`10.1.0.${i + 1}`, 'POST', '/api/forgot-password', { email: 'limite@paco.demo' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const ipCodes: number[] = [];
    for (let i = 0; i < 11; i++) ipCodes.push((await from('10.1.1.1', 'POST', '/api/forgot-password', { email: `ip${i}@paco.demo` })).statusCode);
    expect(ipCodes.slice(0, 10).every((c) => c === 200)).toBe(true);
    const blocked = await from('10.1.1.1', 'POST', '/api/forgot-password', { email: 'mais@paco.demo' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Muitas tentativas\. Tente novamente em \d+ minutos?\.$/);
  });
});

describe('register', () => {
  const [prefeituraId, camaraId] = [0, 0];
  let prefeitura = prefeituraId;
  let camara = camaraId;
  beforeAll(async () => {
    const cs = await t.database.db.select({ id: companies.id, name: companies.name }).from(companies);
    prefeitura = cs.find((c) => c.name.startsWith('Prefeitura'))!.id;
    camara = cs.find((c) => c.name.startsWith('Câmara'))!.id;
  });
  const artist = (over: Record<string, unknown> = {}) => ({
    name: 'Ana Artista', email: 'ana.artista@exemplo.com', password: 'violao-e-voz', password_confirmation: 'violao-e-voz', company_id: prefeitura, ...over,
  });

  it('creates an artist account of the chosen company and tells the person by e-mail (no session: sign in next)', async () => {
    const res = await t.call('POST', '/api/register', { body: artist({ email: ' Ana.Artista@Exemplo.com' }) });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: REGISTER_ANSWER });
    const login = await t.call('POST', '/api/login', { body: { email: 'ana.artista@exemplo.com', password: 'violao-e-voz' } });
    expect(login.statusCode).toBe(200);
    const { user } = login.json();
    expect(user).toMatchObject({ name: 'Ana Artista', email: 'ana.artista@exemplo.com', company_id: prefeitura, roles: [{ name: 'pm_cultura_artista' }], photo: null });
    const audit = await t.database.db.select().from(logs).where(and(eq(logs.user_id, user.id), eq(logs.action, 'register')));
    expect(audit).toHaveLength(1);
    expect(audit[0].company_id).toBe(prefeitura);
    expect((await outboxFor('ana.artista@exemplo.com')).map((m) => m.subject)).toEqual(['Bem-vindo(a) ao cadastro cultural — Paço']);
  });

  it('answers an e-mail that already has an account exactly as a new one, and tells only its owner', async () => {
    const fresh = await t.call('POST', '/api/register', { body: artist({ email: 'nova.pessoa@exemplo.com' }) });
    const taken = await t.call('POST', '/api/register', { body: artist({ email: 'ADMIN.PREFEITURA@paco.demo', password: 'outra-senha-9', password_confirmation: 'outra-senha-9' }) });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    // nothing changed on the existing account: its password stays and no second account exists
    expect((await t.call('POST', '/api/login', { body: { email: 'admin.prefeitura@paco.demo', password: 'paco-demo' } })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/login', { body: { email: 'admin.prefeitura@paco.demo', password: 'outra-senha-9' } })).statusCode).toBe(401);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'admin.prefeitura@paco.demo'))).toHaveLength(1);
    expect((await outboxFor('admin.prefeitura@paco.demo')).map((m) => m.subject)).toContain('Você já tem uma conta no Paço');
  });

  it('is open only where the entity allows self-registration, and refuses an unknown or expired entity', async () => {
    // the Câmara does not take self-registrations (the company setting is off by default)
    const closed = await t.call('POST', '/api/register', { body: artist({ email: 'na.camara@exemplo.com', company_id: camara }) });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().errors.company_id).toEqual(['Esta entidade não aceita cadastros pela internet. Procure o setor de cultura.']);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'na.camara@exemplo.com'))).toHaveLength(0);

    const unknown = await t.call('POST', '/api/register', { body: artist({ email: 'outro@exemplo.com', company_id: 999_999 }) });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ company_id: ['Entidade não encontrada.'] });

    const [expired] = await t.database.db.insert(companies).values({ name: 'Autarquia Vencida', autocadastro: true }).returning();
    await t.database.db.insert(liberations).values({ company_id: expired.id, date_end: '2020-01-31' });
    const noLicence = await t.call('POST', '/api/register', { body: artist({ email: 'outro@exemplo.com', company_id: expired.id }) });
    expect(noLicence.statusCode).toBe(422);
    expect(noLicence.json().errors.company_id).toEqual(['Esta entidade não aceita cadastros pela internet. Procure o setor de cultura.']);
    expect((await t.database.db.select().from(users).where(eq(users.email, 'outro@exemplo.com')))).toHaveLength(0);
  });

  it('validates fields with pt-BR messages', async () => {
    const mismatch = await t.call('POST', '/api/register', { body: artist({ email: 'beto@exemplo.com', password_confirmation: 'outra-coisa' }) });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['A confirmação da senha não confere.'] });

    const all = await t.call('POST', '/api/register', { body: { name: ' ', email: 'x', password: '123', password_confirmation: '1234' } });
    expect(all.statusCode).toBe(422);
    expect(all.json().errors).toEqual({
      name: ['Informe o nome.'],
      email: ['Informe um e-mail válido.'],
      password: ['A senha deve ter no mínimo 8 caracteres.'],
      password_confirmation: ['A confirmação da senha não confere.'],
      company_id: ['Informe a entidade.'],
    });
  });

  it('rate-limits registrations per IP', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await from('10.2.0.1', 'POST', '/api/register', artist({ email: `r${i}@exemplo.com`, company_id: 999_999 }))).statusCode;
    expect(last).toBe(429);
    expect((await from('10.2.0.2', 'POST', '/api/register', artist({ email: 'r@exemplo.com', company_id: 999_999 }))).statusCode).toBe(422);
  });
});

describe('profile', () => {
  let token: string;
  beforeAll(async () => {
    token = await t.login('cultura@paco.demo');
  });

  it('changes the own name and answers the session user', async () => {
    const res = await t.call('PUT', '/api/profile', { token, body: { name: '  Caio da Cultura ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Caio da Cultura', email: 'cultura@paco.demo' });
    expect(res.json().data.roles).toEqual([{ name: 'pm_cultura_admin' }]);
    // form payloads (POST ?_method=PUT): blank password fields mean "keep the current password"
    expect((await t.call('POST', '/api/profile', { token, body: { name: 'X' } })).statusCode).toBe(404);
    const form = await t.call('POST', '/api/profile?_method=PUT', { token, body: { name: 'Caio Cultura', current_password: '', password: '', password_confirmation: '' } });
    expect(form.statusCode).toBe(200);
    expect(form.json().data.name).toBe('Caio Cultura');
    const empty = await t.call('PUT', '/api/profile', { token, body: { name: '' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ name: ['Informe o nome.'] });
  });

  it('changes the password only with the correct current one', async () => {
    const missing = await t.call('PUT', '/api/profile', { token, body: { password: 'nova-senha-1', password_confirmation: 'nova-senha-1' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ current_password: ['Informe a senha atual.'] });
    const wrong = await t.call('PUT', '/api/profile', { token, body: { current_password: 'errada-123', password: 'nova-senha-1', password_confirmation: 'nova-senha-1' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ['Senha atual incorreta.'] });
    const mismatch = await t.call('PUT', '/api/profile', { token, body: { current_password: 'paco-demo', password: 'nova-senha-1', password_confirmation: 'nova-senha-2' } });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['A confirmação da senha não confere.'] });
    const noConfirm = await t.call('PUT', '/api/profile', { token, body: { current_password: 'paco-demo', password: 'nova-senha-1' } });
    expect(noConfirm.json().errors).toEqual({ password_confirmation: ['Confirme a nova senha.'] });

    const other = await t.login('cultura@paco.demo');
    const ok = await t.call('PUT', '/api/profile', { token, body: { current_password: 'paco-demo', password: 'nova-senha-1', password_confirmation: 'nova-senha-1' } });
    expect(ok.statusCode).toBe(200);
    expect((await t.call('GET', '/api/load-user', { token })).statusCode).toBe(200); // this session stays
    expect((await t.call('GET', '/api/load-user', { token: other })).statusCode).toBe(401); // the others end
    await t.login('cultura@paco.demo', 'nova-senha-1');
    const [u] = await t.database.db.select().from(users).where(eq(users.email, 'cultura@paco.demo'));
    const audit = await t.database.db.select().from(logs).where(and(eq(logs.user_id, u.id), eq(logs.action, 'profile')));
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(audit.some((a) => a.actionDescription?.includes('a senha') && (a.changes as Record<string, unknown>).password === '***')).toBe(true);
  });

  it('requires a session', async () => {
    expect((await t.call('PUT', '/api/profile', { body: { name: 'X' } })).statusCode).toBe(401);
    const { body, headers } = multipart('photo', 'a.png', 'image/png', TINY_PNG);
    expect((await t.call('POST', '/api/profile/photo', { body, headers })).statusCode).toBe(401);
  });

  it('uploads a photo, replaces the previous one, and refuses non-images and large files', async () => {
    const first = multipart('photo', 'eu.png', 'image/png', TINY_PNG);
    const res = await t.call('POST', '/api/profile/photo', { token, body: first.body, headers: first.headers });
    expect(res.statusCode).toBe(200);
    const url1: string = res.json().data.photo.url;
    expect(url1).toMatch(/^\/api\/files\/\d+\/users\/\d+\/photo\/.+\.png\?exp=\d+&sig=/);
    const img = await t.call('GET', url1);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect((await t.call('GET', '/api/load-user', { token })).json().data.photo.url).toBe(url1);

    const second = multipart('photo', 'eu2.png', 'image/png', TINY_PNG);
    const res2 = await t.call('POST', '/api/profile/photo', { token, body: second.body, headers: second.headers });
    expect(res2.statusCode).toBe(200);
    expect(res2.json().data.photo.url).not.toBe(url1);
    expect((await t.call('GET', url1)).statusCode).toBe(404); // the old file is gone

    const text = multipart('photo', 'foto.png', 'image/png', Buffer.from('isto não é uma imagem'));
    const bad = await t.call('POST', '/api/profile/photo', { token, body: text.body, headers: text.headers });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.photo).toEqual(['A foto deve ser uma imagem PNG, JPEG, WebP ou GIF.']);

    const big = multipart('photo', 'grande.png', 'image/png', Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]));
    const tooLarge = await t.call('POST', '/api/profile/photo', { token, body: big.body, headers: big.headers });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('A foto excede o limite de 5 MB.');

    const json = await t.call('POST', '/api/profile/photo', { token, body: { photo: 'x' } });
    expect(json.statusCode).toBe(415);
    const wrongField = multipart('avatar', 'eu.png', 'image/png', TINY_PNG);
    expect((await t.call('POST', '/api/profile/photo', { token, body: wrongField.body, headers: wrongField.headers })).statusCode).toBe(422);
    // the stored photo is still the second one
    expect((await t.call('GET', '/api/load-user', { token })).json().data.photo.url).toBe(res2.json().data.photo.url);
  });
});

describe('logfront and logfrontPublic', () => {
  const report = { timestamp: '2026-11-21T12:00:00.000Z', type: 'error', url: 'https://paco.exemplo.gov.br/legislativo', useAgent: 'Mozilla/5.0', message: 'TypeError: x is undefined' };

  it('logfront needs a session and records user and company', async () => {
    expect((await t.call('POST', '/api/logfront', { body: report })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/logfront', { body: report, token: 'x'.repeat(43) })).statusCode).toBe(401);
    const token = await t.login('admin@paco.demo');
    const res = await t.call('POST', '/api/logfront', { token, body: { ...report, message: 'erro com sessão' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Registrado.' });
    const [row] = await t.database.db.select().from(frontLogs).where(eq(frontLogs.message, 'erro com sessão'));
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'admin@paco.demo'));
    expect(row).toMatchObject({ user_id: admin.id, company_id: admin.company_id, type: 'error', url: report.url, useAgent: 'Mozilla/5.0', ip: '127.0.0.1' });
  });

  it('logfrontPublic stores a row, capping long fields', async () => {
    const res = await t.call('POST', '/api/logfrontPublic', { body: { ...report, type: 'promise', message: `público ${'m'.repeat(6000)}`, url: `https://x/${'u'.repeat(3000)}` } });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(frontLogs).where(eq(frontLogs.type, 'promise'));
    expect(row.user_id).toBeNull();
    expect(row.company_id).toBeNull();
    expect(row.message).toHaveLength(5000);
    expect(row.message.startsWith('público ')).toBe(true);
    expect(row.url).toHaveLength(2048);
    expect(row.timestamp).toBe(report.timestamp);
  });

  it('refuses oversized bodies (413) and invalid reports (422)', async () => {
    const big = await t.call('POST', '/api/logfrontPublic', { body: { ...report, message: 'x'.repeat(17 * 1024) } });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('O conteúdo enviado excede o tamanho máximo permitido.');
    const badType = await t.call('POST', '/api/logfrontPublic', { body: { ...report, type: 'warning' } });
    expect(badType.statusCode).toBe(422);
    expect(badType.json().errors.type).toEqual(['Tipo inválido: use error, uncaught ou promise.']);
    const noMessage = await t.call('POST', '/api/logfrontPublic', { body: { type: 'uncaught' } });
    expect(noMessage.statusCode).toBe(422);
    expect(noMessage.json().errors.message).toEqual(['Informe a mensagem.']);
  });

  it('rate-limits logfrontPublic per IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await from('10.3.0.1', 'POST', '/api/logfrontPublic', report)).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 201)).toBe(true);
    expect(codes[30]).toBe(429);
    expect((await from('10.3.0.2', 'POST', '/api/logfrontPublic', report)).statusCode).toBe(201);
  });
});

describe('robustness and documentation', () => {
  it('never answers 500 to malformed input', async () => {
    const token = await t.login('operador@paco.demo');
    const bodies: unknown[] = ['não é json', '[]', 'null', '{"email": {"$ne": 1}}', JSON.stringify({ email: 1, password: [1], name: {}, company_id: 'abc', token: 5, type: null, message: {} })];
    for (const url of ['/api/forgot-password', '/api/reset-password', '/api/register', '/api/profile', '/api/logfront', '/api/logfrontPublic']) {
      for (const body of bodies) {
        const res = await t.app.inject({ method: url === '/api/profile' ? 'PUT' : 'POST', url, payload: body as string, remoteAddress: '10.9.9.9', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } });
        expect(res.statusCode, `${url} ${String(body)}: ${res.body}`).toBeLessThan(500);
        expect(res.body).not.toMatch(/at .+\.ts:\d+/);
      }
    }
  });

  it('documents every route in OpenAPI with tags, and public ones without security', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).json();
    const op = (p: string, m = 'post') => doc.paths[p][m];
    for (const p of ['/api/forgot-password', '/api/reset-password', '/api/register', '/api/logfrontPublic']) {
      expect(op(p).security, p).toEqual([]);
      expect(op(p).summary, p).toBeTruthy();
    }
    for (const [p, m] of [['/api/profile', 'put'], ['/api/profile/photo', 'post'], ['/api/logfront', 'post']]) {
      expect(op(p, m).security, p).toBeUndefined();
      expect(op(p, m).tags, p).toEqual(expect.arrayContaining([expect.stringMatching(/^(Sessão|Conta)$/)]));
    }
    expect(op('/api/register').requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['name', 'email', 'password', 'password_confirmation', 'company_id']));
  });
});

describe('mailer', () => {
  const msg = { to: 'pessoa@exemplo.com', subject: 'Teste de envio — Paço', text: 'Olá! Acesse https://paco.exemplo.gov.br/auth/reset-password?token=abc', html: '<p>Olá!</p>' };

  it('without SMTP, records the message and logs it at info level', async () => {
    const lines: { level: string; obj: Record<string, unknown>; msg?: string }[] = [];
    const log: MailLogger = { info: (obj, m) => lines.push({ level: 'info', obj: obj as never, msg: m }), warn: (obj, m) => lines.push({ level: 'warn', obj: obj as never, msg: m }) };
    const { id, jobId } = await sendMail(t.database.db, { ...t.config, smtpUrl: undefined }, msg, { log });
    expect(jobId).toBeNull();
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ to: msg.to, subject: msg.subject, text: msg.text, html: msg.html, sent: false, error: null });
    expect(lines).toHaveLength(1);
    expect(lines[0].level).toBe('info');
    expect(lines[0].obj).toMatchObject({ to: msg.to, subject: msg.subject, text: msg.text });
    expect(lines[0].msg).toContain(msg.subject);
  });

  it('in production, never writes a secret to the log', async () => {
    const lines: string[] = [];
    const log: MailLogger = { info: (obj, m) => lines.push(JSON.stringify(obj) + (m ?? '')), warn: (obj, m) => lines.push(JSON.stringify(obj) + (m ?? '')) };
    const reset = passwordResetMail('Pessoa', 'https://paco.exemplo.gov.br/auth/reset-password?token=naologar', 60);
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await sendMail(t.database.db, { ...t.config, smtpUrl: undefined }, { to: 'pessoa@exemplo.com', ...reset }, { log });
    } finally {
      process.env.NODE_ENV = before;
    }
    expect(lines.join('\n')).not.toContain('naologar');
    expect(lines.join('\n')).toContain('SMTP não configurado');
    // outside production the developer sees the link in the log
    const dev: string[] = [];
    await sendMail(t.database.db, { ...t.config, smtpUrl: undefined }, { to: 'pessoa@exemplo.com', ...reset }, { log: { info: (obj) => dev.push(JSON.stringify(obj)), warn: () => undefined } });
    expect(dev.join('\n')).toContain('naologar');
  });

  it('with SMTP down, records the error and does not throw', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const warnings: unknown[] = [];
    const log: MailLogger = { info: () => undefined, warn: (obj) => warnings.push(obj) };
    const smtp = { ...t.config, smtpUrl: `smtp://usuario:segredo@127.0.0.1:${port}` };
    // recorded with its delivery job (a stand-in queue here: the job's work is called directly)
    const sent: unknown[] = [];
    const { id, jobId } = await sendMail(t.database.db, smtp, msg, { log, jobs: { send: async (name, data) => { sent.push([name, data]); return 'job-1'; } } });
    expect(jobId).toBe('job-1');
    expect(sent).toEqual([['mail.deliver', { id }]]);
    expect(await deliverOutbox(t.database.db, smtp, id, log)).toBe(false);
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row.sent).toBe(false);
    expect(row.error).toBeTruthy();
    expect(row.error).not.toContain('segredo');
    expect(warnings).toHaveLength(1);
  });

  it('an attempt that fails late does not mark failed a message another node delivered meanwhile', async () => {
    // attempt A hangs on an SMTP server that greets only when told to, and then refuses (a node whose job expired
    // while it waited); attempt B (another node, after the expiry) delivers; then A's refusal arrives
    const held: Socket[] = [];
    const slow = createServer((sock) => { held.push(sock); sock.on('error', () => undefined); });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const good = await startSmtp();
    try {
      const jobs = { send: async () => 'job' };
      const { id } = await sendMail(t.database.db, t.config, msg, { jobs });
      const quiet: MailLogger = { info: () => undefined, warn: () => undefined };
      const a = deliverOutbox(t.database.db, { ...t.config, smtpUrl: `smtp://127.0.0.1:${(slow.address() as { port: number }).port}` }, id, quiet);
      await expect.poll(() => held.length).toBe(1);
      expect(await deliverOutbox(t.database.db, { ...t.config, smtpUrl: good.url }, id, quiet)).toBe(true);
      for (const sock of held) sock.end('421 servico indisponivel\r\n');
      expect(await a).toBe(false);
      const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ sent: true, error: null });
      expect(good.messages).toHaveLength(1);
    } finally {
      for (const sock of held) sock.destroy();
      await new Promise<void>((r) => slow.close(() => r()));
      await good.close();
    }
  });

  it('with SMTP up, delivers and marks the row as sent', async () => {
    const received: string[] = [];
    const server: Server = createServer((sock: Socket) => {
      let data = false;
      let buf = '';
      sock.write('220 teste ESMTP\r\n');
      sock.on('data', (chunk) => {
        buf += chunk.toString('utf8');
        let i: number;
        while ((i = buf.indexOf('\r\n')) >= 0) {
          const line = buf.slice(0, i);
          buf = buf.slice(i + 2);
          if (data) {
            if (line === '.') { data = false; sock.write('250 OK queued\r\n'); } else received.push(line);
            continue;
          }
          const cmd = line.slice(0, 4).toUpperCase();
          if (cmd === 'EHLO' || cmd === 'HELO') sock.write('250-teste\r\n250 8BITMIME\r\n');
          else if (cmd === 'DATA') { data = true; sock.write('354 go ahead\r\n'); } else if (cmd === 'QUIT') { sock.end('221 bye\r\n'); } else sock.write('250 OK\r\n');
        }
      });
      sock.on('error', () => undefined);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    try {
      const smtp = { ...t.config, smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Paço <nao-responda@paco.local>' };
      const jobs = { send: async () => 'job' };
      const { id } = await sendMail(t.database.db, smtp, msg, { jobs });
      expect(await deliverOutbox(t.database.db, smtp, id)).toBe(true);
      const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ sent: true, error: null });
      const raw = received.join('\n');
      expect(raw).toContain('To: pessoa@exemplo.com');
      expect(raw).toContain('nao-responda@paco.local');
      // a message with a secret: the SMTP server gets the link, the outbox keeps neither it nor its sealed copy
      const reset = passwordResetMail('Pessoa', 'https://paco.exemplo.gov.br/auth/reset-password?token=segredo123', 60);
      const sent = await sendMail(t.database.db, smtp, { to: 'pessoa@exemplo.com', ...reset }, { jobs });
      const [waiting] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, sent.id));
      expect(waiting).toMatchObject({ sent: false });
      expect(openSecret(waiting.secret)).toContain('segredo123');
      expect(await deliverOutbox(t.database.db, smtp, sent.id)).toBe(true);
      // a second attempt of the same job (after a lost answer) sends nothing again
      const before = received.length;
      expect(await deliverOutbox(t.database.db, smtp, sent.id)).toBe(true);
      expect(received.length).toBe(before);
      const [stored] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, sent.id));
      expect(stored.sent).toBe(true);
      expect(stored.secret).toBeNull();
      expect(stored.text).toContain(SECRET_SENT);
      expect(`${stored.text}${stored.html}`).not.toContain('segredo123');
      expect(received.join('\n')).toContain('segredo123');
    } finally {
      closeMailTransports();
      server.close();
    }
  });
});

describe('sessions after reset', () => {
  it('reset-password revokes every token of the user', async () => {
    const a = await t.login('operador@paco.demo');
    await t.login('operador@paco.demo');
    await t.call('POST', '/api/forgot-password', { body: { email: 'operador@paco.demo' } });
    const token = await lastResetToken('operador@paco.demo');
    expect((await t.call('POST', '/api/reset-password', { body: { token, password: 'operador-novo', password_confirmation: 'operador-novo' } })).statusCode).toBe(200);
    const [u] = await t.database.db.select().from(users).where(eq(users.email, 'operador@paco.demo'));
    const live = (await t.database.db.select().from(accessTokens).where(eq(accessTokens.user_id, u.id))).filter((x) => !x.revoked_at);
    expect(live).toHaveLength(0);
    expect((await t.call('GET', '/api/load-user', { token: a })).statusCode).toBe(401);
  });
});
