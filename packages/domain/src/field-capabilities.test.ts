import { describe, expect, it } from 'vitest';
import { allowedValues, f, transitionProblem } from './fields.ts';
import { defineResource, fieldSchema } from './resource.ts';
import { isNationalHoliday, isPublicHoliday, nationalHolidays, publicHolidays } from './holidays.ts';
import { resources } from './resources.ts';
import { LICITACAO_TRANSITIONS, licitacaos } from './resources/administrativo.ts';
import { SEED_TYPES, TYPE_CATEGORIES, isTypeCategory } from './resources/types.ts';

describe("a select's transitions", () => {
  const situacao = licitacaos.fields.situacao;
  it('allow the map\'s next values (and staying), nothing from a final one, anything on a record without a value', () => {
    expect(allowedValues(situacao, 'homologada')).toEqual(['homologada', 'revogada', 'anulada']);
    expect(allowedValues(situacao, 'anulada')).toEqual(['anulada']);
    expect(allowedValues(situacao, null)).toBeNull();
    expect(allowedValues(f.select({ label: 'X', options: [{ value: 'a', label: 'A' }] }), 'a')).toBeNull();
    expect(transitionProblem(situacao, 'planejada', 'em_andamento')).toBeNull();
    expect(transitionProblem(situacao, 'homologada', 'homologada')).toBeNull();
    expect(transitionProblem(situacao, 'homologada', 'planejada')).toBe(
      'Situação: não é possível passar de "Homologada" para "Planejada". De "Homologada" pode passar para "Revogada" ou "Anulada".',
    );
    expect(transitionProblem(situacao, 'deserta', 'em_andamento')).toBe('Situação: "Deserta" é uma situação final e não pode mais ser alterada.');
    expect(transitionProblem(situacao, 'suspensa', null)).toBe('Situação: não é possível deixar em branco (hoje "Suspensa").');
  });

  it('follow Lei 14.133: no way back to planning once published, homologation only from an open tender', () => {
    for (const [from, to] of Object.entries(LICITACAO_TRANSITIONS)) {
      if (from !== 'planejada') expect(to, from).not.toContain('planejada');
      if (to.includes('homologada')) expect(from).toBe('em_andamento');
    }
  });

  it('are checked against the options when a resource is defined', () => {
    expect(() => defineResource({
      name: 'x', path: 'x', tenant: false, label: { one: 'X', many: 'X' }, display: 'a', access: { read: 'nobody' },
      fields: { a: f.select({ label: 'A', options: [{ value: 'a', label: 'A' }], transitions: { a: ['b'] } }) },
      list: { columns: ['a'], sort: 'a', search: [] },
    })).toThrow(/transitions/);
  });
});

describe('multi fields', () => {
  it('take a list of option values, each once, and refuse anything else in pt-BR', () => {
    const s = fieldSchema(f.multi({ label: 'Dias', options: [{ value: 'seg', label: 'Segunda' }, { value: 'ter', label: 'Terça' }], max: 2 }));
    expect(s.parse(['seg', 'ter', 'seg'])).toEqual(['seg', 'ter']);
    expect(s.safeParse(['qua']).error?.issues[0].message).toBe('Escolha opções válidas.');
    expect(s.safeParse('seg').error?.issues[0].message).toBe('Informe uma lista de opções.');
    expect(s.safeParse(['seg', 'ter', 'seg', 'x']).success).toBe(false);
    const typed = fieldSchema(f.multi({ label: 'Linguagens', typeOf: 'linguagens' }));
    expect(typed.parse([' musica '])).toEqual(['musica']);
    expect(typed.safeParse([{ a: 1 }]).success).toBe(false);
  });
});

describe('types categories', () => {
  it('name every category the definitions and the seed read, with a pt-BR label', () => {
    const used = new Set<string>(Object.keys(SEED_TYPES));
    for (const r of resources) for (const fl of Object.values(r.fields)) if ((fl.kind === 'ref' || fl.kind === 'multi') && fl.typeOf) used.add(fl.typeOf);
    for (const c of used) expect(isTypeCategory(c), c).toBe(true);
    expect(new Set(TYPE_CATEGORIES.map((c) => c.value)).size).toBe(TYPE_CATEGORIES.length);
    for (const c of TYPE_CATEGORIES) expect(c.label).toMatch(/^[A-ZÁÉÍÓÚÂÊÔÃÕÇ]/);
  });
});

describe('public holidays (@brazilian-utils)', () => {
  it('are the national ones of the law for any year, Good Friday from Easter, 20 de novembro from 2024', () => {
    const y = nationalHolidays(2026);
    expect(y).toHaveLength(10);
    expect(y[0]).toEqual({ data: '2026-01-01', descricao: expect.any(String), esfera: 'nacional' });
    expect(y.map((h) => h.data)).toEqual([...y.map((h) => h.data)].sort());
    expect(isNationalHoliday('2026-04-03')).toBe(true); // Sexta-feira Santa
    expect(isNationalHoliday('2027-03-26')).toBe(true);
    expect(isNationalHoliday('2026-11-20')).toBe(true);
    expect(isNationalHoliday('2023-11-20')).toBe(false); // Lei 14.759 is of December 2023
    expect(isNationalHoliday('2026-02-17')).toBe(false); // Carnaval: ponto facultativo
    expect(isNationalHoliday('2026-06-04')).toBe(false); // Corpus Christi: ponto facultativo
  });
  it("add the company's state holidays, each day once", () => {
    expect(isPublicHoliday('2026-07-09', 'SP')).toBe(true); // Revolução Constitucionalista
    expect(isPublicHoliday('2026-07-09', 'sp ')).toBe(true);
    expect(isPublicHoliday('2026-07-09', 'MG')).toBe(false);
    expect(isPublicHoliday('2026-07-09', null)).toBe(false);
    expect(isPublicHoliday('2026-07-09', 'XX')).toBe(false);
    const sp = publicHolidays(2026, 'SP');
    expect(sp.find((h) => h.data === '2026-07-09')).toMatchObject({ esfera: 'estadual' });
    expect(sp.filter((h) => h.data === '2026-11-20')).toEqual([expect.objectContaining({ esfera: 'nacional' })]);
    expect(publicHolidays(2026, 'MG')).toEqual(nationalHolidays(2026));
  });
});
