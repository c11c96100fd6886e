/**
 * Walks the machine-readable catalogue of spec 2 §7 (packages/domain/src/catalogue.ts): every call is routed,
 * refuses a missing token unless public, never answers 500, and answers in the documented envelope.
 * Calls only a linked council member may make (check-in, vote) answer 403 to the superadmin, who is no member.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE, type CatalogueCall } from './spec/catalogue.ts';
import { makeApp, type TestApp } from './helpers.ts';

/** Calls only a council member linked to a parliamentarian may make: the superadmin passes the role rule, then gets 403. */
const MEMBER_ONLY = new Set(['POST plenary_sessions/:id/add_checkin', 'POST vottings/:id/vote']);

/** Role links of account 1, the superadmin itself: nobody changes its own roles (decision 0013). */
const OWN_ROLES = new Set(['POST users/:id/vincula', 'POST users/:id/desvincula', 'POST admin/users/:id/vincula', 'POST admin/users/:id/desvincula']);

/** The audit trail: the server writes it, nobody else (403 for everyone). */
const WRITE_NOBODY = new Set(['POST logs', 'PUT logs/:id', 'DELETE logs/:id']);

const PARAM_VALUES: Record<string, string> = { type: 'matters', resource: 'matters', place: 'culture_place', event: '1' };
const urlOf = (c: CatalogueCall): string => `/api/${c.path.replace(/:([a-zA-Z_]+)/g, (_, p: string) => PARAM_VALUES[p] ?? '1')}`;
const key = (c: CatalogueCall): string => `${c.method} ${c.path}`;

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await makeApp();
  token = await t.login('superadmin@paco.demo');
});
afterAll(async () => { await t?.close(); });

describe('catalogue of spec 2 §7', () => {
  it.each(CATALOGUE.map((c) => [key(c), c] as const))('%s', async (_k, c) => {
    const url = urlOf(c);
    const body = c.method === 'GET' || c.method === 'DELETE' ? undefined : {};
    const anon = await t.call(c.method, url, { body });
    if (c.public) expect(anon.statusCode, 'public call must not ask for a token').not.toBe(401);
    else expect(anon.statusCode, 'must refuse without a token').toBe(401);

    // calls that end the session get a session of their own
    const own = c.path === 'load-session' || c.path === 'logout' ? await t.login('superadmin@paco.demo') : token;
    const res = await t.call(c.method, url, { token: own, body });
    expect(res.statusCode, `${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
    expect(res.statusCode, 'the superadmin passes every role rule').not.toBe(401);
    if (OWN_ROLES.has(key(c))) expect(res.json().message).toBe('Você não pode alterar as suas próprias funções.');
    else if (!WRITE_NOBODY.has(key(c)) && !MEMBER_ONLY.has(key(c))) expect(res.statusCode, `403 ${res.body.slice(0, 200)}`).not.toBe(403);
    const isJson = String(res.headers['content-type'] ?? '').includes('application/json');
    const payload = res.body && isJson ? res.json() : null;
    expect(payload?.message === 'Rota não encontrada.', 'the call must be routed').toBe(false);
    if (c.answer === 'file') expect(res.statusCode).toBe(200);
    else if (res.statusCode === 200 && c.method === 'GET') {
      if (c.answer === 'list') {
        expect(Array.isArray(payload.data)).toBe(true);
        expect(payload.meta).toMatchObject({ page: expect.any(Number), perPage: expect.any(Number), total: expect.any(Number) });
      } else if (c.answer === 'collection') expect(Array.isArray(payload.data)).toBe(true);
      else if (c.answer === 'record') expect(payload.data).toBeTypeOf('object');
    }
  });
});
