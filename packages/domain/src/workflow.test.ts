import { describe, expect, it } from 'vitest';
import { artists, manifestacoes, REVIEW, TRANSITIONS } from './resources/cultura.ts';
import { actionInput, deadlineOf, deadlineText, firstUnmet } from './workflow.ts';

describe('deadlineOf: a record\'s deadline while it waits', () => {
  const row = (prazo: string, situacao = 'recebida') => ({ prazo, situacao });
  it('counts the days left, and overdue from the day after the date', () => {
    expect(deadlineOf(manifestacoes, row('2026-03-20'), '2026-03-18')).toEqual({ date: '2026-03-20', overdue: false, days: 2 });
    expect(deadlineOf(manifestacoes, row('2026-03-20'), '2026-03-20')).toEqual({ date: '2026-03-20', overdue: false, days: 0 });
    expect(deadlineOf(manifestacoes, row('2026-02-27'), '2026-03-02')).toEqual({ date: '2026-02-27', overdue: true, days: -3 });
  });
  it('says nothing once the record no longer waits, or without a date', () => {
    expect(deadlineOf(manifestacoes, row('2020-01-01', 'respondida'), '2026-03-02')).toBeNull();
    expect(deadlineOf(manifestacoes, row('2020-01-01', 'encerrada'), '2026-03-02')).toBeNull();
    expect(deadlineOf(manifestacoes, { prazo: null, situacao: 'recebida' }, '2026-03-02')).toBeNull();
    expect(deadlineOf(artists, { situacao: 'pendente' }, '2026-03-02')).toBeNull();
  });
  it('reads in pt-BR', () => {
    expect(deadlineText({ date: '', overdue: true, days: -1 })).toBe('em atraso há 1 dia');
    expect(deadlineText({ date: '', overdue: true, days: -4 })).toBe('em atraso há 4 dias');
    expect(deadlineText({ date: '', overdue: false, days: 0 })).toBe('vence hoje');
    expect(deadlineText({ date: '', overdue: false, days: 1 })).toBe('vence em 1 dia');
  });
});

describe('the culture review, declared once', () => {
  it('derives the transitions of add_progress from the review steps', () => {
    expect(TRANSITIONS).toEqual({
      pendente: ['em_analise', 'recusado'], em_analise: ['ativo', 'recusado', 'pendente'], ativo: ['inativo'], recusado: ['em_analise'], inativo: ['ativo'],
    });
  });
  it('offers each step from its states, with the reason elsewhere', () => {
    for (const [name, step] of Object.entries(REVIEW)) {
      const a = artists.actions![name];
      for (const s of ['pendente', 'em_analise', 'ativo', 'recusado', 'inativo']) {
        const why = firstUnmet(artists, a.when, { situacao: s });
        expect(why === null, `${name} from ${s}`).toBe((step.from as readonly string[]).includes(s));
      }
    }
    expect(firstUnmet(artists, artists.actions!.ativar.when, { situacao: 'recusado' })).toBe('Situação do cadastro: Recusado. Só cadastros em análise (ou inativos) podem ser ativados.');
  });
  it('asks for the reason of a refusal, and takes a closing without a body', () => {
    expect(actionInput(artists.actions!.recusar)!.safeParse({}).success).toBe(false);
    expect(actionInput(artists.actions!.recusar)!.safeParse({ motivo: 'Documentação incompleta.' }).success).toBe(true);
    expect(actionInput(manifestacoes.actions!.encerrar)!.safeParse(undefined).success).toBe(true);
  });
});
