// @vitest-environment jsdom
/**
 * Sub-list options of issue 13 (decision 0029): a sub-list with its own title and columns whose rows open the child's
 * screen and are edited there (a matter's amendments); a sub-list changed only with its parent (a draft's co-signers:
 * no remove once the draft is read-only for the user); an action dialog whose list field is narrowed to the server's
 * choices (the commissions a matter is distributed to), sent as ids.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { matterApplications, matters } from '@paco/domain/resources/materias';
import type { ActionState } from '@paco/domain/workflow';
import ActionDialog from '../actions/ActionDialog';
import { fakeApi, page, renderAt } from '../test/harness';
import ChildPanel from './ChildPanel';
import { childSpecs } from './specs';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const emenda = { id: 41, identificacao: 'Emenda nº 1 ao PL 7/2026', emenda_especie: 'modificativa', dataApresentacao: '2026-11-23', ementa: 'Altera o art. 1º.', principal_id: 7, type_id: 3, matter_type: { id: 3, label: 'Emenda' } };

describe('a sub-list whose rows open their own screen (a matter\'s amendments)', () => {
  it('has its title and columns, links each row to its screen, and offers no edit beside it', async () => {
    fakeApi((r) => (r.path === 'matters/7/amendments' ? { body: page([emenda], 1, 100) } : undefined));
    const spec = childSpecs(matters).find((s) => s.name === 'amendments')!;
    const record = { id: 7, identificacao: 'PL 7/2026', _actions: { apresentar_emenda: { allowed: true } } };
    renderAt(<ChildPanel def={matters} spec={spec} record={record} />, { path: '/legislativo/matters/:id', route: '/legislativo/matters/7' });
    const table = await screen.findByRole('table', { name: 'Emendas e substitutivos' });
    expect(screen.getByRole('heading', { name: /Emendas e substitutivos/ })).toBeTruthy();
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Identificação', 'Espécie da emenda', 'Data de apresentação', 'Ementa', 'Status atual', 'Ações']);
    expect(within(table).getByText('Emenda modificativa')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Emenda nº 1 ao PL 7/2026' }).getAttribute('href')).toBe('/legislativo/matters/41');
    expect(within(table).queryByRole('button', { name: /^Editar/ })).toBeNull();
    // the add is the parent's record action
    expect(screen.getByRole('button', { name: 'Apresentar emenda' })).toBeTruthy();
  });
});

describe('a sub-list changed only with its parent (a draft\'s co-signers)', () => {
  const sig = { id: 5, application_id: 3, parliamentary_id: 2, parliamentary: { id: 2, nome: 'Zé do Mercado' }, situacao: 'pendente' };
  const spec = childSpecs(matterApplications).find((s) => s.name === 'signatures')!;

  it('offers the remove while the user may change the draft', async () => {
    fakeApi((r) => (r.path === 'matters/matterapplication/3/signatures' ? { body: page([sig], 1, 100) } : undefined));
    const record = { id: 3, _can: { update: true, delete: true }, _actions: { invite: { allowed: true } } };
    renderAt(<ChildPanel def={matterApplications} spec={spec} record={record} />, { path: '/x/:id', route: '/x/3', roles: ['cm_parlamentar'] });
    expect(await screen.findByRole('button', { name: 'Remover Zé do Mercado' })).toBeTruthy();
    expect(screen.getByText('Aguardando assinatura')).toBeTruthy();
  });

  it('offers no remove once the draft is read-only for the user (sent, or only invited to sign)', async () => {
    fakeApi((r) => (r.path === 'matters/matterapplication/3/signatures' ? { body: page([sig], 1, 100) } : undefined));
    const record = { id: 3, _can: { update: false, delete: false, reason: 'A matéria já foi enviada à Câmara.' }, _actions: { invite: { allowed: false, reason: 'Congeladas.' } } };
    renderAt(<ChildPanel def={matterApplications} spec={spec} record={record} />, { path: '/x/:id', route: '/x/3', roles: ['cm_parlamentar'] });
    expect(await screen.findByText('Zé do Mercado')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Remover/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Convidar coautor' }).getAttribute('aria-disabled')).toBe('true');
  });
});

describe('an action dialog with a list narrowed to the server\'s choices', () => {
  it('offers only the choices and sends the chosen ids', { timeout: 30_000 }, async () => {
    const api = fakeApi((r) => (r.path === 'matters/7/distribuir' ? { body: { data: { id: 7 }, message: 'Distribuída: CLJR.' } } : undefined));
    const state: ActionState = {
      allowed: true,
      values: { data: '2026-11-23', status_id: 21 },
      choices: { commission_ids: [{ value: '4', label: 'CLJR — Legislação' }, { value: '5', label: 'CFOTC — Finanças' }], status_id: [{ value: 21, label: 'Em comissão' }] },
    };
    const done = vi.fn();
    renderAt(
      <ActionDialog def={matters} name="distribuir" action={matters.actions!.distribuir} record={{ id: 7 }} state={state} onClose={() => undefined} onDone={done} onError={() => undefined} />,
      { path: '/m/:id', route: '/m/7', roles: ['cm_admin'] },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Distribuir às comissões' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Comissões/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['CLJR — Legislação', 'CFOTC — Finanças']);
    fireEvent.click(options[0]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Distribuir às comissões' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    const body = api.calls.find((c) => c.path === 'matters/7/distribuir')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ commission_ids: [4], status_id: 21, data: '2026-11-23' });
  });
});
