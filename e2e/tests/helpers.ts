/** Shared pieces of the browser tests: demo accounts, sign-in helpers and a worker-scoped token cache. */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export { expect };

export const PASSWORD = 'paco-demo';
/** localStorage key of the session token (apps/web/src/api/client.ts TOKEN_KEY). */
export const TOKEN_KEY = 'paco.token';

export const CAMARA = 'Câmara Municipal de Vila Serena';
export const PREFEITURA = 'Prefeitura Municipal de Vila Serena';

export interface DemoAccount {
  email: string;
  company: string;
  roles: readonly string[];
}

export const ACCOUNTS = {
  superadmin: { email: 'superadmin@paco.demo', company: CAMARA, roles: ['superadmin'] },
  admin: { email: 'admin@paco.demo', company: CAMARA, roles: ['admin'] },
  operador: { email: 'operador@paco.demo', company: CAMARA, roles: ['cm_admin', 'cm_operador_sessao', 'cm_operador_painel'] },
  vereador: { email: 'vereador@paco.demo', company: CAMARA, roles: ['cm_parlamentar'] },
  adminPrefeitura: { email: 'admin.prefeitura@paco.demo', company: PREFEITURA, roles: ['admin'] },
  protocolo: { email: 'protocolo@paco.demo', company: PREFEITURA, roles: ['protocolo'] },
  cultura: { email: 'cultura@paco.demo', company: PREFEITURA, roles: ['pm_cultura_admin'] },
} as const satisfies Record<string, DemoAccount>;

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  company: { id: number; name: string } | null;
  roles: { name: string }[];
  permissions: { name: string }[];
}

export const bearer = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });

/** POST /api/login; fails the test with the server's answer if it is not 200. */
export async function apiLogin(request: APIRequestContext, email: string, password = PASSWORD): Promise<{ token: string; user: SessionUser }> {
  const res = await request.post('/api/login', { data: { email, password } });
  expect(res.status(), `login ${email}: ${await res.text()}`).toBe(200);
  const body = (await res.json()) as { token: string; user: SessionUser };
  expect(body.token, 'login answers a token').toBeTruthy();
  return body;
}

/** Puts a token in the app's local storage (as a previous sign-in would have) without using the login form. */
export async function storeToken(page: Page, token: string): Promise<void> {
  // a worker's cached token in a page gets rotated (revoked) by the app: the worker's later API calls would get 401
  if (workerTokens.has(token)) throw new Error('storeToken: um token de tokenOf() não vai para a página (o app o renova e o revoga); use apiLogin.');
  // any same-origin document will do; the health check is the cheapest one
  await page.goto('/api/health');
  await page.evaluate(([k, t]) => localStorage.setItem(k, t), [TOKEN_KEY, token] as const);
}

/** Signs in through the login form, as a user would, waits for the launcher and answers the signed-in user and token. */
export async function signInWithForm(page: Page, email: string, password = PASSWORD): Promise<{ token: string; user: SessionUser }> {
  await page.goto('/auth/login');
  await page.getByRole('textbox', { name: /e-?mail/i }).fill(email);
  await page.getByLabel(/^Senha/).fill(password);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/login' && r.request().method() === 'POST');
  await page.getByRole('button', { name: /^Entrar$/i }).click();
  const res = await answer;
  expect(res.status(), `login ${email}: ${await res.text()}`).toBe(200);
  await page.waitForURL((u) => u.pathname === '/');
  return (await res.json()) as { token: string; user: SessionUser };
}

/**
 * The built web app the server under test serves: serve.mjs copies apps/web/dist to <tmp>/paco-e2e-<port>/web
 * (so concurrent rebuilds do not disturb a run); against an outside server (E2E_BASE_URL), apps/web/dist.
 */
export function webDistDir(): string {
  if (process.env.E2E_BASE_URL) return new URL('../../apps/web/dist/', import.meta.url).pathname;
  return join(tmpdir(), `paco-e2e-${process.env.E2E_PORT ?? '3100'}`, 'web');
}

/** Where screenshots for humans go (e2e/screenshots, gitignored). */
export const screenshotPath = (name: string): string => new URL(`../screenshots/${name}`, import.meta.url).pathname;

