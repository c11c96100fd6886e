/**
 * E-SIC (issue 11; docs/workflows/sic.md), as its people do it, each in a browser context of their own: the SIC
 * officer opens "Pedidos de informação" from the module, sees the deadline and "em atraso" in the list, opens a
 * request, starts the analysis, extends the deadline with a justification (the second extension shown unavailable,
 * with its reason), answers with an attachment; the list shows the new situation, and the request's "E-mails ao
 * cidadão" shows the e-mails the requester got (read from the mail outbox). The requester files and appeals through
 * the public channel (the portal is issue 12); the authority (the Prefeitura's administrator) decides the appeal.
 */
import type { Browser, Page } from '@playwright/test';
import { ACCOUNTS, PREFEITURA, apiLogin, expect, screenshotPath, signInWithForm, test, uniq } from './helpers.ts';
import { noSeriousViolations } from './axe.ts';

const OFFICER = 'sic@paco.demo';
const br = (iso: string) => iso.split('-').reverse().join('/');

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInWithForm(page, email);
  return page;
}

const actions = (page: Page) => page.getByRole('group', { name: 'Ações do registro' });

/** Runs a record action from its button: the dialog, its inputs, the answer. */
async function run(page: Page, label: string, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await actions(page).getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: label });
  await expect(dialog).toBeVisible();
  await fill?.(dialog);
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/pedidos_informacao\/\d+\//.test(new URL(r.url()).pathname));
  await dialog.getByRole('button', { name: label, exact: true }).click();
  expect((await answer).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${label}: feito.`)).toBeVisible();
}

test('o SIC analisa, prorroga uma vez, responde com anexo; o requerente recebe os e-mails; a autoridade decide o recurso', async ({ browser, request }) => {
  test.setTimeout(150_000);
  // the requester's channel
  const { user } = await apiLogin(request, ACCOUNTS.adminPrefeitura.email);
  expect(user.company?.name).toBe(PREFEITURA);
  const companyId = user.company!.id;
  const assunto = `Contratos de iluminação ${uniq()}`;
  const filed = await request.post('/api/public/pedidos_informacao', { data: {
    company_id: companyId, assunto, texto: 'Peço cópia dos contratos de manutenção da iluminação pública de 2025.',
    requerenteNome: 'Marta Reis', requerenteEmail: 'marta.reis@exemplo.com.br',
  } });
  expect(filed.status(), await filed.text()).toBe(201);
  const { protocolo, codigo, prazo } = ((await filed.json()) as { data: { protocolo: string; codigo: string; prazo: string } }).data;

  // the officer: E-SIC › Pedidos de informação, from the launcher
  const page = await signedIn(browser, OFFICER);
  await page.getByRole('link', { name: /E-SIC/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'E-SIC' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: /Pedidos de informação/ }).click();
  const grid = page.getByRole('grid', { name: 'Pedidos de informação' });
  await expect(grid).toBeVisible({ timeout: 20_000 });
  // the seeded request past its deadline says so; the new one shows its deadline
  await expect(grid.getByRole('row').filter({ hasText: 'Plantões médicos da UPA em março' })).toContainText(/Em atraso há \d+ dias?/);
  const row = grid.getByRole('row').filter({ hasText: assunto });
  await expect(row).toContainText(br(prazo));
  await expect(row).toContainText('Recebido');
  await noSeriousViolations(page, { include: 'main' });
  await page.screenshot({ path: screenshotPath('sic-lista.png'), fullPage: true });

  // the request: its state and deadline above, the requester's text read-only, the actions it may run now
  await row.getByRole('gridcell').filter({ hasText: assunto }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(protocolo);
  const summary = page.getByRole('region', { name: 'Situação do pedido de informação' });
  await expect(summary).toContainText('Recebido');
  await expect(summary).toContainText(br(prazo));
  await expect(page.getByRole('textbox', { name: /Informação solicitada/ })).not.toBeEditable();

  await run(page, 'Iniciar análise');
  await expect(summary).toContainText('Em análise');

  // extend: once, with a justification
  await run(page, 'Prorrogar prazo', async (d) => {
    await expect(d).toContainText('uma única vez, por mais 10 dias');
    await d.getByRole('textbox', { name: /Justificativa/ }).fill('Os contratos estão no arquivo da Secretaria de Obras.');
  });
  await expect(summary).toContainText('Os contratos estão no arquivo da Secretaria de Obras.');
  await expect(summary).not.toContainText(br(prazo));
  const again = actions(page).getByRole('button', { name: 'Prorrogar prazo', exact: true });
  await expect(again).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText('Prorrogar prazo: O prazo já foi prorrogado uma vez (Lei 12.527/2011, art. 11, § 2º).')).toBeVisible();
  await again.click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await noSeriousViolations(page, { include: 'main' });
  await page.screenshot({ path: screenshotPath('sic-prorrogado.png'), fullPage: true });

  // answer, with the contracts attached
  await run(page, 'Responder', async (d) => {
    await d.getByRole('textbox', { name: /Resposta/ }).fill('Seguem os contratos de manutenção da iluminação pública de 2025.');
    await d.locator('input[type="file"]').setInputFiles({ name: 'contratos.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await expect(d).toContainText('contratos.pdf');
    await page.screenshot({ path: screenshotPath('sic-responder.png'), fullPage: true });
  });
  await expect(summary).toContainText('Respondido');
  await expect(summary).toContainText('Seguem os contratos de manutenção da iluminação pública de 2025.');
  await expect(summary.getByRole('link', { name: 'contratos.pdf' })).toBeVisible();
  await expect(summary).toContainText('Recurso até');
  await expect(page.getByText('Responder: O pedido não aguarda resposta (situação: Respondido).')).toBeVisible();

  // what the requester was sent: the outbox's messages of this request
  await page.getByRole('tab', { name: /E-mails ao cidadão/ }).click();
  const mails = page.getByRole('tabpanel');
  await expect(mails).toContainText(`Resposta ao seu pedido de informação — protocolo ${protocolo}`);
  await expect(mails).toContainText(`Prazo do seu pedido de informação prorrogado — protocolo ${protocolo}`);
  await expect(mails).toContainText('ma***@exemplo.com.br');
  await expect(mails.getByText('Registrado (servidor de e-mail não configurado)')).toHaveCount(2);
  await noSeriousViolations(page, { include: 'main' });
  await page.screenshot({ path: screenshotPath('sic-emails.png'), fullPage: true });

  // the list says so
  await page.goto('/sic/pedidos');
  await expect(grid.getByRole('row').filter({ hasText: assunto })).toContainText('Respondido');

  // the requester follows it and appeals
  const seen = await request.get('/api/public/pedidos_informacao/consulta', { params: { company_id: companyId, protocolo, codigo } });
  expect(((await seen.json()) as { data: { situacao: string; anexo: { name: string } } }).data).toMatchObject({ situacao: 'respondido', anexo: { name: 'contratos.pdf' } });
  const appeal = await request.post('/api/public/pedidos_informacao/recurso', { data: { company_id: companyId, protocolo, codigo, recurso: 'Faltam os aditivos dos contratos.' } });
  expect(appeal.status(), await appeal.text()).toBe(200);

  // the authority: its "Minhas pendências" entry, the decision
  const authority = await signedIn(browser, ACCOUNTS.adminPrefeitura.email);
  await authority.getByRole('link', { name: /Recursos de acesso à informação a decidir/ }).click();
  const pending = authority.getByRole('grid', { name: 'Pedidos de informação' });
  await pending.getByRole('row').filter({ hasText: assunto }).getByRole('gridcell').filter({ hasText: assunto }).click();
  const decided = authority.getByRole('region', { name: 'Situação do pedido de informação' });
  await expect(decided).toContainText('Em recurso (1ª instância)');
  await expect(decided).toContainText('Faltam os aditivos dos contratos.');
  await run(authority, 'Decidir recurso', async (d) => {
    await d.getByRole('combobox', { name: /Decisão/ }).click();
    await authority.getByRole('option', { name: 'Provido: acesso concedido' }).click();
    await d.getByRole('textbox', { name: /Fundamentação/ }).fill('Os aditivos fazem parte dos contratos e devem ser entregues: seguem em anexo ao e-mail.');
  });
  await expect(decided).toContainText('Recurso decidido');
  await expect(decided).toContainText('Provido: acesso concedido');
  await expect(authority.getByText('O pedido está concluído (recurso decidido) e não pode mais ser alterado.')).toBeVisible();
  await authority.screenshot({ path: screenshotPath('sic-recurso-decidido.png'), fullPage: true });
});
