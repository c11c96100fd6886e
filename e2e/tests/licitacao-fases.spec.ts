/**
 * A tender's phases and documents (issue 12, PNTP "licitações com fases e documentos"), by clicking, each actor in
 * their own browser context: a licitação user moves a tender to "Em andamento" on its screen and sees the phase,
 * dated by the server, in the "Fases" tab; adds the aviso with its PDF in the "Documentos" tab; then a citizen, with
 * no account, opens the tender on the portal and sees the phase and downloads the aviso.
 */
import { apiLogin, bearer, createUser, expect, screenshotPath, signInWithForm, test, uniq } from './helpers.ts';

const PM = '/portal/prefeitura-vila-serena';
const PDF = { name: 'aviso-de-licitacao.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') };

test('a licitação user registers a phase and a document; a citizen sees both on the portal', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await apiLogin(request, 'admin.prefeitura@paco.demo');
  const user = await createUser(request, admin.token, ['licitacao']);
  const types = (await (await request.get('/api/types_of/tenders', { headers: bearer(admin.token) })).json()) as { data: { id: number }[] };
  const numero = `F-${uniq()}`;
  const made = await request.post('/api/licitacaos', {
    headers: bearer(admin.token),
    data: { exercicio: new Date().getFullYear(), numero, modalidade_id: types.data[0]!.id, objeto: `Aquisição de mobiliário escolar ${numero}.`, situacao: 'planejada' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const id = ((await made.json()) as { data: { id: number } }).data.id;

  const staff = await browser.newContext();
  const page = await staff.newPage();
  await signInWithForm(page, user.email, user.password);
  await page.goto(`/licitacao/licitacoes/${id}`);
  await page.getByRole('tab', { name: 'Fases' }).click();
  const fases = page.getByRole('tabpanel', { name: 'Fases' });
  await expect(fases.getByRole('row')).toHaveCount(2); // the header and "Planejada"
  await expect(fases).toContainText('Planejada');

  // the phase changes with the situação, on the record's form
  await page.getByRole('tab', { name: /Dados|Licitação/ }).first().click();
  await page.getByRole('combobox', { name: /^Situação/ }).click();
  await page.getByRole('option', { name: 'Em andamento', exact: true }).click();
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/licitacaos/${id}` && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Salvar' }).click();
  expect((await saved).status()).toBe(200);
  await page.goto(`/licitacao/licitacoes/${id}`);
  await page.getByRole('tab', { name: 'Fases' }).click();
  await expect(fases.getByRole('row')).toHaveCount(3);
  await expect(fases.getByRole('row').nth(2)).toContainText('Em andamento');
  await expect(fases.getByRole('row').nth(2)).toContainText(user.name);

  // the aviso, with its file
  await page.getByRole('tab', { name: 'Documentos' }).click();
  const docs = page.getByRole('tabpanel', { name: 'Documentos' });
  await docs.getByRole('button', { name: 'Adicionar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: /^Tipo/ }).click();
  await page.getByRole('option', { name: 'Aviso', exact: true }).click();
  await dialog.getByLabel(/^Data/).first().fill(new Date().toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' }));
  await dialog.getByLabel(/^Descrição/).fill('Aviso de licitação publicado no Diário Oficial');
  await dialog.locator('input[type="file"]').setInputFiles(PDF);
  const uploaded = page.waitForResponse((r) => /\/api\/licitacao_documentos\/\d+\/upload$/.test(new URL(r.url()).pathname));
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  expect((await uploaded).status()).toBe(200);
  await expect(dialog).toHaveCount(0);
  await expect(docs).toContainText('Aviso de licitação publicado no Diário Oficial');
  await page.screenshot({ path: screenshotPath('licitacao-documentos.png'), fullPage: true });
  await staff.close();

  // a citizen on the portal
  const citizen = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const portal = await citizen.newPage();
  await portal.goto(`${PM}/licitacoes/${id}`);
  await expect(portal.getByRole('heading', { level: 1 })).toContainText('Aquisição de mobiliário escolar');
  const phases = portal.getByRole('region', { name: 'Fases' });
  await expect(phases).toContainText('Em andamento');
  await expect(phases).not.toContainText('Planejada');
  const link = portal.getByRole('region', { name: 'Documentos' }).getByRole('link', { name: 'Aviso: Aviso de licitação publicado no Diário Oficial' });
  const file = await portal.request.get((await link.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('application/pdf');
  await portal.screenshot({ path: screenshotPath('portal-licitacao-fases-phone.png'), fullPage: true });
  await citizen.close();
});
