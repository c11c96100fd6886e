/**
 * Outgoing e-mail. Every message is first recorded in mail_outbox (an audit trail, and the way to read the
 * messages on installations without SMTP). When SMTP_URL is set the message is also delivered with nodemailer
 * and the row records the outcome (sent = true, or the error); otherwise the message is written to the server
 * log at info level. A delivery failure never fails the request that caused it.
 *
 * A message may carry a secret (a password-reset link): its text and HTML hold the marker SECRET_MARK in its place,
 * the outbox keeps the secret only encrypted (AES-256-GCM, key derived from the installation's secret), the
 * delivery puts it back just for the SMTP server, and once delivered the encrypted copy is dropped. The server log
 * shows the secret only outside production (NODE_ENV=production never logs it), so a developer without SMTP can
 * still follow the link.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.base.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** replaces SECRET_MARK in text and html when delivered; kept only encrypted */
  secret?: string;
}

/** Where a message's secret goes in its text and HTML. */
export const SECRET_MARK = '{{segredo}}';
/** What the stored copy shows in its place once the message was delivered. */
export const SECRET_SENT = '[link enviado por e-mail; removido do registro]';

let secretKey: Buffer | null = null;
/** The key that encrypts messages' secrets in the outbox (set at start from the installation's secret). */
export function setMailSecret(installationSecret: string): void {
  secretKey = createHash('sha256').update(`paco-mail-outbox|${installationSecret}`).digest();
}
function key(): Buffer {
  if (!secretKey) throw new Error('mail secret key not set (setMailSecret)');
  return secretKey;
}

export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** The secret of an outbox row (null when it has none, was dropped, or cannot be opened with this key). */
export function openSecret(sealed: string | null | undefined): string | null {
  if (!sealed) return null;
  const [v, iv, tag, data] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

const fill = (s: string | undefined, with_: string): string | undefined => s?.split(SECRET_MARK).join(with_);
const production = (): boolean => process.env.NODE_ENV === 'production';

/** The part of a pino/Fastify logger the mailer uses. */
export interface MailLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface SendOptions {
  log?: MailLogger;
  /**
   * Deliver after returning (the outbox row is written before). Used where the answer must not depend on the
   * SMTP server's speed (forgot-password must answer in the same time whether the account exists or not).
   */
  background?: boolean;
}

export interface SendResult {
  id: number;
  /** resolves when delivery ended (immediately without SMTP); never rejects */
  delivered: Promise<boolean>;
}

const fallbackLog: MailLogger = {
  info: (obj, msg) => console.info(msg ?? '', obj),
  warn: (obj, msg) => console.warn(msg ?? '', obj),
};

const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let t = transports.get(smtpUrl);
  if (!t) {
    t = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    transports.set(smtpUrl, t);
  }
  return t;
}

/** Closes cached SMTP connections (tests, shutdown). */
export function closeMailTransports(): void {
  for (const t of transports.values()) t.close();
  transports.clear();
}

/** Error text safe to store: no credentials from the SMTP URL. */
function describe(e: unknown): string {
  const err = e as { code?: string; responseCode?: number; message?: string };
  const text = [err.code, err.responseCode, err.message ?? String(e)].filter((x) => x !== undefined && x !== '').join(' ');
  return text.replace(/\/\/[^@/\s]*@/g, '//***@').slice(0, 2000);
}

async function deliver(db: Db, config: Config, id: number, msg: MailMessage, log: MailLogger): Promise<boolean> {
  try {
    const secret = msg.secret ?? '';
    await transportFor(config.smtpUrl!).sendMail({ from: config.mailFrom, to: msg.to, subject: msg.subject, text: fill(msg.text, secret), html: fill(msg.html, escapeHtml(secret)) });
    // delivered: the stored copy keeps no secret, not even encrypted
    await db.update(mailOutbox).set({
      sent: true, error: null,
      ...(msg.secret ? { secret: null, text: fill(msg.text, SECRET_SENT), html: fill(msg.html, SECRET_SENT) ?? null } : {}),
    }).where(eq(mailOutbox.id, id));
    return true;
  } catch (e) {
    const error = describe(e);
    log.warn({ mailId: id, to: msg.to, error }, 'Falha ao enviar e-mail por SMTP.');
    await db.update(mailOutbox).set({ sent: false, error }).where(eq(mailOutbox.id, id)).catch(() => undefined);
    return false;
  }
}