/** The greeting of spec 1 §2 for an hour of the day (06–11 BOM DIA, 12–17 BOA TARDE, otherwise BOA NOITE). */
export function greetingFor(hour: number): string {
  if (hour >= 6 && hour < 12) return 'BOM DIA';
  if (hour >= 12 && hour < 18) return 'BOA TARDE';
  return 'BOA NOITE';
}

/**
 * Creates a user in the admin's company through the API, with the given roles, and answers its id and
 * credentials. For tests that change the user (name, password) without disturbing the demo accounts.
 */
export async function createUser(
  request: APIRequestContext,
  adminToken: string,
  roles: readonly string[],
): Promise<{ id: number; name: string; email: string; password: string }> {
  const id = uniq();
  const user = { name: `Pessoa Teste ${id}`, email: `e2e.${id}@paco.demo`, password: `senha-${id}-forte` };
  const res = await request.post('/api/admin/users', { headers: bearer(adminToken), data: user });
  expect(res.status(), await res.text()).toBe(201);
  const created = ((await res.json()) as { data: { id: number } }).data;
  for (const name of roles) {
    const found = await request.get('/api/roles', { headers: bearer(adminToken), params: { q: name, perPage: 100 } });
    expect(found.status(), await found.text()).toBe(200);
    const role = ((await found.json()) as { data: { id: number; name: string }[] }).data.find((r) => r.name === name);
    expect(role, `função ${name}`).toBeTruthy();
    const link = await request.post(`/api/admin/users/${created.id}/vincula`, { headers: bearer(adminToken), data: { role_id: role!.id } });
    expect(link.status(), await link.text()).toBeLessThan(300);
  }
  return { id: created.id, ...user };
}

/**
 * A number for a plenary session a spec creates. Its title is "Nª Sessão Extraordinária de <date>", and the specs that
 * create sessions (about fifteen a run, several of them today) find them by that title: numbers drawn from small
 * overlapping ranges gave two sessions one title (ciclo-completo found two rows). The server refuses a number its
 * type already has in the year, so a random draw is not enough: the clock's tenths of a second plus the calls made so
 * far (rising in each worker, distinct for about 100 days), and the worker's index as the last digit.
 */
let sessionNumbers = 0;
export const sessionNumber = (): number =>
  1000 + ((Math.floor(Date.now() / 100) + sessionNumbers++) % 90_000_000) * 10 + (Number(process.env.TEST_WORKER_INDEX ?? 0) % 10);

/** Unique suffix for records a test creates (tests run in parallel and the database lives for the whole run). */
export const uniq = (): string => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The tokens `tokenOf` handed out in this worker (storeToken refuses them). */
const workerTokens = new Set<string>();

/**
 * Test fixture with `tokenOf(email)`: a session token for a demo account, cached per worker so that
 * API-only tests do not sign in again and again (sign-in is rate-limited). Never hand these tokens to a
 * browser page (the app may renew, i.e. replace, its token) nor sign them out: use `apiLogin` for that.
 */
export const test = base.extend<{ closeOwnContexts: void }, { tokenOf: (email: string) => Promise<string> }>({
  /**
   * The browser contexts a test opened (one per actor, `browser.newContext()`) are closed when it ends. Left open,
   * every actor of every earlier test of the worker kept its screens running (streams, timers) beside the next
   * tests, on a 2-core machine. Set up first, torn down last: after Playwright took its failure screenshots and
   * closed the test's own context; contexts opened before the test (a `beforeAll`'s) stay.
   */
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(browser.contexts().filter((c) => !before.has(c)).map((c) => c.close().catch(() => undefined)));
    },
    { auto: true },
  ],
  tokenOf: [
    async ({ playwright }, use, workerInfo) => {
      const ctx = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      const cache = new Map<string, Promise<string>>();
      await use((email) => {
        let t = cache.get(email);
        if (!t) {
          t = apiLogin(ctx, email).then((r) => { workerTokens.add(r.token); return r.token; });
          cache.set(email, t);
        }
        return t;
      });
      await ctx.dispose();
    },
    { scope: 'worker' },
  ],
});

