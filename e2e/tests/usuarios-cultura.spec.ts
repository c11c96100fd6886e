/**
 * Cultural › Usuários da Cultura as the culture staff use it: the accounts of the artists and groups who registered
 * themselves (never a staff account), searched, opened read-only. Spec 1 §2 (/culture/cultureUser) and §6 (Cultural
 * items: superadmin, admin, pm_cultura_admin).
 */
import { expect, screenshotPath, signInWithForm, test } from './helpers.ts';

test('a equipe da cultura vê as contas de artistas e grupos, busca e abre uma, sem poder alterá-la', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await signInWithForm(page, 'cultura@paco.demo');
  await page.goto('/culture');
  await page.getByRole('navigation', { name: /Menu do módulo/ }).getByRole('link', { name: 'Usuários da Cultura' }).click();
  await page.waitForURL((u) => u.pathname === '/culture/cultureUser');
  await expect(page.getByRole('heading', { name: 'Usuários da Cultura' })).toBeVisible();
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row').filter({ hasText: 'artista@paco.demo' })).toBeVisible();
  await expect(grid.getByRole('row').filter({ hasText: 'grupo@paco.demo' })).toBeVisible();
  // staff accounts are not culture accounts
  await expect(grid.getByText('cultura@paco.demo')).toHaveCount(0);
  await expect(grid.getByText('admin.prefeitura@paco.demo')).toHaveCount(0);
  // nothing to create or delete here: accounts come from the sign-up
  await expect(page.getByRole('button', { name: 'Novo' })).toHaveCount(0);
  await expect(grid.getByRole('button', { name: /Excluir/ })).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('usuarios-cultura.png') });

  await page.getByRole('searchbox', { name: 'Buscar' }).fill('Luíza');
  await expect(grid.getByRole('row').filter({ hasText: 'grupo@paco.demo' })).toHaveCount(0);
  await grid.getByRole('row').filter({ hasText: 'artista@paco.demo' }).getByRole('gridcell').nth(1).click();
  await page.waitForURL((u) => /^\/culture\/cultureUser\/\d+$/.test(u.pathname));
  await expect(page.getByText('Luíza Ferreira').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('usuarios-cultura-registro.png') });
  await page.context().close();
});
