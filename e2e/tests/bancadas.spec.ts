/**
 * Bancadas e blocos parlamentares (decision 0057): the Câmara's admin creates a bloco on its screen, adds two members
 * in its "Membros" tab, one as Líder, is told under the field that a second Líder is refused, and sees both members.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, screenshotPath, signInWithForm, test, uniq } from './helpers.ts';

/** Picks an option of a reference (a searchable list). */
async function pick(page: Page, scope: Locator | Page, label: RegExp, typed: string, option: RegExp) {
  await scope.getByRole('combobox', { name: label }).fill(typed);
  await expect(page.getByRole('listbox').getByRole('option').first()).toHaveText(option);
  await page.getByRole('listbox').getByRole('option').first().click();
}

async function addMember(page: Page, panel: Locator, nome: string, cargo: string): Promise<Locator> {
  await panel.getByRole('button', { name: 'Adicionar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar membro' });
  await pick(page, dialog, /^Parlamentar/, nome, new RegExp(nome));
  await dialog.getByRole('combobox', { name: /^Cargo/ }).click();
  await page.getByRole('option', { name: cargo, exact: true }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await dialog.getByRole('textbox', { name: /^Início/ }).fill('01/03/2025');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  return dialog;
}

test('bloco parlamentar: o administrador cria o bloco, adiciona o líder e um membro, e um segundo líder é recusado no campo', async ({ page }) => {
  test.setTimeout(60_000);
  await signInWithForm(page, 'admin@paco.demo');
  const nome = `Bloco da Cidadania ${uniq()}`;

  await page.goto('/legislativo/blocos/new');
  await page.getByRole('textbox', { name: /^Nome/ }).fill(nome);
  await pick(page, page, /^Legislatura/, '19', /19ª Legislatura/);
  await page.getByRole('textbox', { name: /^Início/ }).fill('01/03/2025');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await page.waitForURL(/\/legislativo\/blocos\/\d+$/);

  await page.getByRole('tab', { name: 'Membros', exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: 'Membros', exact: true });
  await expect(panel).toContainText('Nenhum registro');
  await expect(await addMember(page, panel, 'Zé do Mercado', 'Líder')).toHaveCount(0);
  await expect(panel).toContainText('Zé do Mercado');
  await expect(await addMember(page, panel, 'Tânia Ribeiro', 'Membro')).toHaveCount(0);

  const refused = await addMember(page, panel, 'Cida Moreira', 'Líder');
  await expect(refused.getByText(/O bloco já tem líder neste período: Zé do Mercado \(desde 01\/03\/2025\)/)).toBeVisible();
  await refused.getByRole('button', { name: 'Cancelar' }).click();
  await expect(refused).toHaveCount(0);

  await expect(panel.getByRole('row')).toHaveCount(3); // header + two members
  await expect(panel).toContainText('Zé do Mercado');
  await expect(panel).toContainText('Líder');
  await expect(panel).toContainText('Tânia Ribeiro');
  await expect(panel).not.toContainText('Cida Moreira');
  await page.screenshot({ path: screenshotPath('bancadas-bloco-membros.png'), fullPage: true });
});
