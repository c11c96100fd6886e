/**
 * Behaviour beside its resource (issue 15): each module declares, per definition, the hooks of its table and the
 * handlers of its declared actions with `defineBehaviour(def, { hooks, actions })`. Handlers get their input typed
 * from the action's schema. The registry refuses, when the app starts, an action that the definition does not
 * declare, an action implemented twice, and a table whose hooks two modules declare; and it reports a declared
 * action without a handler (engine/routes.ts). Hooks are found by the engine (engine/records.ts), so no write can
 * forget them.
 */
import type { z } from 'zod';
import { tableOf, type ActionDef, type ResourceDef } from '@paco/domain/resource';
import type { ActionContext, ResourceHooks, Row } from './context.ts';
import type { Db } from '../db/client.ts';
import type { AuthContext } from '../auth/session.ts';
import type { ActionState } from '@paco/domain/workflow';

/** The body (or, for GET, the query) of an action, typed from its schema. */
export type InputOf<A> = A extends { input: infer S extends z.ZodType } ? z.infer<S> : unknown;
export type TypedActionHandler<A> = (ctx: ActionContext & { body: InputOf<A> }) => Promise<unknown>;
type ActionsOf<D> = D extends { actions?: infer X } ? (X extends Record<string, ActionDef> ? X : Record<string, never>) : Record<string, never>;

/**
 * A record action's own check beyond its declared `when` (what a condition on the row cannot say: a related row's
 * state, the session's sectors): the pt-BR reason it may not run now, or null. Runs on the show answer (the button's
 * state) and before the action (a 409 with the reason).
 */
export type AvailableCheck = (row: Row, ctx: CheckContext) => Promise<string | null>;

/**
 * What the checks of one answer share: the database, the session and `once`, which loads a related row (the call of
 * an application) once for every check of the answer instead of once per check.
 */
export interface CheckContext {
  db: Db;
  auth: AuthContext;
  once: <T>(key: string, load: () => Promise<T>) => Promise<T>;
}

/** A fresh `once` for one answer's checks. */
export function onceCache(): CheckContext['once'] {
  const seen = new Map<string, Promise<unknown>>();
  return <T>(key: string, load: () => Promise<T>): Promise<T> => {
    if (!seen.has(key)) seen.set(key, load());
    return seen.get(key) as Promise<T>;
  };
}

/**
 * Whether a record action concerns this session on this row at all (a signature asked of someone else): null when it
 * does; else the pt-BR reason, and the action is left out of the show answer (no button, as for another role's
 * action) while its route refuses with 409 and the reason. Runs before the action's other checks.
 */
export type OfferedCheck = (row: Row, ctx: CheckContext) => Promise<string | null>;

/**
 * An allowed record action's dialog, prepared for this row (the show answer's `_actions` entry): starting values,
 * fields the server decided, fields narrowed to the choices allowed now (ActionState in @paco/domain/workflow). What
 * it offers the handler (or the hooks it writes through) must also enforce.
 */
export type PrepareDialog = (row: Row, ctx: CheckContext) => Promise<Pick<ActionState, 'values' | 'fixed' | 'choices'>>;

export interface Behaviour<D extends ResourceDef> {
  hooks?: ResourceHooks;
  actions?: { [K in keyof ActionsOf<D>]?: TypedActionHandler<ActionsOf<D>[K]> };
  available?: { [K in keyof ActionsOf<D>]?: AvailableCheck };
  offered?: { [K in keyof ActionsOf<D>]?: OfferedCheck };
  prepare?: { [K in keyof ActionsOf<D>]?: PrepareDialog };
}

interface Entry {
  def: ResourceDef;
  hooks?: ResourceHooks;
  actions: Record<string, (ctx: ActionContext) => Promise<unknown>>;
  available: Record<string, AvailableCheck>;
  offered: Record<string, OfferedCheck>;
  prepare: Record<string, PrepareDialog>;
  owner: string;
}

const byResource = new Map<string, Entry>();
const hooksByTable = new Map<string, { hooks: ResourceHooks; owner: string }>();

/** Registers a resource's behaviour; throws on an unknown action, an action implemented twice, or a table hooked twice. */
export function defineBehaviour<D extends ResourceDef>(def: D, b: Behaviour<D>, owner = 'module'): void {
  const declared = def.actions ?? {};
  const entry = byResource.get(def.name) ?? { def, actions: {}, available: {}, offered: {}, prepare: {}, owner };
  for (const [name, handler] of Object.entries(b.actions ?? {})) {
    if (!handler) continue;
    if (!declared[name]) throw new Error(`${owner}: ${def.name}.${name} is not an action of the definition`);
    if (entry.actions[name]) throw new Error(`${owner}: ${def.name}.${name} is implemented twice (${entry.owner} and ${owner})`);
    entry.actions[name] = handler as (ctx: ActionContext) => Promise<unknown>;
  }
  for (const [name, check] of Object.entries(b.available ?? {})) {
    if (!check) continue;
    if (!declared[name]?.label) throw new Error(`${owner}: ${def.name}.${name} is not a record action of the definition`);
    entry.available[name] = check as AvailableCheck;
  }
  for (const [name, check] of Object.entries(b.offered ?? {})) {
    if (!check) continue;
    if (!declared[name]?.label) throw new Error(`${owner}: ${def.name}.${name} is not a record action of the definition`);
    entry.offered[name] = check as OfferedCheck;
  }
  for (const [name, prep] of Object.entries(b.prepare ?? {})) {
    if (!prep) continue;
    if (!declared[name]?.label) throw new Error(`${owner}: ${def.name}.${name} is not a record action of the definition`);
    entry.prepare[name] = prep as PrepareDialog;
  }
  if (b.hooks) {
    const table = tableOf(def);
    const taken = hooksByTable.get(table);
    if (taken) throw new Error(`${owner}: the hooks of table ${table} are already declared by ${taken.owner}`);
    hooksByTable.set(table, { hooks: b.hooks, owner });
    entry.hooks = b.hooks;
  }
  byResource.set(def.name, entry);
}

/** The hooks of a resource's table (shared by the definitions of one table: users and admin/users). */
export const hooksOf = (r: Pick<ResourceDef, 'name' | 'table'>): ResourceHooks | undefined => hooksByTable.get(tableOf(r as ResourceDef))?.hooks;

/** The handler of a declared action, if any module implements it. */
export const actionHandler = (r: ResourceDef, name: string): ((ctx: ActionContext) => Promise<unknown>) | undefined => byResource.get(r.name)?.actions[name];

/** A record action's own availability check, if its module declares one. */
export const availableCheck = (r: ResourceDef, name: string): AvailableCheck | undefined => byResource.get(r.name)?.available[name];

/** Whether a record action concerns the session on the row, if its module says (`offered`). */
export const offeredCheck = (r: ResourceDef, name: string): OfferedCheck | undefined => byResource.get(r.name)?.offered[name];

/** A record action's dialog preparation, if its module declares one. */
export const prepareOf = (r: ResourceDef, name: string): PrepareDialog | undefined => byResource.get(r.name)?.prepare[name];

/** Every table with hooks, for tests and docs. */
export const hookedTables = (): string[] => [...hooksByTable.keys()];
