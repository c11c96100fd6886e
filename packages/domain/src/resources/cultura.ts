/** Resource definitions of this area (see resources.ts). */
import type { ResourceDef } from '../resource.ts';

export const RESOURCES: readonly ResourceDef[] = [];
