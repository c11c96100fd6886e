/**
 * Prefetch a route's code on intent (hover/focus of a link), skipped on 2g or data-saver connections
 * (spec 1 §9).
 */
import { matchRoutes, type DataRouter } from 'react-router';

interface NetworkInformationLike { saveData?: boolean; effectiveType?: string }

export function prefetchAllowed(conn: NetworkInformationLike | undefined = (navigator as { connection?: NetworkInformationLike }).connection): boolean {
  if (!conn) return true;
  if (conn.saveData) return false;
  return !/(^|-)2g$/.test(conn.effectiveType ?? '');
}

let routerRef: DataRouter | null = null;
export function setPrefetchRouter(r: DataRouter): void {
  routerRef = r;
}

const done = new Set<string>();

export function prefetchRoute(to: string): void {
  if (!routerRef || done.has(to) || !prefetchAllowed()) return;
  done.add(to);
  const matches = matchRoutes(routerRef.routes, to) ?? [];
  const onlySplat = matches.length === 0 || matches[matches.length - 1].route.path === '*';
  for (const m of matches) {
    const lazy = m.route.lazy;
    if (typeof lazy === 'function') void lazy().catch(() => undefined);
  }
  // a resource screen not discovered yet: fetch the discovery chunk (the router patches on navigation)
  if (onlySplat) void import('./resourceRoutes').catch(() => undefined);
}
