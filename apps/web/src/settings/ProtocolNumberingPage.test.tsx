// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import ProtocolNumberingPage from './ProtocolNumberingPage';
import { fakeApi, renderAt } from '../resources/test/harness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NUP = 'UUUUU.SSSSSS/AAAA-DD';
const yy = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }).slice(2, 4);

describe('Configurações › Numeração de Processos', () => {
  it('shows the saved mask with examples, checks a typed one as it is typed, and saves a preset', async () => {
    const api = fakeApi((r) => {
      if (r.path !== 'protocol_settings/current') return undefined;
      if (r.method === 'GET') return { body: { data: { mascara: NUP, padrao: NUP, company_id: 1 } } };
      const mascara = (r.body as { mascara: string }).mascara;
      return { body: { data: { mascara, padrao: NUP, company_id: 1 } } };
    });
    renderAt(<ProtocolNumberingPage />, { path: '/settings/protocolNumbering', route: '/settings/protocolNumbering', roles: ['admin'] });
    const mask = await screen.findByRole('textbox', { name: /^Máscara do número/ });
    expect((mask as HTMLInputElement).value).toBe(NUP);
    expect(screen.getByTestId('protocol-number-example').textContent).toMatch(/^00101\.000001\/\d{4}-\d{2} \(1º processo de \d{4} da unidade 101\)/);

    fireEvent.change(mask, { target: { value: 'sss/aaaa/s' } });
    expect((mask as HTMLInputElement).value).toBe('SSS/AAAA/S');
    expect(screen.getByText('A letra S aparece em dois lugares: escreva cada parte junta (ex.: SSSSSS).')).toBeTruthy();
    expect(mask.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('protocol-number-example').textContent).toBe('—');

    fireEvent.change(mask, { target: { value: 'SSSS/AA' } });
    expect(screen.getByTestId('protocol-number-example').textContent).toContain(`0001/${yy} (1º processo de`);
    expect(screen.getByTestId('protocol-number-example').textContent).toContain(`0025/${yy} (25º)`);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Numeração de processos salva.');
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ mascara: 'SSSS/AA' }]);
  });

  it('shows the server\'s refusal under the field', async () => {
    fakeApi((r) => {
      if (r.path !== 'protocol_settings/current') return undefined;
      if (r.method === 'GET') return { body: { data: { mascara: NUP, padrao: NUP, company_id: 1 } } };
      return { status: 422, body: { message: 'Os dados informados são inválidos.', errors: { mascara: ['Mensagem do servidor.'] } } };
    });
    renderAt(<ProtocolNumberingPage />, { path: '/settings/protocolNumbering', route: '/settings/protocolNumbering', roles: ['admin'] });
    const mask = await screen.findByRole('textbox', { name: /^Máscara do número/ });
    fireEvent.change(mask, { target: { value: 'SSSSSS/AAAA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByText('Mensagem do servidor.')).toBeTruthy());
    expect(mask.getAttribute('aria-invalid')).toBe('true');
    // typing again clears it
    fireEvent.change(mask, { target: { value: 'SSSSSS/AAAA ' } });
    expect(screen.queryByText('Mensagem do servidor.')).toBeNull();
  });
});
