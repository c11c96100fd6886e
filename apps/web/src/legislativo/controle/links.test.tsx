// @vitest-environment jsdom
/**
 * How the control room is reached: the real route table (public path for the guard, the page asks for sign-in),
 * the list at /legislativo/newPainel and the "Sala de controle" action of the plenary session's detail screen.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import '../../app/extensions';
import ResourceFormPage from '../../resources/ResourceFormPage';
import { fakeApi, page, renderAt } from '../../resources/test/harness';
import { makeUser, renderApp, resetShell, signIn, stubApi } from '../../test/harness';
import ControlRoomListPage from './ControlRoomListPage';

vi.mock('../../live/useLiveState', () => ({
  useLiveState: () => ({ state: null, status: 'connecting', error: null, version: 0, now: () => Date.now() }),
}));

beforeEach(() => resetShell());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const session = { id: 5, numero: 12, titulo: '12ª Sessão Ordinária', abertura: '2026-03-10', horarioInicio: '10:00', iniciada: true, finalizada: false };

describe('route', () => {
  it('/legislativo/newPainel/:id opens without a session and asks to sign in', async () => {
    stubApi({});
    const { router } = renderApp('/legislativo/newPainel/5');
    expect(await screen.findByText(/Você não está conectado/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/legislativo/newPainel/5');
    expect(screen.getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('/auth/login?next=%2Flegislativo%2FnewPainel%2F5');
  });

  it('an operator gets the control room in the Legislativo layout', async () => {
    stubApi({});
    signIn(makeUser(['cm_operador_sessao']));
    renderApp('/legislativo/newPainel/5');
    expect(await screen.findByText('Conectando à sessão plenária…')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sala de controle', level: 1 })).toBeTruthy();
    // the module's top bar
    expect(screen.getByRole('link', { name: 'Legislativo' }).getAttribute('href')).toBe('/legislativo');
  });

  it('/legislativo/newPainel lists the sessions with "Abrir sala de controle"', async () => {
    stubApi({
      'GET /api/plenary_sessions': { body: page([session]) },
      'GET /api/status/active': { body: { data: session } },
    });
    signIn(makeUser(['cm_admin']));
    renderApp('/legislativo/newPainel');
    expect(await screen.findByRole('heading', { name: 'Sala de controle', level: 1 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Sessões plenárias' });
    const link = await within(table).findByRole('link', { name: 'Abrir sala de controle: 12ª Sessão Ordinária' });
    expect(link.getAttribute('href')).toBe('/legislativo/newPainel/5');
  });
});

describe('links', () => {
  it('the list page highlights the session in progress', async () => {
    fakeApi((r) => {
      if (r.path === 'plenary_sessions') return { body: page([session, { ...session, id: 4, titulo: '11ª Sessão Ordinária', iniciada: true, finalizada: true }]) };
      if (r.path === 'status/active') return { body: { data: session } };
      return undefined;
    });
    renderAt(<ControlRoomListPage />, { path: '/legislativo/newPainel', route: '/legislativo/newPainel', roles: ['cm_operador_sessao'] });
    expect(await screen.findByText('Sessão em andamento:')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Abrir sala de controle: 12ª Sessão Ordinária' })).toHaveLength(2);
    expect(screen.getByText('Finalizada')).toBeTruthy();
  });

  it('the plenary session screen offers "Sala de controle" to operators', async () => {
    fakeApi((r) => (r.method === 'GET' && r.path === 'plenary_sessions/5' ? { body: { data: session } } : undefined));
    renderAt(<ResourceFormPage resource="plenary_sessions" />, { path: '/legislativo/plenarySessions/:id', route: '/legislativo/plenarySessions/5', roles: ['cm_operador_sessao'] });
    const link = await screen.findByRole('link', { name: 'Sala de controle' });
    expect(link.getAttribute('href')).toBe('/legislativo/newPainel/5');
  });

  it('…and not to a council member', async () => {
    fakeApi((r) => (r.method === 'GET' && r.path === 'plenary_sessions/5' ? { body: { data: session } } : undefined));
    renderAt(<ResourceFormPage resource="plenary_sessions" />, { path: '/legislativo/plenarySessions/:id', route: '/legislativo/plenarySessions/5', roles: ['cm_parlamentar'] });
    expect(await screen.findByRole('heading', { name: /Sessão plenária: 12ª Sessão Ordinária/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sala de controle' })).toBeNull();
  });
});