export async function sendMail(db: Db, config: Config, msg: MailMessage, opts: SendOptions = {}): Promise<SendResult> {
  const log = opts.log ?? fallbackLog;
  const [row] = await db.insert(mailOutbox).values({
    to: msg.to.slice(0, 191), subject: msg.subject.slice(0, 255), text: msg.text, html: msg.html ?? null,
    secret: msg.secret ? sealSecret(msg.secret) : null,
  }).returning({ id: mailOutbox.id });
  if (!config.smtpUrl) {
    // the log shows a secret only outside production (a developer without SMTP follows the reset link from it)
    const text = production() ? msg.text : fill(msg.text, msg.secret ?? '');
    log.info({ mailId: row.id, to: msg.to, subject: msg.subject, text }, `E-mail registrado (SMTP não configurado): ${msg.subject} → ${msg.to}`);
    if (production() && msg.secret) log.warn({ mailId: row.id }, 'SMTP não configurado: a mensagem com link não pode ser entregue (defina SMTP_URL).');
    return { id: row.id, delivered: Promise.resolve(false) };
  }
  const delivered = deliver(db, config, row.id, msg, log);
  if (!opts.background) await delivered;
  return { id: row.id, delivered };
}

/* ---------------- message templates (pt-BR) ---------------- */

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const paras = (ps: string[]): string => ps.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }, after: string[] = []): string {
  const body = paras(paragraphs);
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1565c0;color:#fff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>`
      + `<p style="margin:0 0 16px;font-size:13px;color:#555">Se o botão não funcionar, copie e cole este endereço no navegador:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>`
    : '';
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`
    + `<body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">`
    + `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}${button}${paras(after)}`
    + `<p style="margin:24px 0 0;font-size:13px;color:#555">Paço — mensagem automática, não responda.</p></body></html>`;
}

/**
 * A message of the product: greeting, paragraphs, one action (its address in the text too) and closing paragraphs,
 * as plain text and as HTML.
 */
function message(subject: string, title: string, name: string, paragraphs: string[], action: { label: string; url: string }, after: string[] = []): Omit<MailMessage, 'to'> {
  const intro = `Olá, ${name}!`;
  const closing = after.length ? `${after.join('\n')}\n\n` : '';
  return {
    subject,
    text: `${intro}\n\n${paragraphs.join('\n')}\n\n${action.url}\n\n${closing}— Paço (mensagem automática, não responda)`,
    html: layout(title, [intro, ...paragraphs], action, after),
  };
}

const loginOf = (appUrl: string): string => `${appUrl.replace(/\/+$/, '')}/auth/login`;

/** The reset link travels as the message's secret (never stored in clear): SECRET_MARK stands for it. */
export function passwordResetMail(name: string, link: string, minutes: number): Omit<MailMessage, 'to'> {
  return {
    ...message('Redefinição de senha — Paço', 'Redefinição de senha', name, [
      'Recebemos um pedido para redefinir a senha da sua conta no Paço.',
      `Para escolher uma nova senha, acesse o link abaixo. Ele vale por ${minutes} minutos e pode ser usado uma única vez.`,
    ], { label: 'Redefinir senha', url: SECRET_MARK }, ['Se você não fez este pedido, ignore este e-mail: sua senha continua a mesma.']),
    secret: link,
  };
}

export function passwordChangedMail(name: string, appUrl: string): Omit<MailMessage, 'to'> {
  return message('Sua senha foi alterada — Paço', 'Senha alterada', name, [
    'A senha da sua conta no Paço acabou de ser alterada, e as sessões abertas com a senha anterior foram encerradas.',
    'Se não foi você, redefina a senha imediatamente pelo link "Esqueci minha senha" na tela de entrada e avise o administrador do sistema.',
  ], { label: 'Entrar no Paço', url: loginOf(appUrl) });
}

/** Self-registration of a new account (the culture registry). */
export function welcomeMail(name: string, company: string, loginUrl: string): Omit<MailMessage, 'to'> {
  return message('Bem-vindo(a) ao cadastro cultural — Paço', 'Conta criada', name, [
    `Sua conta no Paço para o cadastro cultural de ${company} foi criada.`,
    'Entre com este e-mail e a senha que você escolheu e preencha o seu cadastro em "Meu Cadastro". A equipe de cultura vai analisá-lo.',
  ], { label: 'Entrar no Paço', url: loginUrl }, ['Se não foi você quem se cadastrou, ignore esta mensagem ou avise a entidade.']);
}

/** Someone tried to register an e-mail that already has an account: its owner is told, nobody else learns it. */
export function alreadyRegisteredMail(name: string, company: string, loginUrl: string): Omit<MailMessage, 'to'> {
  return message('Você já tem uma conta no Paço', 'Você já tem uma conta', name, [
    `Recebemos um pedido de cadastro no Paço (${company}) com este e-mail, que já tem uma conta. Nenhuma conta nova foi criada e a sua senha não mudou.`,
    'Para entrar, use a sua senha de sempre. Se não se lembra dela, use "Esqueci minha senha" na tela de entrada.',
  ], { label: 'Entrar no Paço', url: loginUrl }, ['Se não foi você, ignore esta mensagem.']);
}
