// @vitest-environment jsdom
/** "Meus dados (LGPD)": the entity's contact, the button's loading state while the file is made, a pt-BR toast on failure. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import MyDataSection from './MyDataSection';

const CONTACT = {
  entidade: 'Prefeitura de Vila Serena', email: 'atendimento@vilaserena.mg.gov.br', telefone: null, horario: null, ouvidoria: '/portal/vila-serena/ouvidoria',
  texto: 'Para pedir a correção, a atualização ou a exclusão dos seus dados, fale com a Ouvidoria ou com o encarregado pelo tratamento de dados pessoais de Prefeitura de Vila Serena pelo e-mail atendimento@vilaserena.mg.gov.br ou pela página da Ouvidoria no portal.',
};

function mount(data: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/profile/privacy') return new Response(JSON.stringify({ data: CONTACT }), { headers: { 'Content-Type': 'application/json' } });
    if (path === '/api/profile/data') return data();
    return new Response('{}', { status: 404 });
  }));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SnackbarProvider />
      <MyDataSection />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MyDataSection', () => {
  it('says whom to ask, with the Ouvidoria link, and downloads the file under the server\'s name', async () => {
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:meus-dados');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { saved.push(this.download); });
    let answer: (r: Response) => void = () => undefined;
    mount(() => new Promise<Response>((r) => { answer = r; }));
    expect(await screen.findByText(/atendimento@vilaserena\.mg\.gov\.br/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Abrir a Ouvidoria no portal' }).getAttribute('href')).toBe('/portal/vila-serena/ouvidoria');

    fireEvent.click(screen.getByRole('button', { name: 'Baixar meus dados' }));
    const busy = await screen.findByRole('button', { name: 'Gerando o arquivo…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    answer(new Response('{"conta":{}}', { headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="meus-dados-2026-11-30.json"' } }));
    expect(await screen.findByText('Arquivo com os seus dados baixado.')).toBeTruthy();
    expect(saved).toEqual(['meus-dados-2026-11-30.json']);
    expect((screen.getByRole('button', { name: 'Baixar meus dados' }) as HTMLButtonElement).disabled).toBe(false);
    click.mockRestore();
  });

  it('tells a refusal in pt-BR and lets the person try again', async () => {
    mount(async () => new Response(JSON.stringify({ message: 'Muitos downloads dos seus dados. Tente novamente em 12 minutos.' }), { status: 429, headers: { 'Content-Type': 'application/json' } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Baixar meus dados' }));
    expect(await screen.findByText('Muitos downloads dos seus dados. Tente novamente em 12 minutos.')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Baixar meus dados' }) as HTMLButtonElement).disabled).toBe(false));
  });

  it('falls back to its own message when the server cannot be reached', async () => {
    mount(async () => { throw new TypeError('Failed to fetch'); });
    fireEvent.click(await screen.findByRole('button', { name: 'Baixar meus dados' }));
    expect(await screen.findByText('Não foi possível conectar ao servidor. Verifique sua conexão.')).toBeTruthy();
  });
});
