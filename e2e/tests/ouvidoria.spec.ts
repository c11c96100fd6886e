/**
 * Ouvidoria (issue 11; docs/workflows/ouvidoria.md), as the ombudsman officer does it: the deadline and "em atraso"
 * in the list and on the record; extend once (the second time the button stays, unavailable, with the reason),
 * forward to a sector, answer and close, each from the record's buttons and dialogs; the e-mails the citizen got are
 * listed on the record. The citizen files the manifestação through the public channel (it has no screen of its own
 * in the back office).
 */
import type { Page } from '@playwright/test';
import { isNationalHoliday } from '@paco/domain/holidays';
import { ACCOUNTS, PREFEITURA, apiLogin, expect, screenshotPath, signInWithForm, test, uniq } from './helpers.ts';
import { noSeriousViolations } from './axe.ts';

const OFFICER = 'ouvidoria@paco.demo';
const br = (iso: string) => iso.split('-').reverse().join('/');
/** A deadline n days from today (São Paulo): on a weekend or a national holiday it moves to the next working day. */
const inDays = (n: number): string => {
  const d = new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date())}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  while ([0, 6].includes(d.getUTCDay()) || isNationalHoliday(d.toISOString().slice(0, 10))) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/** Runs a record action from its button: the dialog, its inputs, its confirmation, the answer. */
