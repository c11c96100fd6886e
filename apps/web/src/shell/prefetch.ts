/**
 * Prefetch a route's code on intent (hover/focus of a link), for the lower layers (menus, shortcut grids): the app layer
 * plugs in the router-aware implementation (app/prefetch.ts, through app/wire.ts), so nothing below the app imports it.
 */
let prefetcher: (to: string) => void = () => undefined;

export function setPrefetcher(fn: (to: string) => void): void {
  prefetcher = fn;
}

export function prefetchRoute(to: string): void {
  prefetcher(to);
}
