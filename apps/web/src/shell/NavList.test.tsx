// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { isCurrent } from './NavList';
import { makeUser, renderApp, resetShell, signIn, stubApi } from '../test/harness';

// each menu entry draws its icon: counting the icons drawn counts the entries rendered
const drawn = vi.hoisted(() => ({ icons: 0 }));
vi.mock('./icons', async (original) => {
  const real = await original<typeof import('./icons')>();
  return {
    ...real,
    ModuleIcon: (p: Parameters<typeof real.ModuleIcon>[0]) => {
      drawn.icons++;
      return real.ModuleIcon(p);
    },
  };
});

beforeEach(() => resetShell());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('isCurrent: the menu entry of an address, as the router\'s NavLink marks it', () => {
  it('the entry itself, and what is below it unless `end`', () => {
    expect(isCurrent('/legislativo/matters', '/legislativo/matters', false)).toBe(true);
    expect(isCurrent('/legislativo/matters/12', '/legislativo/matters', false)).toBe(true);
    expect(isCurrent('/legislativo/matters/12', '/legislativo/matters', true)).toBe(false);
    expect(isCurrent('/legislativo/matters', '/legislativo/matters', true)).toBe(true);
  });
  it('a path that only begins with the same letters is another entry; case does not matter', () => {
    expect(isCurrent('/legislativo/matters-received', '/legislativo/matters', false)).toBe(false);
    expect(isCurrent('/Legislativo/Matters', '/legislativo/matters', false)).toBe(true);
  });
  it('the launcher ("/") is current only on itself', () => {
    expect(isCurrent('/legislativo', '/', false)).toBe(false);
    expect(isCurrent('/', '/', true)).toBe(true);
  });
});

describe('the module menu', () => {
  it('marks the entry of the path the user went to, and is not drawn again when only the query changes', async () => {
    stubApi({ 'GET /api/parties': { body: { data: [], meta: { total: 0, page: 1, perPage: 15 } } }, 'GET /api/matters': { body: { data: [], meta: { total: 0, page: 1, perPage: 15 } } } });
    // a desktop: the menu is a permanent drawer
    vi.stubGlobal('matchMedia', (media: string) => ({ matches: true, media, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }));
    signIn(makeUser(['admin']));
    const { router } = renderApp('/legislativo/parties');
    const menu = await screen.findByRole('navigation', { name: /Menu do módulo/ });
    const current = () => menu.querySelector('a[aria-current="page"]')?.textContent;
    expect(current()).toBe('Partidos');

    // a click on another entry: the router moves, the mark follows
    fireEvent.click(within(menu).getByRole('link', { name: 'Matérias' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/legislativo/matters'));
    await vi.waitFor(() => expect(current()).toBe('Matérias'));
    expect(within(menu).getByRole('link', { name: 'Partidos' }).getAttribute('aria-current')).toBeNull();

    // a list's sort or page changes the query alone: the menu's entries are not rendered again
    const before = drawn.icons;
    await act(() => router.navigate('/legislativo/matters?sort=identificacao&page=2'));
    await act(() => router.navigate('/legislativo/matters?sort=-identificacao'));
    expect(router.state.location.search).toBe('?sort=-identificacao');
    expect(drawn.icons).toBe(before);
    expect(current()).toBe('Matérias');
  });
});
