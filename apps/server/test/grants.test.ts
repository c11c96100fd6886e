/**
 * Who may grant what, and who may touch which account (issue 10 item 1, decision 0010), attacked from every
 * staff role that can reach Configurações › Usuários: nobody raises their own rights, nobody takes over or
 * removes an account of their level or above, and a refused request leaves no trace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const roleId: Record<string, number> = {};
const userId: Record<string, number> = {};

interface Account { email: string; roles: string[] }
/** the Câmara's extra accounts for roles the demo has no account for */
const EXTRA: Record<string, Account> = {
  mananger: { email: 'gestor@exemplo.gov.br', roles: ['mananger'] },
  ouvidoria: { email: 'ouvidor@exemplo.gov.br', roles: ['ouvidoria'] },
  plain: { email: 'servidor@exemplo.gov.br', roles: [] },
  admin2: { email: 'admin2@exemplo.gov.br', roles: ['admin'] },
};

const idOf = async (email: string, token: string): Promise<number> => {
  const res = await t.call('GET', `/api/users?q=${encodeURIComponent(email)}`, { token });
  const row = (res.json().data as { id: number; email: string }[]).find((u) => u.email === email);
  if (!row) throw new Error(`${email} not found`);
  return row.id;
};

/** an account's roles, read by an admin of its company (the superadmin acts in the Câmara) */
const rolesOf = async (id: number, token = tokens.sa): Promise<string[]> => {
  const res = await t.call('GET', `/api/users/${id}`, { token });
  if (res.statusCode !== 200) throw new Error(`user ${id}: ${res.statusCode}`);
  return (res.json().data.roles as { name: string }[]).map((r) => r.name).sort();
};

beforeAll(async () => {
  t = await makeApp();
  tokens.sa = await t.login('superadmin@paco.demo');
  tokens.admin = await t.login('admin@paco.demo');
  for (const r of (await t.call('GET', '/api/roles?perPage=100', { token: tokens.sa })).json().data as { id: number; name: string }[]) roleId[r.name] = r.id;
  for (const [key, a] of Object.entries(EXTRA)) {
    const res = await t.call('POST', '/api/users', { token: tokens.admin, body: { name: `Conta ${key}`, email: a.email, password: 'senha-da-conta' } });
    expect(res.statusCode, res.body).toBe(201);
    userId[key] = res.json().data.id;
    // admin2 is made admin by the superadmin (an admin may not touch an account once it is admin)
    for (const r of a.roles) {
      const linked = await t.call('POST', `/api/users/${userId[key]}/vincula`, { token: r === 'admin' ? tokens.sa : tokens.admin, body: { role_id: roleId[r] } });
      expect(linked.statusCode, linked.body).toBe(200);
    }
  }
  tokens.mananger = await t.login(EXTRA.mananger.email, 'senha-da-conta');
  tokens.ouvidoria = await t.login(EXTRA.ouvidoria.email, 'senha-da-conta');
  tokens.cm_admin = await t.login('operador@paco.demo');
  tokens.protocolo = await t.login('protocolo@paco.demo');
  tokens.adminPm = await t.login('admin.prefeitura@paco.demo');
  userId.admin = await idOf('admin@paco.demo', tokens.admin);
  userId.cm_admin = await idOf('operador@paco.demo', tokens.admin);
  userId.vereador = await idOf('vereador@paco.demo', tokens.admin);
  userId.protocolo = await idOf('protocolo@paco.demo', tokens.adminPm);
  userId.adminPm = await idOf('admin.prefeitura@paco.demo', tokens.adminPm);
});
afterAll(async () => { await t?.close(); });

/** The four staff roles that reach Configurações › Usuários, each with its own account and its company's admin. */
const ATTACKERS = [
  { who: 'protocolo', admin: 'adminPm' },
  { who: 'cm_admin', admin: 'admin' },
  { who: 'mananger', admin: 'admin' },
  { who: 'ouvidoria', admin: 'admin' },
] as const;

