/**
 * "Da proposição à matéria" (issue 13 §1; docs/legislativo.md), each actor in a browser of their own: the vereadora
 * Vera Lúcia (vereador@) writes a bill and invites Zé do Mercado (vereador2@); he finds it in "Minhas pendências" and
 * signs it from his account; she sends it; the house's operator (operador@) protocols it — the matter's authors are
 * both, in order — distributes it to a commission and presents an amendment, numbered in the bill's sequence; the
 * commissions' operator (a cm_operador_comissao made here) designates Dr. Ricardo Menezes (vereador3@) rapporteur —
 * he finds the matter in his pendências — and registers the commission's parecer with its PDF.
 */
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { apiLogin, bearer, expect, screenshotPath, signInWithForm, test, uniq } from './helpers';
import { TOASTS, noSeriousViolations } from './axe.ts';
import { commissionFor } from './legislativo-flow';

async function actor(browser: Browser, email: string, password?: string): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signInWithForm(page, email, password);
  return { ctx, page };
}

const actions = (page: Page): Locator => page.getByRole('group', { name: 'Ações do registro' });

/** Runs a record action from the record's buttons, through its dialog (filled by `fill`), and waits for its message. */
async function run(page: Page, label: string, said: string | RegExp, fill?: (dialog: Locator) => Promise<void>): Promise<void> {
  await actions(page).getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: label });
  await expect(dialog).toBeVisible();
  await fill?.(dialog);
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(said)).toBeVisible();
}

