// @vitest-environment jsdom
/** The form side of the field capabilities: transitions, createOnly, multi (types options), file lists. */
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { f } from '@paco/domain/fields';
import { defineResource } from '@paco/domain/resource';
import RecordForm from '../form/RecordForm';
import { fakeApi, renderAt } from '../test/harness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const def = defineResource({
  name: 'caps', path: 'caps', tenant: false,
  label: { one: 'Teste', many: 'Testes', gender: 'm' },
  fields: {
    texto: f.longtext({ label: 'Relato', required: true, createOnly: true }),
    situacao: f.select({
      label: 'Situação',
      options: [{ value: 'a', label: 'Aberta' }, { value: 'b', label: 'Em curso' }, { value: 'c', label: 'Concluída' }],
      transitions: { a: ['b'], b: ['c'], c: [] },
    }),
    langs: f.multi({ label: 'Linguagens', typeOf: 'linguagens' }),
    fotos: f.file({ label: 'Fotos', accept: ['image/png'], maxMB: 1, multiple: 2 }),
  },
  list: { columns: ['situacao'], sort: 'situacao', search: [] },
  display: 'situacao',
  access: { read: 'authenticated', create: 'authenticated', update: 'authenticated' },
});

const record = {
  id: 7, texto: 'Texto do cidadão.', situacao: 'b', langs: ['teatro'],
  fotos: [{ id: 'k1.png', url: '/api/files/x/k1.png', name: 'um.png', mime: 'image/png', size: 70 }],
};

function Form({ mode = 'edit' }: { mode?: 'create' | 'edit' }) {
  const allow = useRef(false);
  return <RecordForm def={def} mode={mode} record={mode === 'edit' ? record : null} canDelete={false} onDelete={() => undefined} allowNav={allow} onSaved={() => undefined} />;
}

const types = { data: [{ id: 1, slug: 'teatro', label: 'Teatro' }, { id: 2, slug: 'circo', label: 'Circo' }] };

describe('field capabilities in the form', () => {
  it('offers only the next situations, keeps the citizen text read-only and unsent, picks languages by name', { timeout: 30_000 }, async () => {
    const api = fakeApi((r) => {
      if (r.path === 'types_of/linguagens') return { body: types };
      if (r.method === 'PUT') return { body: { data: { ...record, ...(r.body as object) } } };
      return undefined;
    });
    renderAt(<Form />, { path: '/caps/:id', route: '/caps/7' });
    const relato = screen.getByLabelText(/^Relato/, { selector: 'textarea' });
    expect(relato).toHaveProperty('readOnly', true);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Situação' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Em curso', 'Concluída']);
    fireEvent.click(screen.getByRole('option', { name: 'Concluída' }));

    // the stored language shows by its label; another one is picked by its label
    const langs = screen.getByRole('combobox', { name: 'Linguagens' });
    await waitFor(() => expect(langs.closest('.MuiAutocomplete-root')?.textContent).toContain('Teatro'));
    fireEvent.mouseDown(langs);
    fireEvent.click(await screen.findByRole('option', { name: 'Circo' }));

    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = api.calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ situacao: 'c', langs: ['teatro', 'circo'] });
    expect(body).not.toHaveProperty('texto');
  });

  it('adds and removes files of a list field on save, within its limit', { timeout: 30_000 }, async () => {
    const api = fakeApi((r) => {
      if (r.path === 'types_of/linguagens') return { body: types };
      if (r.method === 'PUT') return { body: { data: record } };
      if (r.method === 'DELETE') return { body: { data: { ...record, fotos: [] } } };
      if (r.method === 'POST' && r.path === 'caps/7/upload') return { body: { data: record } };
      return undefined;
    });
    renderAt(<Form />, { path: '/caps/:id', route: '/caps/7' });
    const list = screen.getByRole('list', { name: 'Arquivos de Fotos' });
    fireEvent.click(within(list).getByRole('button', { name: 'Remover um.png' }));
    expect(within(list).getByText('(será removido ao salvar)')).toBeTruthy();
    const input = screen.getByTestId('file-fotos');
    const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png('a.png'), png('b.png'), png('c.png')] } });
    expect(await screen.findByText('Fotos: no máximo 2 arquivos (há espaço para mais 2).')).toBeTruthy();
    fireEvent.change(input, { target: { files: [png('a.png')] } });
    expect(screen.getByText(/a\.png .* será enviado ao salvar/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === 'caps/7/upload').length).toBe(1));
    expect(api.calls.find((c) => c.method === 'DELETE')!.path).toBe('caps/7/upload/fotos/k1.png');
    const sent = api.calls.find((c) => c.path === 'caps/7/upload')!.body as FormData;
    expect((sent.get('fotos') as File).name).toBe('a.png');
    // removals go before uploads (a full list makes room first)
    expect(api.calls.findIndex((c) => c.method === 'DELETE')).toBeLessThan(api.calls.findIndex((c) => c.path === 'caps/7/upload'));
  });
});