describe.each(ATTACKERS)('$who cannot raise its rights or take over an account', ({ who, admin }) => {
  it('cannot grant itself admin, superadmin or every role, and its roles stay as they were', async () => {
    const me = userId[who];
    const reader = tokens[admin];
    const before = await rolesOf(me, reader);
    for (const role of ['admin', 'superadmin']) {
      const res = await t.call('POST', `/api/users/${me}/vincula`, { token: tokens[who], body: { role_id: roleId[role] } });
      expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
      expect(res.json().message).toBe('Você não pode alterar as suas próprias funções.');
    }
    expect((await t.call('POST', `/api/users/${me}/vincula_all`, { token: tokens[who] })).statusCode).toBe(403);
    expect((await t.call('POST', `/api/users/${me}/desvincula_all`, { token: tokens[who] })).statusCode).toBe(403);
    expect((await t.call('POST', `/api/admin/users/${me}/vincula`, { token: tokens[who], body: { role_id: roleId.admin } })).statusCode).toBe(403);
    expect(await rolesOf(me, reader)).toEqual(before);
    expect((await t.call('GET', '/api/admin/users', { token: tokens[who] })).statusCode).toBe(403);
  });

  it("cannot set an admin's password or e-mail, delete it or strip its roles", async () => {
    const target = userId[admin];
    const reader = tokens[admin];
    const before = await rolesOf(target, reader);
    const pw = await t.call('PUT', `/api/users/${target}`, { token: tokens[who], body: { password: 'tomada-de-conta' } });
    expect(pw.statusCode).toBe(403);
    const email = await t.call('PUT', `/api/users/${target}`, { token: tokens[who], body: { email: 'atacante@exemplo.com' } });
    expect(email.statusCode).toBe(403);
    expect((await t.call('POST', `/api/users/${target}?_method=PUT`, { token: tokens[who], body: { password: 'tomada-de-conta' } })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/users/${target}`, { token: tokens[who] })).statusCode).toBe(403);
    expect((await t.call('POST', `/api/users/${target}/desvincula`, { token: tokens[who], body: { role_id: roleId.admin } })).statusCode).toBe(403);
    expect((await t.call('POST', `/api/users/${target}/desvincula_all`, { token: tokens[who] })).statusCode).toBe(403);
    expect(await rolesOf(target, reader)).toEqual(before);
    const email0 = admin === 'admin' ? 'admin@paco.demo' : 'admin.prefeitura@paco.demo';
    expect((await t.call('POST', '/api/login', { body: { email: email0, password: 'paco-demo' } })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/login', { body: { email: email0, password: 'tomada-de-conta' } })).statusCode).toBe(401);
  });

  it('still reads the users and their contacts (a read-and-contacts view)', async () => {
    const list = await t.call('GET', '/api/users', { token: tokens[who] });
    expect(list.statusCode).toBe(200);
    const target = userId[admin];
    expect((await t.call('GET', `/api/users/${target}`, { token: tokens[who] })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/users/${target}/contacts`, { token: tokens[who] })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/users', { token: tokens[who], body: { name: 'Nova', email: `nova.${who}@exemplo.com`, password: 'senha-forte-1' } })).statusCode).toBe(403);
  });
});

describe('module administrators grant the roles of their module, to accounts below them', () => {
  it('cm_admin grants and revokes cm_parlamentar on a plain account, but not protocolo, admin or its own roles', async () => {
    const plain = userId.plain;
    const ok = await t.call('POST', `/api/users/${plain}/vincula`, { token: tokens.cm_admin, body: { role_id: roleId.cm_parlamentar } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await rolesOf(plain)).toEqual(['cm_parlamentar']);
    const mixed = await t.call('POST', `/api/users/${plain}/vincula`, { token: tokens.cm_admin, body: { role_ids: [roleId.cm_author, roleId.protocolo] } });
    expect(mixed.statusCode).toBe(403);
    expect(mixed.json().message).toBe('Você não pode atribuir nem retirar a função "protocolo".');
    expect(await rolesOf(plain)).toEqual(['cm_parlamentar']);
    // vincula_all hands out only what it may grant
    const all = await t.call('POST', `/api/users/${plain}/vincula_all`, { token: tokens.cm_admin });
    expect(all.statusCode).toBe(200);
    const granted = await rolesOf(plain);
    expect(granted.every((r) => r.startsWith('cm_') && r !== 'cm_admin')).toBe(true);
    expect(granted).toHaveLength(10);
    expect((await t.call('POST', `/api/users/${plain}/desvincula_all`, { token: tokens.cm_admin })).statusCode).toBe(200);
    expect(await rolesOf(plain)).toEqual([]);
  });

  it('cm_admin cannot touch another module administrator (same level)', async () => {
    const res = await t.call('POST', `/api/users/${userId.mananger}/vincula`, { token: tokens.cm_admin, body: { role_id: roleId.cm_parlamentar } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/nível igual ou superior/);
  });

  it('protocolo and ouvidoria grant nothing', async () => {
    for (const who of ['ouvidoria'] as const) {
      const res = await t.call('POST', `/api/users/${userId.plain}/vincula`, { token: tokens[who], body: { role_id: roleId.cm_parlamentar } });
      expect(res.statusCode).toBe(403);
    }
    expect(await rolesOf(userId.plain)).toEqual([]);
  });
});

describe('administrators and the superadmin', () => {
  it('an admin grants admin to a lower account, then may no longer touch it; the superadmin may', async () => {
    const res = await t.call('POST', `/api/users/${userId.plain}/vincula`, { token: tokens.admin, body: { role_id: roleId.admin } });
    expect(res.statusCode).toBe(200);
    const strip = await t.call('POST', `/api/users/${userId.plain}/desvincula`, { token: tokens.admin, body: { role_id: roleId.admin } });
    expect(strip.statusCode).toBe(403);
    expect((await t.call('PUT', `/api/users/${userId.plain}`, { token: tokens.admin, body: { password: 'outra-senha-1' } })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/users/${userId.admin2}`, { token: tokens.admin })).statusCode).toBe(403);
    const byRoot = await t.call('POST', `/api/users/${userId.plain}/desvincula`, { token: tokens.sa, body: { role_id: roleId.admin } });
    expect(byRoot.statusCode).toBe(200);
    expect(await rolesOf(userId.plain)).toEqual([]);
  });

  it('nobody changes its own roles, not even the superadmin', async () => {
    const saId = await idOf('superadmin@paco.demo', tokens.sa);
    const res = await t.call('POST', `/api/users/${saId}/desvincula_all`, { token: tokens.sa });
    expect(res.statusCode).toBe(403);
    expect((await t.call('POST', `/api/users/${userId.admin}/vincula_all`, { token: tokens.admin })).statusCode).toBe(403);
  });

  it('an admin sets a lower account\'s password: the account\'s sessions end at once', async () => {
    const victim = await t.login(EXTRA.ouvidoria.email, 'senha-da-conta');
    expect((await t.call('GET', '/api/load-user', { token: victim })).statusCode).toBe(200);
    const res = await t.call('PUT', `/api/users/${userId.ouvidoria}`, { token: tokens.admin, body: { password: 'senha-nova-123' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.call('GET', '/api/load-user', { token: victim })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/load-user', { token: tokens.ouvidoria })).statusCode).toBe(401);
    tokens.ouvidoria = await t.login(EXTRA.ouvidoria.email, 'senha-nova-123');
    // and likewise for a new e-mail
    const other = await t.login(EXTRA.ouvidoria.email, 'senha-nova-123');
    expect((await t.call('PUT', `/api/users/${userId.ouvidoria}`, { token: tokens.admin, body: { email: 'ouvidor2@exemplo.gov.br' } })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/load-user', { token: other })).statusCode).toBe(401);
    EXTRA.ouvidoria.email = 'ouvidor2@exemplo.gov.br';
    tokens.ouvidoria = await t.login(EXTRA.ouvidoria.email, 'senha-nova-123');
  });

  it('own password and e-mail are changed in the profile, not through the users screens', async () => {
    const res = await t.call('PUT', `/api/users/${userId.admin}`, { token: tokens.admin, body: { password: 'minha-nova-senha' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password[0]).toMatch(/Gerenciar Perfil/);
    // the name is fine
    expect((await t.call('PUT', `/api/users/${userId.admin}`, { token: tokens.admin, body: { name: 'Administrador(a) da Câmara' } })).statusCode).toBe(200);
  });

  it('a deleted and restored account does not get its old sessions back', async () => {
    const victim = await t.login(EXTRA.mananger.email, 'senha-da-conta');
    expect((await t.call('DELETE', `/api/admin/users/${userId.mananger}`, { token: tokens.admin })).statusCode).toBe(204);
    expect((await t.call('POST', `/api/admin/users/${userId.mananger}/restore`, { token: tokens.admin })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/load-user', { token: victim })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/load-user', { token: tokens.mananger })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/login', { body: { email: EXTRA.mananger.email, password: 'senha-da-conta' } })).statusCode).toBe(200);
  });

  it('an admin cannot restore or delete an account of its own level', async () => {
    expect((await t.call('DELETE', `/api/admin/users/${userId.admin2}`, { token: tokens.admin })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/admin/users/${userId.admin2}`, { token: tokens.sa })).statusCode).toBe(204);
    expect((await t.call('POST', `/api/admin/users/${userId.admin2}/restore`, { token: tokens.admin })).statusCode).toBe(403);
    expect((await t.call('POST', `/api/admin/users/${userId.admin2}/restore`, { token: tokens.sa })).statusCode).toBe(200);
  });
});

describe('deleted accounts', () => {
  it('are listed only for who may delete (and restore) them', async () => {
    expect((await t.call('GET', '/api/users?trashed=only', { token: tokens.cm_admin })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/users?trashed=only', { token: tokens.admin })).statusCode).toBe(200);
  });
});
