/**
 * Notificações (issue 11 §3): the calls of the signed-in user's own notifications under /api/notifications, the
 * realtime channel of each user's notifications, and the daily deadline reminders. Other modules tell people
 * things with `notify` (./notify.ts; docs/notifications.md).
 *
 * Ownership: every call reads the owner from the session (company and user) and finds a notification only among
 * that user's own; another user's id, or another company's, is simply not found (404). The stream's channel is
 * named from the session too, so nobody can subscribe to someone else's.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { notifications as notificationsDef } from '@paco/domain/resources/notificacoes';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.generated.ts';
import type { ActionContext, ActionHandler, Row, Services } from '../../engine/context.ts';
import { updateRows } from '../../engine/rows.ts';
import { scopeOf, update } from '../../engine/records.ts';
import { notFound } from '../../http/errors.ts';
import { streamChannel } from '../../realtime/sse.ts';
import { deadlineJob } from './deadlines.ts';
import { channelOf, publicOf, pushState, stateOf, summaryOf } from './notify.ts';

export { notify, notifyScope, type NotifyContext, type NotifyInput, type Recipients } from './notify.ts';

const DEFAULT_PER_PAGE = 15;

const owner = (ctx: ActionContext) => {
  const auth = ctx.auth!;
  return and(eq(notifications.company_id, auth.companyId), eq(notifications.user_id, auth.userId));
};

/** The session user's notification `ctx.id`, or 404 (another user's or company's is not found either). */
async function own(ctx: ActionContext, db: Db = ctx.db): Promise<Row> {
  const [row] = ctx.id ? await db.select().from(notifications).where(and(owner(ctx), eq(notifications.id, ctx.id))).limit(1) : [];
  if (!row) throw notFound('Notificação', 'f');
  return row as Row;
}

const afterChange = (ctx: ActionContext) => ctx.afterCommit(() => pushState(ctx.realtime, ctx.auth!.companyId, ctx.auth!.userId));

const handlers: Record<string, ActionHandler> = {
  async mine(ctx) {
    const q = (ctx.body ?? {}) as { page?: number; perPage?: number; unread?: string };
    const page = q.page ?? 1;
    const perPage = q.perPage ?? DEFAULT_PER_PAGE;
    const where = q.unread === '1' || q.unread === 'true' ? and(owner(ctx), isNull(notifications.read_at)) : owner(ctx);
    const [rows, [{ total }], summary] = await Promise.all([
      ctx.db.select().from(notifications).where(where).orderBy(desc(notifications.created_at), desc(notifications.id)).limit(perPage).offset((page - 1) * perPage),
      ctx.db.select({ total: count() }).from(notifications).where(where),
      summaryOf(ctx.db, ctx.auth!.companyId, ctx.auth!.userId),
    ]);
    return { data: rows.map((r) => publicOf(r as Row)), meta: { page, perPage, total: Number(total), unread: summary.unread } };
  },
  async unread(ctx) {
    return { data: await summaryOf(ctx.db, ctx.auth!.companyId, ctx.auth!.userId) };
  },
  async stream(ctx) {
    await streamChannel(ctx.realtime, channelOf(ctx.auth!.companyId, ctx.auth!.userId), ctx.req, ctx.reply);
  },
  async show(ctx) {
    return { data: publicOf(await own(ctx)) };
  },
  async read(ctx) {
    const row = await own(ctx);
    if (row.read_at) return { data: publicOf(row) };
    const updated = await update(scopeOf(ctx, ctx.req), notificationsDef, row, { read_at: sql`now()` }, { hooks: false, where: isNull(notifications.read_at) })
      .catch(async (e: unknown) => {
        // read meanwhile in another tab: the answer is the same
        const again = await own(ctx);
        if (again.read_at) return again;
        throw e;
      });
    afterChange(ctx);
    return { data: publicOf(updated) };
  },
  async read_all(ctx) {
    // one statement for all of them: notifications have no hooks and no audit rows
    const done = await updateRows(ctx, notifications, and(owner(ctx), isNull(notifications.read_at)), { read_at: sql`now()` });
    afterChange(ctx);
    return { data: { read: done.length } };
  },
};

export const actions: Record<string, Record<string, ActionHandler>> = { notifications: handlers };

/** The channel's state for its user's tabs, and the daily deadline reminders. */
export function setup(services: Services): void {
  services.realtime.provide('notifications', async (channel) => {
    const [, company, user] = channel.split(':');
    return stateOf(services.db, Number(company), Number(user));
  });
  services.jobs.define(deadlineJob(services));
}
