import { describe, expect, it } from 'vitest';
import { classificar, convocar, describeReserva, elegivel, motivoInelegivel, reserva, type Concorrencia, type Inscrito } from './fomento.ts';

const call = (vagas: number, notaMinima = 50, cotaNegros = 20, cotaIndigenas = 10) => ({ vagas, notaMinima, cotaNegros, cotaIndigenas });
let seq = 0;
const app = (nota: number | null, concorrencia: Concorrencia = 'ampla', id = ++seq): Inscrito => ({ id, nota, concorrencia, ordem: id });
const pick = (lista: ReturnType<typeof classificar>['lista'], id: number) => lista.find((x) => x.id === id)!;

describe('reserva: the places of each quota', () => {
  it('reserves 20% and 10%, a fraction from one half up counting as a place', () => {
    expect(reserva({ vagas: 10, cotaNegros: 20, cotaIndigenas: 10 })).toEqual({ ampla: 7, negros: 2, indigenas: 1 });
    expect(reserva({ vagas: 5, cotaNegros: 20, cotaIndigenas: 10 })).toEqual({ ampla: 3, negros: 1, indigenas: 1 }); // 0.5 → 1
    expect(reserva({ vagas: 4, cotaNegros: 20, cotaIndigenas: 10 })).toEqual({ ampla: 3, negros: 1, indigenas: 0 }); // 0.8 → 1, 0.4 → 0
    expect(reserva({ vagas: 2, cotaNegros: 20, cotaIndigenas: 10 })).toEqual({ ampla: 2, negros: 0, indigenas: 0 }); // 0.4, 0.2
    expect(reserva({ vagas: 7, cotaNegros: 25, cotaIndigenas: 10 })).toEqual({ ampla: 4, negros: 2, indigenas: 1 }); // 1.75 → 2, 0.7 → 1
  });
  it('never reserves more places than the call has', () => {
    expect(reserva({ vagas: 3, cotaNegros: 60, cotaIndigenas: 40 })).toEqual({ ampla: 0, negros: 2, indigenas: 1 });
    expect(reserva({ vagas: 1, cotaNegros: 50, cotaIndigenas: 50 })).toEqual({ ampla: 0, negros: 1, indigenas: 0 });
  });
  it('says the split in pt-BR', () => {
    expect(describeReserva({ vagas: 10, cotaNegros: 20, cotaIndigenas: 10 })).toBe('10 vagas: 7 de ampla concorrência, 2 reservadas a pessoas negras e 1 a pessoas indígenas');
    expect(describeReserva({ vagas: 1, cotaNegros: 20, cotaIndigenas: 10 })).toBe('1 vaga: 1 de ampla concorrência, 0 reservadas a pessoas negras e 0 a pessoas indígenas');
  });
});

describe('elegivel: the quota follows the registration’s self-declaration', () => {
  it('Black quota: preta or parda', () => {
    expect(elegivel('negros', { racaCor: 'preta' })).toBe(true);
    expect(elegivel('negros', { racaCor: 'parda' })).toBe(true);
    expect(elegivel('negros', { racaCor: 'branca' })).toBe(false);
    expect(elegivel('negros', { racaCor: 'nao_declarada' })).toBe(false);
    expect(motivoInelegivel('negros', {})).toMatch(/preta ou parda/);
  });
  it('Indigenous quota: declared indígena, or member of an indigenous people', () => {
    expect(elegivel('indigenas', { racaCor: 'indigena' })).toBe(true);
    expect(elegivel('indigenas', { racaCor: 'parda', comunidadeTradicional: 'indigena' })).toBe(true);
    expect(elegivel('indigenas', { racaCor: 'parda', comunidadeTradicional: 'quilombola' })).toBe(false);
  });
  it('the open competition admits everyone', () => {
    expect(elegivel('ampla', {})).toBe(true);
    expect(motivoInelegivel('ampla', {})).toBeNull();
  });
});

