/**
 * "Minhas pendências" (issue 11): a definition's `inbox` entries are the rows that wait for the session. One place
 * builds their conditions (from the session's facts, like the row scope), used by the counts of GET /api/inbox and by
 * the list route's `?inbox={key}`, so the count and the list it opens always agree.
 */
import { and, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bothRules, ruleFor, type InboxEntry, type ResourceDef } from '@paco/domain/resource';
import { resources } from '@paco/domain/resources';
import { accountUrl } from '@paco/domain/account';
import { todayInSaoPaulo, type AuthContext } from '../auth/session.ts';
import { forbidden, unprocessable } from '../http/errors.ts';
import type { Services } from './context.ts';
import { requireAuth, satisfies } from './policy.ts';
import { factSql, rowFilter } from './rowscope.ts';
import { dueWithin, valueIn } from './deadlines.ts';
import { scopeConditions } from './scope.ts';
import { tableFor } from './tables.ts';

const mayHave = (r: ResourceDef, e: InboxEntry, auth: AuthContext | null): boolean => satisfies(auth, bothRules(ruleFor(r, 'read'), e.roles));

/** The entry's conditions for this session. */
export function entryConditions(r: ResourceDef, e: InboxEntry, auth: AuthContext): SQL[] {
  const { cols } = tableFor(r);
  const where = e.where.map((c) => (c.mine ? inArray(cols[c.field], factSql(c.mine, auth)) : valueIn(cols[c.field], c.in ?? [])));
  if (e.filter) where.push(rowFilter(e.filter)(auth, cols));
  // a deadline that is close: at most `within` days away, or past
  return e.due && e.within !== undefined ? [...where, dueWithin(r, e.due, e.within)] : where;
}

/** The list route's `?inbox=`: the entry's conditions, or a 422/403 the session understands. */
export function inboxFilter(r: ResourceDef, auth: AuthContext | null, key: string | undefined): SQL[] {
  if (!key) return [];
  const e = r.inbox?.find((x) => x.key === key);
  if (!e) throw unprocessable({ inbox: ['Pendência desconhecida nesta lista.'] });
  if (!auth || !mayHave(r, e, auth)) throw forbidden();
  return entryConditions(r, e, auth);
}

export interface InboxCount { resource: string; key: string; count: number; overdue: number }

/** GET /api/inbox: the session's entries with their counts (and how many are past their date). */
export function registerInbox(app: FastifyInstance, s: Services): void {
  app.get(accountUrl('inbox'), { config: { rule: 'authenticated' }, schema: { tags: ['Sessão'], summary: 'Minhas pendências: contagem por tipo' } }, async (req) => {
    const auth = requireAuth(req);
    const out: InboxCount[] = [];
    for (const r of resources) {
      for (const e of r.inbox ?? []) {
        if (!mayHave(r, e, auth)) continue;
        const { table, cols } = tableFor(r);
        const live = r.softDelete ? [isNull(cols.deleted_at)] : [];
        // past its date in the câmara's day (São Paulo), not the database's (UTC: three hours ahead every evening)
        const overdue = e.due ? sql<number>`count(*) filter (where ${cols[e.due]} < ${todayInSaoPaulo()}::date)::int` : sql<number>`0`;
        const [row] = await s.db.select({ count: sql<number>`count(*)::int`, overdue }).from(table)
          .where(and(...scopeConditions(r, auth), ...live, ...entryConditions(r, e, auth)));
        out.push({ resource: r.name, key: e.key, count: Number(row?.count ?? 0), overdue: Number(row?.overdue ?? 0) });
      }
    }
    return { data: out };
  });
}