/** On CI every wait is twice as long (playwright.config.ts), and so is the time a test gives itself. */
const ownTimeout = test.setTimeout.bind(test);
test.setTimeout = (ms: number) => ownTimeout(process.env.CI ? ms * 2 : ms);

/**
 * In-app navigation, as a menu link does (no reload of the app: a reload costs seconds of a slow machine's CPU), to a
 * signed-in route; answers once the content area shows that route (`main[data-path]`, layouts/parts/Frame.tsx), so
 * the role gate has decided and what is on screen is the route's own.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    if (window.location.pathname === p) return;
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page.locator(`main[data-path="${path}"]`), path).toBeAttached();
}

/** Opens a list's filters when they are behind the "Filtros" button (closed on phones, and on desktops with no filter on). */
export async function openFilters(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: /^Filtros/ });
  if ((await button.getAttribute('aria-expanded')) === 'false') await button.click();
}

/**
 * Only one plenary session of a company runs at a time, and the specs that run one end whichever is in progress:
 * a spec file that starts sessions holds this lock (across workers, for its whole file) so two such files never run at
 * once. A lock left by a dead process (a crashed worker) is taken over. Use in `test.beforeAll` / `test.afterAll`.
 */
export async function holdLiveSessionLock(name: string): Promise<() => void> {
  const { mkdirSync, readFileSync, rmSync, writeFileSync } = await import('node:fs');
  const dir = join(tmpdir(), `paco-e2e-live-session-${process.env.E2E_PORT ?? '3100'}`);
  const alive = (pid: number) => { try { process.kill(pid, 0); return true; } catch { return false; } };
  for (;;) {
    try {
      mkdirSync(dir);
      writeFileSync(join(dir, 'owner'), `${process.pid} ${name}`);
      return () => rmSync(dir, { recursive: true, force: true });
    } catch {
      let pid = 0;
      try { pid = Number(readFileSync(join(dir, 'owner'), 'utf8').split(' ')[0]); } catch { /* being written or just removed */ }
      if (pid && pid !== process.pid && !alive(pid)) rmSync(dir, { recursive: true, force: true });
      else if (pid === process.pid) rmSync(dir, { recursive: true, force: true }); // this worker's own (a retry after a failure)
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/**
 * Registers, for the calling spec file, the hold of the live-session lock around all its tests (`holdLiveSessionLock`).
 * Call once at the top of a spec that starts or finalizes plenary sessions.
 */
export function oneLiveSessionAtATime(file: string): void {
  let release: (() => void) | undefined;
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from the first parameter's pattern
  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(900_000);
    release = await holdLiveSessionLock(file);
  });
  test.afterAll(() => release?.());
}

/**
 * Ends the plenary session in progress, if any (another spec or a retry may have left one): its open voting is
 * cancelled first. Sessions run one at a time per company (see `holdLiveSessionLock`).
 */
export async function endActiveSession(request: APIRequestContext, token: string): Promise<void> {
  const h = { headers: bearer(token) };
  const active = (await (await request.get('/api/status/active', h)).json()).data as { id: number } | null;
  if (!active) return;
  const live = (await (await request.get(`/api/plenary_sessions/${active.id}/live`, h)).json()).data;
  if (live.voting?.status === 'aberta') {
    await request.put(`/api/plenary_matters/${live.voting.plenary_matter_id}/cancel_votting`, { ...h, data: { motivo: 'Teste interrompido' } });
  }
  expect((await request.post(`/api/plenary_sessions/${active.id}/finalizar`, h)).status()).toBe(200);
}

/** A valid CPF (two mod-11 check digits), not all digits equal; random, so CPFs unique per company rarely clash. */
export function randomCpf(): string {
  const d = [1 + Math.floor(Math.random() * 8), ...Array.from({ length: 8 }, () => Math.floor(Math.random() * 10))];
  const dv = (xs: number[]) => {
    const r = (xs.reduce((acc, x, i) => acc + x * (xs.length + 1 - i), 0) * 10) % 11;
    return r === 10 ? 0 : r;
  };
  d.push(dv(d));
  d.push(dv(d));
  return d.join('');
}
