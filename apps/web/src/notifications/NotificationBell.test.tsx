// @vitest-environment jsdom
/**
 * The bell (issue 11 §3): hidden for a user without notifications (not admin), shown with the unread count as soon as
 * the user's stream brings one, no polling; its panel lists them and marks all read; superadmin and admin always have
 * it, with the system's activity in a second tab.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAt } from '../resources/test/harness';
import { NotificationBell } from './NotificationBell';
import { closeNotifications } from './store';

afterEach(() => {
  cleanup();
  closeNotifications();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** fetch: the stream is a controllable event stream; other calls are recorded and answered with `{ data: { read: 1 } }`. */
function fakeServer() {
  const enc = new TextEncoder();
  let ctrl: ReadableStreamDefaultController<Uint8Array> | null = null;
  const calls: { method: string; path: string }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api\//, '');
    calls.push({ method: init?.method ?? 'GET', path });
    if (path === 'notifications/stream') {
      const body = new ReadableStream<Uint8Array>({ start(c) { ctrl = c; } });
      init?.signal?.addEventListener('abort', () => { try { ctrl?.error(new DOMException('aborted', 'AbortError')); } catch { /* closed */ } });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }
    if (path === 'logs') return new Response(JSON.stringify({ data: [], meta: { page: 1, perPage: 10, total: 0 } }), { status: 200 });
    return new Response(JSON.stringify({ data: { read: 1 } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }));
  let version = 0;
  const state = (unread: number, total: number, latest: object[] = []) => act(async () => {
    version++;
    ctrl!.enqueue(enc.encode(`id: ${version}\nevent: snapshot\ndata: ${JSON.stringify({ version, data: { summary: { unread, total }, latest }, at: Date.now() })}\n\n`));
    await new Promise((r) => setTimeout(r, 20));
  });
  return { calls, state, connected: () => waitFor(() => expect(ctrl).not.toBeNull()) };
}

const n = { id: 5, kind: 'processo_recebido', title: 'Processo 00101.000004/2026-17 enviado para Finanças', body: 'Despacho: conferir.', link: '/protocol/processes/4', read_at: null, created_at: '2026-03-10T14:05:00.000Z' };

describe('NotificationBell', () => {
  it('appears with the unread count when the stream brings a notification, lists it and marks all read', async () => {
    const srv = fakeServer();
    renderAt(<NotificationBell />, { path: '/', route: '/', roles: ['protocolo'] });
    await srv.connected();
    await srv.state(0, 0);
    expect(screen.queryByRole('button', { name: /^Notificações/ })).toBeNull();
    await srv.state(1, 1, [n]);
    const bell = await screen.findByRole('button', { name: 'Notificações: 1 não lida' });
    fireEvent.click(bell);
    const panel = await screen.findByRole('region', { name: 'Notificações' });
    const link = within(panel).getByRole('link', { name: /Não lida: Processo 00101\.000004\/2026-17 enviado para Finanças/ });
    expect(link.getAttribute('href')).toBe('/protocol/processes/4');
    expect(within(panel).queryByRole('tab')).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Marcar todas como lidas' }));
    await waitFor(() => expect(srv.calls.some((c) => c.method === 'POST' && c.path === 'notifications/read_all')).toBe(true));
    await srv.state(0, 1, [{ ...n, read_at: '2026-03-10T15:00:00.000Z' }]);
    expect(within(panel).getByRole('link', { name: /^Processo 00101/ })).toBeTruthy();
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(await screen.findByRole('button', { name: 'Notificações' })).toBeTruthy();
    expect(srv.calls.filter((c) => c.path === 'notifications/stream')).toHaveLength(1);
    expect(srv.calls.filter((c) => c.path === 'notifications')).toHaveLength(0);
  });

  it('is always there for an admin, with the system\'s activity in a tab', async () => {
    const srv = fakeServer();
    renderAt(<NotificationBell />, { path: '/', route: '/', roles: ['admin'] });
    await srv.connected();
    await srv.state(0, 0);
    fireEvent.click(await screen.findByRole('button', { name: 'Notificações' }));
    const panel = await screen.findByRole('region', { name: 'Notificações' });
    expect(within(panel).getByText('Você não tem notificações.')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('tab', { name: 'Atividade do sistema' }));
    expect(await within(panel).findByRole('region', { name: 'Atividade do sistema' })).toBeTruthy();
  });
});
