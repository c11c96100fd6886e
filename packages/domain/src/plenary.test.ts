import { describe, expect, it } from 'vitest';
import {
  absoluteMajority, blockItemLine, blockTitle, computeResult, countNominal, elapsedMs, shorten, formatClock, presenceRequired, requiredYes, ruleRequirement, votingFigures,
  type LiveVoting, type QuorumRule, type VoteChoice,
} from './plenary.ts';

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
    expect(ruleRequirement('dois_tercos', 11, 'maioria_absoluta', true)).toBe('dois terços exige 8, com quórum de 6 presentes');
    expect(ruleRequirement('maioria_simples', 11, 'um_terco')).toBe('maioria simples com quórum de 4 presentes');
  });

  it.each([
    [11, 6, 4, 8, 7], [9, 5, 3, 6, 6], [10, 6, 4, 7, 6], [21, 11, 7, 14, 13],
  ])('presence quorum of a house of %i: absoluta %i, um terço %i, dois terços %i, três quintos %i', (total, abs, third, twoThirds, threeFifths) => {
    expect(presenceRequired('maioria_absoluta', total)).toBe(abs);
    expect(presenceRequired('um_terco', total)).toBe(third);
    expect(presenceRequired('dois_tercos', total)).toBe(twoThirds);
    expect(presenceRequired('tres_quintos', total)).toBe(threeFifths);
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

describe('presence quorum in every rule (issue 16 item 2)', () => {
  const rules: QuorumRule[] = ['maioria_simples', 'maioria_absoluta', 'dois_tercos', 'tres_quintos'];
  it.each(rules)('%s: 5 of 11 present decides nothing ("Sem quórum", never "Rejeitado")', (rule) => {
    const r = computeResult({ rule, total: 11, presentes: 5, votes: { sim: 5, nao: 0, abstencao: 0 }, presidentRule: 'desempate' });
    expect(r.resultado).toBe('sem_quorum');
    expect(r.exigidos).toBe(6);
    expect(r.explicacao).toMatch(/^Sem quórum: 5 presentes; .* exige a presença de 6 de 11 membros$/);
  });
  it.each(rules)('%s: 6 of 11 present decides', (rule) => {
    const r = computeResult({ rule, total: 11, presentes: 6, votes: { sim: 6, nao: 0, abstencao: 0 }, presidentRule: 'desempate' });
    expect(r.resultado).toBe(rule === 'maioria_simples' || rule === 'maioria_absoluta' ? 'aprovado' : 'rejeitado');
  });
  it('each rule may set its own presence quorum', () => {
    const third = computeResult({ rule: 'maioria_simples', presence: 'um_terco', total: 11, presentes: 4, votes: { sim: 3, nao: 1, abstencao: 0 }, presidentRule: 'desempate' });
    expect(third.resultado).toBe('aprovado');
    const twoThirds = computeResult({ rule: 'maioria_absoluta', presence: 'dois_tercos', total: 11, presentes: 7, votes: { sim: 7, nao: 0, abstencao: 0 }, presidentRule: 'desempate' });
    expect(twoThirds.resultado).toBe('sem_quorum');
    expect(twoThirds.explicacao).toBe('Sem quórum: 7 presentes; maioria absoluta exige a presença de 8 de 11 membros');
  });
});

describe('countNominal: the live count is the result (issue 16 item 1)', () => {
  const PRES = 3;
  const ids = Array.from({ length: 11 }, (_, i) => i + 1);
  /** members 1..11 (3 presides): `choices` for the members other than the president in id order, then the president's */
  const ballots = (choices: string, president: VoteChoice | null) => {
    const others = ids.filter((x) => x !== PRES);
    const map: Record<string, VoteChoice> = { s: 'sim', n: 'nao', a: 'abstencao' };
    const votes = [...choices].map((c, i) => ({ parliamentary_id: others[i], voto: map[c] }));
    return president ? [...votes, { parliamentary_id: PRES, voto: president }] : votes;
  };
  const count = (rule: QuorumRule, choices: string, president: VoteChoice | null, present = ids) =>
    countNominal({ rule, total: 11, present, votes: ballots(choices, president), presidentId: PRES, presidentRule: 'desempate' });

  // [rule, members' votes, president's vote, figures shown = result's counts, outcome, president counted]
  it.each([
    ['maioria_simples', 'sssssnnnnn', 'sim', [6, 5, 0], 'aprovado', true],
    ['maioria_simples', 'ssssssnnnn', 'sim', [6, 4, 0], 'aprovado', false],
    ['maioria_simples', 'sssssnnnnn', 'nao', [5, 6, 0], 'rejeitado', true],
    ['maioria_simples', 'sssssnnnna', 'nao', [5, 4, 1], 'aprovado', false],
    ['maioria_simples', 'sssssnnnnn', null, [5, 5, 0], 'rejeitado', false],
    ['maioria_absoluta', 'sssssnnnna', 'sim', [5, 4, 1], 'rejeitado', false],
    ['maioria_absoluta', 'sssssnnnnn', 'sim', [6, 5, 0], 'aprovado', true],
    ['maioria_absoluta', 'ssssssnnnn', 'nao', [6, 4, 0], 'aprovado', false],
    ['dois_tercos', 'sssssssnnn', 'sim', [7, 3, 0], 'rejeitado', false],
    ['dois_tercos', 'ssssssssnn', 'nao', [8, 2, 0], 'aprovado', false],
    ['tres_quintos', 'ssssssnnnn', 'sim', [6, 4, 0], 'rejeitado', false],
    ['tres_quintos', 'sssssssnnn', 'nao', [7, 3, 0], 'aprovado', false],
  ] as const)('%s, members %s, president %s → shows %j, %s', (rule, choices, president, shown, outcome, counted) => {
    const c = count(rule, choices, president);
    expect([c.result.counted.sim, c.result.counted.nao, c.result.counted.abstencao]).toEqual(shown);
    expect(c.result.resultado).toBe(outcome);
    expect(c.president).toEqual({ id: PRES, voto: president, counted });
    expect(c.votaram).toBe(choices.length + (president ? 1 : 0));
  });

  it('counts only present, non-impeded members, and each member once', () => {
    const present = [1, 2, 3, 4, 5, 6];
    const c = countNominal({
      rule: 'maioria_simples', total: 11, present, impeded: [2],
      votes: [{ parliamentary_id: 1, voto: 'sim' }, { parliamentary_id: 1, voto: 'nao' }, { parliamentary_id: 2, voto: 'nao' }, { parliamentary_id: 9, voto: 'nao' }, { parliamentary_id: 4, voto: 'abstencao' }],
      presidentId: 3, presidentRule: 'desempate',
    });
    expect(c.members).toEqual({ sim: 1, nao: 0, abstencao: 1 });
    expect(c.votaram).toBe(2);
    expect(c.presentes).toBe(6);
    expect(c.result.resultado).toBe('aprovado');
  });

  it('without quorum present the count says "Sem quórum" live and at closing', () => {
    const c = count('dois_tercos', 'sss', 'sim', [1, 2, 3, 4, 5]);
    expect(c.result.resultado).toBe('sem_quorum');
  });
});

describe('votingFigures: what every screen shows', () => {
  const v = (patch: Partial<LiveVoting> = {}): LiveVoting => ({
    id: 1, plenary_matter_id: 1, identificacao: 'PL 1/2026', ementa: null, tipo: 'nominal', fase: 'ordem_dia', status: 'aberta',
    regra: 'maioria_simples', quorum_presenca: 'maioria_absoluta', requisito: '', aberta_em: '2026-01-01T00:00:00Z', encerrada_em: null,
    tally: { sim: 6, nao: 4, abstencao: 0, presentes: 11, total: 11, votaram: 11 }, quorum_exigido: 6,
    presidente: { id: 3, regra: 'desempate', votou: true, voto: 'sim', computado: false },
    votantes: [], votes: [], impedidos: [], resultado: null, explicacao: null, motivo: null, anterior_id: null, anulada: false, ...patch,
  });
  it('shows the president apart, saying when it counts', () => {
    expect(votingFigures(v()).presidentLine).toBe('Voto do presidente: Sim — computado só em caso de empate, não incluído na contagem');
    expect(votingFigures(v({ presidente: { id: 3, regra: 'desempate', votou: true, voto: 'nao', computado: true } })).presidentLine).toBe('Voto do presidente: Não — computado (desempate)');
    expect(votingFigures(v({ presidente: { id: 3, regra: 'desempate', votou: true, voto: null, computado: null } })).presidentLine).toBe('O presidente votou (voto computado só em caso de empate)');
    expect(votingFigures(v({ presidente: { id: 3, regra: 'desempate', votou: false, voto: null, computado: null } })).presidentLine).toBe('O presidente ainda não votou (voto computado só em caso de empate)');
  });
  it('hidden counts stay hidden; the presence quorum and the reason are read from the voting', () => {
    const f = votingFigures(v({ tally: { sim: null, nao: null, abstencao: null, presentes: 5, total: 11, votaram: 3 }, motivo: 'erro na contagem' }));
    expect(f.counts).toBeNull();
    expect(f.quorum).toEqual({ exigidos: 6, atingido: false });
    expect(f.note).toBe('Reaberta: erro na contagem');
    expect(votingFigures(v({ status: 'cancelada', anulada: true, motivo: 'vício regimental' })).note).toBe('Resultado anulado: vício regimental');
    expect(votingFigures(v({ anterior_id: 9, motivo: 'desempate' })).note).toBe('Nova votação: desempate');
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

describe('votação em bloco on screens', () => {
  it('titles the block and lists each item with the ementa shortened at a word', () => {
    const items = [
      { plenary_matter_id: 1, numOrdem: 3, identificacao: 'REQ 4/2026', ementa: 'Requer ao Poder Executivo informações sobre o cronograma de reforma da escola.' },
      { plenary_matter_id: 2, numOrdem: null, identificacao: 'IND 7/2026', ementa: null },
    ];
    expect(blockTitle(items)).toBe('Votação em bloco: 2 itens');
    expect(blockItemLine(items[0], 40)).toBe('3. REQ 4/2026 — Requer ao Poder Executivo informações…');
    expect(blockItemLine(items[1])).toBe('IND 7/2026');
    expect(shorten('Curta.', 40)).toBe('Curta.');
    expect(shorten('Palavras,   com espaços  e vírgulas, cortadas aqui', 25)).toBe('Palavras, com espaços e…');
  });
});
