/**
 * Outgoing e-mail. Every message is first recorded in mail_outbox (an audit trail, and the way to read the
 * messages on installations without SMTP). When SMTP_URL is set, the row and a `mail.deliver` job are written in one
 * transaction, and the job queue (jobs/queue.ts) delivers it with nodemailer on whichever node takes it: a failure
 * is recorded on the row and retried with backoff, a node that dies while sending leaves the job to another node,
 * and a request never waits for the SMTP server. Without SMTP_URL the message is written to the server log at info
 * level. A delivery failure never fails the request that caused it.
 *
 * A message may carry a secret (a password-reset link): its text and HTML hold the marker SECRET_MARK in its place,
 * the outbox keeps the secret only encrypted (AES-256-GCM, key derived from the installation's secret), the
 * delivery puts it back just for the SMTP server, and once delivered the encrypted copy is dropped. The server log
 * shows the secret only outside production (NODE_ENV=production never logs it), so a developer without SMTP can
 * still follow the link.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.base.ts';
import type { JobDefinition, JobQueue } from '../jobs/queue.ts';

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
let linkKey: Buffer | null = null;
/** The key that encrypts messages' secrets in the outbox (set at start from the installation's secret). */
export function setMailSecret(installationSecret: string): void {
  secretKey = createHash('sha256').update(`paco-mail-outbox|${installationSecret}`).digest();
  linkKey = createHash('sha256').update(`paco-mail-links|${installationSecret}`).digest();
}

/**
 * The signature of a link a message carries that needs no stored token (a follower's link to stop: decision 0055),
 * HMAC-SHA256 with a key of its own derived from the installation's secret, base64url (43 characters).
 */
export function signLink(text: string): string {
  if (!linkKey) throw new Error('mail secret key not set (setMailSecret)');
  return createHmac('sha256', linkKey).update(text).digest('base64url');
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
  /** the job queue that delivers the message (required when SMTP_URL is set) */
  jobs?: Pick<JobQueue, 'send'>;
}

export interface SendResult {
  id: number;
  /** the delivery job (null without SMTP: nothing to deliver) */
  jobId: string | null;
}

/** The job that delivers one outbox row. */
export const MAIL_JOB = 'mail.deliver';

const fallbackLog: MailLogger = {
  info: (obj, msg) => console.info(msg ?? '', obj),
  warn: (obj, msg) => console.warn(msg ?? '', obj),
};

const transports = new Map<string, Transporter>();

/** nodemailer is loaded with the first message, not at start (docs/performance.md, seventh round). */
async function transportFor(smtpUrl: string): Promise<Transporter> {
  let t = transports.get(smtpUrl);
  if (!t) {
    const { default: nodemailer } = await import('nodemailer');
    t = transports.get(smtpUrl) ?? nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
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

/**
 * Delivers one outbox row by SMTP (the body of the `mail.deliver` job): true when delivered or already sent; false
 * when the SMTP server refused or could not be reached (the error is stored on the row; the job is retried).
 */
export async function deliverOutbox(db: Db, config: Config, id: number, log: MailLogger = fallbackLog): Promise<boolean> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row || row.sent) return true; // gone, or delivered by an earlier attempt
  if (!config.smtpUrl) {
    log.warn({ mailId: id }, 'SMTP não configurado: a mensagem não pode ser entregue (defina SMTP_URL).');
    return false;
  }
  const marked = row.text.includes(SECRET_MARK) || !!row.html?.includes(SECRET_MARK);
  const secret = openSecret(row.secret);
  if (marked && secret === null) {
    // the link cannot be put back (another installation secret): sending the marker would help nobody
    await db.update(mailOutbox).set({ error: 'o link da mensagem não pode ser aberto com o segredo desta instalação' }).where(and(eq(mailOutbox.id, id), eq(mailOutbox.sent, false)));
    return true;
  }
  try {
    await (await transportFor(config.smtpUrl)).sendMail({
      from: config.mailFrom, to: row.to, subject: row.subject, text: fill(row.text, secret ?? ''), html: fill(row.html ?? undefined, escapeHtml(secret ?? '')),
    });
  } catch (e) {
    const error = describe(e);
    log.warn({ mailId: id, to: row.to, error }, 'Falha ao enviar e-mail por SMTP.');
    // only while unsent: an attempt that timed out late (a node whose job had expired and was retried elsewhere)
    // must not mark failed a message another node delivered meanwhile
    await db.update(mailOutbox).set({ error }).where(and(eq(mailOutbox.id, id), eq(mailOutbox.sent, false))).catch(() => undefined);
    return false;
  }
  // delivered: the stored copy keeps no secret, not even encrypted
  await db.update(mailOutbox).set({
    sent: true, error: null,
    ...(marked ? { secret: null, text: fill(row.text, SECRET_SENT), html: fill(row.html ?? undefined, SECRET_SENT) ?? null } : {}),
  }).where(eq(mailOutbox.id, id));
  return true;
}

/** The `mail.deliver` job: one outbox row; a refused or failed delivery is retried with backoff. */
export function mailJob(db: Db, config: Config): JobDefinition<{ id: number }> {
  return {
    name: MAIL_JOB,
    retryLimit: 6,
    async run({ id }, job) {
      if (!(await deliverOutbox(db, config, id, job.log))) throw new Error(`e-mail ${id} não entregue (tentativa ${job.retryCount + 1})`);
    },
  };
}

