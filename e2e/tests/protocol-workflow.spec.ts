/**
 * The protocol workflow on the screen (issue 11), each clerk in their own browser: Priscila (Protocolo Geral) opens a
 * process and sends it to Finanças with a dispatch; her "Enviar" then shows why it is unavailable; Fábio (Finanças)
 * refuses a first one with a reason and accepts a second, then finalizes it from the list's row menu; the
 * administrator reopens it with a reason.
 */
import type { Browser, Page } from '@playwright/test';
import { apiLogin, expect, screenshotPath, storeToken, test, uniq } from './helpers.ts';

async function clerk(browser: Browser, request: Parameters<typeof apiLogin>[0], email: string): Promise<Page> {
  const ctx = await browser.newContext({ locale: 'pt-BR' });
  const page = await ctx.newPage();
  await storeToken(page, (await apiLogin(request, email)).token);
  return page;
}

async function pick(page: Page, label: RegExp | string, text: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(text);
  await page.getByRole('option', { name: new RegExp(text) }).first().click();
}

/** Priscila opens a process by the form and sends it to Finanças; returns its screen address. */
async function openAndSend(page: Page, object: string): Promise<string> {
  await page.goto('/protocol/processes/new');
  await pick(page, /^Procedimento/, 'Pagamento');
  await pick(page, /^Setor de origem/, 'Protocolo Geral');
  await page.getByLabel(/^Objeto/).fill(object);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/protocol\/processes\/\d+$/);
  const url = new URL(page.url()).pathname;

  const actions = page.getByRole('group', { name: 'Ações do registro' });
  await actions.getByRole('button', { name: 'Enviar a outro setor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enviar a outro setor' });
  await dialog.getByRole('button', { name: 'Enviar a outro setor' }).click();
  await expect(dialog.getByText('O campo Setor de destino é obrigatório.')).toBeVisible();
  await pick(page, /^Setor de destino/, 'Finanças');
  await dialog.getByLabel(/^Despacho/).fill('Para empenho e pagamento.');
  await dialog.getByRole('button', { name: 'Enviar a outro setor' }).click();
  await expect(dialog).toBeHidden();
  // now waiting: the button stays, marked, with the reason
  await expect(actions.getByText(/Enviar a outro setor: Aguardando aceite do setor .*Finanças\./)).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Enviar a outro setor' })).toHaveAttribute('aria-disabled', 'true');
  return url;
}

