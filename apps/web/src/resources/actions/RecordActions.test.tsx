// @vitest-environment jsdom
/**
 * An action that produces a document (the process PDF): its button opens a tab at the click, is busy while the PDF is
 * fetched with the session's token, shows it from an object URL, and on a refusal closes the tab and says why in pt-BR.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { processes } from '@paco/domain/resources/administrativo';
import { setToken } from '../../api/client';
import RecordActions from './RecordActions';

interface FakeTab { document: { title: string; body: { textContent: string } }; location: { replace: ReturnType<typeof vi.fn> }; close: ReturnType<typeof vi.fn> }
let tab: FakeTab;
let answer: () => Promise<Response>;
const fetchMock = vi.fn((..._args: unknown[]) => answer());

beforeEach(() => {
  tab = { document: { title: '', body: { textContent: '' } }, location: { replace: vi.fn() }, close: vi.fn() };
  vi.stubGlobal('open', vi.fn(() => tab));
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/pdf-1');
  URL.revokeObjectURL = vi.fn();
  setToken('token-1');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

const show = () => render(
  <QueryClientProvider client={new QueryClient()}>
    <SnackbarProvider>
      <RecordActions def={processes} record={{ id: 7, number: '00101.000001/2026-59', _actions: { pdf: { allowed: true } } }} />
    </SnackbarProvider>
  </QueryClientProvider>,
);

describe('the process PDF button', () => {
  it('opens the PDF in a new tab, fetched with the token, busy meanwhile', async () => {
    let release: (r: Response) => void = () => undefined;
    answer = () => new Promise((r) => { release = r; });
    show();
    const button = screen.getByRole('button', { name: 'Imprimir processo (PDF)' });
    // it opens a tab, not a dialog: nothing announces one
    expect(button.getAttribute('aria-haspopup')).toBeNull();
    fireEvent.click(button);
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(tab.document.body.textContent).toBe('Gerando o documento…');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/processes/7/pdf');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
    await waitFor(() => expect(button.querySelector('[role="progressbar"]')).toBeTruthy());
    release(new Response('%PDF-1.4', { status: 200, headers: { 'Content-Type': 'application/pdf' } }));
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith('blob:http://localhost/pdf-1'));
    expect(tab.close).not.toHaveBeenCalled();
    await waitFor(() => expect(button.querySelector('[role="progressbar"]')).toBeNull());
  });

  it('closes the tab and says why when the server refuses', async () => {
    answer = async () => new Response(JSON.stringify({ message: 'Processo não encontrado.' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir processo (PDF)' }));
    expect(await screen.findByText('Não foi possível abrir o documento. Processo não encontrado.')).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.replace).not.toHaveBeenCalled();
  });

  it('says so when the browser blocks the new tab', async () => {
    vi.stubGlobal('open', vi.fn(() => null));
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir processo (PDF)' }));
    expect(await screen.findByText(/O navegador bloqueou a nova aba/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
