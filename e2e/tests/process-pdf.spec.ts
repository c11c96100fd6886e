/**
 * The process PDF on the screen (issue 11, "Protocolo"), each clerk in their own browser: Priscila (Protocolo Geral)
 * opens a demo process from the list and prints it: a new tab opens with the PDF the server answered; she opens a
 * secret process and prints it too. Fábio (Finanças), whose sector never held the secret process, cannot reach it:
 * not in his list, "Registro não encontrado." at its address, and its PDF refused.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { apiLogin, bearer, expect, screenshotPath, storeToken, test, TOKEN_KEY, uniq } from './helpers.ts';

async function clerk(browser: Browser, request: Parameters<typeof apiLogin>[0], email: string): Promise<Page> {
  const ctx = await browser.newContext({ locale: 'pt-BR' });
  const page = await ctx.newPage();
  await storeToken(page, (await apiLogin(request, email)).token);
  return page;
}

/** A call with the page's session (its token as the screen holds it now: signing in on load renews it). */
async function asPage(page: Page, url: string) {
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  return page.request.get(url, { headers: bearer(token ?? '') });
}

async function pick(page: Page, label: RegExp | string, text: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(text);
  await page.getByRole('option', { name: new RegExp(text) }).first().click();
}

/** Keeps a PDF beside the screenshots, for a person to look at. */
function keep(name: string, bytes: Buffer): void {
  mkdirSync(dirname(screenshotPath(name)), { recursive: true });
  writeFileSync(screenshotPath(name), bytes);
}

/** Clicks "Imprimir processo (PDF)"; returns the new tab and the PDF answer. */
async function print(page: Page) {
  const [tab, answer] = await Promise.all([
    page.context().waitForEvent('page'),
    page.waitForResponse((r) => /\/api\/processes\/\d+\/pdf$/.test(new URL(r.url()).pathname)),
    page.getByRole('group', { name: 'Ações do registro' }).getByRole('button', { name: 'Imprimir processo (PDF)' }).click(),
  ]);
  return { tab, answer };
}

test('Protocolo imprime um processo em PDF; Finanças não alcança um processo sigiloso', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const priscila = await clerk(browser, request, 'protocolo@paco.demo');
  const fabio = await clerk(browser, request, 'financas@paco.demo');

  // a demo process, opened from the list
  await priscila.goto('/protocol/processes');
  const row = priscila.getByRole('row').filter({ hasText: 'material de expediente' }).first();
  await expect(row).toBeVisible();
  await row.getByRole('gridcell').first().click();
  await expect(priscila).toHaveURL(/\/protocol\/processes\/\d+$/);
  const { tab, answer } = await print(priscila);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  expect(answer.headers()['content-disposition']).toMatch(/^inline; filename="processo-\d{5}\.\d{6}-\d{4}-\d{2}\.pdf"$/);
  // the bytes the tab shows (the browser keeps no copy of an answer read as a blob): the same call, with her token
  const bytes = await asPage(priscila, answer.url()).then((r) => r.body());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  keep('process-pdf-demo.pdf', bytes);
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  await tab.waitForLoadState();
  await tab.waitForTimeout(2000); // the viewer draws the pages (for the screenshot only)
  await tab.screenshot({ path: screenshotPath('process-pdf-tab.png') });
  // the button is ready again (not busy), and no error was shown
  await expect(priscila.getByRole('button', { name: 'Imprimir processo (PDF)' })).toBeEnabled();
  await expect(priscila.getByText(/Não foi possível abrir o documento/)).toHaveCount(0);
  await priscila.screenshot({ path: screenshotPath('process-pdf-record.png'), fullPage: true });
  await tab.close();

  // a secret process, opened on the form
  const tag = uniq();
  await priscila.goto('/protocol/processes/new');
  await pick(priscila, /^Procedimento/, 'Pagamento');
  await pick(priscila, /^Setor de origem/, 'Protocolo Geral');
  await priscila.getByLabel(/^Objeto/).fill(`Sindicância sobre conduta funcional ${tag}`);
  await priscila.getByRole('combobox', { name: /^Nível de acesso/ }).click();
  await priscila.getByRole('option', { name: 'Sigiloso' }).click();
  await priscila.getByLabel(/^Hipótese legal/).fill('Lei 8.112/1990, art. 150');
  await priscila.getByRole('button', { name: 'Salvar' }).click();
  await expect(priscila).toHaveURL(/\/protocol\/processes\/\d+$/);
  const secret = new URL(priscila.url()).pathname;
  const secretId = secret.split('/').pop();
  const printed = await print(priscila);
  expect(printed.answer.status()).toBe(200);
  expect(printed.answer.headers()['content-type']).toBe('application/pdf');
  keep('process-pdf-secret.pdf', await asPage(priscila, printed.answer.url()).then((r) => r.body()));
  await printed.tab.close();

  // Fábio: not in his list, not at its address, and its PDF refused as the record is
  await fabio.goto('/protocol/processes');
  await fabio.getByRole('searchbox').or(fabio.getByPlaceholder(/Pesquisar/)).first().fill(tag);
  await expect(fabio.getByText(/Nenhum registro|Nenhum resultado/).first()).toBeVisible();
  await expect(fabio.getByRole('row').filter({ hasText: tag })).toHaveCount(0);
  await fabio.goto(secret);
  await expect(fabio.getByText('Registro não encontrado.')).toBeVisible();
  await expect(fabio.getByRole('button', { name: 'Imprimir processo (PDF)' })).toHaveCount(0);
  await fabio.screenshot({ path: screenshotPath('process-pdf-refused.png'), fullPage: true });
  const refused = await asPage(fabio, `/api/processes/${secretId}/pdf`);
  expect(refused.status()).toBe(404);
  expect(refused.headers()['content-type']).toMatch(/^application\/json/);
});
