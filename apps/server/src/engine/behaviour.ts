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
import type { ActionContext, ResourceHooks } from './context.ts';

/** The body (or, for GET, the query) of an action, typed from its schema. */
export type InputOf<A> = A extends { input: infer S extends z.ZodType } ? z.infer<S> : unknown;
export type TypedActionHandler<A> = (ctx: ActionContext & { body: InputOf<A> }) => Promise<unknown>;
type ActionsOf<D> = D extends { actions?: infer X } ? (X extends Record<string, ActionDef> ? X : Record<string, never>) : Record<string, never>;

export interface Behaviour<D extends ResourceDef> {
  hooks?: ResourceHooks;
  actions?: { [K in keyof ActionsOf<D>]?: TypedActionHandler<ActionsOf<D>[K]> };
}

interface Entry {
  def: ResourceDef;
  hooks?: ResourceHooks;
  actions: Record<string, (ctx: ActionContext) => Promise<unknown>>;
  owner: string;
}

const byResource = new Map<string, Entry>();
const hooksByTable = new Map<string, { hooks: ResourceHooks; owner: string }>();

/** Registers a resource's behaviour; throws on an unknown action, an action implemented twice, or a table hooked twice. */
export function defineBehaviour<D extends ResourceDef>(def: D, b: Behaviour<D>, owner = 'module'): void {
  const declared = def.actions ?? {};
  const entry = byResource.get(def.name) ?? { def, actions: {}, owner };
  for (const [name, handler] of Object.entries(b.actions ?? {})) {
    if (!handler) continue;
    if (!declared[name]) throw new Error(`${owner}: ${def.name}.${name} is not an action of the definition`);
    if (entry.actions[name]) throw new Error(`${owner}: ${def.name}.${name} is implemented twice (${entry.owner} and ${owner})`);
    entry.actions[name] = handler as (ctx: ActionContext) => Promise<unknown>;
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

/** Every table with hooks, for tests and docs. */
export const hookedTables = (): string[] => [...hooksByTable.keys()];
