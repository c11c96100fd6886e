/**
 * (c) Route guard (spec 1 §4) and sign-out: no token → /auth/login; token → /auth/login sends to "/";
 * "Sair" signs out, and the old token is refused by the API afterwards.
 */
import { ACCOUNTS, TOKEN_KEY, apiLogin, bearer, createUser, expect, signInWithForm, storeToken, test } from './helpers.ts';

test('sem token, /admin leva ao login', async ({ page }) => {
  await page.goto('/admin');
  await page.waitForURL((u) => u.pathname === '/auth/login');
  await expect(page.getByRole('button', { name: /^Entrar$/i })).toBeVisible();
});

test('sem token, uma rota profunda (/admin/users/1) leva ao login', async ({ page }) => {
  await page.goto('/admin/users/1');
  await page.waitForURL((u) => u.pathname === '/auth/login');
});

test('token inválido no armazenamento local leva ao login e é descartado', async ({ page }) => {
  await storeToken(page, 'token-que-nao-existe');
  await page.goto('/admin');
  await page.waitForURL((u) => u.pathname === '/auth/login');
  await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), TOKEN_KEY)).toBeNull();
});

test('com token, /auth/login leva ao início', async ({ page, request }) => {
  await storeToken(page, (await apiLogin(request, ACCOUNTS.admin.email)).token);
  await page.goto('/auth/login');
  await page.waitForURL((u) => u.pathname === '/');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin$/);
});

test('sair encerra a sessão e o token antigo passa a receber 401', async ({ page, request }) => {
  const { token } = await signInWithForm(page, ACCOUNTS.operador.email);
  expect((await request.get('/api/load-user', { headers: bearer(token) })).status()).toBe(200);

  // right drawer from the avatar: "Gerenciar Perfil" and "Sair"
  await page.getByRole('button', { name: 'Conta do usuário' }).click();
  await expect(page.getByRole('link', { name: 'Gerenciar Perfil' })).toBeVisible();
  const logout = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/logout');
  await page.getByRole('button', { name: 'Sair' }).click();
  expect((await logout).status()).toBeLessThan(300);
  await page.waitForURL((u) => u.pathname === '/auth/login');
  expect(await page.evaluate((k) => localStorage.getItem(k), TOKEN_KEY)).toBeNull();

  const res = await request.get('/api/load-user', { headers: bearer(token) });
  expect(res.status()).toBe(401);
  expect((await res.json()).message).toBeTruthy();

  // and the app does not let us back in with the browser's history
  await page.goto('/');
  await page.waitForURL((u) => u.pathname === '/auth/login');
});

test('POST /api/logout pela API também invalida o token', async ({ request }) => {
  const { token } = await apiLogin(request, ACCOUNTS.cultura.email);
  const out = await request.post('/api/logout', { headers: bearer(token) });
  expect(out.status()).toBeLessThan(300);
  expect((await request.get('/api/load-user', { headers: bearer(token) })).status()).toBe(401);
});

test('abrir o app numa segunda aba não derruba a sessão da primeira', async ({ page, context, request, tokenOf }) => {
  const someone = await createUser(request, await tokenOf(ACCOUNTS.admin.email), ['cm_admin']);
  await signInWithForm(page, someone.email, someone.password);
  // a second tab of the same browser (same local storage) opens the app
  const second = await context.newPage();
  await second.goto('/auth/profile');
  await expect(second.getByRole('textbox', { name: /^Nome/ })).toBeVisible();

  // the first tab keeps working: saving the profile is accepted, and nobody is sent to the login
  await page.getByRole('button', { name: 'Conta do usuário' }).click();
  await page.getByRole('link', { name: 'Gerenciar Perfil' }).click();
  await page.getByRole('textbox', { name: /^Nome/ }).fill(`${someone.name} Silva`);
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/profile');
  await page.getByRole('button', { name: /^Salvar/ }).first().click();
  expect((await saved).status(), 'a primeira aba continua autenticada').toBe(200);
  await expect(page).toHaveURL(/\/auth\/profile$/);
});
