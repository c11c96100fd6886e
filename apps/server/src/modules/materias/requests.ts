/**
 * What the parliamentarians' two request families share (matter applications: received.ts; solicitations:
 * solicitations.ts): the spec's list calls, the spec's `PUT :id/situation` run as the declared action of the asked
 * situation, the author required of the staff, and the answer of an action.
 */
import type { ResourceDef } from '@paco/domain/resource';
import { runRecordAction } from '../../engine/actions.ts';
import type { ActionContext, ActionHandler, HookContext, ResourceHooks, Row } from '../../engine/context.ts';
import { inArray } from 'drizzle-orm';
import type { NotificationKind } from '@paco/domain/resources/notificacoes';
import { parliamentariesUsers } from '../../db/schema.generated.ts';
import { notify, notifyScope, type NotifyContext as NotifyScope } from '../notificacoes/notify.ts';
import { list, parseListQuery } from '../../engine/query.ts';
import { restricted } from '../../engine/rowscope.ts';
import { serialize } from '../../engine/serialize.ts';
import { conflict, HttpError, unprocessable } from '../../http/errors.ts';

/** GET list (paged) and GET list/all (?search=, at most 1000): the engine's list, so the row scope applies. */
export function listActions(def: ResourceDef): Record<'list' | 'list_all', ActionHandler> {
  return {
    async list(ctx) {
      const q = parseListQuery([ctx.req.query], def);
      const { rows, total } = await list(ctx.db, def, ctx.auth, q);
      return { data: await serialize(ctx, def, rows, ctx.auth), meta: { page: q.page, perPage: q.perPage, total } };
    },
    async list_all(ctx) {
      const q = ctx.body as { search?: string; q?: string };
      const { rows } = await list(ctx.db, def, ctx.auth, { page: 1, perPage: 1000, q: q.search ?? q.q });
      return { data: await serialize(ctx, def, rows, ctx.auth) };
    },
  };
}

/** How `PUT :id/situation` reaches a situation: the action that sets it (and the input key of its note), or a refusal. */
export type SituationRoutes = Record<string, { action: string; note?: string } | { refuse: string }>;

/**
 * `PUT :id/situation { situacao, situacao_obs }` (the spec's call): runs the declared action that sets the situation,
 * with all its checks (state, scope, input); the note goes to the action's reason or observation, and a 422 on it
 * comes back under `situacao_obs`.
 */
export const situationVia = (routes: SituationRoutes): ActionHandler => async (ctx) => {
  const { situacao, situacao_obs } = ctx.body as { situacao: string; situacao_obs?: string | null };
  const route = routes[situacao];
  if (!route) throw unprocessable({ situacao: ['Escolha uma situação válida.'] });
  if ('refuse' in route) throw conflict(route.refuse);
  try {
    return await runRecordAction(ctx, route.action, route.note && situacao_obs ? { [route.note]: situacao_obs } : {});
  } catch (e) {
    if (e instanceof HttpError && e.statusCode === 422 && route.note && e.errors?.[route.note]) {
      throw unprocessable({ situacao_obs: e.errors[route.note].map((m) => m.replace(/^O campo [^.]*? (é|deve)/, 'O campo Observação da situação $1')) });
    }
    throw e;
  }
};

/**
 * On create: the first situation (a parliamentarian's own row starts as `own`, one the staff registers as `staff`)
 * and, from the staff, the parliamentarian it belongs to (a parliamentarian's is set from the session by the engine);
 * `then`'s hooks after these.
 */
export const requestHooks = (def: ResourceDef, first: { own: string; staff: string }, then?: ResourceHooks): ResourceHooks => ({
  ...then,
  async beforeWrite(values, existing, ctx) {
    if (!existing) values.situacao = restricted(def, ctx.auth) ? first.own : first.staff;
    if ((!existing && !values.parliamentary_id) || (existing && 'parliamentary_id' in values && !values.parliamentary_id)) {
      throw unprocessable({ parliamentary_id: ['Informe o parlamentar.'] });
    }
    await then?.beforeWrite?.(values, existing, ctx);
  },
});

/** What a notification point needs of its caller (an action's or a write hook's context). */
export type NotifyContext = ActionContext | HookContext;

/**
 * Tells the councillor who owns a draft or a solicitation (the users linked to its parliamentarian) that its
 * situation changed: on the bell, and by e-mail (councillors are outside the staff), in the caller's transaction.
 */
export async function tellOwner(ctx: NotifyContext, def: ResourceDef, row: Row, kind: NotificationKind, title: string, body?: string | null): Promise<void> {
  if (!row.parliamentary_id) return;
  const screen = def.alsoAt?.find((a): a is string => typeof a === 'string') ?? def.screen;
  await tellMembers(ctx, [row.parliamentary_id], { kind, title, body: body ?? null, link: `${screen}/${row.id}` });
}

/**
 * Tells councillors (the users linked to these parliamentarian records) something, on the bell and by e-mail, in the
 * caller's transaction: an invitation to co-sign, a co-signer's answer, a rapporteurship.
 */
export async function tellMembers(ctx: NotifyContext, parliamentaryIds: readonly number[], what: { kind: NotificationKind; title: string; body?: string | null; link: string }): Promise<void> {
  if (!parliamentaryIds.length) return;
  const linked = await ctx.db.select({ user_id: parliamentariesUsers.user_id }).from(parliamentariesUsers).where(inArray(parliamentariesUsers.parliamentary_id, [...parliamentaryIds]));
  if (!linked.length) return;
  const scope = 'services' in ctx || !('config' in ctx) ? notifyScope(ctx as HookContext) : (ctx as unknown as NotifyScope);
  await notify(scope, { ...what, body: what.body ?? null, userIds: [...new Set(linked.map((l) => l.user_id))] });
}

/** The pt-BR label of a row's situation. */
export const situationLabel = (def: ResourceDef, value: unknown): string =>
  (def.fields.situacao as { options?: readonly { value: string; label: string }[] }).options?.find((o) => o.value === value)?.label ?? String(value);
