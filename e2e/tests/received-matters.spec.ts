/**
 * The parliamentarians' requests done from the screens, each actor in their own browser (issue 11): the vereadora
 * writes a draft in the Área do Parlamentar and sends it; the house's operator (operador@, cm_admin) opens it among
 * the received matters, puts it under analysis and protocols it, and sees the new matter's number; the vereadora sees
 * "Protocolada" and the number. Then a solicitation: the vereadora asks for a diária, the operator grants it with a
 * note, and she sees the decision.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, screenshotPath, signInWithForm, test, uniq } from './helpers';

async function actor(browser: Browser, email: string): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signInWithForm(page, email);
  return { ctx, page };
}

/** Runs a record action from the record's buttons, through its dialog (filled by `fill`). */
async function runAction(page: Page, label: string, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('group', { name: 'Ações do registro' }).getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: label });
  await expect(dialog).toBeVisible();
  await fill?.(dialog);
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** The value shown under a label of a read-only record. */
const shown = (page: Page, label: string) => page.locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

test('a draft written and sent by the vereadora is protocolled by the house as a matter; she sees its number', async ({ browser }) => {
  test.setTimeout(120_000);
  const ementa = `Indica a instalação de bicicletário na Praça Central (${uniq()}).`;
  const vera = await actor(browser, 'vereador@paco.demo');
  const op = await actor(browser, 'operador@paco.demo');
  try {
    // the vereadora: Área do Parlamentar › Indicação
    await vera.page.goto('/legislativo-parlamentar/menu');
    await vera.page.getByRole('link', { name: /Indicação/ }).first().click();
    await expect(vera.page.getByRole('heading', { level: 1 })).toContainText('Indicação');
    // the author is her own parliamentarian record: the form does not ask
    await expect(vera.page.getByLabel('Parlamentar', { exact: true })).toHaveCount(0);
    await vera.page.getByLabel(/^Ementa/).fill(ementa);
    await vera.page.getByLabel(/^Texto/).fill('Indico ao Poder Executivo a instalação de bicicletário na Praça Central.');
    await vera.page.getByLabel(/^Justificativa/).fill('Os ciclistas não têm onde deixar as bicicletas.');
    await vera.page.getByRole('button', { name: 'Salvar' }).click();
    await vera.page.waitForURL(/\/legislativo-parlamentar\/matters\/\d+$/);
    const id = Number(new URL(vera.page.url()).pathname.split('/').pop());
    // a draft: still hers to change, and the button to send it
    await expect(vera.page.getByRole('button', { name: 'Enviar à Câmara' })).toBeVisible();
    await vera.page.screenshot({ path: screenshotPath('recebidas-1-rascunho.png'), fullPage: true });
    await runAction(vera.page, 'Enviar à Câmara');
    await expect(vera.page.getByText('Matéria enviada à Câmara.')).toBeVisible();
    // sent: read-only for her, with the reason
    await expect(vera.page.getByText(/A matéria já foi enviada à Câmara \(situação: Enviada\)/).first()).toBeVisible();
    await expect(vera.page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
    await expect(shown(vera.page, 'Situação')).toHaveText('Enviada');

    // the operator: Legislativo › Matérias Recebidas, finds it and opens it
    await op.page.goto('/legislativo');
    await op.page.getByRole('navigation').getByRole('link', { name: 'Matérias Recebidas' }).click();
    await op.page.getByLabel(/^Buscar/).fill(ementa.slice(-12, -2));
    await expect(op.page.getByText('1–1 de 1')).toBeVisible();
    const row = op.page.getByRole('row').filter({ hasText: ementa });
    await expect(row).toHaveCount(1);
    await row.getByRole('gridcell').nth(3).click();
    await op.page.waitForURL(new RegExp(`/legislativo/matters/received/${id}$`));
    await expect(op.page.getByRole('button', { name: 'Enviar à Câmara' })).toHaveCount(0);
    await runAction(op.page, 'Pôr em análise');
    await expect(op.page.getByText(/Protocolar como matéria/).first()).toBeVisible();
    // protocol: the type comes from the draft, the number is the next of the type in the year
    await op.page.getByRole('group', { name: 'Ações do registro' }).getByRole('button', { name: 'Protocolar como matéria' }).click();
    const dialog = op.page.getByRole('dialog', { name: 'Protocolar como matéria' });
    await expect(dialog.getByRole('combobox', { name: /Tipo da matéria/ })).toHaveValue(/Indicação/);
    await op.page.screenshot({ path: screenshotPath('recebidas-2-protocolar.png') });
    await dialog.getByRole('button', { name: 'Protocolar como matéria' }).click();
    const toast = op.page.getByText(/^Protocolada como IND \d+\/\d{4}\.$/);
    await expect(toast).toBeVisible();
    const identificacao = (await toast.textContent())!.replace(/^Protocolada como /, '').replace(/\.$/, '');
    // the record's state above its form: the situation and the matter it became
    await expect(shown(op.page, 'Matéria gerada')).toHaveText(identificacao);
    await expect(shown(op.page, 'Situação')).toHaveText('Protocolada como matéria');
    await op.page.screenshot({ path: screenshotPath('recebidas-3-protocolada.png'), fullPage: true });

    // the vereadora: her list shows the situation and the matter it became
    await vera.page.goto('/legislativo-parlamentar/matters');
    const mine = vera.page.getByRole('row').filter({ hasText: ementa });
    await expect(mine).toContainText('Protocolada como matéria');
    await expect(mine).toContainText(identificacao);
    // sent: no delete button on its row (her unsent draft keeps one)
    await expect(mine.getByRole('menuitem', { name: 'Excluir' })).toHaveCount(0);
    await expect(vera.page.getByRole('row').filter({ hasText: 'Rascunho' }).first().getByRole('menuitem', { name: 'Excluir' })).toHaveCount(1);
    await vera.page.screenshot({ path: screenshotPath('recebidas-4-lista-parlamentar.png'), fullPage: true });
    await mine.getByRole('gridcell').nth(3).click();
    await expect(shown(vera.page, 'Matéria gerada')).toHaveText(identificacao);
    await expect(shown(vera.page, 'Situação')).toHaveText('Protocolada como matéria');
  } finally {
    await vera.ctx.close();
    await op.ctx.close();
  }
});

test('a diária asked by the vereadora is granted by the house; she sees the decision', async ({ browser }) => {
  test.setTimeout(90_000);
  const destino = `Belo Horizonte/MG — ${uniq()}`;
  const vera = await actor(browser, 'vereador@paco.demo');
  const op = await actor(browser, 'operador@paco.demo');
  try {
    await vera.page.goto('/legislativo-parlamentar/menu');
    await vera.page.getByRole('link', { name: /Diária/ }).click();
    await expect(vera.page.getByLabel('Parlamentar', { exact: true })).toHaveCount(0);
    await vera.page.getByLabel(/^Destino/).fill(destino);
    await vera.page.getByLabel(/^Finalidade/).fill('Curso de capacitação de vereadores na Escola do Legislativo.');
    await vera.page.getByLabel(/^Data de saída/).fill('2026-12-15');
    await vera.page.getByLabel(/^Quantidade de diárias/).fill('2');
    await vera.page.getByRole('button', { name: 'Salvar' }).click();
    await vera.page.waitForURL(/\/legislativo-parlamentar\/solicitation\/\d+$/);
    const id = Number(new URL(vera.page.url()).pathname.split('/').pop());
    // sent when created: read-only for her; she may still cancel it
    await expect(shown(vera.page, 'Situação')).toHaveText('Pendente');
    await expect(vera.page.getByRole('button', { name: 'Cancelar solicitação' })).toBeVisible();
    await expect(vera.page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);

    await op.page.goto(`/legislativo/solicitation/${id}`);
    await expect(op.page.getByRole('button', { name: 'Indeferir' })).toBeVisible();
    await runAction(op.page, 'Deferir', async (d) => {
      await d.getByLabel(/^Observação/).fill('Duas diárias autorizadas pela Presidência.');
    });
    await expect(op.page.getByText('Solicitação deferida.')).toBeVisible();
    await op.page.screenshot({ path: screenshotPath('solicitacoes-1-deferida.png'), fullPage: true });

    await vera.page.goto('/legislativo-parlamentar/solicitation');
    const mine = vera.page.getByRole('row').filter({ hasText: destino });
    await expect(mine).toContainText('Deferida');
    await mine.getByRole('gridcell').nth(3).click();
    await expect(shown(vera.page, 'Situação')).toHaveText('Deferida');
    await expect(shown(vera.page, 'Observação da situação')).toHaveText('Duas diárias autorizadas pela Presidência.');
    await expect(vera.page.getByText(/Cancelar solicitação: A solicitação já foi decidida/)).toBeVisible();
    await vera.page.screenshot({ path: screenshotPath('solicitacoes-2-parlamentar.png'), fullPage: true });
  } finally {
    await vera.ctx.close();
    await op.ctx.close();
  }
});
