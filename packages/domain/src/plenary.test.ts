import { describe, expect, it } from 'vitest';
import { absoluteMajority, computeResult, elapsedMs, formatClock, requiredYes, ruleRequirement } from './plenary.ts';

describe('quorum arithmetic', () => {
  it.each([
    [11, 6, 8, 7], [9, 5, 6, 6], [10, 6, 7, 6], [13, 7, 9, 8], [21, 11, 14, 13],
  ])('house of %i: absoluta %i, dois terços %i, três quintos %i', (total, abs, twoThirds, threeFifths) => {
    expect(absoluteMajority(total)).toBe(abs);
    expect(requiredYes('maioria_absoluta', total)).toBe(abs);
    expect(requiredYes('dois_tercos', total)).toBe(twoThirds);
    expect(requiredYes('tres_quintos', total)).toBe(threeFifths);
    expect(requiredYes('maioria_simples', total)).toBeNull();
  });

  it('phrases the requirement', () => {
    expect(ruleRequirement('maioria_absoluta', 11)).toBe('maioria absoluta exige 6');
    expect(ruleRequirement('maioria_simples', 11)).toBe('maioria simples com quórum de 6 presentes');
  });
});

describe('computeResult', () => {
  const base = { total: 11, presentes: 11, presidentRule: 'desempate' as const };

  it('explains an approval by absolute majority', () => {
    const r = computeResult({ ...base, rule: 'maioria_absoluta', votes: { sim: 9, nao: 1, abstencao: 1 } });
    expect(r.resultado).toBe('aprovado');
    expect(r.exigidos).toBe(6);
    expect(r.explicacao).toBe('Aprovado: 9 Sim, 1 Não, 1 Abstenção; maioria absoluta exige 6');
  });

  it('rejects a qualified quorum not reached even with more Sim than Não', () => {
    const r = computeResult({ ...base, rule: 'dois_tercos', votes: { sim: 7, nao: 2, abstencao: 2 } });
    expect(r.resultado).toBe('rejeitado');
    expect(r.explicacao).toBe('Rejeitado: 7 Sim, 2 Não, 2 Abstenções; dois terços exige 8');
  });

  it('maioria simples needs the presence quorum', () => {
    const r = computeResult({ ...base, rule: 'maioria_simples', presentes: 5, votes: { sim: 4, nao: 1, abstencao: 0 } });
    expect(r.resultado).toBe('sem_quorum');
    expect(r.explicacao).toBe('Sem quórum: 5 presentes; maioria simples exige a presença de 6 de 11 membros');
    expect(computeResult({ ...base, rule: 'maioria_simples', presentes: 6, votes: { sim: 3, nao: 2, abstencao: 1 } }).resultado).toBe('aprovado');
  });

  it('the presiding officer breaks a tie and is not counted otherwise', () => {
    const tie = computeResult({ ...base, rule: 'maioria_simples', votes: { sim: 5, nao: 5, abstencao: 0 }, presidentVote: 'sim' });
    expect(tie.resultado).toBe('aprovado');
    expect(tie.presidentCounted).toBe(true);
    expect(tie.counted).toEqual({ sim: 6, nao: 5, abstencao: 0 });
    const noTie = computeResult({ ...base, rule: 'maioria_simples', votes: { sim: 6, nao: 4, abstencao: 0 }, presidentVote: 'nao' });
    expect(noTie.presidentCounted).toBe(false);
    expect(noTie.counted).toEqual({ sim: 6, nao: 4, abstencao: 0 });
    expect(noTie.explicacao).toMatch(/voto do presidente não computado/);
    const tieWithout = computeResult({ ...base, rule: 'maioria_simples', votes: { sim: 5, nao: 5, abstencao: 0 } });
    expect(tieWithout.resultado).toBe('rejeitado');
    expect(tieWithout.explicacao).toMatch(/empate sem desempate/);
  });

  it('under the qualified-quorum rule the president counts toward a qualified majority', () => {
    const r = computeResult({ ...base, rule: 'maioria_absoluta', presidentRule: 'desempate_e_qualificado', votes: { sim: 5, nao: 4, abstencao: 0 }, presidentVote: 'sim' });
    expect(r.presidentCounted).toBe(true);
    expect(r.resultado).toBe('aprovado');
    const simple = computeResult({ ...base, rule: 'maioria_simples', presidentRule: 'desempate_e_qualificado', votes: { sim: 5, nao: 4, abstencao: 0 }, presidentVote: 'nao' });
    expect(simple.presidentCounted).toBe(false);
    const always = computeResult({ ...base, rule: 'maioria_simples', presidentRule: 'sempre', votes: { sim: 5, nao: 4, abstencao: 0 }, presidentVote: 'nao' });
    expect(always.counted.nao).toBe(5);
  });
});

describe('speaker clock', () => {
  it('derives the elapsed time from the server state', () => {
    const started = '2026-11-21T18:00:00.000Z';
    expect(elapsedMs({ status: 'falando', iniciado_em: started, acumulado_ms: 30_000 }, Date.parse(started) + 15_000)).toBe(45_000);
    expect(elapsedMs({ status: 'pausado', iniciado_em: null, acumulado_ms: 30_000 }, Date.now())).toBe(30_000);
    expect(formatClock(65_000)).toBe('01:05');
    expect(formatClock(-5_000)).toBe('-00:05');
    expect(formatClock(3_725_000)).toBe('1:02:05');
  });
});
