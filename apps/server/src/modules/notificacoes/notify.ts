/**
 * `notify`: what other modules call to tell people something (docs/notifications.md). Inside the caller's write
 * transaction it works out the recipients (users, a sector's responsibles, the holders of some roles, in the
 * company), writes one notification per recipient through the engine's write path (engine/records.ts) and, for
 * people outside the staff (artists, culture groups, councillors: `isOutsideStaff`), records an e-mail in the mail
 * outbox in the same transaction. Once the transaction committed, each recipient's open tabs get the news through
 * the realtime hub, on the recipient's own channel (`notifications:<company>:<user>`), which only that user's
 * session may subscribe to.
 */
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { RoleName } from '@paco/domain/roles';
import { isOutsideStaff, notifications as notificationsDef, type NotificationKind } from '@paco/domain/resources/notificacoes';
import type { AuthContext } from '../../auth/session.ts';
import { todayInSaoPaulo } from '../../auth/session.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { roleUser } from '../../db/schema.base.ts';
import { notifications, responsibles, roles, users } from '../../db/schema.generated.ts';
import type { HookContext, Row, Services } from '../../engine/context.ts';
import { create, type WriteScope } from '../../engine/records.ts';
import { iso } from '../../engine/serialize.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { notificationMail, sendMail, type MailLogger } from '../../mail/mailer.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import type { FileStorage } from '../../storage/files.ts';

/** Who is told. The recipients are the union of the three, in the company, without deleted accounts. */
export interface Recipients {
  userIds?: readonly number[];
  /**
   * a protocol sector: its responsibles today (`responsibles`, between dataInicio and dataFim) or, when it has
   * none, the users with the protocol role — the people who may act for such a sector (modules/administrativo)
   */
  sectorId?: number | null;
  /** every user of the company holding any of these roles */
  roles?: readonly RoleName[];
}

export interface NotifyInput extends Recipients {
  kind: NotificationKind;
  title: string;
  body?: string | null;
  /** the app path of the record's screen, e.g. /protocol/processes/12 */
  link?: string | null;
  /** true: every recipient also by e-mail; false: nobody; absent: the people outside the staff */
  email?: boolean;
  /**
   * send at most once per recipient: the key (record, kind, deadline…) is kept with the notification, and a
   * recipient who already has one with the same key is skipped
   */
  once?: string;
  /** tell the user who caused it too (default: they are left out, they know) */
  includeActor?: boolean;
  /** the company (default: the session's) */
  companyId?: number;
}

/**
 * Where notify writes: the caller's transaction (with its afterCommit) or the database, the services, and who acts
 * (null for the server's own jobs). An action's context and `notifyScope(hookContext)` are both one.
 */
export interface NotifyContext {
  db: Db;
  config: Config;
  storage: FileStorage;
  realtime?: RealtimeHub;
  jobs?: Pick<JobQueue, 'send'>;
  auth: Pick<AuthContext, 'companyId' | 'userId'> | null;
  /** present when `db` is a transaction someone else commits */
  afterCommit?: (fn: () => Promise<unknown>) => void;
  /** where the mailer logs (an action's request, a job's log) */
  log?: MailLogger;
  req?: { log: MailLogger } | null;
}

/** The notify context of a hook (its transaction, the services of the write, the user). */
export function notifyScope(ctx: HookContext): NotifyContext {
  const s = (ctx.services ?? {}) as Partial<Services> & { req?: NotifyContext['req'] };
  return { ...s, db: ctx.db, auth: ctx.auth, afterCommit: ctx.afterCommit } as NotifyContext;
}

/** The realtime channel of one user's notifications in one company. */
export const channelOf = (companyId: number, userId: number): string => `notifications:${companyId}:${userId}`;

export interface Summary { unread: number; total: number }

/** How many notifications the user has in the company, and how many are unread. */
export async function summaryOf(db: Db, companyId: number, userId: number): Promise<Summary> {
  const [row] = await db.select({
    total: sql<number>`count(*)::int`,
    unread: sql<number>`(count(*) filter (where ${notifications.read_at} is null))::int`,
  }).from(notifications).where(and(eq(notifications.company_id, companyId), eq(notifications.user_id, userId)));
  return { unread: Number(row?.unread ?? 0), total: Number(row?.total ?? 0) };
}

/** How many notifications a bell shows at once (the newest). */
export const LATEST = 5;

/** The state of a user's channel: the counts and the newest notifications (their text cut short). */
export async function stateOf(db: Db, companyId: number, userId: number): Promise<{ summary: Summary; latest: Row[] }> {
  const [summary, rows] = await Promise.all([
    summaryOf(db, companyId, userId),
    db.select().from(notifications).where(and(eq(notifications.company_id, companyId), eq(notifications.user_id, userId)))
      .orderBy(desc(notifications.created_at), desc(notifications.id)).limit(LATEST),
  ]);
  return { summary, latest: rows.map((r) => ({ ...publicOf(r as Row), body: r.body ? r.body.slice(0, 300) : null })) };
}

/** Tells the user's open tabs that their notifications changed (after the change committed). */
export async function pushState(realtime: RealtimeHub | undefined, companyId: number, userId: number): Promise<void> {
  await realtime?.publishCurrent(channelOf(companyId, userId));
}

interface Recipient { id: number; name: string; email: string; roles: string[] }

