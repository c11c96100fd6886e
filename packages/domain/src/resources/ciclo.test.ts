/** The legislative cycle's pure rules: what a result implies by default, and a norm's status from its relations. */
import { describe, expect, it } from 'vitest';
import { defaultVoteEffect, normStatus } from './ciclo.ts';

describe('defaultVoteEffect', () => {
  it('sends a bill approved in the 1st turno to the 2nd, and one approved at last to the Executive', () => {
    expect(defaultVoteEffect('pl', 'primeiro', 'aprovado')).toEqual({ status: 'aprovada_1turno', turno: 'segundo' });
    expect(defaultVoteEffect('pl', 'unico', 'aprovado')).toEqual({ status: 'remetida_sancao', turno: null });
    expect(defaultVoteEffect('plc', 'segundo', 'aprovado')).toEqual({ status: 'remetida_sancao', turno: null });
    expect(defaultVoteEffect('pl', null, 'aprovado')).toEqual({ status: 'remetida_sancao', turno: null });
  });

  it('sends what the câmara promulgates itself to promulgation; anything else is “aprovada”; a rejection archives', () => {
    expect(defaultVoteEffect('pr', 'unico', 'aprovado')).toEqual({ status: 'a_promulgar', turno: null });
    expect(defaultVoteEffect('pelo', 'segundo', 'aprovado')).toEqual({ status: 'a_promulgar', turno: null });
    expect(defaultVoteEffect('req', null, 'aprovado')).toEqual({ status: 'aprovada', turno: null });
    expect(defaultVoteEffect(null, null, 'aprovado')).toEqual({ status: 'aprovada', turno: null });
    expect(defaultVoteEffect('pl', 'primeiro', 'rejeitado')).toEqual({ status: 'arquivada', turno: null });
  });
});

describe('normStatus', () => {
  it('is “Vigente” without relations that change it', () => {
    expect(normStatus([])).toEqual({ situacao: 'vigente', vigencia: 'Vigente' });
    expect(normStatus([{ tipo: 'regulamenta', por: 'Decreto nº 10/2026' }])).toEqual({ situacao: 'vigente', vigencia: 'Vigente' });
  });

  it('names who changed it, the strongest relation first, and counts the others', () => {
    expect(normStatus([{ tipo: 'altera', por: 'Lei nº 1/2025' }, { tipo: 'altera', por: 'Lei nº 2/2026' }]))
      .toEqual({ situacao: 'alterada', vigencia: 'Alterada por Lei nº 1/2025 e Lei nº 2/2026' });
    expect(normStatus([{ tipo: 'altera', por: 'Lei nº 1/2025' }, { tipo: 'revoga', por: 'Lei nº 3/2026' }]))
      .toEqual({ situacao: 'revogada', vigencia: 'Revogada por Lei nº 3/2026 (e mais 1 alteração)' });
    expect(normStatus([{ tipo: 'revoga_parcialmente', por: 'Lei nº 4/2026' }]).situacao).toBe('revogada_parcialmente');
    expect(normStatus([{ tipo: 'suspende', por: 'Decreto Legislativo nº 2/2026' }, { tipo: 'altera', por: 'Lei nº 1/2025' }]).situacao).toBe('suspensa');
  });
});
