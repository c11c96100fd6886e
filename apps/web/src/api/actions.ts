/**
 * The typed client of declared calls (issue 15 §6): a screen names a definition and one of its actions, and the URL,
 * the method and the input's type come from the declaration (`ActionDef` in @paco/domain), never from a string typed
 * by hand. The answer's envelope is checked once, here: a call that answers a record or a list answers `{ data }`,
 * and anything else is an error the screen shows, not a value it half-reads.
 */
import type { z } from 'zod';
import type { ActionDef } from '@paco/domain/resource';
import { ApiError, api, type RequestOptions } from './client';

type ParamNames<P extends string> = P extends `${string}:${infer K}/${infer Rest}` ? K | ParamNames<Rest> : P extends `${string}:${infer K}` ? K : never;
/** The parameters of an action's path: `:id/speakers/:type` → `{ id, type }`. */
export type ParamsOf<A extends ActionDef> = { [K in ParamNames<A['path']>]: string | number };
/** What an action takes (its query for a GET, else its body), from its schema; nothing when it declares none. */
export type InputOf<A> = A extends { input: infer S extends z.ZodType } ? z.input<S> : undefined;

/** What a call needs of a definition: its path and its declared actions. */
export interface Declared {
  path: string;
  actions?: Readonly<Record<string, ActionDef>>;
}
/** The actions a definition declares. */
export type ActionsOf<D extends Declared> = NonNullable<D['actions']>;

/** The URL of a declared action: after its resource's path, or from the root when it starts with '/'; parameters filled. */
export function actionPath(base: string, action: Pick<ActionDef, 'path'>, params: Readonly<Record<string, string | number>> = {}): string {
  const p = action.path.replace(/:([A-Za-z_]+)/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined) throw new Error(`${action.path}: falta o parâmetro ${k}`);
    return encodeURIComponent(String(v));
  });
  return p.startsWith('/') ? p.slice(1) : `${base}/${p}`;
}

/**
 * What a call of this action takes. An action declared in a literal map is typed whole (its path's parameters, its
 * input); one known only as an `ActionDef` (a screen given any definition) takes any parameters and input.
 */
export type CallOptions<A extends ActionDef> = Pick<RequestOptions, 'signal' | 'idempotencyKey' | 'skipAuthRedirect'> &
  (string extends A['path']
    ? { params?: Readonly<Record<string, string | number>>; input?: unknown }
    : (ParamNames<A['path']> extends never ? { params?: undefined } : { params: ParamsOf<A> }) &
      (InputOf<A> extends undefined ? { input?: undefined } : { input: InputOf<A> }));

/** How a call is sent: the app's client, or a bounded one (the live screens' `liveApi`). */
export type Transport = <T>(path: string, opts: RequestOptions) => Promise<T>;

/** Runs a declared action of a definition: `call(plenarySessions, 'iniciar', { params: { id } })`. */
export function call<D extends Declared, K extends keyof ActionsOf<D> & string>(
  def: D, name: K, opts: CallOptions<ActionsOf<D>[K]>, via: Transport = api,
): Promise<unknown> {
  const action = def.actions?.[name];
  if (!action) throw new Error(`${def.path}: a ação ${name} não está declarada`);
  const { params, input, ...rest } = opts as { params?: Record<string, string | number>; input?: unknown } & RequestOptions;
  const path = actionPath(def.path, action, params);
  if (action.method === 'GET') return via(path, { ...rest, query: input as RequestOptions['query'] });
  return via(path, { ...rest, method: action.method, ...(input === undefined ? {} : { body: input }) });
}

/** The `data` of an answer; an answer without its envelope is an error (the server and the screen disagree). */
export function dataOf<T>(answer: unknown): T {
  if (answer !== null && typeof answer === 'object' && 'data' in answer) return (answer as { data: T }).data;
  throw new ApiError(0, 'O servidor respondeu de um jeito inesperado. Recarregue a página e tente de novo.');
}

/** The URLs of a declared sub-list of a record (a definition's `children` or `links`): its list, add and remove. */
export function subPaths(base: string, name: string, rel: { list?: string; add?: string; remove?: string }, removeById = true) {
  return {
    list: (id: number) => `${base}/${id}/${rel.list ?? name}`,
    add: rel.add ? (id: number) => `${base}/${id}/${rel.add}` : undefined,
    remove: rel.remove ? (id: number, rowId: number) => (removeById ? `${base}/${id}/${rel.remove}/${rowId}` : `${base}/${id}/${rel.remove}`) : undefined,
  };
}