/** The recipients of a notification in the company (accounts not deleted), with their roles. */
export async function recipientsOf(db: Db, companyId: number, to: Recipients): Promise<Recipient[]> {
  const ids = new Set<number>(to.userIds ?? []);
  if (to.sectorId) {
    const d = todayInSaoPaulo();
    const rs = await db.select({ user_id: responsibles.user_id }).from(responsibles).where(and(
      eq(responsibles.company_id, companyId), eq(responsibles.sector_id, to.sectorId),
      sql`${responsibles.dataInicio} <= ${d}`, or(isNull(responsibles.dataFim), sql`${responsibles.dataFim} >= ${d}`),
    ));
    if (rs.length) for (const r of rs) ids.add(r.user_id);
    else for (const id of await holders(db, companyId, ['protocolo'])) ids.add(id);
  }
  if (to.roles?.length) for (const id of await holders(db, companyId, to.roles)) ids.add(id);
  if (!ids.size) return [];
  const rows = await db.select({ id: users.id, name: users.name, email: users.email }).from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.company_id, companyId), isNull(users.deleted_at)));
  const links = rows.length
    ? await db.select({ user_id: roleUser.user_id, name: roles.name }).from(roleUser).innerJoin(roles, eq(roles.id, roleUser.role_id)).where(inArray(roleUser.user_id, rows.map((r) => r.id)))
    : [];
  return rows.map((r) => ({ ...r, roles: links.filter((l) => l.user_id === r.id).map((l) => l.name) }));
}

/** Users of the company holding any of the roles. */
async function holders(db: Db, companyId: number, names: readonly string[]): Promise<number[]> {
  const rows = await db.selectDistinct({ id: users.id }).from(users)
    .innerJoin(roleUser, eq(roleUser.user_id, users.id)).innerJoin(roles, eq(roles.id, roleUser.role_id))
    .where(and(eq(users.company_id, companyId), isNull(users.deleted_at), inArray(roles.name, [...names])));
  return rows.map((r) => r.id);
}

/** The writer of notifications: the company's, acting for nobody in particular (notifications are not audited). */
function systemAuth(companyId: number, userId: number | null): AuthContext {
  return {
    tokenId: 0, userId: userId ?? 0, homeCompanyId: companyId, companyId, roles: [], permissions: [], isSuperadmin: false,
    name: 'Paço', email: '', licence: null,
  };
}

const onceKey = (once: string, userId: number): string => `${once}|u${userId}`.slice(0, 200);

/**
 * Notifies the recipients (see the module comment). Returns the notifications written. Runs in `ctx.db` (the
 * caller's transaction: nothing is written, mailed or pushed if it rolls back); the live push happens after the
 * commit (`ctx.afterCommit`), or at once when `ctx.db` is not a transaction of someone else's.
 */
export async function notify(ctx: NotifyContext, input: NotifyInput): Promise<Row[]> {
  const companyId = input.companyId ?? ctx.auth?.companyId;
  if (!companyId) throw new Error('notify: no company');
  const actor = ctx.auth?.userId ?? null;
  let people = await recipientsOf(ctx.db, companyId, input);
  if (!input.includeActor && actor) people = people.filter((p) => p.id !== actor);
  if (input.once && people.length) {
    const keys = people.map((p) => onceKey(input.once!, p.id));
    const sent = await ctx.db.select({ key: notifications.once_key }).from(notifications)
      .where(and(eq(notifications.company_id, companyId), inArray(notifications.once_key, keys)));
    const done = new Set(sent.map((s) => s.key));
    people = people.filter((p) => !done.has(onceKey(input.once!, p.id)));
  }
  if (!people.length) return [];
  const later: (() => Promise<unknown>)[] = [];
  const scope: WriteScope = {
    db: ctx.db, config: ctx.config, storage: ctx.storage, auth: systemAuth(companyId, actor), req: null,
    afterCommit: ctx.afterCommit ?? ((fn) => { later.push(fn); }),
  };
  const title = input.title.slice(0, 200);
  const body = input.body ? input.body.slice(0, 2000) : null;
  const link = input.link ? input.link.slice(0, 500) : null;
  const written: Row[] = [];
  for (const p of people) {
    const row = await create(scope, notificationsDef, {
      user_id: p.id, kind: input.kind, title, body, link, ...(input.once ? { once_key: onceKey(input.once, p.id) } : {}),
    }, { hooks: false });
    written.push(row);
    const byMail = input.email ?? isOutsideStaff(p.roles);
    if (byMail && p.email && ctx.config.smtpUrl && !ctx.jobs) {
      // a caller without the job queue cannot have the message delivered: the notification is enough
      (ctx.log ?? ctx.req?.log)?.warn({ userId: p.id }, 'notificação sem e-mail: fila de tarefas indisponível neste contexto');
    } else if (byMail && p.email) {
      await sendMail(ctx.db, ctx.config, { to: p.email, ...notificationMail(p.name, title, body, link ? `${ctx.config.appUrl.replace(/\/+$/, '')}${link}` : null, ctx.config.appUrl) }, { jobs: ctx.jobs, log: ctx.log ?? ctx.req?.log });
    }
    scope.afterCommit!(() => pushState(ctx.realtime, companyId, p.id));
  }
  for (const fn of later) await fn().catch((e: unknown) => (ctx.log ?? ctx.req?.log)?.warn({ err: e }, 'notificação: falha ao avisar as abas abertas'));
  return written;
}

/** What a client sees of a notification (the once-only key stays on the server). */
export function publicOf(row: Row): Row {
  return {
    id: row.id, kind: row.kind, title: row.title, body: row.body ?? null, link: row.link ?? null,
    read_at: iso(row.read_at), created_at: iso(row.created_at),
  };
}