describe('classificar: the result of a call', () => {
  it('a quota applicant who reaches an open place takes it, leaving the reserved place to the next of the quota', () => {
    // 5 places: 3 open, 1 Black, 1 Indigenous
    const a = app(95, 'negros'); const b = app(90); const c = app(85); const d = app(80); const e = app(70, 'negros'); const f = app(60, 'indigenas');
    const { reserva: r, lista } = classificar(call(5), [a, b, c, d, e, f]);
    expect(r).toEqual({ ampla: 3, negros: 1, indigenas: 1 });
    expect(pick(lista, a.id)).toMatchObject({ classificacao: 1, resultado: 'selecionada', vaga: 'ampla' });
    expect(pick(lista, b.id)).toMatchObject({ resultado: 'selecionada', vaga: 'ampla' });
    expect(pick(lista, c.id)).toMatchObject({ resultado: 'selecionada', vaga: 'ampla' });
    expect(pick(lista, e.id)).toMatchObject({ classificacao: 5, resultado: 'selecionada', vaga: 'negros', remanejada: false });
    expect(pick(lista, f.id)).toMatchObject({ classificacao: 6, resultado: 'selecionada', vaga: 'indigenas' });
    // 80 is the 4th score, yet on the waiting list: the last two places are reserved
    expect(pick(lista, d.id)).toMatchObject({ classificacao: 4, resultado: 'suplente', vaga: null });
  });

  it('a quota without applicants gives its place to the other quota, then to the open competition', () => {
    // 10 places: 7 open, 2 Black, 1 Indigenous; no Indigenous applicant, three Black ones beyond the open places
    const open = Array.from({ length: 8 }, (_, i) => app(99 - i));
    const n1 = app(60, 'negros'); const n2 = app(58, 'negros'); const n3 = app(56, 'negros');
    const { lista } = classificar(call(10), [...open, n1, n2, n3]);
    expect(open.slice(0, 7).every((x) => pick(lista, x.id).vaga === 'ampla')).toBe(true);
    expect(pick(lista, n1.id)).toMatchObject({ vaga: 'negros', remanejada: false });
    expect(pick(lista, n2.id)).toMatchObject({ vaga: 'negros', remanejada: false });
    // the Indigenous place goes to the Black applicant next in line, before the 8th open applicant with a higher score
    expect(pick(lista, n3.id)).toMatchObject({ resultado: 'selecionada', vaga: 'indigenas', remanejada: true });
    expect(pick(lista, open[7].id)).toMatchObject({ resultado: 'suplente' });
  });

  it('with no quota applicants at all, every place is filled by the ranking', () => {
    const all = Array.from({ length: 12 }, (_, i) => app(90 - i));
    const { lista } = classificar(call(10), all);
    expect(lista.filter((x) => x.resultado === 'selecionada').map((x) => x.id)).toEqual(all.slice(0, 10).map((x) => x.id));
    expect(lista.filter((x) => x.remanejada)).toHaveLength(3);
    expect(lista.slice(10).map((x) => x.resultado)).toEqual(['suplente', 'suplente']);
  });

  it('the minimum score: below it not ranked, and places stay empty rather than go to them', () => {
    const a = app(80); const b = app(49.99, 'negros'); const c = app(null, 'indigenas'); const d = app(50);
    const { lista } = classificar(call(3, 50), [a, b, c, d]);
    expect(lista.map((x) => [x.id, x.classificacao, x.resultado])).toEqual([
      [a.id, 1, 'selecionada'], [d.id, 2, 'selecionada'], [b.id, null, 'nao_classificada'], [c.id, null, 'nao_classificada'],
    ]);
  });

  it('ties: the earlier application first', () => {
    const late = { id: 900, nota: 70, concorrencia: 'ampla' as const, ordem: 9 };
    const early = { id: 901, nota: 70, concorrencia: 'ampla' as const, ordem: 1 };
    const { lista } = classificar(call(1, 0, 20, 10), [late, early]);
    expect(lista.map((x) => [x.id, x.resultado])).toEqual([[901, 'selecionada'], [900, 'suplente']]);
  });

  it('holds its promises on many random calls', () => {
    const kinds: Concorrencia[] = ['ampla', 'ampla', 'ampla', 'negros', 'indigenas'];
    let rnd = 42;
    const next = () => (rnd = (rnd * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let run = 0; run < 300; run++) {
      const vagas = 1 + Math.floor(next() * 15);
      const c = call(vagas, 40, 20 + Math.floor(next() * 20), 10 + Math.floor(next() * 10));
      const list = Array.from({ length: Math.floor(next() * 25) }, (_, i) => ({
        id: i + 1, ordem: i + 1, concorrencia: kinds[Math.floor(next() * kinds.length)], nota: next() < 0.1 ? null : Math.round(next() * 1000) / 10,
      }));
      const { reserva: r, lista } = classificar(c, list);
      const ranked = list.filter((x) => x.nota !== null && x.nota >= 40);
      const chosen = lista.filter((x) => x.resultado === 'selecionada');
      // every place is filled while there are ranked applications
      expect(chosen).toHaveLength(Math.min(vagas, ranked.length));
      expect(r.ampla + r.negros + r.indigenas).toBe(vagas);
      for (const q of ['negros', 'indigenas'] as const) {
        const mine = ranked.filter((x) => x.concorrencia === q);
        const taken = chosen.filter((x) => list.find((y) => y.id === x.id)!.concorrencia === q);
        // a quota's applicants get at least its reserved places (or all of them)
        expect(taken.length).toBeGreaterThanOrEqual(Math.min(r[q], mine.length));
        // within a quota, the selected ones are its best scores
        const worstTaken = Math.min(...taken.map((x) => list.find((y) => y.id === x.id)!.nota as number));
        const bestLeft = Math.max(...mine.filter((x) => !taken.some((t) => t.id === x.id)).map((x) => x.nota as number));
        if (taken.length && bestLeft > -Infinity) expect(worstTaken).toBeGreaterThanOrEqual(bestLeft);
      }
      // the open places go by the ranking: nobody outside them beat the last one taken
      const amplaTaken = chosen.filter((x) => x.vaga === 'ampla' && !x.remanejada);
      expect(amplaTaken.length).toBe(Math.min(r.ampla, ranked.length));
      expect(lista.filter((x) => x.classificacao !== null).map((x) => x.classificacao)).toEqual(ranked.map((_, i) => i + 1));
    }
  });
});

describe('convocar: a place left after the final result', () => {
  const s = (id: number, classificacao: number, concorrencia: Concorrencia) => ({ id, classificacao, concorrencia });
  const waiting = [s(11, 5, 'ampla'), s(12, 6, 'indigenas'), s(13, 7, 'negros'), s(14, 8, 'negros')];
  it('an open place goes to the next on the waiting list, whatever they chose', () => {
    expect(convocar({ vaga: 'ampla', remanejada: false }, waiting)).toEqual({ id: 11, vaga: 'ampla', remanejada: false });
  });
  it('a place reserved for a quota goes to the next of that quota, before better-ranked others', () => {
    expect(convocar({ vaga: 'negros', remanejada: false }, waiting)).toEqual({ id: 13, vaga: 'negros', remanejada: false });
    expect(convocar({ vaga: 'indigenas', remanejada: false }, waiting)).toEqual({ id: 12, vaga: 'indigenas', remanejada: false });
  });
  it('then to the other quota, then to anyone: the place is marked as moved', () => {
    expect(convocar({ vaga: 'indigenas', remanejada: false }, [s(11, 5, 'ampla'), s(13, 7, 'negros')])).toEqual({ id: 13, vaga: 'indigenas', remanejada: true });
    expect(convocar({ vaga: 'negros', remanejada: false }, [s(11, 5, 'ampla')])).toEqual({ id: 11, vaga: 'negros', remanejada: true });
  });
  it('a reserved place someone else had already taken goes by the ranking', () => {
    expect(convocar({ vaga: 'negros', remanejada: true }, waiting)).toEqual({ id: 11, vaga: 'negros', remanejada: true });
  });
  it('nobody waiting: nobody called', () => {
    expect(convocar({ vaga: 'ampla', remanejada: false }, [])).toBeNull();
  });
});
