/**
 * Who may grant what, on the screens (issue 10 item 1): a câmara administrator (cm_admin) reads Configurações ›
 * Usuários, grants only the câmara's roles to an account below it, sees why the others are closed, cannot touch
 * its own roles or an admin's; an admin sets a lower account's password and that account's open session ends.
 * Then a person registers on the culture self-registration page and signs in.
 */
import { ACCOUNTS, apiLogin, bearer, createUser, expect, screenshotPath, storeToken, test, uniq } from './helpers.ts';

test('cm_admin concede só as funções da câmara, vê o motivo das demais e não altera a própria conta', async ({ page, request, tokenOf }) => {
  test.setTimeout(90_000);
  const admin = await tokenOf(ACCOUNTS.admin.email);
  const plain = await createUser(request, admin, []);
  const operador = await apiLogin(request, ACCOUNTS.operador.email);
  await storeToken(page, operador.token);

  // the list: reading, no "Novo"
  await page.goto('/settings/users');
  await expect(page.getByRole('grid', { name: 'Usuários' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Novo' })).toHaveCount(0);

  // a plain account: read-only data, the roles tab with what cm_admin may grant
  await page.goto(`/settings/users/${plain.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(plain.name);
  await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Funções' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Funções' });
  const author = panel.getByRole('checkbox', { name: /^cm_author\b/ });
  const protocolo = panel.getByRole('checkbox', { name: /^protocolo\b/ });
  await expect(author).toBeEnabled();
  await expect(protocolo).toBeDisabled();
  await expect(panel.getByRole('listitem').filter({ hasText: /^protocolo/ })).toContainText('Você não pode atribuir nem retirar esta função.');
  const linked = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/users/${plain.id}/vincula`);
  await author.click();
  expect((await linked).status()).toBe(200);
  await expect(author).toBeChecked();
  await page.screenshot({ path: screenshotPath('users-grants-cm-admin.png'), fullPage: true });
  const show = await request.get(`/api/users/${plain.id}`, { headers: bearer(admin) });
  expect(((await show.json()) as { data: { roles: { name: string }[] } }).data.roles.map((r) => r.name)).toEqual(['cm_author']);

  // its own account: nothing to change, and the reason
  await page.goto(`/settings/users/${operador.user.id}`);
  await page.getByRole('tab', { name: 'Funções' }).click();
  const own = page.getByRole('tabpanel', { name: 'Funções' });
  await expect(own.getByText('Você não pode alterar as suas próprias funções.')).toBeVisible();
  await expect(own.getByRole('checkbox', { name: /^cm_author\b/ })).toBeDisabled();

  // an admin's account: above it
  const adminId = ((await (await request.get('/api/users', { headers: bearer(admin), params: { q: ACCOUNTS.admin.email } })).json()) as { data: { id: number }[] }).data[0].id;
  await page.goto(`/settings/users/${adminId}`);
  await page.getByRole('tab', { name: 'Funções' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Funções' })).toContainText('nível igual ou superior');
});

test('o admin define a senha de uma conta abaixo dele e a sessão aberta dessa conta termina', async ({ page, browser, request, tokenOf }) => {
  test.setTimeout(90_000);
  const admin = await tokenOf(ACCOUNTS.admin.email);
  const victim = await createUser(request, admin, ['cm_author']);
  // the account's own browser, signed in
  const theirs = await browser.newContext();
  const theirPage = await theirs.newPage();
  await storeToken(theirPage, (await apiLogin(theirPage.request, victim.email, victim.password)).token);
  await theirPage.goto('/');
  await expect(theirPage.getByRole('heading', { level: 1 })).toBeVisible();

  await storeToken(page, (await apiLogin(request, ACCOUNTS.admin.email)).token);
  await page.goto(`/admin/users/${victim.id}`);
  await page.getByLabel(/^Senha/).first().fill('senha-nova-do-admin');
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/admin/users/${victim.id}` && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Salvar' }).click();
  expect((await saved).status()).toBe(200);

  // their next call finds the session over: back to the sign-in
  await theirPage.goto('/settings');
  await theirPage.waitForURL((u) => u.pathname === '/auth/login');
  await theirs.close();
  expect((await request.post('/api/login', { data: { email: victim.email, password: 'senha-nova-do-admin' } })).status()).toBe(200);
});

test('autocadastro cultural: a entidade que o permite recebe o cadastro; a que não permite explica por quê', async ({ page, request }) => {
  const prefeitura = (await apiLogin(request, ACCOUNTS.protocolo.email)).user.company!.id;
  const camara = (await apiLogin(request, ACCOUNTS.vereador.email)).user.company!.id;
  const email = `artista.${uniq()}@exemplo.com`;
  const fill = async (company: number) => {
    await page.goto('/auth/register');
    await page.getByRole('textbox', { name: 'Nome completo' }).fill('Artista do Teste');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByLabel(/^Senha/).fill('viola-e-voz-123');
    await page.getByLabel(/^Confirme a senha/).fill('viola-e-voz-123');
    await page.getByRole('textbox', { name: 'Código da entidade' }).fill(String(company));
    await page.getByRole('button', { name: 'Cadastrar' }).click();
  };
  await fill(camara);
  await expect(page.getByText('Esta entidade não aceita cadastros pela internet. Procure o setor de cultura.')).toBeVisible();
  await fill(prefeitura);
  await expect(page.getByRole('status')).toContainText('Cadastro recebido');
  await page.screenshot({ path: screenshotPath('register-received.png'), fullPage: true });
  await page.getByRole('button', { name: 'Ir para a entrada' }).click();
  await page.waitForURL((u) => u.pathname === '/auth/login');
  await page.getByRole('textbox', { name: /e-?mail/i }).fill(email);
  await page.getByLabel(/^Senha/).fill('viola-e-voz-123');
  await page.getByRole('button', { name: /^Entrar$/i }).click();
  await page.waitForURL((u) => u.pathname === '/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Artista do Teste');
});
