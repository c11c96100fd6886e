/**
 * Tramitação (issue 11; docs/workflows/tramitacao.md), as the matters' operator does it (operador@, cm_admin): the
 * "Tramitações com prazo vencendo" count in the menu and the "Prazo vencido" filter of the matters list; on a matter,
 * "Tramitar": the first step from a chosen origin, then from where the matter is, with only the statuses the flow
 * allows, the end of the deadline computed live; the new step in the tab and the deadline's alert at the top; a final
 * status ends "em tramitação" and leaves the button unavailable with the reason. The councillor (vereador@, in a
 * browser of their own) sees where the matter is, without the button. The administrator sees the flow under
 * Configurações.
 */
import type { Locator, Page } from '@playwright/test';
import { apiLogin, bearer, expect, screenshotPath, signInWithForm, test, uniq } from './helpers.ts';
import { noSeriousViolations } from './axe.ts';

const OPERATOR = 'operador@paco.demo';
const today = (): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const br = (iso: string) => iso.split('-').reverse().join('/');
const daysFrom = (from: string, to: string) => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

/** Picks an option of a reference (a searchable list) in the dialog. */
async function pick(page: Page, dialog: Locator, label: RegExp, typed: string, option: RegExp) {
  await dialog.getByRole('combobox', { name: label }).fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/** Opens "Tramitar" from the record's buttons. */
async function openTramitar(page: Page): Promise<Locator> {
  await page.getByRole('group', { name: 'Ações do registro' }).getByRole('button', { name: 'Tramitar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Tramitar' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function save(page: Page, dialog: Locator, said: string | RegExp) {
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/matters\/\d+\/tramitar$/.test(new URL(r.url()).pathname));
  await dialog.getByRole('button', { name: 'Tramitar', exact: true }).click();
  expect((await answer).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(page.getByText(said)).toBeVisible();
}

test('o operador tramita a matéria pelo fluxo, vê o fim do prazo e o alerta, e um status final encerra a tramitação', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const { token } = await apiLogin(request, OPERATOR);
  const ementa = `Indica a instalação de bebedouros na Praça da Matriz ${uniq()}.`;
  const ind = ((await (await request.get('/api/types_of/matters', { headers: bearer(token) })).json()) as { data: { id: number; slug: string }[] }).data.find((x) => x.slug === 'ind')!;
  const created = await request.post('/api/matters', { headers: bearer(token), data: { type_id: ind.id, dataApresentacao: today(), ementa } });
  expect(created.status(), await created.text()).toBe(201);
  const matter = ((await created.json()) as { data: { id: number; identificacao: string } }).data;
  const fim = ((await (await request.get(`/api/holidays/deadline?inicio=${today()}&dias=2`, { headers: bearer(token) })).json()) as { data: { value: string } }).data.value;

  await signInWithForm(page, OPERATOR);
  // the matters list: the seeded bills whose commission deadline passed, by the filter; the count in the menu
  await page.goto('/legislativo/matters');
  const grid = page.getByRole('grid', { name: 'Matérias' });
  await expect(grid).toBeVisible({ timeout: 20_000 });
  const menuCount = page.locator('a[href="/legislativo/matters"]').getByLabel(/pendentes?$/);
  await expect(menuCount).toBeVisible();
  const before = Number(await menuCount.textContent());
  await page.getByRole('button', { name: /^Filtros/ }).click();
  await page.getByRole('combobox', { name: 'Prazo da tramitação' }).click();
  await page.getByRole('option', { name: 'Vencido' }).click();
  await expect(page).toHaveURL(/vencimento=vencido/);
  await expect(grid.getByRole('row').filter({ hasText: 'PL 2/2026' })).toContainText(/Em atraso há \d+ dias/);
  await expect(grid.getByRole('row').filter({ hasText: 'PL 4/2026' })).toHaveCount(0); // sanctioned: out of tramitação
  await noSeriousViolations(page, { include: 'main' });
  await page.screenshot({ path: screenshotPath('tramitacao-lista-vencidas.png'), fullPage: true });

  // the new matter: no step yet
  await page.goto(`/legislativo/matters/${matter.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(matter.identificacao);
  const summary = page.getByRole('region', { name: 'Situação da matéria' });

  // the first step: from a chosen unit, any status
  let dialog = await openTramitar(page);
  await expect(dialog.getByRole('textbox', { name: /Data da tramitação/ })).toHaveValue(br(today()));
  await pick(page, dialog, /Unidade de origem/, 'Protocolo', /Protocolo Legislativo/);
  await pick(page, dialog, /Unidade de destino/, 'Secretaria', /Secretaria Legislativa/);
  await pick(page, dialog, /Status/, 'Protoc', /^Protocolada$/);
  await dialog.getByRole('textbox', { name: /Ação/ }).fill('Protocolada e lida no expediente.');
  await save(page, dialog, 'Tramitação registrada: Protocolada.');
  await expect(summary).toContainText('Protocolada');
  await expect(summary).toContainText('Secretaria Legislativa');

  // the next step: from where the matter is, only the statuses allowed after "Protocolada", the deadline's end live
  dialog = await openTramitar(page);
  const origem = dialog.getByRole('textbox', { name: 'Unidade de origem' });
  await expect(origem).toHaveValue('Secretaria Legislativa');
  await expect(origem).toHaveAttribute('readonly', '');
  await dialog.getByRole('combobox', { name: /Status/ }).click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveText(['Em comissão', 'Aguardando parecer', 'Pronta para pauta', 'Retirada pelo autor', 'Arquivada']);
  await page.getByRole('option', { name: 'Em comissão' }).click();
  await pick(page, dialog, /Comissão de destino/, 'Legisla', /Legislação, Justiça e Redação/);
  await dialog.getByRole('textbox', { name: /Prazo \(dias\)/ }).fill('2');
  await expect(dialog.getByRole('textbox', { name: 'Fim do prazo' })).toHaveValue(br(fim));
  await dialog.getByRole('textbox', { name: /Ação/ }).fill('À CLJR para parecer em 2 dias.');
  await noSeriousViolations(page, { include: 'main' });
  // the whole dialog on one screen for the picture
  await page.setViewportSize({ width: 1366, height: 1300 });
  await dialog.evaluate((e) => { e.scrollTop = 0; });
  await page.screenshot({ path: screenshotPath('tramitacao-dialogo.png') });
  await page.setViewportSize({ width: 1366, height: 800 });
  await save(page, dialog, `Tramitação registrada: Em comissão; prazo até ${br(fim)}.`);

  // the deadline at the top, with its alert; the step in the tab
  await expect(summary).toContainText('Em comissão');
  await expect(summary).toContainText('Comissão de Legislação, Justiça e Redação');
  const left = daysFrom(today(), fim);
  const prazo = summary.locator('[data-summary="prazoTramitacao"]');
  await expect(prazo).toContainText(br(fim));
  await expect(prazo).toContainText(left === 0 ? 'vence hoje' : `vence em ${left} dia${left === 1 ? '' : 's'}`);
  await page.getByRole('tab', { name: 'Tramitações' }).click();
  const steps = page.getByRole('tabpanel', { name: 'Tramitações' });
  await expect(steps.getByRole('row')).toHaveCount(3); // header + two steps
  await expect(steps.getByRole('row').filter({ hasText: 'Em comissão' })).toContainText(br(fim));
  await expect(steps.getByRole('button', { name: 'Tramitar' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('tramitacao-passos.png'), fullPage: true });
  // the menu counts it among the deadlines coming
  await expect(menuCount).toHaveText(String(before + 1));

  // the councillor, in a browser of their own: where the matter is, no button
  const councillor = await browser.newContext();
  const other = await councillor.newPage();
  await signInWithForm(other, 'vereador@paco.demo');
  await other.goto(`/legislativo/matters/${matter.id}`);
  await expect(other.getByRole('region', { name: 'Situação da matéria' })).toContainText('Em comissão');
  await expect(other.getByRole('button', { name: 'Tramitar' })).toHaveCount(0);
  await councillor.close();

  // a final status, from the tab's own button: out of tramitação, and nothing may follow "Arquivada"
  await page.getByRole('tab', { name: 'Tramitações' }).click();
  await steps.getByRole('button', { name: 'Tramitar' }).click();
  dialog = page.getByRole('dialog', { name: 'Tramitar' });
  await expect(dialog.getByRole('combobox', { name: /Unidade de origem/ })).toHaveValue(''); // the last step went to a commission alone: the origin is chosen
  await dialog.getByRole('combobox', { name: /Status/ }).click();
  await page.getByRole('option', { name: 'Arquivada' }).click();
  await pick(page, dialog, /Unidade de destino/, 'Secretaria', /Secretaria Legislativa/);
  await save(page, dialog, 'Tramitação registrada: Arquivada. A matéria saiu de tramitação.');
  await expect(steps.getByRole('row')).toHaveCount(4);
  await expect(steps.getByRole('button', { name: 'Tramitar' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('tab', { name: 'Dados' }).click();
  await expect(summary.locator('[data-summary="emTramitacao"]')).toContainText('Não');
  // kept by the steps: shown above, not a switch of the form
  await expect(page.getByRole('checkbox', { name: 'Em tramitação' })).toHaveCount(0);
  await expect(summary).not.toContainText('vence em');
  const button = page.getByRole('group', { name: 'Ações do registro' }).getByRole('button', { name: 'Tramitar', exact: true });
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText('Tramitar: A tramitação terminou em “Arquivada”: nenhum status pode vir depois dele (Configurações › Fluxo de tramitação).')).toBeVisible();
  await noSeriousViolations(page, { include: 'main' });
  await page.screenshot({ path: screenshotPath('tramitacao-encerrada.png'), fullPage: true });
});

test('o administrador vê o fluxo de tramitação em Configurações', async ({ page }) => {
  await signInWithForm(page, 'admin@paco.demo');
  await page.goto('/settings/tramitationFlows');
  const grid = page.getByRole('grid', { name: 'Fluxos de tramitação' });
  await expect(grid).toBeVisible({ timeout: 20_000 });
  const row = grid.getByRole('row').filter({ hasText: 'Protocolada' }).first();
  await expect(row).toContainText('Em comissão');
  await expect(grid.getByRole('row').filter({ hasText: /^Aprovada/ }).first()).toContainText('Remetida à sanção');
  await noSeriousViolations(page, { include: 'main' });
  await page.screenshot({ path: screenshotPath('tramitacao-fluxo.png'), fullPage: true });
});
