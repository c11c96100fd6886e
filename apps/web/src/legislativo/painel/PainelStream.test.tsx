// @vitest-environment jsdom
/** The panel on the real push client: fetch answers with a text/event-stream (snapshot, then a change). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderApp, resetShell } from '../../test/harness';
import { liveFixture, votingFixture } from './fixture';

function sseResponse(events: { event: string; id: number; data: unknown; delayMs?: number }[]) {
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const e of events) {
        if (e.delayMs) await new Promise((r) => setTimeout(r, e.delayMs));
        controller.enqueue(enc.encode(`event: ${e.event}\nid: ${e.id}\ndata: ${JSON.stringify(e.data)}\n\n`));
      }
      // keep the stream open, as the server does
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

beforeEach(() => resetShell());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('painel eletrônico on the SSE stream', () => {
  it('draws the snapshot and applies a voting change', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      urls.push(url);
      if (url.endsWith('/public/plenario/5/stream')) {
        return sseResponse([
          { event: 'snapshot', id: 1, data: { version: 1, data: liveFixture() } },
          {
            event: 'change', id: 2, delayMs: 30,
            data: { type: 'voting', version: 2, at: Date.now(), data: votingFixture({ votes: [{ parliamentary_id: 1, voto: 'sim' }] }) },
          },
        ]);
      }
      return new Response(JSON.stringify({ message: 'Não encontrado.' }), { status: 404 });
    }));
    renderApp('/legislativo/painel-eletronico/5');
    expect(await screen.findByText('9 de 13 presentes')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Projeto de Lei nº 12/2026' })).toBeTruthy();
    const placar = screen.getByRole('list', { name: 'Placar' });
    expect(within(placar).getAllByRole('listitem')[0].textContent).toBe('Sim5');
    expect(screen.getAllByText('SIM')).toHaveLength(1);
    expect(urls.some((u) => u.endsWith('/api/public/plenario/5/stream'))).toBe(true);
  });

  it('an unknown session ends in "Sessão plenária não encontrada." instead of loading forever', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return new Response(JSON.stringify({ message: 'Sessão plenária não encontrada.' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
    }));
    renderApp('/legislativo/painel-eletronico/999');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sessão plenária não encontrada.');
    expect(alert.textContent).toContain('Abrir painel');
    // one look at the JSON snapshot, no polling
    expect(urls.filter((u) => u.endsWith('/api/public/plenario/999'))).toHaveLength(1);
  });

  it('a server out of reach says so while the stream keeps retrying', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }));
    renderApp('/legislativo/painel-eletronico/5');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Não foi possível conectar ao servidor.');
    expect(alert.textContent).toContain('Tentando novamente…');
  });
});
