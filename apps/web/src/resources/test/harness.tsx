/** Test harness of the resource screens: memory data router, query client, session, toasts, and a fake API. */
import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { SessionProvider } from '../../session/SessionProvider';
import { setUser, signOut } from '../../session/store';
import type { SessionUser } from '../../session/store';

// a busy 2-core machine renders MUI slowly: give async queries room
configure({ asyncUtilTimeout: 8_000 });

export interface FakeRequest {
  method: string;
  url: URL;
  path: string;
  body: unknown;
}
export type FakeResponse = { status?: number; body?: unknown };
export type Handler = (req: FakeRequest) => FakeResponse | undefined;

/** Replaces fetch: `handler` answers each call (404 when it returns nothing); every call is recorded. */
export function fakeApi(handler: Handler) {
  const calls: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const raw = init?.body;
    const body = raw instanceof FormData ? raw : typeof raw === 'string' ? JSON.parse(raw) : undefined;
    const req: FakeRequest = { method: init?.method ?? 'GET', url, path: url.pathname.replace(/^\/api\//, ''), body };
    calls.push(req);
    const res = handler(req) ?? { status: 404, body: { message: 'Registro não encontrado.' } };
    const status = res.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(res.body ?? {}), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const page = <T,>(data: T[], total = data.length, perPage = 15, p = 1) => ({ data, meta: { page: p, perPage, total } });

export function user(roles: string[], id = 1): SessionUser {
  return {
    id, name: 'Teste', email: 'teste@paco.demo', photo: null, company_id: 1,
    company: { id: 1, name: 'Prefeitura Demo', brasao: null },
    roles: roles.map((name) => ({ name })), permissions: [],
  };
}

function Elsewhere() {
  const l = useLocation();
  return <p>Outra página: {l.pathname}</p>;
}

/** Renders `element` at `route` under `path` (other paths render "Outra página: <path>"). */
export function renderAt(element: ReactElement, { path, route, roles = ['superadmin'] }: { path: string; route: string; roles?: string[] }) {
  signOut();
  setUser(user(roles));
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', Component: Elsewhere },
    ],
    { initialEntries: [route] },
  );
  const utils = render(
    <QueryClientProvider client={qc}>
      <SessionProvider>
        <SnackbarProvider>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router, qc };
}
