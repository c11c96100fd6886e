// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { TOKEN_KEY, api } from '../api/client';
import { sessionStore } from '../session/store';
import { guard, safeNext } from './guard';
import { makeUser, renderApp, resetShell, signIn, stubApi } from '../test/harness';

const admin = makeUser(['admin']);

beforeEach(() => resetShell());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('guard (pure)', () => {
  it('lets the login route and the two panel routes pass without a token', async () => {
    stubApi({});
    expect(await guard('/auth/login')).toBeNull();
    expect(await guard('/legislativo/painel-eletronico')).toBeNull();
    expect(await guard('/legislativo/painel-eletronico/7')).toBeNull();
    expect(await guard('/legislativo/newPainel/7')).toBeNull();
  });

  it('sends a visitor without a token to login, keeping where they wanted to go', async () => {
    stubApi({});
    expect(await guard('/admin/users', '?page=2')).toBe('/auth/login?next=%2Fadmin%2Fusers%3Fpage%3D2');
    expect(await guard('/')).toBe('/auth/login');
    expect(await guard('/legislativo/newPainel')).toBe('/auth/login?next=%2Flegislativo%2FnewPainel');
  });

  it('checks a saved token: load-session (fresh token) then load-user', async () => {
    localStorage.setItem(TOKEN_KEY, 'old');
    const { calls } = stubApi({
      'POST /api/load-session': { body: { token: 'fresh' } },
      'GET /api/load-user': { body: { data: admin } },
    });
    expect(await guard('/admin')).toBeNull();
    expect(calls).toEqual(['POST /api/load-session', 'GET /api/load-user']);
    expect(sessionStore.get().token).toBe('fresh');
    expect(sessionStore.get().user?.name).toBe('Maria Souza');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('fresh');
  });

  it('a failed check signs out (saved token removed) and goes to login', async () => {
    localStorage.setItem(TOKEN_KEY, 'dead');
    stubApi({ 'POST /api/load-session': { status: 401, body: { message: 'Sessão expirada ou inválida.' } } });
    expect(await guard('/settings')).toBe('/auth/login?next=%2Fsettings');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(sessionStore.get().token).toBeNull();
  });

  it('a token in memory passes without any call; login with a token goes to the index', async () => {
    const { calls } = stubApi({});
    signIn(admin);
    expect(await guard('/admin')).toBeNull();
    expect(await guard('/auth/login')).toBe('/');
    expect(calls).toEqual([]);
  });

  it('safeNext never leaves the app', () => {
    expect(safeNext('//evil.example')).toBe('/');
    expect(safeNext('https://evil.example')).toBe('/');
    expect(safeNext('/admin?x=1')).toBe('/admin?x=1');
    expect(safeNext('/auth/login')).toBe('/');
  });
});

describe('router + guard', () => {
  it('redirects /admin to the login page when nobody is signed in', async () => {
    stubApi({});
    const { router } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toBe('?next=%2Fadmin');
  });

  it('restores the session from the saved token and opens the module', async () => {
    localStorage.setItem(TOKEN_KEY, 'old');
    stubApi({
      'POST /api/load-session': { body: { token: 'fresh' } },
      'GET /api/load-user': { body: { data: admin } },
    });
    const { router } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Administrativo', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin');
    // the module's items as shortcuts, sorted by title
    const cards = await screen.findByRole('list', { name: 'Itens do módulo Administrativo' });
    expect(cards.textContent).toMatch(/Entidades.*Funções.*Instituições.*Liberações.*Permissões.*Usuários/);
  });

  it('visiting login while signed in goes to the launcher', async () => {
    stubApi({});
    signIn(admin);
    const { router } = renderApp('/auth/login');
    expect(await screen.findByText(/Maria Souza/, { selector: 'h1' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('the public panel opens without a session', async () => {
    stubApi({});
    const { router } = renderApp('/legislativo/painel-eletronico/3');
    expect(await screen.findByRole('heading', { name: 'Painel Eletrônico' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/legislativo/painel-eletronico/3');
  });

  it('a user without the route roles sees "Acesso não permitido", not a crash', async () => {
    stubApi({});
    signIn(makeUser(['saae']));
    renderApp('/admin');
    expect(await screen.findByText('Acesso não permitido')).toBeTruthy();
    expect(screen.getByText('Ops...')).toBeTruthy();
  });

  it('a vereador does not pass the Legislaturas rule; the cm_admin does', async () => {
    stubApi({});
    signIn(makeUser(['cm_parlamentar']));
    renderApp('/legislativo/legislatures');
    expect(await screen.findByText('Acesso não permitido')).toBeTruthy();
    cleanup();
    resetShell();
    stubApi({});
    signIn(makeUser(['cm_admin']));
    renderApp('/legislativo/legislatures');
    expect(await screen.findByRole('heading', { name: 'Legislaturas', level: 1 })).toBeTruthy();
  });

  it('any 401 signs out and goes to /auth/login', async () => {
    stubApi({ 'GET /api/anything': { status: 401, body: { message: 'Sessão expirada ou inválida.' } } });
    signIn(admin);
    const { router } = renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Configurações', level: 1 })).toBeTruthy();
    await expect(api('anything')).rejects.toMatchObject({ status: 401 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(sessionStore.get().token).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('unknown routes get the 404 page (loading first)', async () => {
    stubApi({});
    signIn(admin);
    renderApp('/nao/existe');
    expect(await screen.findByRole('status', { name: 'Carregando' })).toBeTruthy();
    expect(screen.queryByText('404 Not Found')).toBeNull();
  });
});
