/** Test helpers of the shell: the real route table in a memory router, a fetch stub, a clean session. */
import { configure, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/Providers';
import { buildRoutes, createRouteDiscovery } from '../app/routes';
import { wireRouter } from '../app/wire';
import { signOut, startSession, type SessionUser } from '../session/store';

// lazy route chunks are transformed on first use: give async queries room on a slow machine
configure({ asyncUtilTimeout: 10_000 });

export type Handler = (url: URL, init: RequestInit) => { status?: number; body?: unknown } | undefined;

/** Replaces fetch; `routes` maps "METHOD /api/path" to an answer. Unknown calls answer 404. */
export function stubApi(routes: Record<string, { status?: number; body?: unknown } | (() => { status?: number; body?: unknown })>) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${(init.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    calls.push(`${key}${url.search}`);
    const r = routes[key];
    const answer = typeof r === 'function' ? r() : r;
    const status = answer?.status ?? (answer ? 200 : 404);
    const body = answer ? answer.body : { message: 'Não encontrado.' };
    return new Response(status === 204 ? null : JSON.stringify(body ?? {}), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function makeUser(roles: string[], extra: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 1,
    name: 'Maria Souza',
    email: 'maria@paco.demo',
    photo: null,
    company_id: 1,
    company: { id: 1, name: 'Câmara Municipal de Exemplo', brasao: null },
    roles: roles.map((name) => ({ name })),
    permissions: ['view_parliamentary', 'view_plenary_session', 'view_matter', 'view_party', 'view_board'].map((name) => ({ name })),
    ...extra,
  };
}

export function signIn(user: SessionUser, token = 'tok-1'): void {
  startSession(user, token);
}

export function resetShell(): void {
  signOut();
  localStorage.clear();
  sessionStorage.clear();
  window.scrollTo = () => undefined;
}

export function renderApp(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path], patchRoutesOnNavigation: createRouteDiscovery() });
  wireRouter(router);
  const utils = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...utils };
}
