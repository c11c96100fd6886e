// @vitest-environment jsdom
/**
 * A reference's options for who may not read the target's list (decisions 0051 and 0052): a form asks the record's
 * resource for every row it may point at; a list's filter for the rows its records use (`?in=rows`); who reads the
 * target searches its list as before.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { RefField } from '@paco/domain/fields';
import { getDef } from '../defs';
import RefInput from '../fields/RefInput';
import { fakeApi, page, renderAt } from '../test/harness';
import { FilterControl } from './ListFilters';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const def = getDef('licitacaos')!;
const field = def.fields.secretaria_id as RefField;
const saude = { id: 7, nome: 'Secretaria de Saúde' };
const answers = () => fakeApi((r) => (r.path === 'licitacaos/options/secretaria_id' || r.path === 'secretarias' ? { body: page([saude]) } : undefined));
const asked = (api: ReturnType<typeof answers>) => api.calls.filter((c) => c.method === 'GET').map((c) => `${c.path}?${c.url.searchParams}`);

describe('reference options (options route)', () => {
  it('a list filter asks the listed resource for the values its rows use, when the target\'s list is closed', async () => {
    const api = answers();
    const onChange = vi.fn();
    renderAt(<FilterControl name="secretaria_id" field={field} value="" onChange={onChange} owner={def} />, { path: '/x', route: '/x', roles: ['licitacao'] });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: field.label }));
    fireEvent.click(await screen.findByRole('option', { name: saude.nome }));
    expect(onChange).toHaveBeenCalledWith('7');
    const calls = asked(api);
    expect(calls.every((c) => c.startsWith('licitacaos/options/secretaria_id?'))).toBe(true);
    expect(api.calls.at(-1)!.url.searchParams.get('in')).toBe('rows');
  });

  it('a filter\'s value known by its id is named by the same set', async () => {
    const api = answers();
    renderAt(<FilterControl name="secretaria_id" field={field} value="7" onChange={() => undefined} owner={def} />, { path: '/x', route: '/x', roles: ['licitacao'] });
    expect(await screen.findByDisplayValue(saude.nome)).toBeTruthy();
    const qs = api.calls.find((c) => c.path === 'licitacaos/options/secretaria_id')!.url.searchParams;
    expect([qs.get('ids'), qs.get('in')]).toEqual(['7', 'rows']);
  });

  it('a form asks for every option it may choose (no in=rows); who reads the target searches its list', async () => {
    const api = answers();
    renderAt(<RefInput name="secretaria_id" field={field} value={null} onChange={() => undefined} onBlur={() => undefined} mode="create" owner={{ def, field: 'secretaria_id' }} />, { path: '/x', route: '/x', roles: ['licitacao'] });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: field.label }));
    expect(await screen.findByRole('option', { name: saude.nome })).toBeTruthy();
    const form = api.calls.filter((c) => c.path === 'licitacaos/options/secretaria_id');
    expect(form.length).toBeGreaterThan(0);
    expect(form.every((c) => !c.url.searchParams.has('in'))).toBe(true);
    cleanup();

    const admin = answers();
    renderAt(<FilterControl name="secretaria_id" field={field} value="" onChange={() => undefined} owner={def} />, { path: '/x', route: '/x', roles: ['admin'] });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: field.label }));
    expect(await screen.findByRole('option', { name: saude.nome })).toBeTruthy();
    expect(asked(admin).every((c) => c.startsWith('secretarias?'))).toBe(true);
  });
});