async function run(page: Page, label: string, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('group', { name: 'Ações do registro' }).getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: label });
  await expect(dialog).toBeVisible();
  await fill?.(dialog);
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/manifestacoes\/\d+\//.test(new URL(r.url()).pathname));
  await dialog.getByRole('button', { name: label, exact: true }).click();
  expect((await answer).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${label}: feito.`)).toBeVisible();
}

test('a ouvidora vê prazo e atraso, prorroga uma vez, encaminha, responde e encerra', async ({ page, request }) => {
  test.setTimeout(120_000);
  // the citizen's channel
  const { user } = await apiLogin(request, ACCOUNTS.adminPrefeitura.email);
  expect(user.company?.name).toBe(PREFEITURA);
  const companyId = user.company!.id;
  const assunto = `Calçada quebrada ${uniq()}`;
  const filed = await request.post('/api/public/manifestacoes', { data: {
    company_id: companyId, tipo: 'reclamacao', assunto, texto: 'A calçada em frente à Escola Monteiro Lobato está quebrada.',
    requerenteNome: 'Marta Reis', requerenteEmail: 'marta.reis@exemplo.com.br',
  } });
  expect(filed.status(), await filed.text()).toBe(201);
  const { protocolo } = ((await filed.json()) as { data: { protocolo: string } }).data;

  await signInWithForm(page, OFFICER);
  await page.goto('/ouvidoria/manifestacoes');
  const grid = page.getByRole('grid', { name: 'Manifestações' });
  await expect(grid).toBeVisible({ timeout: 20_000 });
  // the seeded complaint is past its deadline: the list says so in the deadline's column
  const late = grid.getByRole('row').filter({ hasText: 'Descarte irregular de entulho' });
  await expect(late).toContainText(/Em atraso há \d+ dias/);
  const fresh = grid.getByRole('row').filter({ hasText: assunto });
  await expect(fresh).toContainText(br(inDays(30)));
  await expect(fresh).not.toContainText('Em atraso');
  await noSeriousViolations(page, { include: 'main' });
  await page.screenshot({ path: screenshotPath('ouvidoria-lista.png'), fullPage: true });

  // the record: its state and deadline above the form, the actions it may run now
  await fresh.getByRole('gridcell').filter({ hasText: assunto }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(protocolo);
  const summary = page.getByRole('region', { name: 'Situação da manifestação' });
  await expect(summary).toContainText('Recebida');
  await expect(summary).toContainText(br(inDays(30)));

  // extend: the justification is checked in the dialog, then once only
  await page.getByRole('group', { name: 'Ações do registro' }).getByRole('button', { name: 'Prorrogar prazo', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Prorrogar prazo' });
  await expect(dialog).toContainText('uma única vez, por mais 30 dias');
  await dialog.getByRole('textbox', { name: /Justificativa/ }).fill('curta');
  await dialog.getByRole('button', { name: 'Prorrogar prazo', exact: true }).click();
  await expect(dialog).toContainText('O campo Justificativa deve ter no mínimo 10 caracteres.');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await run(page, 'Prorrogar prazo', async (d) => {
    await d.getByRole('textbox', { name: /Justificativa/ }).fill('Aguardando a vistoria da Secretaria de Obras.');
  });
  await expect(summary).toContainText(br(inDays(60)));
  await expect(summary).toContainText('Aguardando a vistoria da Secretaria de Obras.');
  const again = page.getByRole('group', { name: 'Ações do registro' }).getByRole('button', { name: 'Prorrogar prazo', exact: true });
  await expect(again).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText('Prorrogar prazo: O prazo já foi prorrogado uma vez (Lei 13.460/2017, art. 16).')).toBeVisible();
  await again.click({ force: true }); // aria-disabled: still clickable, and it says why
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // the button says why instead of opening the dialog
  await expect(page.getByText('O prazo já foi prorrogado uma vez (Lei 13.460/2017, art. 16).', { exact: true })).toBeVisible();
  await noSeriousViolations(page, { include: 'main' });
  await page.screenshot({ path: screenshotPath('ouvidoria-prorrogada.png'), fullPage: true });

  // forward to a sector
  await run(page, 'Encaminhar ao setor', async (d) => {
    await d.getByRole('combobox', { name: /Setor/ }).fill('Finan');
    await page.getByRole('option', { name: /Finanças/ }).first().click();
    await d.getByRole('textbox', { name: /Despacho/ }).fill('Verificar a calçada e informar o prazo do reparo.');
  });
  await expect(summary).toContainText('Encaminhada ao setor');
  await expect(summary).toContainText('Finanças');
  await expect(summary).toContainText('Verificar a calçada e informar o prazo do reparo.');

  // answer, then close
  await run(page, 'Responder', async (d) => {
    await d.getByRole('textbox', { name: /Resposta/ }).fill('A equipe de manutenção consertou a calçada em 12/03.');
  });
  await expect(summary).toContainText('Respondida');
  await expect(summary).toContainText('A equipe de manutenção consertou a calçada em 12/03.');
  await expect(page.getByText('Responder: A manifestação não está em aberto (situação: Respondida).')).toBeVisible();
  await run(page, 'Encerrar', async (d) => {
    await expect(d).toContainText('não pode mais ser alterada');
  });
  await expect(summary).toContainText('Encerrada');
  await expect(page.getByText('Encerrar: A manifestação já está encerrada.')).toBeVisible();
  // closed is final: the record is shown read-only, with why
  await expect(page.getByText('A manifestação está encerrada e não pode mais ser alterada.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('ouvidoria-encerrada.png'), fullPage: true });
  // what the citizen was sent (the mail outbox's messages of this manifestação): the extension and the answer
  await page.getByRole('tab', { name: /E-mails ao cidadão/ }).click();
  const mails = page.getByRole('tabpanel');
  await expect(mails).toContainText(`Resposta à sua manifestação — protocolo ${protocolo}`);
  await expect(mails).toContainText(`Prazo da sua manifestação prorrogado — protocolo ${protocolo}`);
  await expect(mails).toContainText('ma***@exemplo.com.br');
  await expect(mails.getByRole('row')).toHaveCount(3); // the header and the two messages: the forward had no message to them

  // the late one, on its record: em atraso, and no longer extendable
  await page.goto('/ouvidoria/manifestacoes');
  await grid.getByRole('row').filter({ hasText: 'Descarte irregular de entulho' }).getByRole('gridcell').filter({ hasText: 'Descarte irregular de entulho' }).click();
  await expect(page.getByRole('region', { name: 'Situação da manifestação' })).toContainText(/Em atraso há \d+ dias/);
  await expect(page.getByText(/Prorrogar prazo: O prazo venceu em \d{2}\/\d{2}\/\d{4}: não pode mais ser prorrogado\./)).toBeVisible();
  await noSeriousViolations(page, { include: 'main' });
  await page.screenshot({ path: screenshotPath('ouvidoria-em-atraso.png'), fullPage: true });
});
