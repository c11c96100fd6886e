/** Every module's special behaviour (hooks and action handlers), merged for the engine. One import per area. */
import type { ActionHandler, ResourceHooks } from '../engine/context.ts';
import * as admin from './admin/index.ts';
import * as lookups from './lookups/index.ts';
import * as legislativo from './legislativo/index.ts';
import * as materias from './materias/index.ts';
import * as administrativo from './administrativo/index.ts';
import * as conteudo from './conteudo/index.ts';
import * as cultura from './cultura/index.ts';

const areas: { hooks?: Record<string, ResourceHooks>; actions?: Record<string, Record<string, ActionHandler>> }[] = [
  { hooks: admin.adminHooks, actions: admin.adminActions },
  { actions: lookups.lookupActions },
  legislativo, materias, administrativo, conteudo, cultura,
];

export const hooks: Record<string, ResourceHooks> = Object.assign({}, ...areas.map((a) => a.hooks ?? {}));
export const actions: Record<string, Record<string, ActionHandler>> = {};
for (const a of areas) for (const [res, handlers] of Object.entries(a.actions ?? {})) actions[res] = { ...actions[res], ...handlers };
