/**
 * Linking panels derived from a definition's actions: a `vincula` action whose input has a `<x>_id` key links the
 * record to records of the resource `<x>s` (role → roles, permission → permissions); `desvincula` unlinks;
 * `vincula_all` / `desvincula_all` link or unlink everything. The record's show call lists the linked ones under the
 * target's name (`permissions: [{ id, name }]`).
 */
import type { ActionDef, ResourceDef } from '@paco/domain/resource';
import { tableOf } from '@paco/domain/resource';
import { resourceByName } from '@paco/domain/resources';
import { accountRefusal, grantableRoles, REFUSALS } from '@paco/domain/grants';
import type { ApiRecord } from '../defs';
import type { SessionUser } from '../useSessionUser';

export interface LinkSpec {
  /** tab id */
  id: string;
  /** body key of one link, e.g. 'permission_id' */
  inputKey: string;
  /** body key of a list of links, e.g. 'permission_ids', when the input accepts it */
  listKey?: string;
  target: ResourceDef;
  /** where the show call lists the linked records */
  recordKey: string;
  link: ActionDef;
  unlink?: ActionDef;
  linkAll?: ActionDef;
  unlinkAll?: ActionDef;
  /**
   * Why the signed-in user may not link or unlink this target on this record (null: may), beyond the action's
   * role rule: a user's roles follow the grant hierarchy (grants.ts), shown per role as the server enforces it.
   */
  refusal?: (target: ApiRecord, record: ApiRecord, user: SessionUser | null) => string | null;
  /** why nothing on this record may be changed by the user (shown above the list), when that is the case */
  lockedReason?: (record: ApiRecord, user: SessionUser | null) => string | null;
}

const roleNames = (record: ApiRecord): string[] => ((record.roles as { name: string }[] | undefined) ?? []).map((r) => r.name);
const subject = (user: SessionUser | null) => ({ id: user?.id ?? 0, roles: user?.roles ?? [] });

/** The grant hierarchy on a user's roles tab (users and admin/users share the table). */
const USER_ROLES: Pick<LinkSpec, 'refusal' | 'lockedReason'> = {
  // the account-wide reasons are `lockedReason`; per role, only whether the user may grant it at all
  refusal: (role, _record, user) => (grantableRoles(subject(user).roles).has(String(role.name) as never) ? null : 'Você não pode atribuir nem retirar esta função.'),
  lockedReason: (record, user) => {
    const actor = subject(user);
    if (actor.id === record.id) return REFUSALS.ownRoles;
    return accountRefusal(actor, { id: record.id, roles: roleNames(record) });
  },
};

const shapeKeys = (action: ActionDef | undefined): string[] => {
  const shape = (action?.input as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
};

function targetFor(key: string): ResourceDef | undefined {
  const base = key.replace(/_id$/, '');
  return resourceByName.get(`${base}s`) ?? resourceByName.get(base) ?? resourceByName.get(`${base.replace(/y$/, 'ie')}s`);
}

export function linkSpecs(def: ResourceDef): LinkSpec[] {
  const actions = def.actions ?? {};
  const specs: LinkSpec[] = [];
  for (const [name, link] of Object.entries(actions)) {
    if (!/^vincula(_|$)/.test(name) || name.endsWith('_all') || link.method === 'GET') continue;
    const keys = shapeKeys(link);
    const inputKey = keys.find((k) => k.endsWith('_id'));
    if (!inputKey) continue;
    const target = targetFor(inputKey);
    if (!target) continue;
    const suffix = name.slice('vincula'.length); // '' or '_x' for several panels
    specs.push({
      id: `${name}-${target.name}`,
      inputKey,
      listKey: keys.includes(`${inputKey}s`) ? `${inputKey}s` : undefined,
      target,
      recordKey: target.name,
      link,
      unlink: actions[`desvincula${suffix}`],
      linkAll: actions[`vincula${suffix}_all`],
      unlinkAll: actions[`desvincula${suffix}_all`],
      ...(tableOf(def) === 'users' && target.name === 'roles' ? USER_ROLES : {}),
    });
  }
  return specs;
}
