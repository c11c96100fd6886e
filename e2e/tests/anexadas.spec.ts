/**
 * "Anexar matéria" (decision 0058): the house's operator attaches a matter to another from the record's action
 * dialog, finds it in the principal's "Anexadas" tab, and the attempt to attach the principal back to it (a cycle)
 * is refused with the server's reason shown in the dialog. On the same record, a "Documento acessório" with its PDF is
 * added from its tab (decision 0059).
 */
import type { Locator, Page } from '@playwright/test';
import { apiLogin, bearer, expect, screenshotPath, storeToken, test, uniq } from './helpers.ts';

const actions = (page: Page): Locator => page.getByRole('group', { name: 'Ações do registro' });

/** Opens "Anexar matéria" on the record and picks the matter by its identification. */
async function attachFrom(page: Page, identificacao: string): Promise<Locator> {
  await actions(page).getByRole('button', { name: 'Anexar matéria', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Anexar matéria' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: /Matéria a anexar/ }).fill(identificacao.split('/')[0]);
  await page.getByRole('option', { name: new RegExp(`^${identificacao.replace('/', '\\/')}`) }).first().click();
  await dialog.getByRole('button', { name: 'Anexar matéria', exact: true }).click();
  return dialog;
}

test('o operador anexa uma matéria a outra, vê a aba Anexadas e o ciclo é recusado', async ({ page, request }) => {
  test.setTimeout(60_000);
  const { token } = await apiLogin(request, 'operador@paco.demo');
  const types = (await (await request.get('/api/types_of/matters', { headers: bearer(token) })).json()).data as { id: number; slug: string }[];
  const tag = uniq();
  const make = async (ementa: string) => {
    const res = await request.post('/api/matters', { headers: bearer(token), data: { type_id: types.find((x) => x.slug === 'pl')!.id, dataApresentacao: '2026-01-05', ementa } });
    expect(res.status()).toBe(201);
    return (await res.json()).data as { id: number; identificacao: string };
  };
  const principal = await make(`Dispõe sobre a coleta seletiva (${tag}).`);
  const anexada = await make(`Dispõe sobre a reciclagem nas escolas (${tag}).`);

  const session = await apiLogin(request, 'operador@paco.demo');
  await storeToken(page, session.token);
  await page.goto(`/legislativo/matters/${principal.id}`);
  const dialog = await attachFrom(page, anexada.identificacao);
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${anexada.identificacao} anexada a ${principal.identificacao}.`)).toBeVisible();

  await page.getByRole('tab', { name: 'Anexadas', exact: true }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('cell', { name: anexada.identificacao })).toBeVisible();
  await expect(panel.getByRole('cell', { name: 'Anexada', exact: true })).toBeVisible();

  // an accessory document (decision 0059): the tab's "Adicionar", its type, name, date and PDF
  await page.getByRole('tab', { name: 'Documentos acessórios', exact: true }).click();
  const docs = page.getByRole('tabpanel', { name: 'Documentos acessórios' });
  await docs.getByRole('button', { name: 'Adicionar' }).click();
  const add = page.getByRole('dialog', { name: 'Adicionar documento acessório' });
  await add.getByRole('combobox', { name: /^Tipo/ }).click();
  await page.getByRole('option', { name: 'Ofício', exact: true }).click();
  await add.getByLabel(/^Nome/).fill(`Ofício da Prefeitura (${tag})`);
  await add.getByLabel(/^Data/).first().fill(new Date().toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' }));
  await add.locator('input[type="file"]').setInputFiles({ name: 'oficio.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  const uploaded = page.waitForResponse((r) => /\/api\/matter_documents\/\d+\/upload$/.test(new URL(r.url()).pathname));
  await add.getByRole('button', { name: 'Salvar' }).click();
  expect((await uploaded).status()).toBe(200);
  await expect(add).toBeHidden();
  await expect(docs.getByRole('cell', { name: `Ofício da Prefeitura (${tag})`, exact: true })).toBeVisible();
  await page.screenshot({ path: screenshotPath('anexadas-documentos-acessorios.png'), fullPage: true });

  // the principal attached back to the matter attached to it: a cycle, refused with the reason
  await page.goto(`/legislativo/matters/${anexada.id}`);
  const back = await attachFrom(page, principal.identificacao);
  await expect(back.getByText(/e as anexações formariam um ciclo/)).toBeVisible();
  await page.screenshot({ path: screenshotPath('anexadas-ciclo.png'), fullPage: true });
});
