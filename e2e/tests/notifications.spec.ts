/**
 * Notifications and history (issue 11 §3), each person in their own browser:
 *  - the Prefeitura's admin sends a process to a sector; the sector's responsible, signed in elsewhere, sees the bell
 *    appear with "1 não lida" without reloading, opens /notifications, marks it read and opens the process;
 *  - the admin edits a process; a protocol clerk opens its "Histórico" tab and sees who changed what.
 */
import { ACCOUNTS, apiLogin, bearer, createUser, expect, screenshotPath, storeToken, test, uniq } from './helpers.ts';
import { noSeriousViolations } from './axe.ts';

const today = (): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

test('um processo enviado ao setor aparece ao vivo no sino do responsável, que o lê em /notifications', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const admin = await apiLogin(request, ACCOUNTS.adminPrefeitura.email);
  const h = bearer(admin.token);
  // B: a protocol clerk, responsible for a sector of their own
  const clerk = await createUser(request, admin.token, ['protocolo']);
  const id = uniq();
  const sector = await request.post('/api/sectors', { headers: h, data: { name: `Setor de Teste ${id}` } });
  expect(sector.status(), await sector.text()).toBe(201);
  const sectorId = ((await sector.json()) as { data: { id: number } }).data.id;
  const resp = await request.post('/api/responsibles', { headers: h, data: { user_id: clerk.id, sector_id: sectorId, dataInicio: today() } });
  expect(resp.status(), await resp.text()).toBe(201);
  const origin = ((await (await request.get('/api/sectors', { headers: h, params: { q: 'Protocolo Geral' } })).json()) as { data: { id: number }[] }).data[0].id;
  const procedure = ((await (await request.get('/api/procedures', { headers: h, params: { perPage: 1 } })).json()) as { data: { id: number }[] }).data[0].id;
  const proc = await request.post('/api/processes', { headers: h, data: { procedure_id: procedure, sector_id: origin, object: `Compra de material de limpeza ${id}` } });
  expect(proc.status(), await proc.text()).toBe(201);
  const process = ((await proc.json()) as { data: { id: number; number: string } }).data;

  // B's own browser: signed in, no notification yet, so no bell
  const theirs = await browser.newContext();
  const bPage = await theirs.newPage();
  await storeToken(bPage, (await apiLogin(bPage.request, clerk.email, clerk.password)).token);
  await bPage.goto('/protocol');
  await expect(bPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(bPage.getByRole('button', { name: /^Notificações/ })).toHaveCount(0);

  // A sends the process to B's sector, from the process screen
  await storeToken(page, (await apiLogin(request, ACCOUNTS.adminPrefeitura.email)).token);
  await page.goto(`/protocol/processes/${process.id}`);
  await page.getByRole('tab', { name: 'Movimentações' }).click();
  await page.getByRole('tabpanel', { name: 'Movimentações' }).getByRole('button', { name: 'Adicionar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: /^Setor de destino/ }).fill(`Setor de Teste ${id}`);
  await page.getByRole('option', { name: `Setor de Teste ${id}` }).click();
  await dialog.getByRole('textbox', { name: /^Despacho/ }).fill('Para conferência das notas.');
  const sent = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/processes/${process.id}/movements` && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  expect((await sent).status()).toBe(201);

  // B: the bell appears with the unread count, pushed live (no reload)
  const bell = bPage.getByRole('button', { name: 'Notificações: 1 não lida' });
  await expect(bell).toBeVisible();
  await bPage.screenshot({ path: screenshotPath('notifications-bell-live.png') });
  await bell.click();
  const panel = bPage.getByRole('region', { name: 'Notificações' });
  await expect(panel.getByRole('link', { name: new RegExp(`Processo ${process.number.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} enviado para Setor de Teste ${id}`) })).toBeVisible();
  await bPage.screenshot({ path: screenshotPath('notifications-bell-panel.png') });
  await noSeriousViolations(bPage, { include: '[role="region"][aria-label="Notificações"]' });
  await panel.getByRole('link', { name: 'Ver todas' }).click();

  // /notifications: the list, mark read, the badge goes away, the notification opens the process
  await bPage.waitForURL((u) => u.pathname === '/notifications');
  await expect(bPage.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
  await expect(bPage.getByText('Você tem 1 não lida.')).toBeVisible();
  const list = bPage.getByRole('list', { name: 'Suas notificações' });
  const item = list.getByRole('listitem').filter({ hasText: `Setor de Teste ${id}` });
  await expect(item).toContainText('Despacho: Para conferência das notas.');
  await expect(item).toContainText('Processo recebido no setor');
  await bPage.screenshot({ path: screenshotPath('notifications-page.png'), fullPage: true });
  await noSeriousViolations(bPage, { include: 'main' });
  await item.getByRole('button', { name: 'Marcar como lida' }).click();
  await expect(item.getByRole('button', { name: 'Marcar como lida' })).toHaveCount(0);
  await expect(bPage.getByText('Nenhuma notificação sem ler.')).toBeVisible();
  await expect(bPage.getByRole('button', { name: 'Notificações', exact: true })).toBeVisible();
  await bPage.getByRole('button', { name: 'Não lidas' }).click();
  await expect(bPage.getByText('Nenhuma notificação sem ler.').last()).toBeVisible();
  await bPage.getByRole('button', { name: 'Todas', exact: true }).click();
  await list.getByRole('link', { name: new RegExp(`Setor de Teste ${id}`) }).click();
  await bPage.waitForURL((u) => u.pathname === `/protocol/processes/${process.id}`);
  await expect(bPage.getByRole('heading', { level: 1 })).toContainText(process.number);
  await theirs.close();
});

test('a aba Histórico mostra a alteração feita por outra pessoa: quem, quando, o quê', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const admin = await apiLogin(request, ACCOUNTS.adminPrefeitura.email);
  const h = bearer(admin.token);
  const id = uniq();
  const origin = ((await (await request.get('/api/sectors', { headers: h, params: { q: 'Protocolo Geral' } })).json()) as { data: { id: number }[] }).data[0].id;
  const procedure = ((await (await request.get('/api/procedures', { headers: h, params: { perPage: 1 } })).json()) as { data: { id: number }[] }).data[0].id;
  const proc = await request.post('/api/processes', { headers: h, data: { procedure_id: procedure, sector_id: origin, object: `Reforma da praça ${id}` } });
  expect(proc.status(), await proc.text()).toBe(201);
  const process = ((await proc.json()) as { data: { id: number; number: string } }).data;

  // the admin edits it on the screen
  await storeToken(page, admin.token);
  await page.goto(`/protocol/processes/${process.id}`);
  await page.getByRole('textbox', { name: /^Observações/ }).fill('Aguardar o orçamento da secretaria de obras.');
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/processes/${process.id}` && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Salvar' }).click();
  expect((await saved).status()).toBe(200);

  // the protocol clerk, in another browser, reads the history
  const theirs = await browser.newContext();
  const clerk = await theirs.newPage();
  await storeToken(clerk, (await apiLogin(clerk.request, ACCOUNTS.protocolo.email)).token);
  await clerk.goto(`/protocol/processes/${process.id}`);
  await clerk.getByRole('tab', { name: 'Histórico' }).click();
  const panel = clerk.getByRole('tabpanel', { name: 'Histórico' });
  const changes = panel.getByRole('list', { name: 'Alterações do registro' }).getByRole('listitem');
  await expect(changes.first()).toContainText(`Alteração · ${admin.user.name}`);
  await expect(changes.first()).toContainText('IP ');
  const row = changes.first().getByRole('row', { name: /^Observações/ });
  await expect(row).toContainText('Aguardar o orçamento da secretaria de obras.');
  await expect(row.getByRole('cell').first()).toHaveText('—');
  await expect(changes.last()).toContainText(`Criação · ${admin.user.name}`);
  await expect(changes.last().getByRole('row', { name: /^Setor de origem/ })).toContainText('Protocolo Geral');
  await clerk.screenshot({ path: screenshotPath('history-tab.png'), fullPage: true });
  await noSeriousViolations(clerk, { include: '#tabpanel-historico' });
  await theirs.close();
});
