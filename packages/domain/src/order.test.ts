/** Dates in order (`ResourceDef.order`) and range filters (`rangeFilterFields`, `rangeBound`), as the form and the server read them. */
import { describe, expect, it } from 'vitest';
import { listQueryOf, orderProblems, rangeBound, rangeFilterFields, withOrder, createSchema } from './resource.ts';
import { resources } from './resources.ts';
import { events } from './resources/conteudo.ts';
import { meetings, matters } from './resources/materias.ts';

describe('order', () => {
  it('refuses an end before its start on the end field, for dates with and without time and PostgreSQL text', () => {
    expect(orderProblems(events, { dataInicio: '2026-12-10T19:00:00-03:00', dataFim: '2026-12-10T18:00:00-03:00' })).toEqual({ dataFim: ['O campo Fim não pode ser anterior a Início.'] });
    // the same instant written two ways is not "before"
    expect(orderProblems(events, { dataInicio: '2026-12-10 22:00:00+00', dataFim: '2026-12-10T19:00:00-03:00' })).toEqual({});
    expect(orderProblems(events, { dataInicio: '2026-12-10 22:00:00.5+00', dataFim: '2026-12-10T19:00:00-03:00' })).toEqual({ dataFim: ['O campo Fim não pode ser anterior a Início.'] });
    expect(orderProblems(meetings, { horaInicio: '14:00', horaFim: '13:59:59' })).toEqual({ horaFim: ['O término não pode ser anterior ao início.'] });
    expect(orderProblems(meetings, { horaInicio: '14:00', horaFim: '' })).toEqual({});
    expect(orderProblems(events, { dataInicio: null, dataFim: '2026-01-01T00:00:00Z' })).toEqual({});
  });

  it('is declared only on date, date-and-time and time fields that exist', () => {
    for (const r of resources) {
      for (const o of r.order ?? []) {
        for (const k of [o.from, o.to]) expect(['date', 'datetime', 'time'], `${r.name}.${k}`).toContain(r.fields[k]?.kind);
      }
    }
    expect(resources.filter((r) => r.order?.length).length).toBeGreaterThanOrEqual(15);
  });

  it('puts the refusal beside the end field in the form schema', () => {
    const res = withOrder(events, createSchema(events)).safeParse({ title: 'x', dataInicio: '2026-12-10T19:00', dataFim: '2026-12-10T18:00' });
    expect(res.success).toBe(false);
    expect(res.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['dataFim', 'O campo Fim não pode ser anterior a Início.']]);
  });
});

describe('range filters', () => {
  it('offers from/until on every date and number field and the timestamps, not on texts or references', () => {
    const keys = rangeFilterFields(matters).map(([k]) => k);
    expect(keys).toEqual(expect.arrayContaining(['dataApresentacao', 'ano', 'created_at', 'updated_at']));
    expect(keys).not.toContain('ementa');
    expect(keys).not.toContain('type_id');
    const shape = Object.keys(listQueryOf(matters).shape);
    expect(shape).toEqual(expect.arrayContaining(['dataApresentacao_gte', 'dataApresentacao_lte', 'ano_gte', 'created_at_lte']));
  });

  it('checks each bound for its kind, with pt-BR reasons', () => {
    const date = matters.fields.dataApresentacao!;
    expect(rangeBound(date, '2026-02-28')).toEqual({ value: '2026-02-28' });
    expect(rangeBound(date, '2026-02-30')).toEqual({ error: 'Filtro inválido em Data de apresentação: informe uma data (AAAA-MM-DD).' });
    expect(rangeBound(matters.fields.ano!, '2026')).toEqual({ value: 2026 });
    expect('error' in rangeBound(matters.fields.ano!, '2026.5')).toBe(true);
    const when = { kind: 'datetime', label: 'Registrado em' } as const;
    expect(rangeBound(when, '2026-03-31')).toEqual({ value: '2026-03-31' });
    expect(rangeBound(when, '2026-03-31T23:59')).toEqual({ value: '2026-03-31T23:59' });
    expect('error' in rangeBound(when, '2026-03-31T25:00')).toBe(true);
    const money = { kind: 'money', label: 'Valor' } as const;
    expect(rangeBound(money, '1500.50')).toEqual({ value: '1500.50' });
    expect(rangeBound(money, '1.500,50')).toEqual({ error: 'Filtro inválido em Valor: informe um número (use ponto para os decimais).' });
    expect(listQueryOf(matters).safeParse({ dataApresentacao_gte: 'ontem' }).success).toBe(false);
  });
});
