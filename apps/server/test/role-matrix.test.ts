/**
 * Every role of spec 1 §6 × every list and create call behind the §6 entries, against the spec's table written
 * out as test data (spec-roles.ts), not against packages/domain. One account per role, each with only that role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_CALLS, READ_ONLY, SPEC_ROLES, readersOf, type SpecRole } from './spec/roles.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
const tokenOf = new Map<SpecRole, string>();

beforeAll(async () => {
  t = await makeApp();
  const sa = await t.login('superadmin@paco.demo');
  const roles = (await t.call('GET', '/api/roles?perPage=100', { token: sa })).json().data as { id: number; name: string }[];
  const idOf = new Map(roles.map((r) => [r.name, r.id]));
  for (const role of SPEC_ROLES) {
    const email = `papel.${role}@exemplo.gov.br`;
    const created = await t.call('POST', '/api/admin/users', { token: sa, body: { name: `Papel ${role}`, email, password: 'senha-do-papel' } });
    expect(created.statusCode, created.body).toBe(201);
    const linked = await t.call('POST', `/api/admin/users/${created.json().data.id}/vincula`, { token: sa, body: { role_id: idOf.get(role) } });
    expect(linked.statusCode, `${role}: ${linked.body}`).toBe(200);
    tokenOf.set(role, await t.login(email, 'senha-do-papel'));
  }
}, 180_000);
afterAll(async () => { await t?.close(); });

const calls = Object.keys(ENTRY_CALLS);

describe('spec 1 §6: who lists what', () => {
  it('every role reads exactly the calls of its §6 entries (and the documented differences)', async () => {
    const wrong: string[] = [];
    for (const role of SPEC_ROLES) {
      const token = tokenOf.get(role)!;
      await Promise.all(calls.map(async (call) => {
        const res = await t.call('GET', call, { token });
        const allowed = readersOf(call).has(role) || role === 'superadmin';
        if (allowed ? res.statusCode !== 200 : res.statusCode !== 403) wrong.push(`${role} GET ${call}: ${res.statusCode} (esperado ${allowed ? 200 : 403})`);
      }));
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
  }, 180_000);

  it('nobody outside a call\'s readers creates there, and readers create unless the call is read-only for them', async () => {
    const wrong: string[] = [];
    for (const role of SPEC_ROLES) {
      const token = tokenOf.get(role)!;
      for (const call of calls) {
        const res = await t.call('POST', call, { token, body: {} });
        const reads = readersOf(call).has(role) || role === 'superadmin';
        const creates = reads && !(READ_ONLY[call] ?? []).includes(role);
        const refused = res.statusCode === 403 || res.statusCode === 404 || res.statusCode === 405;
        if (creates ? refused : !refused) wrong.push(`${role} POST ${call}: ${res.statusCode} (esperado ${creates ? 'permitido' : '403'})`);
        if (res.statusCode >= 500) wrong.push(`${role} POST ${call}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
  }, 180_000);
});

describe('a sub-list is part of its parent', () => {
  it('the contacts of an account are read by who reads the account there, not by whoever reads contacts', async () => {
    const admin = await t.login('admin@paco.demo');
    const someone = (await t.call('GET', '/api/admin/users?perPage=1', { token: admin })).json().data[0].id as number;
    // cm_admin reads contacts (Configurações) and users (Configurações › Usuários), but not Administrativo › Usuários
    expect((await t.call('GET', `/api/admin/users/${someone}/contacts`, { token: tokenOf.get('cm_admin')! })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/users/${someone}/contacts`, { token: tokenOf.get('cm_admin')! })).statusCode).toBe(200);
    // ouvidoria reads users (a read-and-contacts view) though not the contacts screen
    expect((await t.call('GET', `/api/users/${someone}/contacts`, { token: tokenOf.get('ouvidoria')! })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/contacts', { token: tokenOf.get('ouvidoria')! })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/users/${someone}/contacts`, { token: tokenOf.get('licitacao')! })).statusCode).toBe(403);
  });
});
