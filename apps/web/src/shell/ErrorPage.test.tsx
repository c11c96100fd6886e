// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Providers } from '../app/Providers';
import { ErrorPage, statusOf } from './ErrorPage';
import { resetShell, stubApi } from '../test/harness';

const renderPage = (status: number, error?: unknown) =>
  render(
    <Providers>
      <MemoryRouter>
        <ErrorPage status={status} error={error} />
      </MemoryRouter>
    </Providers>,
  );

beforeEach(() => resetShell());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('error page', () => {
  it('404: a loading indicator for 7 s, then "404 Not Found" with the two buttons', () => {
    vi.useFakeTimers();
    stubApi({});
    renderPage(404);
    expect(screen.getByRole('status', { name: 'Carregando' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(6999));
    expect(screen.queryByText('404 Not Found')).toBeNull();
    expect(screen.getByRole('status', { name: 'Carregando' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('heading', { name: '404 Not Found' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Carregando' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Voltar ao Início' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Reportar' })).toBeTruthy();
  });

  it('other errors: "Ocorreu um erro!" at once, logged to logfrontPublic when nobody is signed in', async () => {
    const { calls } = stubApi({ 'POST /api/logfrontPublic': { status: 201, body: { message: 'ok' } } });
    renderPage(500, new Error('boom'));
    expect(screen.getByRole('heading', { name: 'Ocorreu um erro!' })).toBeTruthy();
    await vi.waitFor(() => expect(calls).toContain('POST /api/logfrontPublic'));
  });

  it('"Reportar" posts the error and confirms', async () => {
    const { calls, fetchMock } = stubApi({ 'POST /api/logfrontPublic': { status: 201, body: { message: 'ok' } } });
    renderPage(403, { status: 403, message: 'Proibido' });
    await vi.waitFor(() => expect(calls.length).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Reportar' }));
    expect(await screen.findByText('Erro reportado. Obrigado!')).toBeTruthy();
    const body = JSON.parse(String((fetchMock.mock.calls.at(-1)![1] as RequestInit).body));
    expect(body).toMatchObject({ type: 'error', url: expect.any(String), useAgent: navigator.userAgent });
    expect(body.message).toContain('Reportado pelo usuário');
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
  });

  it('an error without a status code counts as 500', () => {
    expect(statusOf(new Error('x'))).toBe(500);
    expect(statusOf({ status: 404 })).toBe(404);
    expect(statusOf(null)).toBe(500);
  });
});
