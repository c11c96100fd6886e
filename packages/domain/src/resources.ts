/** The registry of every resource definition (one declaration each). */
import * as admin from './resources/admin.ts';
import type { ResourceDef } from './resource.ts';

export const resources: readonly ResourceDef[] = [
  admin.states, admin.cities, admin.institutions, admin.companies, admin.liberations, admin.permissions, admin.roles,
  admin.users, admin.adminUsers, admin.contacts, admin.logs,
];

export const resourceByName: ReadonlyMap<string, ResourceDef> = new Map(resources.map((r) => [r.name, r]));
export const resourceByPath: ReadonlyMap<string, ResourceDef> = new Map(resources.map((r) => [r.path, r]));
