/**
 * Menu permissions held by the API too (issue 15 §4, decision 0039): the superadmin takes “Ver matérias” from the
 * cm_operador_materias function on Administrativo › Funções; an operator with that function (in their own browser)
 * loses the “Pareceres das Comissões” entry, and the API refuses them the matters with the reason; given back, both
 * return. No other spec uses this function, so the change does not reach the tests running beside it.
 */
import type { Page } from '@playwright/test';
import { ACCOUNTS, apiLogin, bearer, createUser, expect, screenshotPath, storeToken, test } from './helpers.ts';

async function permissionsTab(page: Page, roleId: number) {
  await page.goto(`/admin/roles/${roleId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('cm_operador_materias');
  await page.getByRole('tab', { name: 'Permissões' }).click();
  return page.getByRole('tabpanel', { name: 'Permissões' }).getByRole('checkbox', { name: /^view_matter\b/ });
}

/** The Legislativo module's home, drawn: its entries (menu and shortcuts), or the notice that none is open. */
async function legislativoHome(page: Page) {
  await page.goto('/legislativo');
  await expect(page.getByRole('heading', { level: 1, name: 'Legislativo' })).toBeVisible();
  return page.getByRole('link', { name: 'Pareceres das Comissões' }).first();
}

test('o superadmin retira “Ver matérias” de uma função: o menu e a API deixam de abrir as matérias a quem a tem; devolvida, voltam', async ({ page, browser, request, tokenOf }) => {
  test.setTimeout(120_000);
  const admin = await tokenOf(ACCOUNTS.admin.email);
  const operator = await createUser(request, admin, ['cm_operador_materias']);
  const roles = (await (await request.get('/api/roles', { headers: bearer(admin), params: { q: 'cm_operador_materias', perPage: 100 } })).json()) as { data: { id: number; name: string }[] };
  const roleId = roles.data.find((r) => r.name === 'cm_operador_materias')!.id;

  // the operator, in their own browser: the entry is there, the matters answer
  const theirs = await browser.newContext();
  const theirPage = await theirs.newPage();
  const signedIn = await apiLogin(request, operator.email, operator.password);
  await storeToken(theirPage, signedIn.token);
  // the page renews its own token: the API calls below use a session of their own
  const api = (await apiLogin(request, operator.email, operator.password)).token;
  await expect(await legislativoHome(theirPage)).toBeVisible();
  expect((await request.get('/api/matters', { headers: bearer(api) })).status()).toBe(200);

  // the superadmin takes the permission away on the function's screen
  const superadmin = await apiLogin(request, ACCOUNTS.superadmin.email);
  await storeToken(page, superadmin.token);
  let viewMatter = await permissionsTab(page, roleId);
  await expect(viewMatter).toBeChecked();
  const unlinked = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/roles/${roleId}/desvincula`);
  await viewMatter.click();
  expect((await unlinked).status()).toBeLessThan(300);
  await expect(viewMatter).not.toBeChecked();
  await page.screenshot({ path: screenshotPath('permissions-role-unlinked.png'), fullPage: true });

  try {
    // the operator's menu no longer offers the entry, and the API refuses with the reason
    const entry = await legislativoHome(theirPage);
    await expect(theirPage.getByText('Nenhum item deste módulo está liberado para o seu perfil.')).toBeVisible();
    await expect(entry).toHaveCount(0);
    await theirPage.screenshot({ path: screenshotPath('permissions-operator-menu.png'), fullPage: true });
    const refused = await request.get('/api/matters', { headers: bearer(api) });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe('Suas funções não têm a permissão “Ver matérias” (view_matter).');
  } finally {
    // given back on the same screen
    viewMatter = await permissionsTab(page, roleId);
    const linked = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/roles/${roleId}/vincula`);
    await viewMatter.click();
    expect((await linked).status()).toBeLessThan(300);
    await expect(viewMatter).toBeChecked();
  }
  await expect(await legislativoHome(theirPage)).toBeVisible();
  expect((await request.get('/api/matters', { headers: bearer(api) })).status()).toBe(200);
});
