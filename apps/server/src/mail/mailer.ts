/**
 * Outgoing e-mail. Every message is first recorded in mail_outbox (an audit trail, and the way to read the
 * messages on installations without SMTP). When SMTP_URL is set the message is also delivered with nodemailer
 * and the row records the outcome (sent = true, or the error); otherwise the message is written to the server
 * log at info level. A delivery failure never fails the request that caused it.
 */
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
}

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
    await transportFor(config.smtpUrl!).sendMail({ from: config.mailFrom, to: msg.to, subject: msg.subject, text: msg.text, html: msg.html });
    await db.update(mailOutbox).set({ sent: true, error: null }).where(eq(mailOutbox.id, id));
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
  }).returning({ id: mailOutbox.id });
  if (!config.smtpUrl) {
    log.info({ mailId: row.id, to: msg.to, subject: msg.subject, text: msg.text }, `E-mail registrado (SMTP não configurado): ${msg.subject} → ${msg.to}`);
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

export function passwordResetMail(name: string, link: string, minutes: number): Omit<MailMessage, 'to'> {
  const subject = 'Redefinição de senha — Paço';
  const intro = `Olá, ${name}!`;
  const p1 = 'Recebemos um pedido para redefinir a senha da sua conta no Paço.';
  const p2 = `Para escolher uma nova senha, acesse o link abaixo. Ele vale por ${minutes} minutos e pode ser usado uma única vez.`;
  const p3 = 'Se você não fez este pedido, ignore este e-mail: sua senha continua a mesma.';
  return {
    subject,
    text: `${intro}\n\n${p1}\n${p2}\n\n${link}\n\n${p3}\n\n— Paço (mensagem automática, não responda)`,
    html: layout('Redefinição de senha', [intro, p1, p2], { label: 'Redefinir senha', url: link }, [p3]),
  };
}

export function passwordChangedMail(name: string, appUrl: string): Omit<MailMessage, 'to'> {
  const subject = 'Sua senha foi alterada — Paço';
  const intro = `Olá, ${name}!`;
  const p1 = 'A senha da sua conta no Paço acabou de ser alterada, e as sessões abertas com a senha anterior foram encerradas.';
  const p2 = 'Se não foi você, redefina a senha imediatamente pelo link "Esqueci minha senha" na tela de entrada e avise o administrador do sistema.';
  const login = `${appUrl.replace(/\/+$/, '')}/auth/login`;
  return {
    subject,
    text: `${intro}\n\n${p1}\n${p2}\n\n${login}\n\n— Paço (mensagem automática, não responda)`,
    html: layout('Senha alterada', [intro, p1, p2], { label: 'Entrar no Paço', url: login }),
  };
}
