// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { manifestacoes } from '@paco/domain/resources/cultura';
import { todayIso } from '@paco/domain/workflow';
import { DeadlineValue, deadlineLabel } from './deadline';
import RecordSummary from './RecordSummary';

afterEach(cleanup);

const shift = (days: number): string => {
  const d = new Date(`${todayIso()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const br = (iso: string) => iso.split('-').reverse().join('/');

describe('a deadline on screen', () => {
  it('marks an open record past its date "em atraso", and says how long', () => {
    const row = { id: 1, prazo: shift(-3), situacao: 'recebida' };
    render(<DeadlineValue def={manifestacoes} row={row} />);
    expect(screen.getByText(br(shift(-3)))).toBeTruthy();
    expect(screen.getByText('Em atraso há 3 dias')).toBeTruthy();
    expect(deadlineLabel(manifestacoes, row)).toBe(`${br(shift(-3))} (em atraso há 3 dias)`);
  });
  it('says when it is near, and nothing once answered', () => {
    render(<DeadlineValue def={manifestacoes} row={{ id: 1, prazo: shift(2), situacao: 'em_analise' }} />);
    expect(screen.getByText('vence em 2 dias')).toBeTruthy();
    cleanup();
    render(<DeadlineValue def={manifestacoes} row={{ id: 1, prazo: shift(-3), situacao: 'respondida' }} />);
    expect(screen.queryByText(/atraso/)).toBeNull();
  });
  it('the record\'s summary shows its state, deadline and answer, leaving out what is empty', () => {
    render(<RecordSummary def={manifestacoes} record={{ id: 1, situacao: 'encaminhada', prazo: shift(-1), prorrogada: false, sector_id: 4, sector: { id: 4, name: 'Obras' }, resposta: null }} />);
    const summary = screen.getByRole('region', { name: 'Situação da manifestação' });
    expect(summary.textContent).toContain('Encaminhada ao setor');
    expect(summary.textContent).toContain('Em atraso há 1 dia');
    expect(summary.textContent).toContain('Obras');
    expect(summary.textContent).not.toContain('Resposta');
  });
});
