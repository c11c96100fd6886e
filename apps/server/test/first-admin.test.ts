/** The first superadmin of an installation without demo data (npm run admin:create), and the demo default per database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createFirstAdmin } from '../src/seed/first-admin.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await makeApp({ seedDemo: false }); });
afterAll(async () => { await t?.close(); });

describe('first administrator', () => {
  it('creates an entity with a licence and a superadmin who signs in and sees it', async () => {
    const r = await createFirstAdmin(t.database.db, { email: ' Chefe@Camara.gov.br ', name: 'Chefe', company: 'Câmara Municipal de Teste', password: 'senha-forte-123' }, 1024);
    const login = await t.call('POST', '/api/login', { body: { email: 'chefe@camara.gov.br', password: 'senha-forte-123' } });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user.roles).toEqual([{ name: 'superadmin' }]);
    expect(login.json().user.company.id).toBe(r.companyId);
    const token = login.json().token as string;
    expect((await t.call('GET', '/api/companies', { token })).json().data.map((c: { name: string }) => c.name)).toEqual(['Câmara Municipal de Teste']);
  });

  it('refuses a taken e-mail or a short password, and generates one when none is given', async () => {
    await expect(createFirstAdmin(t.database.db, { email: 'chefe@camara.gov.br', name: 'Outro', company: 'X' }, 1024)).rejects.toThrow(/Já existe/);
    await expect(createFirstAdmin(t.database.db, { email: 'b@c.gov.br', name: 'B', company: 'X', password: 'curta' }, 1024)).rejects.toThrow(/mínimo/);
    const g = await createFirstAdmin(t.database.db, { email: 'gerada@c.gov.br', name: 'G', company: 'Câmara Municipal de Teste' }, 1024);
    expect(g.generated).toBe(true);
    expect((await t.call('POST', '/api/login', { body: { email: 'gerada@c.gov.br', password: g.password } })).statusCode).toBe(200);
  });

  it('seeds demo data by default only on the embedded database', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/y' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/y', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });
});
