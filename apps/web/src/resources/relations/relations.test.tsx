// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResourceDef } from '@paco/domain/resource';
import { getDef } from '../defs';
import ResourceFormPage from '../ResourceFormPage';
import { fakeApi, page, renderAt } from '../test/harness';
import RelationLinkPanel from './RelationLinkPanel';
import { childSpecs, relationLinkSpecs, singular } from './specs';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ana = { id: 5, name: 'Ana Souza', email: 'ana@paco.demo', photo: null, roles: [] };
const contact = { id: 31, description: 'Gabinete', email: 'gabinete@paco.demo', phone: '27999990000', cidade: 'Vila Serena', user_id: 5 };

describe('sub-list specs', () => {
  it('derive the calls of children and links from the definition', () => {
    const users = getDef('users');
    const [c] = childSpecs(users);
    expect(c.child.name).toBe('contacts');
    expect(c.listUrl(5)).toBe('users/5/contacts');
    expect(c.addUrl!(5)).toBe('users/5/add_contact');
    expect(c.removeUrl).toBeUndefined();

    const parent = { ...users, name: 'x', path: 'processes', links: { people: { target: 'roles', add: 'add_people', remove: 'remove_people', removeById: true } } } as ResourceDef;
    const [l] = relationLinkSpecs(parent);
    expect(l.targetKey).toBe('role_id');
    expect(l.listUrl(2)).toBe('processes/2/people');
    expect(l.removeUrl!(2, 9)).toBe('processes/2/remove_people/9');
    expect(singular('people')).toBe('person');
    expect(singular('parliamentaries')).toBe('parliamentary');
    expect(singular('processes')).toBe('process');
  });
});

describe('children tab (users → contacts)', () => {
  it('lists the sub-list, adds through the add call without the parent key, removes after confirmation', { timeout: 40_000 }, async () => {
    let rows = [contact];
    const api = fakeApi((r) => {
      if (r.method === 'POST' && r.path === 'users/5/add_contact') {
        const created = { id: 32, ...(r.body as object), user_id: 5 };
        rows = [...rows, created as typeof contact];
        return { status: 201, body: { data: created } };
      }
      if (r.method === 'DELETE' && r.path === 'contacts/31') {
        rows = rows.filter((x) => x.id !== 31);
        return { status: 204 };
      }
      if (r.path === 'users/5/contacts') return { body: page(rows, rows.length, 100) };
      if (r.path === 'users/5') return { body: { data: ana } };
      return undefined;
    });
    renderAt(<ResourceFormPage resource="users" />, { path: '/settings/users/:id', route: '/settings/users/5' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Contatos' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Contatos' });
    const table = await within(panel).findByRole('table', { name: 'Contatos' });
    expect(within(table).getByText('Gabinete')).toBeTruthy();
    expect(within(table).getByText('(27) 99999-0000')).toBeTruthy();
    // the parent's key is not a column
    expect(within(table).queryByText('Usuário')).toBeNull();
    const listCall = api.calls.find((c) => c.path === 'users/5/contacts')!;
    expect(listCall.url.searchParams.get('perPage')).toBe('100');

    // add: the child's form minus the parent key, posted to the add call
    fireEvent.click(within(panel).getByRole('button', { name: 'Adicionar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar contato' });
    expect(within(dialog).queryByRole('combobox', { name: 'Usuário' })).toBeNull();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Descrição/ }), 'Recepção');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === 'users/5/add_contact')).toBe(true));
    const body = api.calls.find((c) => c.path === 'users/5/add_contact')!.body as Record<string, unknown>;
    expect(body.description).toBe('Recepção');
    expect('user_id' in body).toBe(false);
    expect(await within(panel).findByText('Recepção')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Adicionar contato' })).toBeNull());

    // a row opens from its first column, a button reached with Tab (the edit dialog for who may change it)
    const opener = await within(table).findByRole('button', { name: 'Gabinete' });
    opener.focus();
    expect(document.activeElement).toBe(opener);
    fireEvent.click(opener);
    const edit = await screen.findByRole('dialog', { name: 'Contato: Gabinete' });
    fireEvent.click(within(edit).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Contato: Gabinete' })).toBeNull());

    // remove: no remove call declared → the child's own DELETE, after confirmation
    fireEvent.click(await within(panel).findByRole('button', { name: 'Remover Gabinete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remover este contato?' });
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE' && c.path === 'contacts/31')).toBe(true));
    await waitFor(() => expect(within(panel).queryByText('Gabinete')).toBeNull());
  });

  it('shows the 422 messages of the add call beside the fields', async () => {
    fakeApi((r) => {
      if (r.method === 'POST' && r.path === 'users/5/add_contact') return { status: 422, body: { message: 'x', errors: { email: ['Informe um e-mail válido.'] } } };
      if (r.path === 'users/5/contacts') return { body: page([]) };
      if (r.path === 'users/5') return { body: { data: ana } };
      return undefined;
    });
    renderAt(<ResourceFormPage resource="users" />, { path: '/settings/users/:id', route: '/settings/users/5' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Contatos' }));
    expect(await screen.findByText('Nenhum registro de contatos.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar contato' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Descrição/ }), 'X');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Informe um e-mail válido.')).toBeTruthy();
  });
});

