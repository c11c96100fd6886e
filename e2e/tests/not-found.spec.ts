/** (e) Unknown route: a loading indicator for 7 s, then "404 Not Found" with "Voltar ao Início" (spec 1 §2). */
import { ACCOUNTS, apiLogin, expect, storeToken, test } from './helpers.ts';

test('rota desconhecida mostra "404 Not Found" depois de ~7 s', async ({ page, request }) => {
  test.setTimeout(60_000);
  await storeToken(page, (await apiLogin(request, ACCOUNTS.admin.email)).token);
  const started = Date.now();
  await page.goto('/rota/que-nao-existe');
  await expect(page).toHaveURL(/\/rota\/que-nao-existe$/); // history fallback served the app, no redirect
  await expect(page.getByRole('progressbar').first()).toBeVisible();
  await expect(page.getByText('404 Not Found')).toHaveCount(0);
  await expect(page.getByText('404 Not Found')).toBeVisible({ timeout: 15_000 });
  const elapsed = Date.now() - started;
  expect(elapsed, `apareceu após ${elapsed} ms`).toBeGreaterThanOrEqual(6_000);
  await expect(page).toHaveTitle(/- Paço$/);

  await page.getByRole('button', { name: /Voltar ao In[ií]cio/ }).or(page.getByRole('link', { name: /Voltar ao In[ií]cio/ })).click();
  await page.waitForURL((u) => u.pathname === '/');
});

test('o servidor devolve o app (não um 404 HTTP) para rotas do SPA e JSON 404 para /api desconhecida', async ({ request }) => {
  const spa = await request.get('/qualquer/rota/profunda');
  expect(spa.status()).toBe(200);
  expect(spa.headers()['content-type']).toContain('text/html');
  const api = await request.get('/api/rota-que-nao-existe');
  expect(api.status()).toBe(404);
  expect(api.headers()['content-type']).toContain('application/json');
  expect(((await api.json()) as { message?: string }).message).toBeTruthy();
});
