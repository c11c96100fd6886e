/**
 * Sub-lists of a record from its definition (the server side is apps/server/src/engine/relations.ts):
 * - `children`: records of another resource whose foreign key points at this one (a parliamentarian's dependents).
 *   `GET {path}/:id/{list}` → { data, meta }; `POST {path}/:id/{add}` creates one with the key set by the server;
 *   `{removeMethod} {path}/:id/{remove}/:childId` removes one (else the child's own DELETE, when it has one).
 * - `links`: many-to-many through a pivot (a process's people). `GET {path}/:id/{list}` → the linked records;
 *   `POST {path}/:id/{add}` with { <target>_id }; `{removeMethod} {path}/:id/{remove}` with { <target>_id }
 *   (or `/:targetId` in the path when `removeById`).
 */
import type { ChildDef, LinkDef, ResourceDef } from '@paco/domain/resource';
import { linkKeys, singular } from '@paco/domain/resource';
import { resourceByName } from '@paco/domain/resources';
import { subPaths } from '../../api/actions';

export interface ChildSpec {
  kind: 'child';
  /** tab id */
  id: string;
  name: string;
  child: ResourceDef;
  rel: ChildDef;
  /** URL (under /api) of the sub-list of record `id` */
  listUrl: (id: number) => string;
  addUrl?: (id: number) => string;
  removeUrl?: (id: number, childId: number) => string;
}

export interface RelationLinkSpec {
  kind: 'link';
  id: string;
  name: string;
  target: ResourceDef;
  rel: LinkDef;
  /** body key naming one target, e.g. 'person_id' (the pivot's column) */
  targetKey: string;
  listUrl: (id: number) => string;
  addUrl?: (id: number) => string;
  removeUrl?: (id: number, targetId: number) => string;
}

export type RelationSpec = ChildSpec | RelationLinkSpec;

export { singular };

export function childSpecs(def: ResourceDef): ChildSpec[] {
  const out: ChildSpec[] = [];
  for (const [name, rel] of Object.entries(def.children ?? {})) {
    const child = resourceByName.get(rel.resource);
    if (!child || !child.fields[rel.fk]) continue;
    const urls = subPaths(def.path, name, rel);
    out.push({ kind: 'child', id: `child-${name}`, name, child, rel, listUrl: urls.list, addUrl: urls.add, removeUrl: urls.remove });
  }
  return out;
}

export function relationLinkSpecs(def: ResourceDef): RelationLinkSpec[] {
  const out: RelationLinkSpec[] = [];
  for (const [name, rel] of Object.entries(def.links ?? {})) {
    const target = resourceByName.get(rel.target);
    if (!target) continue;
    const urls = subPaths(def.path, name, rel, !!rel.removeById);
    out.push({
      kind: 'link', id: `link-${name}`, name, target, rel, targetKey: linkKeys(def, target).targetKey,
      listUrl: urls.list, addUrl: urls.add, removeUrl: urls.remove,
    });
  }
  return out;
}

export const relationSpecs = (def: ResourceDef): RelationSpec[] => [...childSpecs(def), ...relationLinkSpecs(def)];
