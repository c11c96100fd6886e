// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ResourceListPage from './ResourceListPage';
import { fakeApi, page, renderAt } from './test/harness';
import type { FakeRequest } from './test/harness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ana = { id: 1, name: 'Ana Souza', email: 'ana@paco.demo', photo: { url: '/files/ana.png', name: 'ana.png', mime: 'image/png', size: 10 }, created_at: '2026-01-02T10:00:00Z' };
const bruno = { id: 2, name: 'Bruno Lima', email: 'bruno@paco.demo', photo: null };

const lists = (calls: FakeRequest[], path: string) => calls.filter((c) => c.method === 'GET' && c.path === path);
const last = (calls: FakeRequest[], path: string) => lists(calls, path).at(-1)!.url.searchParams;

describe('ResourceListPage', () => {
  it('requests page, perPage and the default sort, and renders the rows formatted', async () => {
    const api = fakeApi((r) => (r.path === 'admin/users' ? { body: page([ana, bruno], 2) } : undefined));
    renderAt(<ResourceListPage resource="admin_users" />, { path: '/admin/users', route: '/admin/users' });

    expect(await screen.findByRole('heading', { name: 'Usuários' })).toBeTruthy();
    expect(await screen.findByText('Ana Souza')).toBeTruthy();
    expect(screen.getByText('bruno@paco.demo')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Foto: ana.png' })).toBeTruthy();
    const qs = last(api.calls, 'admin/users');
    expect(qs.get('page')).toBe('1');
    expect(qs.get('perPage')).toBe('15');
    expect(qs.get('sort')).toBe('name');
    expect(qs.get('q')).toBeNull();
  });

  it('sends q (debounced), sort on header click, and the page from the pager', async () => {
    const api = fakeApi((r) => (r.path === 'admin/users' ? { body: page([ana, bruno], 40) } : undefined));
    renderAt(<ResourceListPage resource="admin_users" />, { path: '/admin/users', route: '/admin/users' });
    await screen.findByText('Ana Souza');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar usuários' }), 'ana');
    await waitFor(() => expect(last(api.calls, 'admin/users').get('q')).toBe('ana'), { timeout: 2000 });
    // typing is debounced: no request per keystroke
    expect(lists(api.calls, 'admin/users').filter((c) => c.url.searchParams.get('q') === 'a')).toHaveLength(0);

    // a busy machine (CI: 2 cores, the other busy) took over waitFor's default second to send a header's sort
    const soon = { timeout: 5000 };
    fireEvent.click(screen.getByText('E-mail'));
    await waitFor(() => expect(last(api.calls, 'admin/users').get('sort')).toBe('email'), soon);
    fireEvent.click(screen.getByText('E-mail'));
    await waitFor(() => expect(last(api.calls, 'admin/users').get('sort')).toBe('-email'), soon);

    fireEvent.click(screen.getByRole('button', { name: /próxima página/i }));
    await waitFor(() => expect(last(api.calls, 'admin/users').get('page')).toBe('2'), soon);
    const qs = last(api.calls, 'admin/users');
    expect(qs.get('q')).toBe('ana');
    expect(qs.get('sort')).toBe('-email');
    expect(qs.get('perPage')).toBe('15');
  });

  it('shows the empty state', async () => {
    fakeApi((r) => (r.path === 'roles' ? { body: page([], 0) } : undefined));
    renderAt(<ResourceListPage resource="roles" />, { path: '/admin/roles', route: '/admin/roles' });
    expect(await screen.findByText('Nenhum registro encontrado.')).toBeTruthy();
  });

  it('shows the error state with a retry', async () => {
    fakeApi(() => ({ status: 500, body: { message: 'Falha no servidor.' } }));
    renderAt(<ResourceListPage resource="roles" />, { path: '/admin/roles', route: '/admin/roles' });
    expect(await screen.findByText(/Não foi possível carregar os registros\. Falha no servidor\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });

  it('asks for confirmation before deleting, then deletes and says so', async () => {
    const api = fakeApi((r) => {
      if (r.method === 'DELETE') return { status: 204 };
      if (r.path === 'admin/users') return { body: page([ana, bruno], 2) };
      return undefined;
    });
    renderAt(<ResourceListPage resource="admin_users" />, { path: '/admin/users', route: '/admin/users' });
    await screen.findByText('Ana Souza');

    fireEvent.click(screen.getAllByRole('menuitem', { name: 'Excluir' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Excluir este registro?' });
    expect(within(dialog).getByText('Usuário: Ana Souza')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Usuário excluído com sucesso.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'DELETE')!.path).toBe('admin/users/1');
    // the row stays put until the list is fetched again, which the delete triggers
    await waitFor(() => expect(lists(api.calls, 'admin/users').length).toBeGreaterThanOrEqual(2));
  });

  it('cancelling the confirmation deletes nothing; a 409 shows the server message', async () => {
    const api = fakeApi((r) => {
      if (r.method === 'DELETE') return { status: 409, body: { message: 'Esta função ainda está vinculada a usuários.' } };
      if (r.path === 'roles') return { body: page([{ id: 5, name: 'protocolo', description: 'Protocolo' }], 1) };
      return undefined;
    });
    renderAt(<ResourceListPage resource="roles" />, { path: '/admin/roles', route: '/admin/roles' });
    await screen.findByText('protocolo');

    fireEvent.click(screen.getByRole('menuitem', { name: 'Excluir' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('menuitem', { name: 'Excluir' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Esta função ainda está vinculada a usuários.')).toBeTruthy();
  });

  it('opens a record on row click and on Enter; "Novo" goes to /new', async () => {
    fakeApi((r) => (r.path === 'admin/users' ? { body: page([ana], 1) } : undefined));
    const { router } = renderAt(<ResourceListPage resource="admin_users" />, { path: '/admin/users', route: '/admin/users' });
    // each row has a link to its record (reached with Tab, opened with Enter); clicking it navigates once
    const link = await screen.findByRole('link', { name: 'Ana Souza' });
    expect(link.getAttribute('href')).toBe('/admin/users/1');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users/1'));
    // one history entry: Back returns to the list
    void router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));

    fireEvent.click(await screen.findByText('ana@paco.demo'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users/1'));

    await router.navigate('/admin/users');
    fireEvent.keyDown(await screen.findByText('ana@paco.demo'), { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users/1'));

    await router.navigate('/admin/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Novo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users/new'));
  });

  it('"Novo" only for users allowed to create (liberations: superadmin only)', async () => {
    fakeApi((r) => (r.path === 'liberations' ? { body: page([{ id: 1, company_id: 2, company: { id: 2, name: 'Câmara Demo' }, date_end: '2026-12-31' }], 1) } : undefined));
    renderAt(<ResourceListPage resource="liberations" />, { path: '/admin/liberations', route: '/admin/liberations', roles: ['admin'] });
    expect(await screen.findByText('Câmara Demo')).toBeTruthy(); // ref → expanded display field
    expect(screen.getByText('31/12/2026')).toBeTruthy(); // date dd/mm/aaaa
    expect(screen.queryByRole('button', { name: 'Novo' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Excluir' })).toBeNull();
  });

  it('filters by a reference and shows deleted records with "Restaurar"', async () => {
    const api = fakeApi((r) => {
      if (r.method === 'POST' && r.path === 'admin/users/2/restore') return { body: { data: bruno } };
      if (r.path === 'admin/users') return { body: page([bruno], 1) };
      return undefined;
    });
    renderAt(<ResourceListPage resource="admin_users" />, { path: '/admin/users', route: '/admin/users' });
    await screen.findByText('Bruno Lima');
    // the filters are behind one button
    expect(screen.queryByRole('switch', { name: 'Mostrar excluídos' })).toBeNull();
    // closed, its controls are not even on the page (the list renders again on every sort, page and search)
    const panel = () => document.querySelector('[role="group"][aria-label="Filtros"]');
    expect(panel()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    fireEvent.click(await screen.findByRole('switch', { name: 'Mostrar excluídos' }));
    expect(await screen.findByRole('button', { name: 'Filtros (1)' })).toBeTruthy();
    await waitFor(() => expect(last(api.calls, 'admin/users').get('trashed')).toBe('only'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Restaurar' }));
    expect(await screen.findByText('Usuário restaurado com sucesso.')).toBeTruthy();
    // closed again: the controls leave once the panel has closed; the filter stays on
    fireEvent.click(screen.getByRole('button', { name: 'Filtros (1)' }));
    await waitFor(() => expect(panel()).toBeNull());
    expect(last(api.calls, 'admin/users').get('trashed')).toBe('only');
  });

  it('keeps filters from the URL and sends them (companies by state)', async () => {
    const api = fakeApi((r) => {
      if (r.path === 'companies') return { body: page([{ id: 3, name: 'Prefeitura de Ouro Preto', cnpj: '18295287000190', city_id: 9, city: { id: 9, nome: 'Ouro Preto' }, brasao: null }], 1) };
      if (r.path === 'states/13') return { body: { data: { id: 13, sigla: 'MG', nome: 'Minas Gerais' } } };
      return undefined;
    });
    renderAt(<ResourceListPage resource="companies" />, { path: '/admin/companies', route: '/admin/companies?state_id=13&q=ouro' });
    expect(await screen.findByText('18.295.287/0001-90')).toBeTruthy(); // CNPJ formatted
    expect(screen.getByText('Ouro Preto')).toBeTruthy();
    const qs = last(api.calls, 'companies');
    expect(qs.get('state_id')).toBe('13');
    expect(qs.get('q')).toBe('ouro');
    // the filter shows the state's display field, loaded by id (behind "Filtros", which counts it)
    fireEvent.click(screen.getByRole('button', { name: 'Filtros (1)' }));
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Estado' }) as HTMLInputElement).value).toBe('MG'));
  });

  it('exports CSV (all pages, ; separator, BOM) with the current filters', async () => {
    const api = fakeApi((r) => (r.path === 'admin/users' ? { body: page([ana, { ...bruno, name: 'Bruno; "B"' }], 2) } : undefined));
    let blob: Blob | null = null;
    URL.createObjectURL = vi.fn((b: Blob) => {
      blob = b;
      return 'blob:x';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAt(<ResourceListPage resource="admin_users" />, { path: '/admin/users', route: '/admin/users?q=a' });
    await screen.findByText('Ana Souza');
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exportCall = lists(api.calls, 'admin/users').find((c) => c.url.searchParams.get('perPage') === '100')!;
    expect(exportCall.url.searchParams.get('q')).toBe('a');
    const bytes = new Uint8Array(await blob!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text).toBe('Foto;Nome;E-mail\r\nana.png;Ana Souza;ana@paco.demo\r\n;"Bruno; ""B""";bruno@paco.demo\r\n');
  });

  it('sorts by the columns the definition declares sortable, both ways, and asks only for what the list shows (issue 17)', async () => {
    const matter = {
      id: 7, company_id: 1, identificacao: 'PL 12/2026', type_id: 3, type: { id: 3, label: 'Projeto de Lei (PL)' },
      dataApresentacao: '2026-03-02', ementa: 'Dispõe sobre a praça.', emTramitacao: true,
    };
    const api = fakeApi((r) => (r.path === 'matters' ? { body: page([matter], 1) } : r.path === 'types' ? { body: page([], 0) } : undefined));
    renderAt(<ResourceListPage resource="matters" />, { path: '/legislativo/matters', route: '/legislativo/matters' });
    await screen.findByText('PL 12/2026');
    expect(last(api.calls, 'matters').get('fields')).toBe('list');
    expect(last(api.calls, 'matters').get('sort')).toBe('-dataApresentacao');
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    // sortable: identification, date, tramitation; not the type (a reference) nor the ementa (a long text)
    for (const name of ['Identificação', 'Data de apresentação', 'Em tramitação']) expect(header(name).className, name).toMatch(/columnHeader--sortable/);
    for (const name of ['Tipo', 'Ementa']) expect(header(name).className, name).not.toMatch(/columnHeader--sortable/);
    fireEvent.click(within(header('Ementa')).getByText('Ementa'));
    fireEvent.click(within(header('Tipo')).getByText('Tipo'));
    fireEvent.click(within(header('Identificação')).getByText('Identificação'));
    await waitFor(() => expect(last(api.calls, 'matters').get('sort')).toBe('identificacao'));
    fireEvent.click(within(header('Identificação')).getByText('Identificação'));
    await waitFor(() => expect(last(api.calls, 'matters').get('sort')).toBe('-identificacao'));
    fireEvent.click(within(header('Em tramitação')).getByText('Em tramitação'));
    await waitFor(() => expect(last(api.calls, 'matters').get('sort')).toBe('emTramitacao'));
    // no request ever sorted by the ementa or the type
    expect(lists(api.calls, 'matters').map((c) => c.url.searchParams.get('sort')).filter((x) => /ementa|type_id/.test(x ?? ''))).toEqual([]);
    expect(lists(api.calls, 'matters').every((c) => c.url.searchParams.get('fields') === 'list')).toBe(true);
    // six header clicks on a DataGrid in jsdom: 8 s alone, 17 s with the machine's other cores busy
  }, 30_000);

  describe('paging (issue 10, item 8: the page snapped back to 1)', () => {
    /** admin/users with `total` people, answering the page and page size asked for (q: only the first two) */
    const people = (total: number) =>
      fakeApi((r) => {
        if (r.path !== 'admin/users') return undefined;
        const qs = r.url.searchParams;
        const p = Number(qs.get('page'));
        const per = Number(qs.get('perPage'));
        const count = qs.get('q') ? 2 : total;
        const all = Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Pessoa ${String(i + 1).padStart(3, '0')}`, email: `p${i + 1}@paco.demo`, photo: null }));
        return { body: page(all.slice((p - 1) * per, p * per), count, per, p) };
      });
    /** gives the grid's own timers (it resets its page a tick after a sort model change) room to run */
    const settle = () => new Promise((r) => setTimeout(r, 200));
    const pages = (calls: FakeRequest[]) => lists(calls, 'admin/users').map((c) => c.url.searchParams.get('page'));

    it('the next page stays, as a new history entry: Back returns to page 1', async () => {
      const api = people(40);
      const { router } = renderAt(<ResourceListPage resource="admin_users" />, { path: '/admin/users', route: '/admin/users' });
      await screen.findByText('Pessoa 001');

      fireEvent.click(screen.getByRole('button', { name: 'Ir para a próxima página' }));
      expect(await screen.findByText('Pessoa 016')).toBeTruthy();
      await settle();
      expect(router.state.location.search).toBe('?page=2');
      expect(router.state.historyAction).toBe('PUSH');
      expect(screen.getByText('16–30 de 40')).toBeTruthy();
      expect(pages(api.calls)).toEqual(['1', '2']);

      await router.navigate(-1);
      expect(await screen.findByText('Pessoa 001')).toBeTruthy();
      expect(router.state.location.search).toBe('');
    });

    it('a page opened by address stays once its data has loaded', async () => {
      const api = people(40);
      const { router } = renderAt(<ResourceListPage resource="admin_users" />, { path: '/admin/users', route: '/admin/users?page=3' });
      expect(await screen.findByText('Pessoa 031')).toBeTruthy();
      await settle();
      expect(router.state.location.search).toBe('?page=3');
      expect(screen.getByText('31–40 de 40')).toBeTruthy();
      expect(pages(api.calls)).toEqual(['3']);
    });

    it('Back to a page with another sort: that page, not the first', async () => {
      const api = people(40);
      const { router } = renderAt(<ResourceListPage resource="admin_users" />, { path: '/admin/users', route: '/admin/users?page=3' });
      await screen.findByText('Pessoa 031');
      fireEvent.click(screen.getByText('E-mail'));
      await waitFor(() => expect(router.state.location.search).toBe('?sort=email'));
      expect(router.state.historyAction).toBe('PUSH');

      await router.navigate(-1);
      await waitFor(() => expect(last(api.calls, 'admin/users').get('sort')).toBe('name'));
      await settle();
      expect(router.state.location.search).toBe('?page=3');
      expect(last(api.calls, 'admin/users').get('page')).toBe('3');
      expect(await screen.findByText('31–40 de 40')).toBeTruthy();
    });

    it('a page beyond the total of the previous answer (a search) is not cut back; the search box follows the URL', async () => {
      const api = people(40);
      const { router } = renderAt(<ResourceListPage resource="admin_users" />, { path: '/admin/users', route: '/admin/users?q=pessoa' });
      await screen.findByText('1–2 de 2');
      expect((screen.getByRole('searchbox', { name: 'Buscar usuários' }) as HTMLInputElement).value).toBe('pessoa');

      await router.navigate('/admin/users?page=3');
      expect(await screen.findByText('Pessoa 031')).toBeTruthy();
      await settle();
      expect(router.state.location.search).toBe('?page=3');
      expect(last(api.calls, 'admin/users').get('page')).toBe('3');
      expect((screen.getByRole('searchbox', { name: 'Buscar usuários' }) as HTMLInputElement).value).toBe('');
    });

    it('another page size starts from page 1, as a new history entry', async () => {
      const api = people(40);
      const { router } = renderAt(<ResourceListPage resource="admin_users" />, { path: '/admin/users', route: '/admin/users?page=2' });
      await screen.findByText('Pessoa 016');
      // jsdom matches no media query: the select is shown from the `sm` breakpoint up, so it counts as hidden here
      fireEvent.mouseDown(screen.getByRole('combobox', { name: /Linhas por página/, hidden: true }));
      fireEvent.click(await screen.findByRole('option', { name: '25' }));
      await waitFor(() => expect(router.state.location.search).toBe('?perPage=25'));
      expect(router.state.historyAction).toBe('PUSH');
      expect(await screen.findByText('1–25 de 40')).toBeTruthy();
      await settle();
      expect(router.state.location.search).toBe('?perPage=25');
      expect(last(api.calls, 'admin/users').get('perPage')).toBe('25');
    });
  });
});
