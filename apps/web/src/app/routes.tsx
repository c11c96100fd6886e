/**
 * The route table (React Router 7 data router, history mode, base /). Every screen is lazily loaded.
 * Resource screens (`screen` of each resource definition) and the menu entries still without a screen are
 * discovered on the first navigation that needs them (`patchRoutesOnNavigation`), so neither the resource
 * definitions nor zod are part of the entry chunk that the login route downloads.
 */
import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import { MODULES } from '@paco/domain/modules';
import { R } from '@paco/domain/roles';
import { guardLoader } from './guard';
import type { RouteHandle } from '../shell/handle';
import { lazyPage } from './lazy';
import { RootShell, BootFallback } from './RootShell';
import { NotFoundPage, RouteErrorPage } from '../shell/ErrorPage';

const moduleLayout = lazyPage(() => import('../layouts/ModuleLayout'));
const moduleHome = lazyPage(() => import('../pages/ModuleHomePage'));
const notificationsPage = lazyPage(() => import('../notifications/NotificationsPage'));
const h = (x: RouteHandle): RouteHandle => x;

/** Static paths served by hand-written routes (never replaced by a placeholder). */
export const STATIC_PATHS = new Set<string>([
  '/', '/auth/login', '/auth/register', '/auth/reset-password', '/auth/profile', '/auth/company', '/sobre', '/mensagem',
  '/legislativo/votar', ...MODULES.map((m) => m.to),
]);

export function buildRoutes(): RouteObject[] {
  const modules: RouteObject[] = MODULES.filter((m) => m.layout === 'module' && m.key !== 'sobre').map((m) => ({
    id: `module:${m.key}`,
    path: m.to,
    lazy: moduleLayout,
    // /notifications is every signed-in user's own notifications (issue 11 §3); its launcher card stays the spec's
    handle: h({ module: m.key, title: m.title, rule: m.key === 'notifications' ? undefined : { roles: m.roles, permissions: m.permissions } }),
    children: [{ id: `module:${m.key}:home`, index: true, lazy: m.key === 'notifications' ? notificationsPage : moduleHome }],
  }));
  const example = MODULES.find((m) => m.key === 'example')!;
  const sobre = MODULES.find((m) => m.key === 'sobre')!;

  return [
    {
      id: 'root',
      loader: guardLoader,
      // the guard runs on every navigation, not only when params change
      shouldRevalidate: () => true,
      Component: RootShell,
      HydrateFallback: BootFallback,
      ErrorBoundary: RouteErrorPage,
      children: [
        {
          id: 'layout:login',
          lazy: lazyPage(() => import('../layouts/LoginLayout')),
          children: [
            { path: '/auth/login', lazy: lazyPage(() => import('../auth/LoginPage')), handle: h({ title: 'Entrar' }) },
            { path: '/auth/register', lazy: lazyPage(() => import('../auth/RegisterPage')), handle: h({ title: 'Criar conta' }) },
            { path: '/auth/reset-password', lazy: lazyPage(() => import('../auth/ResetPasswordPage')), handle: h({ title: 'Redefinir senha' }) },
          ],
        },
        {
          id: 'layout:painel',
          lazy: lazyPage(() => import('../layouts/PainelLayout')),
          handle: h({ title: 'Painel Eletrônico' }),
          children: [
            { id: 'legislativo-painel-eletronico-id', path: '/legislativo/painel-eletronico/:id?', lazy: lazyPage(() => import('../legislativo/PainelEletronicoPage')) },
          ],
        },
        {
          id: 'layout:votar',
          lazy: lazyPage(() => import('../layouts/VotingLayout')),
          children: [
            { path: '/legislativo/votar', lazy: lazyPage(() => import('../legislativo/VotarPage')), handle: h({ title: 'Votar Matéria', rule: { roles: R.votarMateria } }) },
          ],
        },
        {
          id: 'layout:message',
          path: '/mensagem',
          lazy: lazyPage(() => import('../layouts/MessageLayout')),
          children: [{ index: true, lazy: lazyPage(() => import('../pages/MessagePage')), handle: h({ title: 'Mensagem' }) }],
        },
        {
          id: 'layout:default',
          lazy: moduleLayout,
          children: [
            { id: 'index', index: true, lazy: lazyPage(() => import('../pages/LauncherPage')), handle: h({ title: 'Início' }) },
            { path: '/auth/profile', lazy: lazyPage(() => import('../auth/ProfilePage')), handle: h({ title: 'Perfil' }) },
            { path: '/auth/company', lazy: lazyPage(() => import('../auth/CompanyPage')), handle: h({ title: 'Entidade de atuação', rule: { roles: R.superadmin } }) },
            { path: '/sobre', lazy: lazyPage(() => import('../pages/SobrePage')), handle: h({ title: 'Sobre', rule: { roles: sobre.roles } }) },
            // the operator's control room: a public path for the guard (spec 1 §4); the page itself asks for sign-in and the role
            { id: 'legislativo-newPainel-id', path: '/legislativo/newPainel/:id', lazy: lazyPage(() => import('../legislativo/controle/ControlRoomPage')), handle: h({ title: 'Sala de controle', module: 'legislativo' }) },
          ],
        },
        {
          id: 'module:example',
          path: example.to,
          lazy: lazyPage(() => import('../layouts/ExampleLayout')),
          handle: h({ module: 'example', title: example.title, rule: { roles: example.roles } }),
          children: [{ id: 'module:example:home', index: true, lazy: lazyPage(() => import('../example/ExampleHomePage')) }],
        },
        ...modules,
        { id: 'not-found', path: '*', Component: NotFoundPage },
      ],
    },
  ];
}

/**
 * `patchRoutesOnNavigation` for one router: adds the resource screens and menu placeholders the first time a
 * navigation needs them (later calls return at once).
 */
export function createRouteDiscovery(): PatchRoutesOnNavigationFunction {
  let discovered = false;
  return async ({ patch, signal }) => {
    if (discovered) return;
    const { discoveredRoutes } = await import('./resourceRoutes');
    if (discovered || signal.aborted) return;
    for (const { parentId, children } of discoveredRoutes(STATIC_PATHS)) patch(parentId, children);
    discovered = true;
  };
}
