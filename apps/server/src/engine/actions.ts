/**
 * Declared record actions (issue 11): an action with a `label` is offered on the record's screen. Whether it may run
 * now is decided here, once, for both the button (the show answer's `_actions`) and the route (409 with the same
 * reason): whether it concerns the session on this row at all (the module's `offered`: else it is left out), the
 * session's role rule, the action's `when` conditions, the row scope's `edit` conditions for writing actions (unless
 * the action says `rowEdit: false`), and the module's own `available` check.
 */
import type { ResourceDef } from '@paco/domain/resource';
import { actionInput, factsNeeded, firstUnmet, recordActions, type ActionState } from '@paco/domain/workflow';
import type { AuthContext } from '../auth/session.ts';
import type { Db } from '../db/client.ts';
import { conflict, forbidden } from '../http/errors.ts';
import { actionHandler, availableCheck, offeredCheck, onceCache, prepareOf } from './behaviour.ts';
import type { ActionContext, Row, Services } from './context.ts';
import { satisfies } from './policy.ts';
import { findOne } from './query.ts';
import { checkRefs, parseInput } from './records.ts';
import { editRefusal, loadFacts } from './rowscope.ts';
import { notFoundOf, serialize } from './serialize.ts';

/**
 * The state of the record actions the session may ever run on this row (actions of other roles are left out).
 * `row` should be the answer's record (references expanded), so reasons name what they refer to.
 */
export async function actionStates(db: Db, r: ResourceDef, auth: AuthContext | null, row: Row, only?: string, knownEditRefusal?: string | null): Promise<Record<string, ActionState>> {
  const mine = recordActions(r).filter(([name, a]) => (!only || name === only) && satisfies(auth, a.access));
  const out: Record<string, ActionState> = {};
  if (!mine.length || !auth) return out;
  const facts = await loadFacts(db, auth, factsNeeded(mine.flatMap(([, a]) => a.when ?? [])));
  // the row scope's refusal: the caller's when it has it, else read once for every writing action
  let editWhy: string | null | undefined = knownEditRefusal;
  const checks = { db, auth, once: onceCache() };
  for (const [name, a] of mine) {
    // an action that does not concern this session on this row: no button; its route says why it refuses
    const notMine = await offeredCheck(r, name)?.(row, checks);
    if (notMine) {
      if (only) out[name] = { allowed: false, reason: notMine };
      continue;
    }
    let reason = firstUnmet(r, a.when, row, facts);
    if (!reason && a.method !== 'GET' && a.rowEdit !== false) reason = editWhy === undefined ? (editWhy = await editRefusal(db, r, auth, row)) : editWhy;
    if (!reason) reason = (await availableCheck(r, name)?.(row, checks)) ?? null;
    // the show answer (not the route's check): an allowed action's dialog as the module prepares it for this row
    const prepared = !reason && !only ? await prepareOf(r, name)?.(row, checks) : undefined;
    out[name] = reason ? { allowed: false, reason } : { allowed: true, ...prepared };
  }
  return out;
}

/**
 * A record action's row: loaded through the session's scope (404 when the session may not see it), and refused
 * with 409 and the reason when the action may not run on it now; then the references of its dialog (`body`: a
 * sector to send to) are checked like a record's (in the company, of their type: 422).
 */
export async function actionRecord(s: Pick<Services, 'db' | 'storage'>, r: ResourceDef, auth: AuthContext | null, id: number | null, name: string, body?: unknown): Promise<Row> {
  const row = id ? await findOne(s.db, r, auth, id, false, { write: true }) : null;
  if (!row) throw notFoundOf(r);
  const state = (await actionStates(s.db, r, auth, row, name))[name];
  if (state && !state.allowed) {
    // refused: the reason again from the answer's record, so it names what the row refers to (a sector's name)
    const shown = (await serialize(s, r, [row], auth, undefined, false))[0];
    throw conflict((await actionStates(s.db, r, auth, shown, name))[name]?.reason ?? state.reason ?? 'Esta ação não pode ser feita agora.');
  }
  const form = r.actions?.[name]?.form;
  if (form && auth && body && typeof body === 'object') await checkRefs(s.db, { ...r, fields: form }, body as Row, auth.companyId, auth);
  return row;
}

/**
 * Runs another record action of the same resource from an action's handler, with every check of its own route (the
 * role rule, its input, the row's scope and state), in the caller's transaction: an older call that sets a state
 * directly (`PUT :id/situation`) becomes the declared action of that state.
 */
export async function runRecordAction(ctx: ActionContext, name: string, body: unknown): Promise<unknown> {
  const r = ctx.resource;
  const a = r.actions?.[name];
  const handler = actionHandler(r, name);
  if (!a?.label || !handler) throw new Error(`${r.name}.${name} is not a record action with a handler`);
  if (!satisfies(ctx.auth, a.access)) throw forbidden();
  const input = actionInput(a);
  const parsed = input ? parseInput(input, body) : body;
  const record = await actionRecord(ctx, r, ctx.auth, ctx.id, name, parsed);
  return handler({ ...ctx, body: parsed, record });
}
