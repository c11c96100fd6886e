/**
 * Idempotency-Key on creates (issue 10 item 13): a create sent again with the same key answers the first record,
 * also when the process that made it died before answering; concurrent twins make one record; a key is the
 * user's own and belongs to one request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { idempotencyKeys } from '../src/db/schema.base.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let other: string;
beforeAll(async () => {
  t = await makeApp();
  admin = await t.login('admin@paco.demo');
  other = await t.login('operador@paco.demo');
});
afterAll(async () => { await t?.close(); });

const post = (url: string, body: unknown, key?: string, token = admin) =>
  t.call('POST', url, { token, body, headers: key ? { 'idempotency-key': key } : {} });
const count = async (name: string): Promise<number> =>
  (await t.call('GET', `/api/parties?q=${encodeURIComponent(name)}`, { token: admin })).json().meta.total;

describe('Idempotency-Key', () => {
  it('a create sent twice with one key makes one record and answers it twice', async () => {
    const body = { name: 'Partido Idempotente', abbreviations: 'PIDEM' };
    const a = await post('/api/parties', body, 'chave-unica-0001');
    expect(a.statusCode, a.body).toBe(201);
    const b = await post('/api/parties', body, 'chave-unica-0001');
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json().data.id).toBe(a.json().data.id);
    expect(await count('Partido Idempotente')).toBe(1);
    // without a key, a second create is a second record
    expect((await post('/api/parties', { name: 'Partido Idempotente', abbreviations: 'PIDE2' })).statusCode).toBe(201);
    expect(await count('Partido Idempotente')).toBe(2);
  });

  it('when the process died after its commit (no answer kept), the retry answers the record it made', async () => {
    const body = { name: 'Partido Sobrevivente', abbreviations: 'PSOB' };
    const a = await post('/api/parties', body, 'chave-morte-0001');
    expect(a.statusCode).toBe(201);
    // what a process killed between the commit and the answer leaves behind: the key with its record, no answer
    await t.database.db.update(idempotencyKeys).set({ status: null, body: null }).where(eq(idempotencyKeys.key, 'chave-morte-0001'));
    const b = await post('/api/parties', body, 'chave-morte-0001');
    expect(b.statusCode).toBe(201);
    expect(b.json().data).toMatchObject({ id: a.json().data.id, name: 'Partido Sobrevivente' });
    expect(await count('Partido Sobrevivente')).toBe(1);
  });

  it('concurrent twins make one record', async () => {
    const body = { name: 'Partido Simultâneo', abbreviations: 'PSIM' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => post('/api/parties', body, 'chave-gemea-0001')));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.every((c) => c === 201 || c === 409), codes.join()).toBe(true);
    const ids = new Set(answers.filter((r) => r.statusCode === 201).map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    expect(await count('Partido Simultâneo')).toBe(1);
  });

  it('a refused create frees its key; the corrected retry creates', async () => {
    const bad = await post('/api/parties', { name: '' }, 'chave-erro-0001');
    expect(bad.statusCode).toBe(422);
    const ok = await post('/api/parties', { name: 'Partido Corrigido', abbreviations: 'PCOR' }, 'chave-erro-0001');
    expect(ok.statusCode).toBe(201);
  });

  it('a sub-list add and a workflow action answer their first result again', async () => {
    const parl = (await t.call('GET', '/api/parliamentaries?perPage=1', { token: admin })).json().data[0];
    const dep = { name: 'Dependente Idempotente', type_id: null };
    const a = await post(`/api/parliamentaries/${parl.id}/add_dependent`, dep, 'chave-filho-0001');
    expect(a.statusCode, a.body).toBe(201);
    const b = await post(`/api/parliamentaries/${parl.id}/add_dependent`, dep, 'chave-filho-0001');
    expect(b.json().data.id).toBe(a.json().data.id);
    const list = await t.call('GET', `/api/parliamentaries/${parl.id}/get_dependents`, { token: admin });
    expect(list.json().data.filter((d: { name: string }) => d.name === 'Dependente Idempotente')).toHaveLength(1);
  });

  it('a key is one request of one user', async () => {
    const a = await post('/api/parties', { name: 'Partido Chave', abbreviations: 'PCHV' }, 'chave-dona-0001');
    expect(a.statusCode).toBe(201);
    const elsewhere = await post('/api/legislatures', { numero: 99, descricao: 'x' }, 'chave-dona-0001');
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors['Idempotency-Key'][0]).toMatch(/já foi usada/);
    // another user's same key is theirs
    const mine = await post('/api/parties', { name: 'Partido Outra Pessoa', abbreviations: 'POUT' }, 'chave-dona-0001', other);
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json().data.id).not.toBe(a.json().data.id);
    const rows = await t.database.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.key, 'chave-dona-0001')));
    expect(rows).toHaveLength(2);
  });

  it('refuses a malformed key with 422', async () => {
    for (const key of ['curta', 'com espaço no meio', 'x'.repeat(201)]) {
      const res = await post('/api/parties', { name: 'X', abbreviations: 'X' }, key);
      expect(res.statusCode, key).toBe(422);
      expect(res.json().errors['Idempotency-Key']).toBeDefined();
    }
  });
});
