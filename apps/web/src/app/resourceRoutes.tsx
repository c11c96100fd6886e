/**
 * Routes discovered lazily (see routes.tsx), all from data:
 * - for every resource, its `screen` and each `alsoAt` entry: the list at the path and the form at `path/:id`
 *   (screens of apps/web/src/resources). An `alsoAt` object `{ path, title, filter }` is a screen view: the list with
 *   the fixed filter (not removable), the title shown, the filter's values as defaults on create;
 * - the web's route map (routeMap.ts): spec routes without a record family of their own, mapped to the closest
 *   resource screen, a filtered view, a create form, or a page of its own;
 * - every menu entry still without a screen: a page saying so (instead of a misleading 404).
 */
import './extensions';
import type { RouteObject } from 'react-router';
import { useParams } from 'react-router';
import { resources, resourceByName } from '@paco/domain/resources';
import type { ResourceDef, Rule, ScreenView } from '@paco/domain/resource';
import { viewOf } from '@paco/domain/resource';
import { MODULES, menuItemFor, moduleForPath } from '@paco/domain/modules';
import type { RouteHandle } from '../shell/handle';
import { lazyPage } from './lazy';
import { ROUTE_MAP } from './routeMap';
import type { MappedRoute } from './routeMap';

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

/** The route rule of a screen: the resource's read rule, with the permissions of the menu entry at that path. */
function screenRule(res: ResourceDef, path: string, extra?: RouteHandle['rule']): RouteHandle['rule'] {
  const item = menuItemFor(path);
  const rule = extra ?? ruleOf(res.access.read);
  return item?.permissions.length ? { ...(rule ?? {}), permissions: item.permissions } : rule;
}

/** `:param` values of a mapped route's filter are taken from the URL (e.g. `{ type_id: ':form' }`). */
function withParams(view: ScreenView, params: Record<string, string | undefined>): ScreenView {
  if (!view.filter) return view;
  const filter: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(view.filter)) filter[k] = typeof v === 'string' && v.startsWith(':') ? (params[v.slice(1)] ?? '') : v;
  return { ...view, filter };
}

export function discoveredRoutes(staticPaths: ReadonlySet<string>): { parentId: string; children: RouteObject[] }[] {
  const byParent = new Map<string, RouteObject[]>();
  const add = (parentId: string, r: RouteObject) => {
    const list = byParent.get(parentId) ?? [];
    list.push(r);
    byParent.set(parentId, list);
  };
  const served = new Set<string>(staticPaths);

  const addScreen = (res: ResourceDef, view: ScreenView, rule?: RouteHandle['rule']) => {
    const path = view.path;
    if (served.has(path)) return;
    served.add(path);
    const name = res.name;
    const item = menuItemFor(path);
    const withPerms = screenRule(res, path, rule);
    const parentId = parentOf(path);
    const hasView = !!view.title || !!view.filter;
    add(parentId, {
      id: `res:${name}:list:${path}`,
      path,
      handle: { title: view.title ?? item?.title ?? res.label.many, rule: withPerms } satisfies RouteHandle,
      lazy: async () => {
        const { default: ResourceListPage } = await import('../resources/ResourceListPage');
        // keyed: going from one list route to another remounts (no search text or state carried over)
        return { element: <ResourceListPage key={path} resource={name} screen={path} view={hasView ? view : undefined} /> };
      },
    });
    add(parentId, {
      id: `res:${name}:form:${path}`,
      path: `${path}/:id`,
      handle: { title: res.label.one, rule: withPerms } satisfies RouteHandle,
      lazy: async () => {
        const { default: ResourceFormPage } = await import('../resources/ResourceFormPage');
        return { element: <ResourceFormPage key={path} resource={name} screen={path} view={hasView ? view : undefined} /> };
      },
    });
  };

  for (const res of resources) {
    if (res.screen) addScreen(res, { path: res.screen });
    for (const v of res.alsoAt ?? []) addScreen(res, viewOf(v));
  }

  const addMapped = (m: MappedRoute) => {
    if (served.has(m.path)) return;
    if (m.kind === 'options') {
      served.add(m.path);
      const { title, intro, items } = m;
      add(parentOf(m.path), {
        id: `options:${m.path}`, path: m.path, handle: { title, rule: m.rule } satisfies RouteHandle,
        lazy: async () => {
          const { default: OptionsPage } = await import('../pages/OptionsPage');
          return { element: <OptionsPage title={title} intro={intro} items={items} /> };
        },
      });
      return;
    }
    if (m.kind === 'page') {
      served.add(m.path);
      add(parentOf(m.path), { id: `page:${m.path}`, path: m.path, lazy: lazyPage(m.load), handle: { title: m.title, rule: m.rule } satisfies RouteHandle });
      return;
    }
    const res = resourceByName.get(m.resource);
    if (!res) return; // its definition has not landed: the menu placeholder (if any) stays
    const rule = m.rule ?? screenRule(res, m.path);
    if (m.kind === 'view') {
      addScreen(res, { path: m.path, title: m.title, filter: m.filter }, m.rule);
      return;
    }
    // 'form': a create form whose saved record opens under the list at `back`
    served.add(m.path);
    const view: ScreenView = { path: m.back, title: m.title, filter: m.filter };
    const resName = res.name;
    add(parentOf(m.path), {
      id: `form:${m.path}`,
      path: m.path,
      handle: { title: m.title ?? res.label.one, rule } satisfies RouteHandle,
      lazy: async () => {
        const { default: ResourceFormPage } = await import('../resources/ResourceFormPage');
        function MappedForm() {
          const params = useParams();
          return <ResourceFormPage key={JSON.stringify(params)} resource={resName} view={withParams(view, params)} />;
        }
        return { Component: MappedForm };
      },
    });
  };
  for (const m of ROUTE_MAP) addMapped(m);

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
