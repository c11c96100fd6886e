// @vitest-environment jsdom
/** The "Histórico" tab of a record screen: who changed what, field by field; secrets as "valor protegido"; paged; only for who may update. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import ResourceFormPage from '../ResourceFormPage';
import { fakeApi, renderAt } from '../test/harness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sector = { id: 4, name: 'Finanças', code: '00104', description: null, type_id: null, type: null, created_at: '2026-01-02T13:00:00Z', updated_at: '2026-01-03T13:00:00Z' };
const entry = (id: number, over: object = {}) => ({
  id, at: '2026-03-10T14:05:00.000Z', action: 'update', actionLabel: 'Alteração', description: 'Priscila alterou setor #4',
  user: { id: 2, name: 'Priscila Protocolo' }, ip: '10.0.0.7',
  changes: [{ field: 'name', label: 'Nome', from: 'Finanças', to: 'Secretaria de Finanças' }, { field: 'segredo', label: 'Senha', hidden: true }],
  ...over,
});

describe('HistoryPanel', () => {
  it('lists the changes with labels, before and after, user, time and IP; pages', async () => {
    const api = fakeApi((r) => {
      if (r.path === 'sectors/4') return { body: { data: sector } };
      if (r.path === 'sectors/4/audit') {
        const p = Number(r.url.searchParams.get('page'));
        return { body: { data: [entry(p === 2 ? 1 : 12)], meta: { page: p, perPage: 10, total: 11, ip: true } } };
      }
      return { body: { data: [], meta: { page: 1, perPage: 15, total: 0 } } };
    });
    renderAt(<ResourceFormPage resource="sectors" />, { path: '/protocol/sectors/:id', route: '/protocol/sectors/4', roles: ['protocolo'] });
    fireEvent.click(await screen.findByRole('tab', { name: 'Histórico' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Histórico' });
    expect(await within(panel).findByText(/Alteração · Priscila Protocolo · 10\/03\/2026 11:05/)).toBeTruthy();
    expect(within(panel).getByText(/IP 10\.0\.0\.7/)).toBeTruthy();
    const row = within(panel).getByRole('row', { name: /^Nome/ });
    expect(within(row).getByText('Finanças')).toBeTruthy();
    expect(within(row).getByText('Secretaria de Finanças')).toBeTruthy();
    expect(within(panel).getByRole('row', { name: /Senha Alterado \(valor protegido\)/ })).toBeTruthy();
    expect(within(panel).getByText('(11)')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === 'sectors/4/audit' && c.url.searchParams.get('page') === '2')).toBe(true));
  });

  it('has no tab for who may only read the record', async () => {
    const account = { id: 7, name: 'Conta Lida', email: 'lida@paco.demo', photo: null, roles: [], created_at: null, updated_at: null, deleted_at: null };
    fakeApi((r) => (r.path === 'users/7' ? { body: { data: account } } : { body: { data: [], meta: { page: 1, perPage: 15, total: 0 } } }));
    // Configurações › Usuários: the ombudsman reads the accounts, only admins change them
    renderAt(<ResourceFormPage resource="users" />, { path: '/settings/users/:id', route: '/settings/users/7', roles: ['ouvidoria'] });
    expect(await screen.findByRole('heading', { name: /Conta Lida/ })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Histórico' })).toBeNull();
  });
});
