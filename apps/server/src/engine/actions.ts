/**
 * Declared record actions (issue 11): an action with a `label` is offered on the record's screen. Whether it may run
 * now is decided here, once, for both the button (the show answer's `_actions`) and the route (409 with the same
 * reason): the session's role rule, the action's `when` conditions, the row scope's `edit` conditions for writing
 * actions, and the module's own `available` check.
 */
import type { ResourceDef } from '@paco/domain/resource';
import { factsNeeded, firstUnmet, recordActions, type ActionState } from '@paco/domain/workflow';
import type { AuthContext } from '../auth/session.ts';
import type { Db } from '../db/client.ts';
import { availableCheck } from './behaviour.ts';
import type { Row } from './context.ts';
import { satisfies } from './policy.ts';
import { editRefusal, loadFacts } from './rowscope.ts';

/**
 * The state of the record actions the session may ever run on this row (actions of other roles are left out).
 * `row` should be the answer's record (references expanded), so reasons name what they refer to.
 */
export async function actionStates(db: Db, r: ResourceDef, auth: AuthContext | null, row: Row, only?: string): Promise<Record<string, ActionState>> {
  const mine = recordActions(r).filter(([name, a]) => (!only || name === only) && satisfies(auth, a.access));
  const out: Record<string, ActionState> = {};
  if (!mine.length || !auth) return out;
  const facts = await loadFacts(db, auth, factsNeeded(mine.flatMap(([, a]) => a.when ?? [])));
  let editWhy: string | null | undefined;
  for (const [name, a] of mine) {
    let reason = firstUnmet(r, a.when, row, facts);
    if (!reason && a.method !== 'GET') reason = editWhy === undefined ? (editWhy = await editRefusal(db, r, auth, row)) : editWhy;
    if (!reason) reason = (await availableCheck(r, name)?.(row, { db, auth })) ?? null;
    out[name] = reason ? { allowed: false, reason } : { allowed: true };
  }
  return out;
}
