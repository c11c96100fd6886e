/**
 * E-mail to a citizen who has no account (issue 11): the requester of a manifestação (Ouvidoria) or of a request for
 * information (E-SIC) is told when it is answered, denied, extended, forwarded with a message to them, or when
 * their appeal is decided. `mailCitizen` runs in the caller's write transaction: the outbox row (and, with SMTP, its
 * delivery job) and the record's `citizen_messages` row commit with the state change that caused them, or not at
 * all. The message goes only to the requester's own address; staff notifications never carry the identity.
 * `citizen_messages` rows are read as the record's "E-mails ao cidadão", with the outbox's delivery state.
 */
import { eq, inArray } from 'drizzle-orm';
import { citizenMessages as citizenDef, type CitizenEvent } from '@paco/domain/resources/notificacoes';
import { companies } from '../../db/schema.generated.ts';
import { mailOutbox } from '../../db/schema.base.ts';
import type { ActionContext, ResourceHooks } from '../../engine/context.ts';
import { create } from '../../engine/records.ts';
import { citizenMail, sendMail } from '../../mail/mailer.ts';

export interface CitizenMessage {
  /** the requester's address (nothing is sent without one: anonymous, or given only a phone) */
  to: string | null | undefined;
  name: string | null | undefined;
  event: CitizenEvent;
  protocolo: string;
  subject: string;
  /** the heading of the message */
  title: string;
  paragraphs: string[];
  /** the record it is about */
  record: { manifestacao_id: number } | { pedido_informacao_id: number };
}

/** "ma***@exemplo.com.br": enough for the staff to recognise the address in a list. */
export function maskEmail(email: string): string {
  const [user, domain] = email.split('@');
  return `${user.slice(0, 2)}***@${domain ?? ''}`;
}

/**
 * Writes the message to the outbox and its row of the record's "E-mails ao cidadão", in `ctx.db` (the action's
 * transaction). Answers the row, or null when the requester has no e-mail.
 */
export async function mailCitizen(ctx: ActionContext, m: CitizenMessage): Promise<Record<string, unknown> | null> {
  const to = m.to?.trim();
  if (!to || !ctx.auth) return null;
  const [company] = await ctx.db.select({ name: companies.name }).from(companies).where(eq(companies.id, ctx.auth.companyId));
  const mail = citizenMail(m.name?.trim() || 'cidadã(o)', company?.name ?? 'Paço', m.subject, m.title, m.paragraphs, m.protocolo);
  const sent = await sendMail(ctx.db, ctx.config, { to, ...mail }, { jobs: ctx.jobs, log: ctx.req?.log });
  // the server's own row (no hooks, no audit): what was said, to whom (masked), and the outbox row to read its state from
  return create({ db: ctx.db, config: ctx.config, storage: ctx.storage, auth: ctx.auth, req: null, afterCommit: ctx.afterCommit }, citizenDef, {
    ...m.record, evento: m.event, assunto: mail.subject.slice(0, 255), destinatario: maskEmail(to), mail_id: sent.id,
    entrega: ctx.config.smtpUrl ? 'na_fila' : 'registrado',
  }, { hooks: false });
}

/** The delivery state of each message, read from the outbox (sent, failed and retried, waiting, or kept only). */
export const citizenMessageHooks: ResourceHooks = {
  async decorate(records, { db }) {
    const ids = records.map((r) => r.mail_id).filter((v): v is number => typeof v === 'number');
    if (!ids.length) return;
    const rows = await db.select({ id: mailOutbox.id, sent: mailOutbox.sent, error: mailOutbox.error }).from(mailOutbox).where(inArray(mailOutbox.id, ids));
    const byId = new Map(rows.map((x) => [x.id, x]));
    for (const r of records) {
      const o = byId.get(r.mail_id as number);
      if (!o) continue;
      r.entrega = o.sent ? 'enviado' : o.error ? 'falhou' : r.entrega === 'registrado' ? 'registrado' : 'na_fila';
    }
  },
};
