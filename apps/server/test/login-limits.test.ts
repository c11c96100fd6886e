/**
 * Sign-in limits (issue 10 item 5): counted in the database before the password is checked, per (account, IP),
 * per account and per IP; an IP or account lock keeps out only the places an account never signed in from, so
 * a city hall behind one NAT is not locked out by one person. With two server processes on one PostgreSQL
 * database the counters are shared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { makeApp, usingPostgres, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t?.close(); });

const login = (email: string, password: string, ip: string, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, payload: { email, password } });

describe('login limits', () => {
  it('evaluates at most 5 of 40 concurrent wrong passwords for one account from one address', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login('cultura@paco.demo', `errada-${i}`, '10.9.0.1')));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(35);
    expect(answers.find((r) => r.statusCode === 429)!.json().message).toMatch(/^Muitas tentativas\. Tente novamente em \d+ minutos?\.$/);
    // the right password from that address waits too; from the account's usual place it goes in
    expect((await login('cultura@paco.demo', 'paco-demo', '10.9.0.1')).statusCode).toBe(429);
  });

  it('a right password takes its attempt back', async () => {
    for (let i = 0; i < 4; i++) expect((await login('grupo@paco.demo', 'errada', '10.9.0.2')).statusCode).toBe(401);
    expect((await login('grupo@paco.demo', 'paco-demo', '10.9.0.2')).statusCode).toBe(200);
    // the pair starts over
    for (let i = 0; i < 5; i++) expect((await login('grupo@paco.demo', 'errada', '10.9.0.2')).statusCode).toBe(401);
    expect((await login('grupo@paco.demo', 'errada', '10.9.0.2')).statusCode).toBe(429);
  });

  it('guessing one account from many addresses locks it only for addresses it never signed in from', async () => {
    // the account's usual place
    expect((await login('artista@paco.demo', 'paco-demo', '10.9.1.1')).statusCode).toBe(200);
    await Promise.all(Array.from({ length: 21 }, (_, i) => login('artista@paco.demo', 'errada', `10.9.2.${i + 1}`)));
    const stranger = await login('artista@paco.demo', 'paco-demo', '10.9.3.1');
    expect(stranger.statusCode).toBe(429);
    expect((await login('artista@paco.demo', 'paco-demo', '10.9.1.1')).statusCode).toBe(200);
  });

  it('an address trying many accounts is held back only for accounts that never signed in from it', async () => {
    const nat = '10.9.4.1';
    // the prefeitura's protocol clerk signs in from the city hall's NAT every day
    expect((await login('protocolo@paco.demo', 'paco-demo', nat)).statusCode).toBe(200);
    await Promise.all(Array.from({ length: 51 }, (_, i) => login(`alguem${i}@exemplo.com`, 'errada', nat)));
    expect((await login('alguem-novo@exemplo.com', 'errada', nat)).statusCode).toBe(429);
    expect((await login('admin.prefeitura@paco.demo', 'paco-demo', nat)).statusCode).toBe(429);
    expect((await login('protocolo@paco.demo', 'paco-demo', nat)).statusCode).toBe(200);
    // another address is not affected
    expect((await login('admin.prefeitura@paco.demo', 'paco-demo', '10.9.4.2')).statusCode).toBe(200);
  });

  it.runIf(usingPostgres())('two server processes on one database count together', async () => {
    const database = await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    const other = await buildApp(t.config, database, { logger: false });
    await other.ready();
    try {
      const ip = '10.9.5.1';
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login('vereador5@paco.demo', `x-${i}`, ip, i % 2 ? other : t.app)));
      expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(5);
      expect((await login('vereador5@paco.demo', 'paco-demo', ip, other)).statusCode).toBe(429);
      expect((await login('vereador5@paco.demo', 'paco-demo', ip, t.app)).statusCode).toBe(429);
    } finally {
      await other.close();
      await database.close();
    }
  });
});