test('Protocolo envia, Finanças recusa um e aceita outro, finaliza; o administrador reabre', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const priscila = await clerk(browser, request, 'protocolo@paco.demo');
  const fabio = await clerk(browser, request, 'financas@paco.demo');
  const admin = await clerk(browser, request, 'admin.prefeitura@paco.demo');
  const tag = uniq();

  const first = await openAndSend(priscila, `Pagamento de material ${tag} (a recusar)`);
  await priscila.screenshot({ path: screenshotPath('protocol-sent.png'), fullPage: true });

  // Fábio refuses the first: the reason is required
  await fabio.goto(first);
  const fActions = fabio.getByRole('group', { name: 'Ações do registro' });
  await expect(fActions.getByRole('button', { name: 'Finalizar' })).toHaveAttribute('aria-disabled', 'true');
  await fActions.getByRole('button', { name: 'Recusar recebimento' }).click();
  const refuse = fabio.getByRole('dialog', { name: 'Recusar recebimento' });
  await refuse.getByRole('button', { name: 'Recusar recebimento' }).click();
  await expect(refuse.getByText('O campo Motivo da recusa é obrigatório.')).toBeVisible();
  await refuse.getByLabel(/^Motivo da recusa/).fill('Falta a nota fiscal.');
  await refuse.getByRole('button', { name: 'Recusar recebimento' }).click();
  await expect(refuse).toBeHidden();
  await expect(fabio.getByText('Recusar recebimento: feito.')).toBeVisible();
  // back with Priscila, who may send it again; the movement shows the refusal
  await priscila.goto(first);
  await expect(priscila.getByRole('group', { name: 'Ações do registro' }).getByRole('button', { name: 'Enviar a outro setor' })).not.toHaveAttribute('aria-disabled', 'true');
  await priscila.getByRole('tab', { name: 'Movimentações' }).click();
  const moves = priscila.getByRole('tabpanel', { name: 'Movimentações' });
  await expect(moves.getByRole('columnheader', { name: 'Recusada' })).toBeVisible();
  await expect(moves.getByRole('row').nth(1)).toContainText('Sim');
  // a movement is opened from its row with the keyboard (its first column is a button reached with Tab)
  await moves.getByRole('row').nth(1).getByRole('button').first().focus();
  await priscila.keyboard.press('Enter');
  const moveDialog = priscila.getByRole('dialog', { name: /^Movimentação/ });
  await expect(moveDialog).toBeVisible();
  await expect(moveDialog.getByLabel(/^Despacho/)).toHaveValue('Para empenho e pagamento.');
  await priscila.keyboard.press('Escape');
  await expect(moveDialog).toBeHidden();

  // the second is accepted, then finalized from the list's row menu
  const second = await openAndSend(priscila, `Pagamento de material ${tag} (a aceitar)`);
  // Fábio finds it in "Minhas pendências" on the launcher, and the module's menu counts it
  await fabio.goto('/');
  const inbox = fabio.getByRole('region', { name: 'Minhas pendências' });
  await inbox.getByRole('link', { name: /Processos enviados ao meu setor, aguardando aceite/ }).click();
  await expect(fabio).toHaveURL(/\/protocol\/processes\?inbox=aceite/);
  await expect(fabio.getByText('Minhas pendências: Processos enviados ao meu setor, aguardando aceite')).toBeVisible();
  await expect(fabio.getByRole('navigation', { name: /Menu do módulo Protocolo/ }).getByRole('link', { name: /Processos/ })).toContainText(/\d/);
  await fabio.screenshot({ path: screenshotPath('protocol-inbox.png'), fullPage: true });
  await fabio.getByRole('row').filter({ hasText: `${tag} (a aceitar)` }).getByRole('gridcell').first().click();
  await expect(fabio).toHaveURL(new RegExp(`${second}$`));
  await fActions.getByRole('button', { name: 'Aceitar recebimento' }).click();
  await fabio.getByRole('dialog', { name: 'Aceitar recebimento' }).getByRole('button', { name: 'Aceitar recebimento' }).click();
  await expect(fabio.getByText('Aceitar recebimento: feito.')).toBeVisible();
  await expect(fActions.getByRole('button', { name: 'Finalizar' })).not.toHaveAttribute('aria-disabled', 'true');
  // Priscila no longer may change it (it is in Finanças): the form is read-only with the reason
  await priscila.goto(second);
  await expect(priscila.getByText(/só os responsáveis por esse setor podem alterá-lo/).first()).toBeVisible();

  await fabio.goto('/protocol/processes');
  await fabio.getByRole('searchbox').or(fabio.getByPlaceholder(/Pesquisar/)).first().fill(tag);
  // the search has been applied (the grid shows only this test's processes) before a row's menu is opened:
  // a menu opened on the unfiltered list closes when the filtered rows arrive
  await expect(fabio).toHaveURL(new RegExp(`[?&]q=${tag}`));
  await expect(fabio.locator('.MuiDataGrid-row').filter({ hasNotText: tag })).toHaveCount(0);
  const row = fabio.getByRole('row').filter({ hasText: `${tag} (a aceitar)` });
  await expect(row).toBeVisible();
  await row.locator('[aria-haspopup="menu"]').click();
  await fabio.getByRole('menuitem', { name: 'Finalizar' }).click();
  const fin = fabio.getByRole('dialog', { name: 'Finalizar' });
  await expect(fin).toContainText('só um administrador poderá reabri-lo');
  await fin.getByRole('button', { name: 'Finalizar' }).click();
  await expect(fabio.getByText('Finalizar: feito.')).toBeVisible();
  await fabio.screenshot({ path: screenshotPath('protocol-finalized-list.png'), fullPage: true });

  // the administrator reopens with a reason
  await admin.goto(second);
  const aActions = admin.getByRole('group', { name: 'Ações do registro' });
  await expect(aActions.getByText('Enviar a outro setor: O processo está finalizado.')).toBeVisible();
  await aActions.getByRole('button', { name: 'Reabrir' }).click();
  const reopen = admin.getByRole('dialog', { name: 'Reabrir' });
  await reopen.getByLabel(/^Motivo da reabertura/).fill('Empenho cancelado; refazer.');
  await reopen.getByRole('button', { name: 'Reabrir' }).click();
  await expect(admin.getByText('Reabrir: feito.')).toBeVisible();
  await expect(aActions.getByRole('button', { name: 'Finalizar' })).not.toHaveAttribute('aria-disabled', 'true');
  await admin.screenshot({ path: screenshotPath('protocol-reopened.png'), fullPage: true });
});