/**
 * Records a message and, with SMTP, its delivery job (in one transaction: a message is never recorded without its
 * job). Returns at once; the queue delivers.
 */
export async function sendMail(db: Db, config: Config, msg: MailMessage, opts: SendOptions = {}): Promise<SendResult> {
  const log = opts.log ?? fallbackLog;
  const values = {
    to: msg.to.slice(0, 191), subject: msg.subject.slice(0, 255), text: msg.text, html: msg.html ?? null,
    secret: msg.secret ? sealSecret(msg.secret) : null,
  };
  if (!config.smtpUrl) {
    const [row] = await db.insert(mailOutbox).values(values).returning({ id: mailOutbox.id });
    // the log shows a secret only outside production (a developer without SMTP follows the reset link from it)
    const text = production() ? msg.text : fill(msg.text, msg.secret ?? '');
    log.info({ mailId: row.id, to: msg.to, subject: msg.subject, text }, `E-mail registrado (SMTP não configurado): ${msg.subject} → ${msg.to}`);
    if (production() && msg.secret) log.warn({ mailId: row.id }, 'SMTP não configurado: a mensagem com link não pode ser entregue (defina SMTP_URL).');
    // development and the browser tests: the message as a file, its link included (never in production)
    if (config.mailDir && !production()) {
      const file = `Para: ${msg.to}\nAssunto: ${msg.subject}\n\n${fill(msg.text, msg.secret ?? '')}\n`;
      await mkdir(config.mailDir, { recursive: true }).then(() => writeFile(join(config.mailDir!, `${String(row.id).padStart(6, '0')}.txt`), file))
        .catch((e: unknown) => log.warn({ mailId: row.id, err: e }, 'MAIL_DIR: não foi possível gravar a mensagem'));
    }
    return { id: row.id, jobId: null };
  }
  const jobs = opts.jobs;
  if (!jobs) throw new Error('sendMail: SMTP_URL is set but no job queue was given');
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(mailOutbox).values(values).returning({ id: mailOutbox.id });
    const jobId = await jobs.send(MAIL_JOB, { id: row.id }, { db: tx as unknown as Db });
    return { id: row.id, jobId };
  });
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

/**
 * A notification (modules/notificacoes) for someone outside the staff: its title and text, and the button to the
 * record's screen (or to the sign-in when it has none).
 */
export function notificationMail(name: string, title: string, body: string | null, url: string | null, appUrl: string): Omit<MailMessage, 'to'> {
  return message(`${title} — Paço`, title, name, [body || title], { label: url ? 'Abrir no Paço' : 'Entrar no Paço', url: url ?? loginOf(appUrl) },
    ['Você recebe este e-mail porque tem uma conta no Paço. As suas notificações também estão no sino, no alto da tela.']);
}

/**
 * A message to a citizen without an account (the requester of a manifestação or of a request for information):
 * greeting, what happened, and how to follow it (the protocol and the follow-up code given when it was filed; the
 * code itself is never written in an e-mail). No button: there is no screen of theirs to open in the back office.
 */
export function citizenMail(name: string, company: string, subject: string, title: string, paragraphs: string[], protocolo: string): Omit<MailMessage, 'to'> {
  const intro = `Olá, ${name}!`;
  const follow = `Para acompanhar, use o protocolo ${protocolo} e o código de acompanhamento que você recebeu no registro.`;
  const signed = `${company} — mensagem automática, não responda.`;
  return {
    subject,
    text: `${intro}\n\n${paragraphs.join('\n\n')}\n\n${follow}\n\n— ${signed}`,
    html: layout(title, [intro, ...paragraphs], undefined, [follow]).replace('Paço — mensagem automática, não responda.', escapeHtml(signed)),
  };
}

/**
 * A message to a citizen who follows a matter on the portal (decision 0055): what happened, a button to the matter's
 * page (or the confirmation link, SECRET_MARK), and always the link to stop, in the text and in the HTML.
 */
export function followerMail(o: {
  name: string; company: string; subject: string; title: string; paragraphs: string[]; action: { label: string; url: string }; leaveUrl: string; after?: string[];
}): Omit<MailMessage, 'to'> {
  const intro = `Olá, ${o.name}!`;
  const leave = `Para não receber mais e-mails sobre esta matéria, acesse: ${o.leaveUrl}`;
  const why = `Você recebe este e-mail porque pediu, no portal de ${o.company}, para acompanhar esta matéria.`;
  const after = [...(o.after ?? []), why];
  const signed = `${o.company} — mensagem automática, não responda.`;
  const footer = '<p style="margin:24px 0 0;font-size:13px;color:#555">Paço — mensagem automática, não responda.</p>';
  const leaveHtml = `<p style="margin:0 0 16px"><a href="${escapeHtml(o.leaveUrl)}">Parar de receber e-mails sobre esta matéria</a></p>`;
  return {
    subject: o.subject,
    text: `${intro}\n\n${o.paragraphs.join('\n\n')}\n\n${o.action.label}: ${o.action.url}\n\n${[...after, leave].join('\n\n')}\n\n— ${signed}`,
    html: layout(o.title, [intro, ...o.paragraphs], o.action, after)
      .replace(footer, `${leaveHtml}<p style="margin:24px 0 0;font-size:13px;color:#555">${escapeHtml(signed)}</p>`),
  };
}
