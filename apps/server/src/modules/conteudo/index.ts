/** Special behaviour of this area's resources: hooks (keyed by table) and action handlers (keyed by resource name). */
import type { ActionHandler, ResourceHooks } from '../../engine/context.ts';

export const hooks: Record<string, ResourceHooks> = {};
export const actions: Record<string, Record<string, ActionHandler>> = {};
