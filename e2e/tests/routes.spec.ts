/**
 * The routes of spec 1 §2 (spec-routes.ts) as the superadmin: module homes, hand-written pages, forms and the live
 * plenary screens show no error page ("Ocorreu um erro!" / "404 Not Found") and no uncaught page error. One browser
 * page for the whole walk (sequential), one sign-in. The list screens and their create forms are walked, with the
 * same checks, by a11y-routes.spec.ts (which checks its walk covers every list of spec-routes.ts). Then one flow
 * through a sub-list tab: a parliamentarian created in the UI gets a dependent through the "Dependentes" tab.
 */
import type { Page } from '@playwright/test';
import { ACCOUNTS, apiLogin, bearer, expect, navigateInApp, screenshotPath, storeToken, test, uniq } from './helpers.ts';
import { forms, homes, live, pages, parliamentarianOnly } from './spec-routes.ts';

const BROKEN = /Ocorreu um erro!|404 Not Found|This page could not be found/;
const ERROR_TEXT = /Ocorreu um erro!|404 Not Found|This page could not be found|Acesso não permitido/;

test.describe.configure({ mode: 'serial' });

let page: Page;
const errors: string[] = [];

test.beforeAll(async ({ browser, request }) => {
  page = await browser.newPage();
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  await storeToken(page, (await apiLogin(request, ACCOUNTS.superadmin.email)).token);
});
test.afterAll(async () => {
  await page.close();
});

/**
 * Opens a route and checks it: its own content (a heading), no error text, no uncaught page error. In-app by default
 * (as a menu link does; a reload per screen costs seconds of a slow machine's CPU); `reload` loads the document.
 */
async function visit(path: string, { errorText = ERROR_TEXT, reload = false } = {}): Promise<void> {
  const before = errors.length;
  if (reload) await page.goto(path);
  else await navigateInApp(page, path);
  await expect(page.locator('h1, h2').first(), path).toBeVisible();
  await expect(page.getByText(errorText), path).toHaveCount(0);
  expect(errors.slice(before), `page errors on ${path}`).toEqual([]);
}

test('module homes and hand-written pages', async () => {
  test.setTimeout(180_000);
  await page.goto('/');
  for (const p of [...homes, ...pages]) await visit(p);
  for (const p of parliamentarianOnly) await visit(p, { errorText: BROKEN });
});

test('create forms and option pages', async () => {
  test.setTimeout(180_000);
  for (const p of forms) {
    await visit(p);
    if (!p.endsWith('options') && !p.endsWith('/menu')) await expect(page.getByRole('button', { name: 'Salvar' }), p).toBeVisible();
  }
  // the form of a received matter comes with its type
  await visit('/legislativo/matters/received/forms/indicacao');
  await expect(page.getByRole('combobox', { name: /^Tipo/ })).toHaveValue(/Indicação/);
});

test('live plenary screens open their own screens', async () => {
  test.setTimeout(120_000);
  for (const p of live) {
    // the panel's screens have a layout of their own: each is loaded as a document
    await visit(p, { reload: true });
    await expect(page.getByText(/chega com o módulo/i), p).toHaveCount(0);
    await expect(page.getByText(/Não foi possível carregar|Sessão plenária não encontrada/), p).toHaveCount(0);
  }
});

test('a parliamentarian created in the UI gets a dependent through the "Dependentes" tab', async ({ request, tokenOf }) => {
  test.setTimeout(120_000);
  const token = await tokenOf(ACCOUNTS.admin.email);
  const name = `Vereadora E2E ${uniq()}`;
  await page.goto('/legislativo/parliamentarians/new');
  await page.getByRole('textbox', { name: /^Nome parlamentar/ }).fill(name);
  // not an active member: the plenary specs count the house's 11 (a session without legislature takes the active ones)
  await page.getByLabel('Ativo', { exact: true }).uncheck();
  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/parliamentaries' && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Salvar' }).click();
  const res = await created;
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { data: { id: number } }).data.id;
  await page.waitForURL((u) => u.pathname === `/legislativo/parliamentarians/${id}`);

  await page.getByRole('tab', { name: 'Dependentes' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Dependentes' });
  await expect(panel.getByText('Nenhum registro de dependentes.')).toBeVisible();
  await panel.getByRole('button', { name: 'Adicionar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar dependente' });
  await expect(dialog.getByRole('combobox', { name: 'Parlamentar' })).toHaveCount(0);
  await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Maria Dependente');
  await dialog.getByRole('combobox', { name: 'Parentesco' }).click();
  await page.getByRole('option', { name: 'Cônjuge' }).click();
  const added = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/parliamentaries/${id}/add_dependent`);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  expect((await added).status()).toBe(201);
  await expect(dialog).toBeHidden();
  const row = panel.getByRole('row').filter({ hasText: 'Maria Dependente' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Cônjuge');
  await page.screenshot({ path: screenshotPath('routes-parliamentarian-dependents.png'), fullPage: true });

  // the server agrees (another company's admin session is not needed: admin of the same Câmara)
  const list = await request.get(`/api/parliamentaries/${id}/get_dependents`, { headers: bearer(token) });
  expect(list.status()).toBe(200);
  const body = (await list.json()) as { data: { name: string; type?: { label?: string } | null }[] };
  expect(body.data.map((d) => d.name)).toEqual(['Maria Dependente']);
  expect(errors).toEqual([]);
});