/** Picks an option of a searchable reference in a dialog. */
async function pick(page: Page, dialog: Locator, label: RegExp, typed: string, option: RegExp): Promise<void> {
  await dialog.getByRole('combobox', { name: label }).fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/** The value shown under a label of the record's state (above the form) or of a read-only record. */
const summaryOf = (page: Page, field: string): Locator => page.locator(`[data-summary="${field}"]`);

test('um projeto assinado por dois vereadores vira matéria com os dois autores, vai à comissão, recebe relator, parecer e emenda', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const tag = uniq();
  const ementa = `Institui a Semana Municipal da Horta Escolar (${tag}).`;

  // a commission of this test, with a composition in force (the rapporteur is one of its members), and its operator
  const { sigla, nome: commissionName, operator } = await commissionFor(request, tag, ['Dr. Ricardo Menezes', 'Ana Paula Rocha']);

  const vera = await actor(browser, 'vereador@paco.demo');
  const ze = await actor(browser, 'vereador2@paco.demo');
  const op = await actor(browser, 'operador@paco.demo');
  const com = await actor(browser, operator.email, operator.password);
  const ricardo = await actor(browser, 'vereador3@paco.demo');
  try {
    /* 1. the vereadora writes the bill and invites Zé do Mercado */
    await vera.page.goto('/legislativo-parlamentar/menu');
    await vera.page.getByRole('link', { name: /Projeto de Lei/ }).first().click();
    await vera.page.getByLabel(/^Ementa/).fill(ementa);
    await vera.page.getByLabel(/^Texto/).fill('Art. 1º Fica instituída a Semana Municipal da Horta Escolar, na primeira semana de setembro.');
    await vera.page.getByLabel(/^Justificativa/).fill('Aproxima as crianças da produção de alimentos.');
    await vera.page.getByRole('button', { name: 'Salvar' }).click();
    await vera.page.waitForURL(/\/legislativo-parlamentar\/matters\/\d+$/);
    const draftId = Number(new URL(vera.page.url()).pathname.split('/').pop());
    await run(vera.page, 'Convidar coautor', 'Convite enviado a Zé do Mercado.', async (d) => {
      await pick(vera.page, d, /Vereador\(a\)/, 'Zé', /Zé do Mercado/);
    });
    await vera.page.getByRole('tab', { name: 'Coautores' }).click();
    const coauthors = vera.page.getByRole('tabpanel', { name: 'Coautores' });
    await expect(coauthors.getByRole('row').filter({ hasText: 'Zé do Mercado' })).toContainText('Aguardando assinatura');
    await noSeriousViolations(vera.page, { exclude: TOASTS });
    await vera.page.screenshot({ path: screenshotPath('proposicao-1-convite.png'), fullPage: true });

    /* 2. Zé do Mercado: "Minhas pendências", the draft read-only, "Assinar" */
    await ze.page.goto('/');
    await ze.page.getByRole('region', { name: 'Minhas pendências' }).getByRole('link', { name: /Proposições aguardando minha assinatura/ }).click();
    await expect(ze.page).toHaveURL(/inbox=assinar/);
    const pending = ze.page.getByRole('row').filter({ hasText: ementa });
    await expect(pending).toHaveCount(1);
    // not his to delete
    await expect(pending.getByRole('menuitem', { name: 'Excluir' })).toHaveCount(0);
    await ze.page.screenshot({ path: screenshotPath('proposicao-2-pendencias-coautor.png'), fullPage: true });
    await pending.getByRole('gridcell').filter({ hasText: ementa }).click();
    await expect(ze.page).toHaveURL(new RegExp(`/${draftId}$`));
    await expect(ze.page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
    await expect(actions(ze.page).getByRole('button', { name: 'Enviar à Câmara' })).toHaveCount(0);
    await expect(actions(ze.page).getByRole('button', { name: 'Recusar assinatura' })).toBeVisible();
    await noSeriousViolations(ze.page, { exclude: TOASTS });
    await ze.page.screenshot({ path: screenshotPath('proposicao-3-coautor-ve.png'), fullPage: true });
    await run(ze.page, 'Assinar', 'Matéria assinada. O autor foi avisado.');
    await expect(ze.page.getByText('Assinar: Você já assinou esta matéria.')).toBeVisible();

    /* 3. the vereadora sees the signature and sends the bill */
    await vera.page.reload();
    await vera.page.getByRole('tab', { name: 'Coautores' }).click();
    await expect(coauthors.getByRole('row').filter({ hasText: 'Zé do Mercado' })).toContainText('Assinada');
    await vera.page.getByRole('tab', { name: 'Dados' }).click();
    await run(vera.page, 'Enviar à Câmara', 'Matéria enviada à Câmara.');
    await expect(actions(vera.page).getByRole('button', { name: 'Convidar coautor' })).toHaveAttribute('aria-disabled', 'true');

    /* 4. the house protocols it: the matter's authors are both */
    await op.page.goto(`/legislativo/matters/received/${draftId}`);
    await op.page.getByRole('tab', { name: 'Coautores' }).click();
    await expect(op.page.getByRole('tabpanel', { name: 'Coautores' }).getByRole('row').filter({ hasText: 'Zé do Mercado' })).toContainText('Assinada');
    await op.page.getByRole('tab', { name: 'Dados' }).click();
    await run(op.page, 'Protocolar como matéria', /^Protocolada como PL \d+\/\d{4}\.$/);
    const { token: opToken } = await apiLogin(request, 'operador@paco.demo');
    const matterId = ((await (await request.get(`/api/matters/matterapplication/${draftId}`, { headers: bearer(opToken) })).json()) as { data: { matter_id: number } }).data.matter_id;
    await op.page.goto(`/legislativo/matters/${matterId}`);
    await expect(op.page.getByRole('heading', { level: 1 })).toHaveText(/^Matéria: PL \d+\/\d{4}$/);
    const identificacao = ((await op.page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace(/^Matéria: /, '');
    await op.page.getByRole('tab', { name: 'Autores' }).click();
    const authors = op.page.getByRole('tabpanel', { name: 'Autores' }).getByRole('row');
    await expect(authors.nth(1)).toContainText('Vera Lúcia');
    await expect(authors.nth(2)).toContainText('Zé do Mercado');
    await op.page.screenshot({ path: screenshotPath('proposicao-4-autores.png'), fullPage: true });

    /* 5. distributed to the commission (a tramitation step; the distribution opens) */
    await op.page.getByRole('tab', { name: 'Dados' }).click();
    await run(op.page, 'Distribuir às comissões', `Distribuída: ${sigla}.`, async (d) => {
      await d.getByRole('combobox', { name: /Comissões/ }).click();
      await op.page.getByRole('option', { name: new RegExp(`^${sigla} — `) }).click();
      await op.page.keyboard.press('Escape');
      await expect(d.getByRole('combobox', { name: /Status/ })).toHaveValue('Em comissão');
      await noSeriousViolations(op.page, { exclude: TOASTS });
      await op.page.screenshot({ path: screenshotPath('proposicao-5-distribuir.png') });
    });
    await expect(op.page.getByRole('region', { name: 'Situação da matéria' })).toContainText('Em comissão');
    await op.page.getByRole('tab', { name: 'Distribuições às comissões' }).click();
    const distRow = op.page.getByRole('tabpanel', { name: 'Distribuições às comissões' }).getByRole('row').filter({ hasText: commissionName });
    await expect(distRow).toContainText('Aguardando relator');
    await distRow.getByRole('link').first().click();
    await expect(op.page).toHaveURL(/\/legislativo\/distributions\/\d+$/);
    const distUrl = new URL(op.page.url()).pathname;

    /* 6. the commissions' operator designates the rapporteur among the members; the deadline in business days */
    await com.page.goto(distUrl);
    await expect(com.page.getByRole('heading', { level: 1 })).toContainText('Distribuição à comissão');
    await expect(actions(com.page).getByRole('button', { name: 'Registrar parecer' })).toHaveAttribute('aria-disabled', 'true');
    await run(com.page, 'Designar relator', /^Relator\(a\) designado\(a\): Dr\. Ricardo Menezes; parecer até \d{2}\/\d{2}\/\d{4}\.$/, async (d) => {
      await d.getByRole('combobox', { name: /Relator/ }).click();
      await expect(com.page.getByRole('listbox').getByRole('option')).toHaveText(['Ana Paula Rocha', 'Dr. Ricardo Menezes']);
      await com.page.getByRole('option', { name: 'Dr. Ricardo Menezes' }).click();
      await expect(d.getByRole('textbox', { name: /Prazo \(dias úteis\)/ })).toHaveValue('15');
      await expect(d.getByRole('textbox', { name: 'Prazo do parecer' })).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
      await noSeriousViolations(com.page, { exclude: TOASTS });
      await com.page.screenshot({ path: screenshotPath('proposicao-6-designar-relator.png') });
    });
    await expect(summaryOf(com.page, 'relator_id')).toContainText('Dr. Ricardo Menezes');
    await expect(summaryOf(com.page, 'prazoParecer')).toContainText(/\d{2}\/\d{2}\/\d{4}/);

    /* 7. the rapporteur finds it in his pendências */
    await ricardo.page.goto('/');
    await ricardo.page.getByRole('region', { name: 'Minhas pendências' }).getByRole('link', { name: /Matérias aguardando meu parecer/ }).click();
    await expect(ricardo.page).toHaveURL(/\/legislativo\/distributions\?inbox=meu_parecer/);
    await expect(ricardo.page.getByRole('row').filter({ hasText: identificacao })).toHaveCount(1);
    await noSeriousViolations(ricardo.page, { exclude: TOASTS });
    await ricardo.page.screenshot({ path: screenshotPath('proposicao-7-pendencias-relator.png'), fullPage: true });

    /* 8. the commission's parecer, with its PDF */
    await run(com.page, 'Registrar parecer', `Parecer registrado: Favorável (${sigla}).`, async (d) => {
      await d.getByRole('combobox', { name: /^Parecer/ }).click();
      await com.page.getByRole('option', { name: 'Favorável', exact: true }).click();
      await d.getByRole('textbox', { name: /Votos favoráveis/ }).fill('2');
      await d.locator('input[type="file"]').setInputFiles({ name: 'parecer-horta.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
      await expect(d).toContainText('parecer-horta.pdf');
      await noSeriousViolations(com.page, { exclude: TOASTS });
      await com.page.screenshot({ path: screenshotPath('proposicao-8-parecer-dialogo.png') });
    });
    await expect(summaryOf(com.page, 'situacao')).toContainText('Parecer emitido');
    await expect(summaryOf(com.page, 'parecer_documento')).toContainText('parecer-horta.pdf');
    await com.page.screenshot({ path: screenshotPath('proposicao-9-parecer.png'), fullPage: true });
    // out of the rapporteur's pendências
    await ricardo.page.reload();
    await expect(ricardo.page.getByRole('row').filter({ hasText: identificacao })).toHaveCount(0);

    /* 9. an amendment, numbered in the bill's sequence */
    await op.page.goto(`/legislativo/matters/${matterId}`);
    await run(op.page, 'Apresentar emenda', `Apresentada: Emenda nº 1 ao ${identificacao}.`, async (d) => {
      await d.getByRole('combobox', { name: /Espécie/ }).click();
      await op.page.getByRole('option', { name: 'Emenda modificativa' }).click();
      await pick(op.page, d, /^Autor/, 'Ana', /Ana Paula Rocha/);
      await d.getByRole('textbox', { name: /^Ementa/ }).fill('Altera o art. 1º para incluir as escolas estaduais.');
    });
    await op.page.getByRole('tab', { name: 'Emendas e substitutivos' }).click();
    const amendment = op.page.getByRole('tabpanel', { name: 'Emendas e substitutivos' }).getByRole('row').filter({ hasText: `Emenda nº 1 ao ${identificacao}` });
    await expect(amendment).toContainText('Emenda modificativa');
    await noSeriousViolations(op.page, { exclude: TOASTS });
    await op.page.screenshot({ path: screenshotPath('proposicao-10-emenda.png'), fullPage: true });
    // no pencil: an amendment is edited on its own screen
    await expect(amendment.getByRole('button', { name: /^Editar/ })).toHaveCount(0);
    await amendment.getByRole('link').click();
    await expect(op.page.getByRole('heading', { level: 1 })).toContainText(`Emenda nº 1 ao ${identificacao}`);
    await expect(summaryOf(op.page, 'principal_id')).toContainText(identificacao);
  } finally {
    for (const a of [vera, ze, op, com, ricardo]) await a.ctx.close();
  }
});
