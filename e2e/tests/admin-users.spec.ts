/**
 * (b) The admin of the Câmara manages users on /admin/users: creates one, links a role, finds it in the
 * list, and deletes it after confirming.
 */
import { ACCOUNTS, apiLogin, bearer, expect, screenshotPath, storeToken, test, uniq } from './helpers.ts';

test('admin cria usuário, vincula função, encontra na lista e exclui com confirmação', async ({ page, request, tokenOf }) => {
  test.setTimeout(90_000);
  await storeToken(page, (await apiLogin(request, ACCOUNTS.admin.email)).token);
  // the app renews its own token; the API checks below use a session of their own
  const token = await tokenOf(ACCOUNTS.admin.email);
  const id = uniq();
  const name = `Teste E2E ${id}`;
  const email = `e2e.${id}@paco.demo`;

  // list
  await page.goto('/admin/users');
  const grid = page.getByRole('grid', { name: 'Usuários' });
  await expect(grid).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Usuários' })).toBeVisible();
  // a demo account that sorts near the top by name (others' test users, "Pessoa Teste …", may push later ones to page 2)
  const adminRow = () => page.getByRole('row').filter({ has: page.getByRole('gridcell', { name: ACCOUNTS.admin.email, exact: true }) });
  await expect(adminRow()).toBeVisible();
  await expect(page).toHaveTitle(/- Paço$/);
  await page.screenshot({ path: screenshotPath('admin-users.png'), fullPage: true });

  // create
  await page.getByRole('button', { name: 'Novo' }).click();
  await page.waitForURL((u) => u.pathname === '/admin/users/new');
  await page.getByRole('textbox', { name: /^Nome/ }).fill(name);
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await page.getByLabel(/^Senha/).first().fill('senha-forte-123');
  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/users' && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Salvar' }).click();
  const res = await created;
  expect(res.status(), await res.text()).toBe(201);
  const userId = ((await res.json()) as { data: { id: number } }).data.id;
  await expect(page.getByRole('alert').filter({ hasText: /sucesso/i }).or(page.getByText(/criad[oa] com sucesso/i)).first()).toBeVisible();

  // the new user's page: link a role on the "Funções" tab
  await page.waitForURL((u) => u.pathname === `/admin/users/${userId}`);
  await expect(page.getByRole('textbox', { name: /^Nome/ })).toHaveValue(name);
  await page.getByRole('tab', { name: 'Funções' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Funções' });
  await panel.getByRole('searchbox', { name: 'Buscar funções' }).fill('protocolo');
  const role = panel.getByRole('checkbox', { name: /^protocolo\b/ });
  await expect(role).not.toBeChecked();
  const linked = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/admin/users/${userId}/vincula`);
  await role.click();
  expect((await linked).status()).toBeLessThan(300);
  await expect(role).toBeChecked();

  // the server agrees
  const show = await request.get(`/api/admin/users/${userId}`, { headers: bearer(token) });
  expect(show.status()).toBe(200);
  const record = (await show.json()) as { data: { roles?: { name: string }[] } };
  expect(record.data.roles?.map((r) => r.name)).toContain('protocolo');

  // find it in the list through the search box
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Buscar usuários' }).fill(email);
  const row = page.getByRole('grid', { name: 'Usuários' }).getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(adminRow()).toHaveCount(0);

  // delete with confirmation
  await row.getByRole('button', { name: 'Excluir' }).or(row.getByRole('menuitem', { name: 'Excluir' })).first().click();
  const dialog = page.getByRole('dialog', { name: 'Excluir este registro?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(name);
  const deleted = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/admin/users/${userId}` && r.request().method() === 'DELETE');
  await dialog.getByRole('button', { name: 'Excluir' }).click();
  expect((await deleted).status()).toBe(204);
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  expect((await request.get(`/api/admin/users/${userId}`, { headers: bearer(token) })).status()).toBe(404);
});
