/**
 * The built app works under its Content-Security-Policy (apps/server/src/http/headers.ts, decision 0011): the
 * login page, a module's list, the public panel and the API docs load and run without a single violation; and
 * the panel may be framed only by the sites its company lists, while any other page may not be framed at all.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, bearer, expect, signInWithForm, test } from './helpers.ts';

declare global {
  interface Window { __cspViolations?: string[] }
}

/** Collects CSP violations as the browser reports them: the console and the `securitypolicyviolation` event. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const reported: string[] = [];
  page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) reported.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window.__cspViolations ??= []).push(`${e.effectiveDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  return async () => [...reported, ...(await page.evaluate(() => window.__cspViolations ?? []).catch(() => []))];
}

async function camaraSession(request: APIRequestContext, token: string): Promise<{ id: number; titulo: string }> {
  const res = await request.get('/api/plenary_sessions?perPage=1', { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { id: number; titulo: string }[] }).data[0];
}

test('login, a module list, the public panel and the API docs run under the CSP without violations', async ({ page, request }) => {
  test.setTimeout(90_000);
  const violations = await watchCsp(page);

  const login = await page.goto('/auth/login');
  const policy = login!.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(login!.headers()['x-frame-options']).toBe('DENY');
  await expect(page.getByRole('button', { name: /^Entrar$/i })).toBeVisible();

  await signInWithForm(page, 'admin@paco.demo');
  await page.goto('/admin/users');
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await page.goto('/admin/users/new');
  await expect(page.getByRole('button', { name: 'Salvar' })).toBeVisible();
  expect(await violations()).toEqual([]);

  const token = (await apiLogin(request, 'operador@paco.demo')).token;
  const session = await camaraSession(request, token);
  const panel = await page.goto(`/legislativo/painel-eletronico/${session.id}`);
  expect(panel!.headers()['content-security-policy']).toMatch(/frame-ancestors 'self'/);
  await expect(page.getByText(session.titulo).first()).toBeVisible();
  expect(await violations()).toEqual([]);

  const docs = await page.goto('/api/docs');
  expect(docs!.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: /Paço API/ })).toBeVisible();
  await expect(page.getByText('/api/login').first()).toBeVisible();
  expect(await violations()).toEqual([]);
});

/** The câmara's own site: another origin (a port of its own) whose page frames `src`. */
async function embeddingSite(): Promise<{ origin: string; show: (src: string) => void; close: () => Promise<void> }> {
  let src = 'about:blank';
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Site da câmara</title><iframe title="painel" src="${src}" width="1200" height="700"></iframe>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, show: (s) => { src = s; }, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test('the public panel may be framed by the sites its company lists; other pages never', async ({ page, request, baseURL }) => {
  test.setTimeout(60_000);
  const admin = (await apiLogin(request, 'admin@paco.demo')).token;
  const session = await camaraSession(request, admin);
  const app = new URL(baseURL!).origin;
  const site = await embeddingSite();
  const refusals: string[] = [];
  page.on('console', (m) => { if (/frame-ancestors|X-Frame-Options/i.test(m.text())) refusals.push(m.text()); });
  const setOrigins = async (painel_origens: string | null) => {
    const res = await request.post('/api/companies/update_company', { headers: bearer(admin), data: { painel_origens } });
    expect(res.status(), await res.text()).toBe(200);
  };

  try {
    await setOrigins(`https://camara.example ${site.origin}`);
    site.show(`${app}/legislativo/painel-eletronico/${session.id}`);
    await page.goto(site.origin);
    await expect(page.frameLocator('iframe').getByText(session.titulo).first()).toBeVisible();
    expect(refusals).toEqual([]);

    // without the site in the list, the browser refuses to show the panel there
    await setOrigins('https://camara.example');
    await page.goto(site.origin);
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    expect(refusals.join('\n')).toContain('frame-ancestors');
    await expect(page.frameLocator('iframe').getByText(session.titulo)).toHaveCount(0);

    // the back office is never framed, whatever the list says
    await setOrigins(site.origin);
    refusals.length = 0;
    site.show(`${app}/auth/login`);
    await page.goto(site.origin);
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    await expect(page.frameLocator('iframe').getByRole('button', { name: /^Entrar$/i })).toHaveCount(0);
  } finally {
    await setOrigins(null);
    await site.close();
  }
});
