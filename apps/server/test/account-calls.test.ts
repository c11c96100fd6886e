/**
 * The account calls are declared once (@paco/domain/account): the web calls them by name, the server registers them
 * from the same declaration. Each declared call is a route of the app with its method, and its input schema is the
 * one the route checks (a bad body gets the declaration's pt-BR messages).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_CALLS, accountUrl } from '@paco/domain/account';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t?.close(); });

describe('account calls', () => {
  it('are each a route of the app, at the declared path and method', () => {
    const missing = Object.entries(ACCOUNT_CALLS)
      .filter(([name, c]) => !t.app.hasRoute({ method: c.method, url: accountUrl(name as keyof typeof ACCOUNT_CALLS) }))
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('check their bodies with the declared schema', async () => {
    const bad = await t.call('POST', accountUrl('register'), { body: { email: 'x', password: '123', password_confirmation: '321' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ name: ['Informe o nome.'], email: ['Informe um e-mail válido.'], company_id: ['Informe a entidade.'] });
    const login = await t.call('POST', accountUrl('login'), { body: {} });
    expect(login.json().errors).toMatchObject({ email: ['Informe o e-mail.'], password: ['Informe a senha.'] });
  });
});
