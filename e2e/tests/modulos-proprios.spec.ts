/**
 * The small modules' own roles reach their screens in their own module (the same records as Executivo's): an account
 * with only `conselhos` keeps its councils and associations under Conselhos, one with only `obras` its works under
 * Obras; each opens the entry from the module's menu, creates a record, finds it in the list and opens it.
 */
import type { Page } from '@playwright/test';
import { createUser, expect, screenshotPath, signInWithForm, test, uniq } from './helpers.ts';

async function createFromMenu(page: Page, module: string, entry: string, nome: string): Promise<void> {
  await page.goto(module);
  await page.getByRole('navigation', { name: /Menu do módulo/ }).getByRole('link', { name: entry, exact: true }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: entry, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Novo' }).or(page.getByRole('button', { name: 'Novo' })).first().click();
  await page.getByRole('textbox', { name: /^Nome/ }).fill(nome);
  const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/'));
  await page.getByRole('button', { name: 'Salvar' }).click();
  expect((await saved).status()).toBe(201);
  await page.goto(`${page.url().replace(/\/\d+$/, '').replace(/\/new$/, '')}?q=${encodeURIComponent(nome)}`);
  const row = page.getByRole('grid').getByRole('row').filter({ hasText: nome });
  await expect(row).toBeVisible();
  await row.getByRole('gridcell').filter({ hasText: nome }).click();
  await expect(page.getByRole('heading', { name: new RegExp(nome) })).toBeVisible();
}

test('quem tem só a função "conselhos" cuida dos conselhos e associações no módulo Conselhos', async ({ browser, request, tokenOf }) => {
  const account = await createUser(request, await tokenOf('admin.prefeitura@paco.demo'), ['conselhos']);
  const page = await (await browser.newContext()).newPage();
  await signInWithForm(page, account.email, account.password);
  await createFromMenu(page, '/conselhos', 'Conselhos', `Conselho Municipal de Saúde ${uniq()}`);
  await page.screenshot({ path: screenshotPath('modulo-conselhos.png') });
  // the associations' entry lists only associations
  await page.goto('/conselhos');
  await page.getByRole('navigation', { name: /Menu do módulo/ }).getByRole('link', { name: 'Associações' }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Associações', level: 1 })).toBeVisible();
  await expect(page.getByRole('grid').getByText('Conselho Municipal de Saúde')).toHaveCount(0);
  // Executivo stays closed to this role
  await page.goto('/executive/conselhos');
  await expect(page.getByText('Acesso não permitido', { exact: true })).toBeVisible();
  await page.context().close();
});

test('quem tem só a função "obras" acompanha as obras no módulo Obras', async ({ browser, request, tokenOf }) => {
  const account = await createUser(request, await tokenOf('admin.prefeitura@paco.demo'), ['obras']);
  const page = await (await browser.newContext()).newPage();
  await signInWithForm(page, account.email, account.password);
  await createFromMenu(page, '/obras', 'Obras', `Reforma da Escola Municipal ${uniq()}`);
  await page.screenshot({ path: screenshotPath('modulo-obras.png') });
  await page.context().close();
});
