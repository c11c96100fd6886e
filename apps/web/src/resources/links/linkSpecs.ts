/**
 * Linking panels derived from a definition's actions: a `vincula` action whose input has a `<x>_id` key links the
 * record to records of the resource `<x>s` (role → roles, permission → permissions); `desvincula` unlinks;
 * `vincula_all` / `desvincula_all` link or unlink everything. The record's show call lists the linked ones under the
 * target's name (`permissions: [{ id, name }]`).
 */
import type { ActionDef, ResourceDef } from '@paco/domain/resource';
import { resourceByName } from '@paco/domain/resources';

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
}

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
    });
  }
  return specs;
}
