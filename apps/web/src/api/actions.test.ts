import { describe, expect, it, vi } from 'vitest';
import { plenaryMatters, plenarySessions, speakers } from '@paco/domain/resources/materias';
import { vottings } from '@paco/domain/resources/plenario';
import { actionPath, call, dataOf, subPaths, type Transport } from './actions';
import type { RequestOptions } from './client';

/** A transport that records what would be sent. */
const recorder = () => {
  const sent: { path: string; opts: RequestOptions }[] = [];
  const via: Transport = <T>(path: string, opts: RequestOptions) => {
    sent.push({ path, opts });
    return Promise.resolve({ data: null } as T);
  };
  return { sent, via };
};

describe('declared calls', () => {
  it('take the URL and the method from the declaration, parameters filled and encoded', async () => {
    const { sent, via } = recorder();
    await call(plenarySessions, 'iniciar', { params: { id: 7 } }, via);
    await call(plenaryMatters, 'close_votting', { params: { id: 3 }, input: { sim: 5, nao: 2 } }, via);
    await call(speakers, 'start', { input: { id: 9 } }, via);
    await call(plenarySessions, 'speakers_of', { params: { id: 7, type: 'ordem dia' } }, via);
    expect(sent.map((s) => [s.opts.method ?? 'GET', s.path])).toEqual([
      ['POST', 'plenary_sessions/7/iniciar'],
      ['PUT', 'plenary_matters/3/close_votting'],
      ['PUT', 'speaker/start'],
      ['GET', 'plenary_sessions/7/speakers/ordem%20dia'],
    ]);
    expect(sent[1].opts.body).toEqual({ sim: 5, nao: 2 });
    expect(sent[0].opts.body).toBeUndefined();
  });

  it('send a GET action’s input as its query', async () => {
    const { sent, via } = recorder();
    await call(vottings, 'history', { params: { id: 4 } }, via);
    const holidays = { path: 'holidays', actions: { calendar: { method: 'GET', path: 'calendar', summary: '', access: 'authenticated' } } } as const;
    await call(holidays, 'calendar', { input: { ano: 2026 } } as never, via);
    expect(sent[1]).toMatchObject({ path: 'holidays/calendar', opts: { query: { ano: 2026 } } });
    expect(sent[1].opts.body).toBeUndefined();
  });

  it('refuse an action the definition does not declare, and a missing parameter', () => {
    const { via } = recorder();
    expect(() => call(plenarySessions, 'nao_existe' as never, {} as never, via)).toThrow(/não está declarada/);
    expect(() => actionPath('x', { path: ':id/y' })).toThrow(/falta o parâmetro id/);
  });

  it('are typed by the declaration: `npm run typecheck` fails when a wrong call below compiles', () => {
    const via = vi.fn() as unknown as Transport;
    // never run (the calls are wrong on purpose): what is checked is that each one is a type error
    const wrong = () => [
      // @ts-expect-error a new voting is never a reading
      call(plenaryMatters, 'new_voting', { params: { id: 1 }, input: { motivo: 'Erro.', tipo: 'leitura' } }, via),
      // @ts-expect-error the session's id is required by the path
      call(plenarySessions, 'iniciar', {}, via),
      // @ts-expect-error the speaker's call takes its id in the body, not in the path
      call(speakers, 'start', { params: { id: 1 }, input: { id: 1 } }, via),
    ];
    expect(typeof wrong).toBe('function');
  });
});

describe('the answer envelope', () => {
  it('is `{ data }`; anything else is an error the screen shows', () => {
    expect(dataOf({ data: [1] })).toEqual([1]);
    expect(dataOf({ data: null })).toBeNull();
    expect(() => dataOf([1])).toThrow('O servidor respondeu de um jeito inesperado. Recarregue a página e tente de novo.');
    expect(() => dataOf('sim')).toThrow();
    expect(() => dataOf(null)).toThrow();
  });
});

describe('sub-lists', () => {
  it('list, add and remove under the record', () => {
    const abs = subPaths(plenarySessions.path, 'absences', plenarySessions.children!.absences);
    expect([abs.list(2), abs.add!(2), abs.remove!(2, 8)]).toEqual(['plenary_sessions/2/get_absences', 'plenary_sessions/2/add_absence', 'plenary_sessions/2/absences/8']);
    expect(subPaths('roles', 'users', { remove: 'desvincula' }, false).remove!(1, 5)).toBe('roles/1/desvincula');
  });
});
