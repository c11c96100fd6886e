/**
 * Menu permissions held by the API (decision 0039): a resource named by a spec permission (`view_matter`, …) answers
 * a staff member only when one of their roles carries it, on every route of the resource (list, show, create,
 * update through PUT and through the method override, delete, actions, sub-lists, history); public routes and the
 * superadmin are not held by it. The superadmin takes the permission from a role and gives it back through the API,
 * as on the Funções screen; the session sees the change at once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@paco/domain/resources';
import { DEFAULT_ROLE_PERMISSIONS } from '@paco/domain/roles';
import { migrationsFolder } from '../src/db/client.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let superadmin: string;
let operador: string; // cm_operador_materias only
let roleId: number;
let permissionId: number;
let matterId: number;
const data = (r: { json: () => any }) => r.json().data;
const first = async (q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows[0];

beforeAll(async () => {
  t = await makeApp();
  admin = await t.login('admin@paco.demo');
  superadmin = await t.login('superadmin@paco.demo');
  const email = `materias.${Math.random().toString(36).slice(2, 8)}@paco.demo`;
  const made = await t.call('POST', '/api/admin/users', { token: admin, body: { name: 'Operadora de Matérias', email, password: 'senha-forte-123' } });
  expect(made.statusCode, made.body).toBe(201);
  const role = (data(await t.call('GET', '/api/roles?q=cm_operador_materias&perPage=100', { token: admin })) as { id: number; name: string }[])
    .find((r) => r.name === 'cm_operador_materias')!;
  roleId = role.id;
  const linked = await t.call('POST', `/api/admin/users/${data(made).id}/vincula`, { token: admin, body: { role_id: roleId } });
  expect(linked.statusCode, linked.body).toBeLessThan(300);
  operador = await t.login(email, 'senha-forte-123');
  permissionId = (data(await t.call('GET', '/api/permissions?q=view_matter&perPage=100', { token: superadmin })) as { id: number; name: string }[])
    .find((p) => p.name === 'view_matter')!.id;
  matterId = (data(await t.call('GET', '/api/matters?perPage=1', { token: admin })) as { id: number }[])[0].id;
}, 90_000);
afterAll(async () => { await t?.close(); });

describe('the default permissions', () => {
  it('every role a definition lets reach a permission-held resource carries that permission by default', () => {
    const missing: string[] = [];
    for (const r of resources) {
      if (!r.permission) continue;
      const rules = [r.access.read, r.access.create, r.access.update, r.access.delete, ...Object.values(r.actions ?? {}).map((a) => a.access)];
      for (const rule of rules) {
        if (!Array.isArray(rule)) continue;
        for (const role of rule) {
          if (role !== 'superadmin' && !(DEFAULT_ROLE_PERMISSIONS[role as keyof typeof DEFAULT_ROLE_PERMISSIONS] ?? []).includes(r.permission)) missing.push(`${role} → ${r.permission} (${r.name})`);
        }
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it('the nine resources the spec names carry their permission', () => {
    const held = Object.fromEntries(resources.filter((r) => r.permission).map((r) => [r.name, r.permission]));
    expect(held).toEqual({
      parties: 'view_party', boards: 'view_board', parliamentaries: 'view_parliamentary', matters: 'view_matter',
      propositions: 'view_proposition', norms: 'view_norm', audiences: 'view_audience', commissions: 'view_commission',
      plenary_sessions: 'view_plenary_session',
    });
  });
});

describe('a role without view_matter', () => {
  const matterRoutes = () => [
    ['GET', '/api/matters'],
    ['GET', `/api/matters/${matterId}`],
    ['GET', `/api/matters/${matterId}/audit`],
    ['POST', '/api/matters'],
    ['PUT', `/api/matters/${matterId}`],
    ['POST', `/api/matters/${matterId}?_method=PUT`],
    ['DELETE', `/api/matters/${matterId}`],
  ] as const;

  it('reaches matters while its role carries the permission', async () => {
    expect((await t.call('GET', '/api/matters', { token: operador })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/matters/${matterId}`, { token: operador })).statusCode).toBe(200);
  });

  it('is refused on every route of matters once the superadmin takes it away, and nothing is written', async () => {
    const off = await t.call('DELETE', `/api/roles/${roleId}/desvincula`, { token: superadmin, body: { permission_id: permissionId } });
    expect(off.statusCode, off.body).toBeLessThan(300);
    const before = await first(sql`select count(*)::int as n, max(updated_at)::text as at from matters`);
    for (const [method, url] of matterRoutes()) {
      const res = await t.call(method, url, { token: operador, body: method === 'GET' ? undefined : { ementa: 'Alterada sem permissão' } });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json().message).toBe('Suas funções não têm a permissão “Ver matérias” (view_matter).');
    }
    expect(await first(sql`select count(*)::int as n, max(updated_at)::text as at from matters`)).toEqual(before);
    // the other resources of the role are not held by it
    expect((await t.call('GET', '/api/tramitations', { token: operador })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/propositions', { token: operador })).statusCode).toBe(200);
    // nor is the superadmin, nor an admin whose roles carry it
    expect((await t.call('GET', '/api/matters', { token: superadmin })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/matters', { token: admin })).statusCode).toBe(200);
  });

  it('reaches matters again when the permission comes back', async () => {
    const on = await t.call('POST', `/api/roles/${roleId}/vincula`, { token: superadmin, body: { permission_id: permissionId } });
    expect(on.statusCode, on.body).toBeLessThan(300);
    expect((await t.call('GET', '/api/matters', { token: operador })).statusCode).toBe(200);
  });
});

describe('public routes of a held resource', () => {
  it('answer visitors whatever the roles carry', async () => {
    const company = (await first(sql`select company_id from parliamentaries limit 1`)) as { company_id: number };
    const res = await t.call('GET', `/api/parliamentariesCompany/${company.company_id}`);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('migration 0033', () => {
  it('gives an existing installation the new default links, once', async () => {
    const text = readFileSync(join(migrationsFolder(), '0033_default_role_permissions.sql'), 'utf8');
    const links = sql`select count(*)::int as n from permission_role pr join roles r on r.id = pr.role_id join permissions p on p.id = pr.permission_id
      where (r.name, p.name) in (('cm_operador_norma', 'view_matter'), ('cm_painel_eletronico', 'view_plenary_session'), ('cm_author', 'view_parliamentary'))`;
    expect(await first(links)).toEqual({ n: 3 });
    await t.database.db.execute(sql`delete from permission_role pr using roles r, permissions p where r.id = pr.role_id and p.id = pr.permission_id
      and (r.name, p.name) in (('cm_operador_norma', 'view_matter'), ('cm_painel_eletronico', 'view_plenary_session'), ('cm_author', 'view_parliamentary'))`);
    expect(await first(links)).toEqual({ n: 0 });
    await t.database.db.execute(sql.raw(text));
    await t.database.db.execute(sql.raw(text));
    expect(await first(links)).toEqual({ n: 3 });
  });
});
