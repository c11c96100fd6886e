/** Every module's special behaviour (hooks and action handlers), merged for the engine. One import per area. */
import { chainHooks, type ActionHandler, type ResourceHooks, type Services } from '../engine/context.ts';
import * as admin from './admin/index.ts';
import * as lookups from './lookups/index.ts';
import * as legislativo from './legislativo/index.ts';
import * as materias from './materias/index.ts';
import * as administrativo from './administrativo/index.ts';
import * as conteudo from './conteudo/index.ts';
import * as cultura from './cultura/index.ts';
import * as plenario from './plenario/index.ts';

interface Area {
  hooks?: Record<string, ResourceHooks>;
  actions?: Record<string, Record<string, ActionHandler>>;
  /** runs once when the app starts (e.g. registers realtime snapshot providers) */
  setup?(services: Services): void;
}

const areas: Area[] = [
  { hooks: admin.adminHooks, actions: admin.adminActions },
  { actions: lookups.lookupActions },
  legislativo, materias, administrativo, conteudo, cultura, plenario,
];

/** Hooks per table; when several areas hook the same table, all run, in the order of `areas`. */
const byTable = new Map<string, ResourceHooks[]>();
for (const a of areas) for (const [table, h] of Object.entries(a.hooks ?? {})) byTable.set(table, [...(byTable.get(table) ?? []), h]);
export const hooks: Record<string, ResourceHooks> = Object.fromEntries([...byTable].map(([table, list]) => [table, chainHooks(...list)]));
export const setups: ((services: Services) => void)[] = areas.flatMap((a) => (a.setup ? [a.setup] : []));
export const actions: Record<string, Record<string, ActionHandler>> = {};
for (const a of areas) for (const [res, handlers] of Object.entries(a.actions ?? {})) actions[res] = { ...actions[res], ...handlers };
