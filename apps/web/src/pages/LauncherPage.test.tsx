// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Providers } from '../app/Providers';
import LauncherPage from './LauncherPage';
import { makeUser, resetShell, signIn } from '../test/harness';

function renderLauncher() {
  return render(
    <Providers>
      <MemoryRouter>
        <LauncherPage />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  resetShell();
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('launcher greeting (São Paulo hour) and modules', () => {
  it.each([
    ['2026-03-10T09:00:00Z', 'BOM DIA'], // 06:00 in São Paulo
    ['2026-03-10T14:59:00Z', 'BOM DIA'], // 11:59
    ['2026-03-10T15:00:00Z', 'BOA TARDE'], // 12:00
    ['2026-03-10T20:59:00Z', 'BOA TARDE'], // 17:59
    ['2026-03-10T21:00:00Z', 'BOA NOITE'], // 18:00
    ['2026-03-10T08:59:00Z', 'BOA NOITE'], // 05:59
  ])('at %s says %s with the user name', (iso, hello) => {
    vi.setSystemTime(new Date(iso));
    signIn(makeUser(['admin']));
    renderLauncher();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`${hello}, Maria Souza`);
  });

  it('shows the cards of the modules the user may open, sorted', () => {
    vi.setSystemTime(new Date('2026-03-10T12:00:00Z'));
    signIn(makeUser(['protocolo']));
    renderLauncher();
    const list = screen.getByRole('list', { name: 'Módulos disponíveis' });
    const titles = within(list).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Configurações', 'Protocolo']);
    expect(within(list).getByRole('link', { name: /Protocolo/ }).getAttribute('href')).toBe('/protocol');
    expect(screen.getByText('Câmara Municipal de Exemplo')).toBeTruthy();
  });
});
