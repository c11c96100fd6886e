/**
 * A plenary session's number is unique for its type in its period (SAPL: "Número de Sessão Plenária já existente para
 * a Legislatura, Sessão Legislativa e Tipo informados"): the legislative session; without one, the legislature;
 * without either, the year it opens. Refused with 422 on `numero` and a pt-BR message, on create and on update, and
 * under concurrent creates; other types and periods keep their own numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let op: string;
const types: Record<string, number> = {};
let legislature: number;
let legSessions: { id: number; inicio: string }[];

const post = (body: Record<string, unknown>, token = op) => t.call('POST', '/api/plenary_sessions', { token, body });
const session = (numero: number, extra: Record<string, unknown> = {}) =>
  ({ numero, type_id: types.ordinaria, abertura: '2031-03-10', horarioInicio: '18:00', ...extra });

beforeAll(async () => {
  t = await makeApp();
  op = await t.login('operador@paco.demo');
  for (const x of (await t.call('GET', '/api/types_of/sessions', { token: op })).json().data as { slug: string; id: number }[]) types[x.slug] = x.id;
  legislature = (await t.call('GET', '/api/legislatures?perPage=1', { token: op })).json().data[0].id;
  legSessions = (await t.call('GET', `/api/legislative_sessions?perPage=50&sort=inicio`, { token: op })).json().data;
  expect(legSessions.length).toBeGreaterThan(1);
});
afterAll(async () => { await t?.close(); });

describe('session numbers', () => {
  it('refuses a second session with the number of its type in the same year (no period given), 422 on numero', async () => {
    expect((await post(session(501))).statusCode).toBe(201);
    const again = await post(session(501, { abertura: '2031-09-01', horarioInicio: '09:00' }));
    expect(again.statusCode, again.body).toBe(422);
    expect(again.json().errors.numero).toEqual(['Já existe a 501ª Sessão Ordinária em 2031: a de 10/03/2031. Escolha outro número.']);
    // another type, another year: their own numbers
    expect((await post(session(501, { type_id: types.extraordinaria }))).statusCode).toBe(201);
    expect((await post(session(501, { abertura: '2032-03-10' }))).statusCode).toBe(201);
    // nothing was written by the refusal
    const listed = (await t.call('GET', '/api/plenary_sessions?perPage=50&q=501ª', { token: op })).json().data as { titulo: string }[];
    expect(listed.map((s) => s.titulo).sort()).toEqual(['501ª Sessão Extraordinária de 10/03/2031', '501ª Sessão Ordinária de 10/03/2031', '501ª Sessão Ordinária de 10/03/2032']);
  });

  it('counts in the legislative session when one is given, else in the legislature', async () => {
    const [a, b] = legSessions;
    expect((await post(session(502, { legislative_session_id: a!.id, abertura: a!.inicio }))).statusCode).toBe(201);
    const same = await post(session(502, { legislative_session_id: a!.id, abertura: a!.inicio }));
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.numero[0]).toMatch(/^Já existe a 502ª Sessão Ordinária nesta sessão legislativa: a de /);
    expect((await post(session(502, { legislative_session_id: b!.id, abertura: b!.inicio }))).statusCode).toBe(201);
    expect((await post(session(503, { legislature_id: legislature }))).statusCode).toBe(201);
    const inLeg = await post(session(503, { legislature_id: legislature, abertura: '2031-10-10' }));
    expect(inLeg.statusCode).toBe(422);
    expect(inLeg.json().errors.numero[0]).toMatch(/nesta legislatura/);
  });

  it('counts a session given no legislative session in the one of its opening', async () => {
    // the demo's 38ª Sessão Ordinária opens today, in the legislative session of this year
    const demo = (await t.call('GET', '/api/plenary_sessions?q=38ª Sessão Ordinária&perPage=5', { token: op })).json().data[0];
    expect(demo.legislative_session_id).toBeTruthy();
    const clash = await post(session(38, { abertura: demo.abertura, horarioInicio: '20:00' }));
    expect(clash.statusCode, clash.body).toBe(422);
    expect(clash.json().errors.numero[0]).toMatch(/^Já existe a 38ª Sessão Ordinária nesta sessão legislativa: a de /);
    // the record keeps what was given (who presides follows the legislative session's Mesa only when it is set)
    const made = (await post(session(39, { abertura: demo.abertura, horarioInicio: '20:00' }))).json().data;
    expect(made.legislative_session_id).toBeNull();
    expect((await post(session(39, { abertura: demo.abertura, legislative_session_id: demo.legislative_session_id }))).statusCode).toBe(422);
  });

  it('checks an update that changes the number, type or period, and lets one that keeps them through', async () => {
    const first = (await post(session(504))).json().data;
    const second = (await post(session(505))).json().data;
    const clash = await t.call('PUT', `/api/plenary_sessions/${second.id}`, { token: op, body: { numero: 504 } });
    expect(clash.statusCode, clash.body).toBe(422);
    expect(clash.json().errors.numero[0]).toMatch(/^Já existe a 504ª Sessão Ordinária em 2031/);
    expect((await t.call('GET', `/api/plenary_sessions/${second.id}`, { token: op })).json().data.numero).toBe(505);
    // its own number kept (another field changed), or moved to another year: fine
    expect((await t.call('PUT', `/api/plenary_sessions/${first.id}`, { token: op, body: { ocorrencias: 'Sem ocorrências.', numero: 504 } })).statusCode).toBe(200);
    expect((await t.call('PUT', `/api/plenary_sessions/${second.id}`, { token: op, body: { numero: 504, abertura: '2033-01-05' } })).statusCode).toBe(200);
  });

  it('keeps one of three creates sent at once', async () => {
    const answers = await Promise.all([post(session(506)), post(session(506)), post(session(506))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422]);
    // told under "Número" whether the module's check or the unique index refused it (the key itself is hidden)
    for (const a of answers.filter((x) => x.statusCode === 422)) expect(Object.keys(a.json().errors)).toEqual(['numero']);
    const listed = (await t.call('GET', '/api/plenary_sessions?perPage=50&q=506ª', { token: op })).json();
    expect(listed.meta.total).toBe(1);
  });
});
