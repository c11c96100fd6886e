// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { OFFLINE_TEXT } from './OfflineScreen';
import { makeUser, renderApp, resetShell, signIn, stubApi } from '../test/harness';

let online = true;
beforeEach(() => {
  resetShell();
  online = true;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const goOffline = () => act(() => {
  online = false;
  window.dispatchEvent(new Event('offline'));
});
const goOnline = () => act(() => {
  online = true;
  window.dispatchEvent(new Event('online'));
});

describe('offline screen', () => {
  it('replaces the module layout, navigation included, while offline', async () => {
    stubApi({});
    signIn(makeUser(['admin']));
    renderApp('/admin');
    expect(await screen.findByRole('button', { name: 'Módulos' })).toBeTruthy();
    goOffline();
    expect(screen.getByText(OFFLINE_TEXT)).toBeTruthy();
    expect(OFFLINE_TEXT).toBe('Você está offline!! Verifique sua conexão com a internet.');
    expect(screen.queryByRole('button', { name: 'Módulos' })).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    goOnline();
    expect(screen.queryByText(OFFLINE_TEXT)).toBeNull();
    expect(screen.getByRole('button', { name: 'Módulos' })).toBeTruthy();
  });

  it('the login layout shows it too', async () => {
    stubApi({});
    online = false;
    renderApp('/auth/login');
    expect(await screen.findByText(OFFLINE_TEXT)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Entrar' })).toBeNull();
  });
});
