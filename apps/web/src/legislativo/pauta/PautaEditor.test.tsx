import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderAt } from '../../resources/test/harness';
import PautaEditor from './PautaEditor';
import { moved, type Pauta, type PautaItem } from './types';

const item = (id: number, identificacao: string): PautaItem => ({
  id, kind: 'ordem_dia', numOrdem: id, matter_id: id, identificacao, ementa: `Ementa de ${identificacao}`, autores: ['Vera Lúcia'], tipo_materia: 'Projeto de Lei',
  turno: 'Turno único', tipo_votacao: 'Nominal', quorum: { regra: 'maioria_simples', nome: 'Maioria simples', exigencia: 'maioria simples com quórum de 6 presentes', fundamento: null },
  polemica: false, obs: null,
});
const pauta = (ids: number[]): Pauta => ({
  sessao: { id: 9, titulo: '38ª Sessão Ordinária', numero: 38, tipo: 'Ordinária', data: '2026-11-23', horario: '18:00', iniciada: false, finalizada: false },
  expediente: [],
  ordem_dia: ids.map((id) => item(id, `PL ${id}/2026`)),
  publicacoes: [],
  alterada: null,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('moved', () => {
  it('moves an item to a position, or says it does not move', () => {
    expect(moved([1, 2, 3], 1, 2)).toEqual([2, 3, 1]);
    expect(moved([1, 2, 3], 3, 0)).toEqual([3, 1, 2]);
    expect(moved([1, 2, 3], 2, 1)).toBeNull();
    expect(moved([1, 2, 3], 1, -1)).toBeNull();
    expect(moved([1, 2, 3], 4, 0)).toBeNull();
  });
});

describe('PautaEditor', () => {
  it('moves by keyboard, saves each move with the order it was made on, keeps the focus with the item', async () => {
    const { calls } = fakeApi((req) => (req.method === 'PUT' ? { body: { data: pauta((req.body as { ordem_dia: number[] }).ordem_dia) } } : undefined));
    const onSaved = vi.fn();
    renderAt(<PautaEditor pauta={pauta([1, 2, 3])} editable onSaved={onSaved} onStale={() => undefined} />, { path: '/p', route: '/p' });
    const down = screen.getByRole('button', { name: 'Mover PL 1/2026 para baixo' });
    expect((screen.getByRole('button', { name: 'Mover PL 1/2026 para cima' }) as HTMLButtonElement).disabled).toBe(true);
    down.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts[0].path).toBe('plenary_sessions/9/pauta/ordem');
    expect(puts[0].body).toEqual({ ordem_dia: [2, 1, 3], antes: { ordem_dia: [1, 2, 3] } });
    expect(puts[1].body).toEqual({ ordem_dia: [2, 3, 1], antes: { ordem_dia: [2, 1, 3] } });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    // at the end it can only go up: the focus moved to that button
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Mover PL 1/2026 para cima' }));
    expect(screen.getByRole('status').textContent).toBe('PL 1/2026 movida para a posição 3 de 3 (Ordem do dia). Ordem salva.');
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('data-item'))).toEqual(['PL 2/2026', 'PL 3/2026', 'PL 1/2026']);
  });

  it('reloads when the server refuses a move (someone else changed the pauta)', async () => {
    fakeApi((req) => (req.method === 'PUT' ? { status: 409, body: { message: 'A pauta foi alterada por outra pessoa enquanto você a reordenava. Recarregue para ver a ordem atual.' } } : undefined));
    const onStale = vi.fn();
    renderAt(<PautaEditor pauta={pauta([1, 2])} editable onSaved={() => undefined} onStale={onStale} />, { path: '/p', route: '/p' });
    await userEvent.click(screen.getByRole('button', { name: 'Mover PL 2/2026 para cima' }));
    await waitFor(() => expect(onStale).toHaveBeenCalled());
    expect(await screen.findByText(/alterada por outra pessoa/)).toBeTruthy();
  });

  it('shows no controls to a reader', () => {
    fakeApi(() => undefined);
    renderAt(<PautaEditor pauta={pauta([1, 2])} editable={false} onSaved={() => undefined} onStale={() => undefined} />, { path: '/p', route: '/p' });
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('Ementa de PL 1/2026')).toBeTruthy();
    expect(screen.getByText('Nenhuma matéria no expediente desta sessão.')).toBeTruthy();
  });
});
