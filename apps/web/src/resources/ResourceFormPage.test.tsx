// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ResourceFormPage from './ResourceFormPage';
import { fakeApi, page, renderAt } from './test/harness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const role = { id: 3, name: 'protocolo', description: 'Protocolo', permissions: [{ id: 1, name: 'view_matter' }], created_at: '2026-01-02T13:00:00Z', updated_at: '2026-01-03T13:00:00Z' };
const permissions = [
  { id: 1, name: 'view_matter', description: 'Ver matérias' },
  { id: 2, name: 'view_norm', description: 'Ver normas' },
];
const helperOf = (input: HTMLElement): string => {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
};

describe('ResourceFormPage', () => {
  it('shows a 422 message beside its field', async () => {
    const api = fakeApi((r) =>
      r.method === 'POST' && r.path === 'roles'
        ? { status: 422, body: { message: 'Os dados informados são inválidos.', errors: { name: ['Já existe uma função com este nome.'] } } }
        : undefined,
    );
    renderAt(<ResourceFormPage resource="roles" />, { path: '/admin/roles/:id', route: '/admin/roles/new' });
    expect(await screen.findByRole('heading', { name: 'Nova Função' })).toBeTruthy();
    const name = screen.getByRole('textbox', { name: /^Nome/ });
    await userEvent.type(name, 'admin');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(helperOf(name)).toContain('Já existe uma função com este nome.'));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'admin', description: null });
  });

  it('validates on the client with the shared schema (required field)', async () => {
    const api = fakeApi(() => undefined);
    renderAt(<ResourceFormPage resource="roles" />, { path: '/admin/roles/:id', route: '/admin/roles/new' });
    fireEvent.click(await screen.findByRole('button', { name: 'Salvar' }));
    const name = screen.getByRole('textbox', { name: /^Nome/ });
    await waitFor(() => expect(helperOf(name)).toContain('O campo Nome é obrigatório.'));
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('creates, says so and opens the new record', async () => {
    fakeApi((r) => {
      if (r.method === 'POST' && r.path === 'roles') return { status: 201, body: { data: { id: 9, name: 'ouvidoria', description: null, permissions: [] } } };
      if (r.path === 'roles/9') return { body: { data: { id: 9, name: 'ouvidoria', description: null, permissions: [] } } };
      if (r.path === 'permissions') return { body: page(permissions) };
      return undefined;
    });
    const { router } = renderAt(<ResourceFormPage resource="roles" />, { path: '/admin/roles/:id', route: '/admin/roles/new' });
    await userEvent.type(await screen.findByRole('textbox', { name: /^Nome/ }), 'ouvidoria');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Função criada com sucesso.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/roles/9'));
    expect(await screen.findByRole('tab', { name: 'Permissões' })).toBeTruthy();
    // the page stays mounted on the new record: leaving with new changes is guarded again
    await userEvent.type(screen.getByRole('textbox', { name: /^Descrição/ }), 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByRole('dialog', { name: 'Sair sem salvar?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/roles/9');
  });

  it('asks for confirmation before deleting, then goes back to the list', async () => {
    const api = fakeApi((r) => {
      if (r.method === 'DELETE' && r.path === 'roles/3') return { status: 204 };
      if (r.path === 'roles/3') return { body: { data: role } };
      return undefined;
    });
    const { router } = renderAt(<ResourceFormPage resource="roles" />, { path: '/admin/roles/:id', route: '/admin/roles/3' });
    expect(await screen.findByDisplayValue('protocolo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir este registro?' });
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Função excluída com sucesso.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/roles'));
  });

  it('warns before leaving with unsaved changes', async () => {
    fakeApi((r) => (r.path === 'roles/3' ? { body: { data: role } } : undefined));
    const { router } = renderAt(<ResourceFormPage resource="roles" />, { path: '/admin/roles/:id', route: '/admin/roles/3' });
    await userEvent.type(await screen.findByDisplayValue('Protocolo'), ' geral');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sair sem salvar?' });
    expect(router.state.location.pathname).toBe('/admin/roles/3');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sair sem salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/roles'));
  });

  it('updates with PUT and returns to the list', async () => {
    const api = fakeApi((r) => {
      if (r.method === 'PUT' && r.path === 'roles/3') return { body: { data: { ...role, description: 'Protocolo geral' } } };
      if (r.path === 'roles/3') return { body: { data: role } };
      return undefined;
    });
    const { router } = renderAt(<ResourceFormPage resource="roles" />, { path: '/admin/roles/:id', route: '/admin/roles/3' });
    await userEvent.type(await screen.findByDisplayValue('Protocolo'), ' geral');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Função atualizada com sucesso.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/roles'));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ name: 'protocolo', description: 'Protocolo geral' });
  });

  it('is read-only for users who may read but not update', async () => {
    fakeApi((r) => {
      if (r.path === 'roles/3') return { body: { data: role } };
      if (r.path === 'permissions') return { body: page(permissions) };
      return undefined;
    });
    renderAt(<ResourceFormPage resource="roles" />, { path: '/admin/roles/:id', route: '/admin/roles/3', roles: ['admin'] });
    expect(await screen.findByText('Protocolo')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    // the permission checklist is shown, but cannot be changed
    fireEvent.click(screen.getByRole('tab', { name: 'Permissões' }));
    expect(await screen.findByText('Ver normas')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: /view_norm/ }) as HTMLInputElement).disabled).toBe(true);
  });

  it('links and unlinks permissions of a role', async () => {
    let linked = [{ id: 1, name: 'view_matter' }];
    const api = fakeApi((r) => {
      if (r.path === 'roles/3/vincula') {
        linked = [...linked, { id: 2, name: 'view_norm' }];
        return { body: { data: { ...role, permissions: linked } } };
      }
      if (r.path === 'roles/3/desvincula') {
        linked = linked.filter((p) => p.id !== (r.body as { permission_id: number }).permission_id);
        return { status: 204 };
      }
      if (r.path === 'roles/3') return { body: { data: { ...role, permissions: linked } } };
      if (r.path === 'permissions') return { body: page(permissions) };
      return undefined;
    });
    renderAt(<ResourceFormPage resource="roles" />, { path: '/admin/roles/:id', route: '/admin/roles/3' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Permissões' }));
    expect(await screen.findByText('(1 de 2 selecionadas)')).toBeTruthy();
    expect(api.calls.find((c) => c.path === 'permissions')!.url.searchParams.get('perPage')).toBe('100');

    fireEvent.click(screen.getByText('view_norm'));
    await waitFor(() => expect(api.calls.find((c) => c.path === 'roles/3/vincula')).toBeTruthy());
    expect(api.calls.find((c) => c.path === 'roles/3/vincula')!).toMatchObject({ method: 'POST', body: { permission_id: 2 } });
    expect(await screen.findByText('(2 de 2 selecionadas)')).toBeTruthy();

    fireEvent.click(screen.getByText('view_matter'));
    await waitFor(() => expect(api.calls.find((c) => c.path === 'roles/3/desvincula')).toMatchObject({ method: 'DELETE', body: { permission_id: 1 } }));
    expect(await screen.findByText('(1 de 2 selecionadas)')).toBeTruthy();

    // search filters the checklist
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar permissões' }), 'normas');
    expect(screen.queryByText('view_matter')).toBeNull();
    expect(screen.getByText('view_norm')).toBeTruthy();
  });

  it('user ↔ roles: unlink all after confirmation', async () => {
    const u = { id: 4, name: 'Ana', email: 'ana@paco.demo', photo: null, roles: [{ id: 5, name: 'protocolo' }] };
    const api = fakeApi((r) => {
      if (r.path === 'admin/users/4/desvincula_all') return { body: { data: { ...u, roles: [] } } };
      if (r.path === 'admin/users/4') return { body: { data: u } };
      if (r.path === 'roles') return { body: page([{ id: 5, name: 'protocolo', description: 'Protocolo' }, { id: 6, name: 'ouvidoria', description: null }]) };
      return undefined;
    });
    renderAt(<ResourceFormPage resource="admin_users" />, { path: '/admin/users/:id', route: '/admin/users/4' });
    // password: blank keeps the current one
    expect(await screen.findByText('Deixe em branco para manter a senha atual.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Funções' }));
    expect(await screen.findByText('(1 de 2 selecionadas)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Desvincular todas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desvincular todas as funções deste usuário?' });
    expect(api.calls.some((c) => c.path.endsWith('desvincula_all'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desvincular' }));
    expect(await screen.findByText('Todas as funções foram desvinculadas.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === 'admin/users/4/desvincula_all')!.method).toBe('POST');
  });

  it('checks a file against the definition and uploads it after saving', async () => {
    const api = fakeApi((r) => {
      if (r.method === 'POST' && r.path === 'admin/users') return { status: 201, body: { data: { id: 7, name: 'Bia', email: 'bia@paco.demo', photo: null, roles: [] } } };
      if (r.method === 'POST' && r.path === 'admin/users/7/upload') return { body: { data: { id: 7, name: 'Bia', email: 'bia@paco.demo', photo: { url: '/f/bia.png', name: 'bia.png', mime: 'image/png', size: 3 }, roles: [] } } };
      if (r.path === 'admin/users/7') return { body: { data: { id: 7, name: 'Bia', email: 'bia@paco.demo', photo: null, roles: [] } } };
      if (r.path === 'roles') return { body: page([]) };
      return undefined;
    });
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    const { router } = renderAt(<ResourceFormPage resource="admin_users" />, { path: '/admin/users/:id', route: '/admin/users/new' });
    const input = (await screen.findByTestId('file-photo')) as HTMLInputElement;

    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText(/Tipo de arquivo não permitido. Formatos aceitos: PNG, JPEG, WEBP, GIF\./)).toBeTruthy();
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText(/O arquivo deve ter no máximo 5 MB/)).toBeTruthy();

    fireEvent.change(input, { target: { files: [new File(['png'], 'bia.png', { type: 'image/png' })] } });
    expect(await screen.findByRole('img', { name: 'Prévia de Foto' })).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /^Nome/ }), 'Bia');
    await userEvent.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'Bia@Paco.demo');
    await userEvent.type(screen.getByLabelText(/^Senha/), 'segredo-forte');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users/7'));
    expect(api.calls.find((c) => c.method === 'POST' && c.path === 'admin/users')!.body).toEqual({ name: 'Bia', email: 'bia@paco.demo', password: 'segredo-forte' });
    const upload = api.calls.find((c) => c.path === 'admin/users/7/upload')!;
    expect((upload.body as FormData).get('photo')).toBeInstanceOf(File);
  });

  it('masks CPF/CNPJ/CEP/phone while typing and sends them normalized (companies)', async () => {
    const api = fakeApi((r) => (r.method === 'POST' && r.path === 'companies' ? { status: 422, body: { message: 'x', errors: { brasao: ['Envie uma imagem.'] } } } : undefined));
    renderAt(<ResourceFormPage resource="companies" />, { path: '/admin/companies/:id', route: '/admin/companies/new' });
    const cnpj = await screen.findByRole('textbox', { name: 'CNPJ' });
    await userEvent.type(cnpj, '12abc34501de35');
    expect((cnpj as HTMLInputElement).value).toBe('12.ABC.345/01DE-35');
    await userEvent.type(screen.getByRole('textbox', { name: /^Nome/ }), 'Entidade Nova');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ name: 'Entidade Nova', cnpj: '12ABC34501DE35', state_id: null });
    // a 422 on a file field shows beside the file input
    expect(await screen.findByText('Envie uma imagem.')).toBeTruthy();
  });

  it('says when the record does not exist', async () => {
    fakeApi(() => undefined);
    renderAt(<ResourceFormPage resource="roles" />, { path: '/admin/roles/:id', route: '/admin/roles/999' });
    expect(await screen.findByText('Registro não encontrado.')).toBeTruthy();
  });
});