describe('links tab', () => {
  // a parent with a many-to-many link to roles (the engine's pivot), defined here so the test does not depend on
  // the area definitions
  const parent = {
    ...getDef('users'),
    name: 'test_parent', path: 'parents', label: { one: 'Setor', many: 'Setores', gender: 'm' },
    children: undefined,
    links: { funcoes: { target: 'roles', list: 'get_roles', add: 'add_role', remove: 'remove_role' } },
  } as ResourceDef;
  const protocolo = { id: 7, name: 'protocolo', description: 'Protocolo' };
  const ouvidoria = { id: 8, name: 'ouvidoria', description: 'Ouvidoria' };

  it('lists linked records, links one through the searchable picker and unlinks after confirmation', { timeout: 30_000 }, async () => {
    let linked = [protocolo];
    const api = fakeApi((r) => {
      if (r.path === 'parents/2/add_role') {
        linked = [...linked, ouvidoria];
        return { body: page(linked) };
      }
      if (r.path === 'parents/2/remove_role') {
        linked = linked.filter((x) => x.id !== (r.body as { role_id: number }).role_id);
        return { body: page(linked) };
      }
      if (r.path === 'parents/2/get_roles') return { body: page(linked) };
      if (r.path === 'roles') return { body: page([protocolo, ouvidoria]) };
      return undefined;
    });
    const spec = relationLinkSpecs(parent)[0];
    renderAt(<RelationLinkPanel def={parent} spec={spec} record={{ id: 2 }} />, { path: '/x', route: '/x' });
    const table = await screen.findByRole('table', { name: 'Funções' });
    expect(within(table).getByText('protocolo')).toBeTruthy();
    // each linked record's first column links to its own screen
    expect(within(table).getByRole('link', { name: 'protocolo' }).getAttribute('href')).toBe(`${getDef('roles').screen}/7`);

    const picker = screen.getByRole('combobox', { name: 'Vincular função' });
    await userEvent.type(picker, 'ouv');
    await waitFor(() => expect(api.calls.some((c) => c.path === 'roles' && c.url.searchParams.get('q') === 'ouv')).toBe(true), { timeout: 3000 });
    fireEvent.click(await screen.findByRole('option', { name: 'ouvidoria' }));
    await waitFor(() => expect(api.calls.find((c) => c.path === 'parents/2/add_role')).toMatchObject({ method: 'POST', body: { role_id: 8 } }));
    expect(await within(screen.getByRole('table', { name: 'Funções' })).findByText('ouvidoria')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Desvincular protocolo' }));
    const confirm = await screen.findByRole('dialog', { name: 'Desvincular deste setor?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Desvincular' }));
    await waitFor(() => expect(api.calls.find((c) => c.path === 'parents/2/remove_role')).toMatchObject({ method: 'DELETE', body: { role_id: 7 } }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'protocolo' })).toBeNull());
  });

  it('read-only for users who may not update the record: no picker, no unlink', async () => {
    fakeApi((r) => (r.path === 'parents/2/get_roles' ? { body: page([protocolo]) } : undefined));
    const spec = relationLinkSpecs(parent)[0];
    renderAt(<RelationLinkPanel def={parent} spec={spec} record={{ id: 2 }} />, { path: '/x', route: '/x', roles: ['pessoal'] });
    expect(await screen.findByText('protocolo')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Desvincular/ })).toBeNull();
  });
});
