// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { f } from '@paco/domain/fields';
import type { ResourceDef } from '@paco/domain/resource';
import { getDef } from './defs';
import ResourceListPage from './ResourceListPage';
import ResourceFormPage from './ResourceFormPage';
import RefInput from './fields/RefInput';
import { fakeApi, page, renderAt } from './test/harness';
import type { FakeRequest } from './test/harness';
import { resolveViewFilter, slugKeys } from './views';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const last = (calls: FakeRequest[], path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).at(-1)!.url.searchParams;
const view = { path: '/settings/tipos-de-sessao', title: 'Tipos de sessão', filter: { type: 'sessions' } };
const ordinaria = { id: 1, type: 'sessions', slug: 'ordinaria', label: 'Ordinária', description: null };

describe('screen views (alsoAt { path, title, filter })', () => {
  // the first render of the list screen (grid, filters, search) is slow on a busy 2-core machine
  it('the list sends the fixed filter, shows the title and no control to remove it', { timeout: 30_000 }, async () => {
    const api = fakeApi((r) => (r.path === 'types' ? { body: page([ordinaria]) } : undefined));
    const { router } = renderAt(<ResourceListPage resource="types" view={view} />, { path: view.path, route: `${view.path}?type=faqs` });
    expect(await screen.findByRole('heading', { name: 'Tipos de sessão' })).toBeTruthy();
    expect(await screen.findByText('Ordinária')).toBeTruthy();
    // the view's value wins over the URL, and the field's own filter control is gone (nor counted as active)
    expect(last(api.calls, 'types').get('type')).toBe('sessions');
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    expect(screen.queryByRole('combobox', { name: 'Categoria' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Identificador' })).toBeTruthy();

    // search keeps the fixed filter
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar tipos de sessão' }), 'ord');
    await waitFor(() => expect(last(api.calls, 'types').get('q')).toBe('ord'), { timeout: 2000 });
    expect(last(api.calls, 'types').get('type')).toBe('sessions');

    // creating from the view stays under it
    fireEvent.click(screen.getByRole('button', { name: 'Novo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${view.path}/new`));
  });

  it('a text filter typed and the panel closed at once is applied, not lost with the closed panel\'s controls', { timeout: 30_000 }, async () => {
    const api = fakeApi((r) => (r.path === 'types' ? { body: page([ordinaria]) } : undefined));
    const { router } = renderAt(<ResourceListPage resource="types" view={view} />, { path: view.path, route: view.path });
    expect(await screen.findByText('Ordinária')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    const box = screen.getByRole('textbox', { name: 'Identificador' });
    fireEvent.change(box, { target: { value: 'ordin' } });
    // a click on "Filtros" takes the focus from the box before its pause of 300 ms ends: what was typed goes at once
    fireEvent.blur(box);
    await waitFor(() => expect(router.state.location.search).toContain('slug=ordin'), { timeout: 250 });
    fireEvent.click(screen.getByRole('button', { name: /^Filtros/ }));
    await waitFor(() => expect(last(api.calls, 'types').get('slug')).toBe('ordin'));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Identificador' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Filtros (1)' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('a record created from the view gets the filter values as defaults and opens under the view', async () => {
    const api = fakeApi((r) => {
      if (r.method === 'POST' && r.path === 'types') return { status: 201, body: { data: { id: 9, ...(r.body as object) } } };
      if (r.path === 'types/9') return { body: { data: { id: 9, type: 'sessions', slug: 'itinerante', label: 'Itinerante' } } };
      return undefined;
    });
    const { router } = renderAt(<ResourceFormPage resource="types" view={view} />, { path: `${view.path}/:id`, route: `${view.path}/new` });
    // the category is chosen from a list, shown by its pt-BR name
    const category = await screen.findByRole('combobox', { name: /^Categoria/ });
    expect(category.textContent).toBe('Sessões plenárias');
    await userEvent.type(screen.getByRole('textbox', { name: /^Identificador/ }), 'itinerante');
    await userEvent.type(screen.getByRole('textbox', { name: /^Nome/ }), 'Itinerante');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${view.path}/9`));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ type: 'sessions', slug: 'itinerante', label: 'Itinerante' });
  });

  it('resolves a type slug of a typed reference to its id (types?type=&slug=)', async () => {
    const def = {
      ...getDef('contacts'),
      fields: { ...getDef('contacts').fields, kind_id: f.type('faqs', { label: 'Tipo' }) },
    } as ResourceDef;
    expect(slugKeys(def, { kind_id: 'geral', cidade: 'x' })).toEqual(['kind_id']);
    expect(slugKeys(def, { kind_id: 3 })).toEqual([]);
    const api = fakeApi((r) => (r.path === 'types' ? { body: page([{ id: 44, slug: 'geral' }]) } : undefined));
    expect(await resolveViewFilter(def, { kind_id: 'geral', cidade: 'x' })).toEqual({ kind_id: 44, cidade: 'x' });
    const qs = api.calls[0].url.searchParams;
    expect(qs.get('type')).toBe('faqs');
    expect(qs.get('slug')).toBe('geral');

    fakeApi(() => ({ body: page([]) }));
    await expect(resolveViewFilter(def, { kind_id: 'nada' })).rejects.toThrow('Tipo "nada" (faqs) não cadastrado.');
  });
});

describe('typed references (f.type → types?type=)', () => {
  it('search only the types of the category and show their label', async () => {
    const api = fakeApi((r) =>
      r.path === 'types' ? { body: page([ordinaria, { id: 2, type: 'sessions', slug: 'solene', label: 'Solene' }]) } : undefined,
    );
    const onChange = vi.fn();
    renderAt(
      <RefInput name="type_id" field={f.type('sessions', { label: 'Tipo de sessão' })} value={null} onChange={onChange} onBlur={() => undefined} mode="create" />,
      { path: '/x', route: '/x' },
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tipo de sessão' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Solene' }));
    expect(onChange).toHaveBeenCalledWith(2);
    const qs = last(api.calls, 'types');
    expect(qs.get('type')).toBe('sessions');
    expect(qs.get('sort')).toBe('label');
  });
});
