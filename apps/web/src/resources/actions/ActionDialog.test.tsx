// @vitest-environment jsdom
/**
 * The dialog of a record action as the server prepared it (a matter's "Tramitar"): the server's starting values, the
 * field it decided (shown, not sent), a field narrowed to the choices allowed now, a value the server computes live
 * from the others, and the file sent with the fields in one multipart call.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { matters } from '@paco/domain/resources/materias';
import type { ActionState } from '@paco/domain/workflow';
import ActionDialog from './ActionDialog';
import { fakeApi, renderAt } from '../test/harness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const state: ActionState = {
  allowed: true,
  values: { data: '2026-11-13', origem_id: 4, origem: { id: 4, descricao: 'Secretaria Legislativa' } },
  fixed: ['origem_id'],
  choices: { status_id: [{ value: 21, label: 'Em comissão' }, { value: 27, label: 'Arquivada' }] },
};

describe('ActionDialog prepared by the server', () => {
  it('shows the decided origin, offers only the allowed statuses, computes the deadline live and sends the file with the fields', { timeout: 40_000 }, async () => {
    const api = fakeApi((r) => {
      if (r.path === 'holidays/deadline') return { body: { data: { value: r.url.searchParams.get('dias') === '7' ? '2026-11-23' : '2026-11-16' } } };
      if (r.path === 'matters/9/tramitar') return { body: { data: { id: 9 }, message: 'Tramitação registrada: Em comissão.' } };
      if (r.path === 'tramitation_unities' || r.path === 'commissions' || r.path === 'types') return { body: { data: [{ id: 8, descricao: 'Procuradoria da Câmara', nome: 'CLJR', label: 'Turno único' }], meta: { page: 1, perPage: 20, total: 1 } } };
      return undefined;
    });
    const done = vi.fn();
    renderAt(
      <ActionDialog def={matters} name="tramitar" action={matters.actions!.tramitar} record={{ id: 9 }} state={state} onClose={() => undefined} onDone={done} onError={(e) => { throw e; }} />,
      { path: '/', route: '/', roles: ['cm_admin'] },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Tramitar' });
    // the origin: where the previous step arrived, read-only
    const origem = within(dialog).getByRole('textbox', { name: 'Unidade de origem' });
    expect(origem).toHaveProperty('value', 'Secretaria Legislativa');
    expect(origem).toHaveProperty('readOnly', true);
    // only the statuses allowed after the current one
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Status/ }));
    expect(within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Em comissão', 'Arquivada']);
    fireEvent.click(screen.getByRole('option', { name: 'Em comissão' }));
    // the deadline's end, from the date and the days, by the server
    const fim = within(dialog).getByRole('textbox', { name: 'Fim do prazo' });
    expect(fim).toHaveProperty('value', '—');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Prazo (dias)' }), { target: { value: '7' } });
    await waitFor(() => expect(fim).toHaveProperty('value', '23/11/2026'));
    expect(api.calls.find((c) => c.path === 'holidays/deadline')!.url.searchParams.get('inicio')).toBe('2026-11-13');
    // a PDF for the step
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'parecer.pdf', { type: 'application/pdf' })] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tramitar' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    const sent = api.calls.find((c) => c.path === 'matters/9/tramitar')!;
    expect(sent.method).toBe('POST');
    // one multipart call: the fields (what the server decided left out), then the file
    const form = sent.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'))).toMatchObject({ data: '2026-11-13', status_id: '21', diasPrazo: '7' });
    expect(form.has('origem_id')).toBe(false);
    expect(form.has('fimPrazo')).toBe(false);
    expect(form.get('anexo')).toBeInstanceOf(File);
    expect([...form.keys()].at(-1)).toBe('anexo');
  });
});
