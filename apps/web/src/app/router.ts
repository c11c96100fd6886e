import { createBrowserRouter } from 'react-router';
import { guard } from './guard';
import { buildRoutes, createRouteDiscovery } from './routes';
import { wireRouter } from './wire';

/**
 * Creates the app's router. The guard runs once BEFORE the router exists: a visitor without a session who
 * opens /admin starts directly on /auth/login, so the module's code is never requested (the router loads a
 * route's lazy code in parallel with the guard loader). Later navigations are guarded by the root loader.
 */
export async function createAppRouter() {
  const to = await guard(window.location.pathname, window.location.search);
  if (to) window.history.replaceState(null, '', to);
  const router = createBrowserRouter(buildRoutes(), { basename: '/', patchRoutesOnNavigation: createRouteDiscovery() });
  wireRouter(router);
  return router;
}
