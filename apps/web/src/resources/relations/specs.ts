/**
 * Sub-lists of a record from its definition (the server side is apps/server/src/engine/relations.ts):
 * - `children`: records of another resource whose foreign key points at this one (a parliamentarian's dependents).
 *   `GET {path}/:id/{list}` → { data, meta }; `POST {path}/:id/{add}` creates one with the key set by the server;
 *   `{removeMethod} {path}/:id/{remove}/:childId` removes one (else the child's own DELETE, when it has one).
 *   With `calls`, the three are record actions of the parent (an event's photos), at their declared paths, each
 *   offered to who may run it.
 * - `links`: many-to-many through a pivot (a process's people). `GET {path}/:id/{list}` → the linked records;
 *   `POST {path}/:id/{add}` with { <target>_id }; `{removeMethod} {path}/:id/{remove}` with { <target>_id }
 *   (or `/:targetId` in the path when `removeById`).
 */
import type { ActionDef, ChildDef, LinkDef, ResourceDef, Rule } from '@paco/domain/resource';
import { bothRules, linkKeys, ruleFor, singular } from '@paco/domain/resource';
import { resourceByName } from '@paco/domain/resources';
import { actionPath, subPaths } from '../../api/actions';

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
  /** the remove call's method */
  removeMethod: 'POST' | 'DELETE';
  /** who sees the tab: the server's rule of its list call */
  readRule: Rule;
  /** who may add and remove, when the sub-list's calls are the parent's actions (else the child's create/delete rules) */
  addRule?: Rule;
  removeRule?: Rule;
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
  /** "Adicionar": the owner's action creating a target and linking it (`create`), and who may run it */
  createUrl?: (id: number) => string;
  createRule?: Rule;
}

export type RelationSpec = ChildSpec | RelationLinkSpec;

export { singular };

/** The URL of a record action of `def` (api/actions `actionPath`), its path's parameters given in order: the record's id, then the child's. */
function actionUrl(def: ResourceDef, action: ActionDef, ...ids: number[]): string {
  const names = [...action.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  return actionPath(def.path, action, Object.fromEntries(names.map((n, i) => [n, ids[i]!])));
}

export function childSpecs(def: ResourceDef): ChildSpec[] {
  const out: ChildSpec[] = [];
  for (const [name, rel] of Object.entries(def.children ?? {})) {
    const child = resourceByName.get(rel.resource);
    if (!child || (rel.fk && !child.fields[rel.fk])) continue;
    const base = { kind: 'child' as const, id: `child-${name}`, name, child, rel };
    if (rel.calls) {
      const { list, add, remove } = rel.calls;
      const action = (n: string) => def.actions![n];
      out.push({
        ...base,
        listUrl: (id) => actionUrl(def, action(list), id),
        addUrl: add ? (id) => actionUrl(def, action(add), id) : undefined,
        removeUrl: remove ? (id, childId) => actionUrl(def, action(remove), id, childId) : undefined,
        removeMethod: remove ? (action(remove).method as 'POST' | 'DELETE') : 'DELETE',
        readRule: action(list).access,
        addRule: add ? action(add).access : 'nobody',
        removeRule: remove ? action(remove).access : 'nobody',
      });
      continue;
    }
    if (!rel.fk) continue;
    const urls = subPaths(def.path, name, rel);
    out.push({
      ...base, listUrl: urls.list, addUrl: urls.add, removeUrl: urls.remove, removeMethod: rel.removeMethod ?? 'DELETE',
      // the server's rule for a sub-list: the parent's readers AND the child's (or the sub-list's declared readers)
      readRule: bothRules(ruleFor(def, 'read'), rel.read ?? ruleFor(child, 'read')),
    });
  }
  return out;
}

export function relationLinkSpecs(def: ResourceDef): RelationLinkSpec[] {
  const out: RelationLinkSpec[] = [];
  for (const [name, rel] of Object.entries(def.links ?? {})) {
    const target = resourceByName.get(rel.target);
    if (!target) continue;
    const urls = subPaths(def.path, name, rel, !!rel.removeById);
    const create = rel.create && def.actions?.[rel.create.action];
    out.push({
      kind: 'link', id: `link-${name}`, name, target, rel, targetKey: linkKeys(def, target).targetKey,
      listUrl: urls.list, addUrl: urls.add, removeUrl: urls.remove,
      createUrl: create ? (id) => actionUrl(def, create, id) : undefined, createRule: create ? create.access : undefined,
    });
  }
  return out;
}

export const relationSpecs = (def: ResourceDef): RelationSpec[] => [...childSpecs(def), ...relationLinkSpecs(def)];
