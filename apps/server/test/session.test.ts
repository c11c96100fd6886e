import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeApp, usingPostgres, type TestApp } from './helpers.ts';
import { liberations } from '../src/db/schema.generated.ts';
import { accessTokens, roleUser } from '../src/db/schema.base.ts';
import { users } from '../src/db/schema.generated.ts';
import { todayInSaoPaulo } from '../src/auth/session.ts';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t?.close(); });

describe('login and session', () => {
  it('signs in and answers user and token with roles, permissions and company', async () => {
    const res = await t.call('POST', '/api/login', { body: { email: 'Operador@Paco.Demo', password: 'paco-demo' } });
    expect(res.statusCode).toBe(200);
    const { user, token } = res.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(user.email).toBe('operador@paco.demo');
    expect(user.roles.map((r: { name: string }) => r.name).sort()).toEqual(['cm_admin', 'cm_operador_painel', 'cm_operador_sessao']);
    expect(user.permissions.map((p: { name: string }) => p.name)).toContain('view_plenary_session');
    expect(user.company.name).toBe('Câmara Municipal de Vila Serena');
    expect(user.company.brasao.url).toMatch(/^\/api\/files\/.+\.png\?exp=0&sig=/);
    const img = await t.call('GET', user.company.brasao.url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
  });

  it('stores only a hash of the token', async () => {
    const token = await t.login('admin@paco.demo');
    const rows = await t.database.db.select().from(accessTokens);
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('answers the same for a wrong password and an unknown e-mail', async () => {
    const a = await t.call('POST', '/api/login', { body: { email: 'admin@paco.demo', password: 'errada123' } });
    const b = await t.call('POST', '/api/login', { body: { email: 'ninguem@paco.demo', password: 'errada123' } });
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.json()).toEqual(b.json());
    expect(a.json().message).toBe('E-mail ou senha incorretos.');
  });

  it('validates the login body with pt-BR field messages', async () => {
    const res = await t.call('POST', '/api/login', { body: { email: '' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email[0]).toBe('Informe o e-mail.');
    expect(res.json().errors.password[0]).toBe('Informe a senha.');
  });

  it('load-user, load-session (rotates) and logout (revokes)', async () => {
    const token = await t.login('vereador@paco.demo');
    const me = await t.call('GET', '/api/load-user', { token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.roles).toEqual([{ name: 'cm_parlamentar' }]);
    const fresh = await t.call('POST', '/api/load-session', { token });
    expect(fresh.statusCode).toBe(200);
    const newToken = fresh.json().token;
    expect(newToken).not.toBe(token);
    expect((await t.call('GET', '/api/load-user', { token })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/load-user', { token: newToken })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/logout', { token: newToken })).statusCode).toBe(204);
    expect((await t.call('GET', '/api/load-user', { token: newToken })).statusCode).toBe(401);
  });

  it('refuses requests without a token or with a forged one', async () => {
    expect((await t.call('GET', '/api/load-user')).statusCode).toBe(401);
    const r = await t.call('GET', '/api/admin/users', { token: 'x'.repeat(43) });
    expect(r.statusCode).toBe(401);
    expect(r.json().message).toMatch(/Sessão expirada/);
  });

  it('expires a session after inactivity', async () => {
    const token = await t.login('admin@paco.demo');
    await t.database.db.update(accessTokens).set({ last_used_at: new Date(Date.now() - 3 * 3600_000).toISOString() });
    expect((await t.call('GET', '/api/load-user', { token })).statusCode).toBe(401);
  });

  it('refuses sign-in when the company licence has ended, with the date', async () => {
    const [lib] = await t.database.db.select().from(liberations).where(eq(liberations.company_id, 2));
    await t.database.db.update(liberations).set({ date_end: '2026-01-31' }).where(eq(liberations.id, lib.id));
    try {
      const res = await t.call('POST', '/api/login', { body: { email: 'protocolo@paco.demo', password: 'paco-demo' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Acesso da entidade expirado em 31/01/2026');
      expect(res.json().token).toBeUndefined();
    } finally {
      await t.database.db.update(liberations).set({ date_end: lib.date_end }).where(eq(liberations.id, lib.id));
    }
  });

  it('rate-limits login attempts per account', async () => {
    let last = 0;
    for (let i = 0; i < 10; i++) {
      last = (await t.call('POST', '/api/login', { body: { email: 'cultura@paco.demo', password: `errada-${i}` } })).statusCode;
    }
    expect(last).toBe(429);
    const res = await t.call('POST', '/api/login', { body: { email: 'cultura@paco.demo', password: 'paco-demo' } });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Muitas tentativas/);
  });

  it('lets only a superadmin switch the company it acts in', async () => {
    const admin = await t.login('admin@paco.demo');
    expect((await t.call('POST', '/api/session/company', { token: admin, body: { company_id: 2 } })).statusCode).toBe(403);
    const sa = await t.login('superadmin@paco.demo');
    const res = await t.call('POST', '/api/session/company', { token: sa, body: { company_id: 2 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.company.name).toBe('Prefeitura Municipal de Vila Serena');
    const users = await t.call('GET', '/api/admin/users?perPage=100', { token: sa });
    expect(users.json().data.map((u: { email: string }) => u.email)).toContain('protocolo@paco.demo');
    expect(users.json().data.map((u: { email: string }) => u.email)).not.toContain('admin@paco.demo');
  });
});

/**
 * Sessions are kept in memory for a few seconds (auth/session.ts SessionCache); whatever changes them must take
 * effect on the very next call, whether it went through the API, straight to the database, or through another
 * server process.
 */
describe('cached sessions follow every change', () => {
  it('a role taken away, a licence ended or a token revoked in the database applies to the next call', async () => {
    const token = await t.login('protocolo@paco.demo');
    const [me] = await t.database.db.select().from(users).where(eq(users.email, 'protocolo@paco.demo'));
    const rolesBefore = await t.database.db.select().from(roleUser).where(eq(roleUser.user_id, me.id));
    expect((await t.call('GET', '/api/load-user', { token })).statusCode).toBe(200);
    const list = async () => (await t.call('GET', '/api/processes', { token })).statusCode;
    expect(await list()).toBe(200);
    await t.database.db.delete(roleUser).where(eq(roleUser.user_id, me.id));
    try {
      expect(await list()).toBe(403);
    } finally {
      await t.database.db.insert(roleUser).values(rolesBefore.map(({ user_id, role_id }) => ({ user_id, role_id })));
    }
    expect(await list()).toBe(200);

    const [lib] = await t.database.db.select().from(liberations).where(eq(liberations.company_id, me.company_id));
    await t.database.db.update(liberations).set({ date_end: '2026-01-31' }).where(eq(liberations.id, lib.id));
    try {
      const res = await t.call('GET', '/api/processes', { token });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Acesso da entidade expirado em 31/01/2026');
    } finally {
      await t.database.db.update(liberations).set({ date_end: lib.date_end }).where(eq(liberations.id, lib.id));
    }
    expect(await list()).toBe(200);

    await t.database.db.update(accessTokens).set({ revoked_at: new Date().toISOString() }).where(eq(accessTokens.user_id, me.id));
    expect(await list()).toBe(401);
  });

  it('a user deleted applies to the next call', async () => {
    const token = await t.login('artista@paco.demo');
    expect((await t.call('GET', '/api/load-user', { token })).statusCode).toBe(200);
    const [me] = await t.database.db.select().from(users).where(eq(users.email, 'artista@paco.demo'));
    await t.database.db.update(users).set({ deleted_at: new Date().toISOString() }).where(eq(users.id, me.id));
    try {
      expect((await t.call('GET', '/api/load-user', { token })).statusCode).toBe(401);
    } finally {
      await t.database.db.update(users).set({ deleted_at: null }).where(eq(users.id, me.id));
    }
  });

  it.runIf(usingPostgres())('a logout on one server process is refused by another at once', async () => {
    const b = await makeApp({ databaseUrl: t.config.databaseUrl });
    try {
      const token = await t.login('admin.prefeitura@paco.demo');
      // B has the session in memory
      expect((await b.call('GET', '/api/load-user', { token })).statusCode).toBe(200);
      expect((await b.call('GET', '/api/load-user', { token })).statusCode).toBe(200);
      expect((await t.call('POST', '/api/logout', { token })).statusCode).toBe(204);
      // the other process hears of it through NOTIFY: allow the notification its few milliseconds
      const until = Date.now() + 1000;
      let status = 200;
      while (status === 200 && Date.now() < until) {
        status = (await b.call('GET', '/api/load-user', { token })).statusCode;
        if (status === 200) await new Promise((r) => setTimeout(r, 10));
      }
      expect(status).toBe(401);
    } finally {
      await b.close();
    }
  });
});

describe("today's date in São Paulo", () => {
  it('follows the clock, also when it moves back or past midnight', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-10T12:00:00Z') });
    try {
      expect(todayInSaoPaulo()).toBe('2026-03-10');
      vi.setSystemTime(new Date('2026-03-09T12:00:00Z'));
      expect(todayInSaoPaulo()).toBe('2026-03-09');
      vi.setSystemTime(new Date('2026-03-11T02:59:00Z')); // 23:59 in São Paulo
      expect(todayInSaoPaulo()).toBe('2026-03-10');
      vi.setSystemTime(new Date('2026-03-11T03:00:01Z'));
      expect(todayInSaoPaulo()).toBe('2026-03-11');
    } finally {
      vi.useRealTimers();
    }
  });
});
