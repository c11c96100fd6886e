/**
 * Routes discovered lazily (see routes.tsx): for every resource with a `screen`, the list at `screen` and the
 * form at `screen/:id` (screens of apps/web/src/resources, props { resource }); for every menu entry that has
 * no screen yet, a page saying so (instead of a misleading 404).
 */
import type { RouteObject } from 'react-router';
import { resources } from '@paco/domain/resources';
import type { Rule } from '@paco/domain/resource';
import { MODULES, menuItemFor, moduleForPath } from '@paco/domain/modules';
import type { RouteHandle } from './handle';
import { lazyPage } from './lazy';

/** Resource read rule → route rule. 'public'/'authenticated' → any signed-in user; the superadmin always passes. */
export function ruleOf(read: Rule): RouteHandle['rule'] {
  if (read === 'public' || read === 'authenticated') return undefined;
  if (read === 'nobody') return { roles: ['superadmin'] }; // no resource is read-nobody today
  return { roles: [...new Set(['superadmin', ...read])] };
}

const parentOf = (path: string): string => {
  const m = moduleForPath(path);
  return m ? `module:${m.key}` : 'layout:default';
};

export function discoveredRoutes(staticPaths: ReadonlySet<string>): { parentId: string; children: RouteObject[] }[] {
  const byParent = new Map<string, RouteObject[]>();
  const add = (parentId: string, r: RouteObject) => {
    const list = byParent.get(parentId) ?? [];
    list.push(r);
    byParent.set(parentId, list);
  };
  const served = new Set<string>(staticPaths);

  for (const res of resources) for (const screen of [res.screen, ...(res.alsoAt ?? [])]) {
    if (!screen || served.has(screen)) continue;
    served.add(screen);
    const name = res.name;
    const item = menuItemFor(screen);
    const rule = ruleOf(res.access.read);
    const withPerms = item?.permissions.length ? { ...(rule ?? {}), permissions: item.permissions } : rule;
    const parentId = parentOf(screen);
    add(parentId, {
      id: `res:${name}:list:${screen}`,
      path: screen,
      handle: { title: item?.title ?? res.label.many, rule: withPerms } satisfies RouteHandle,
      lazy: async () => {
        const { default: ResourceListPage } = await import('../resources/ResourceListPage');
        return { element: <ResourceListPage resource={name} screen={screen} /> };
      },
    });
    add(parentId, {
      id: `res:${name}:form:${screen}`,
      path: `${screen}/:id`,
      handle: { title: res.label.one, rule: withPerms } satisfies RouteHandle,
      lazy: async () => {
        const { default: ResourceFormPage } = await import('../resources/ResourceFormPage');
        return { element: <ResourceFormPage resource={name} screen={screen} /> };
      },
    });
  }

  const soon = lazyPage(() => import('../pages/ComingSoonPage'));
  for (const m of MODULES) {
    for (const it of m.menu) {
      if (served.has(it.to)) continue;
      served.add(it.to);
      add(parentOf(it.to), {
        id: `soon:${it.to}`,
        path: it.to,
        lazy: soon,
        handle: { title: it.title, rule: { roles: it.roles, permissions: it.permissions } } satisfies RouteHandle,
      });
    }
  }
  return [...byParent].map(([parentId, children]) => ({ parentId, children }));
}
