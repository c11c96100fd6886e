/**
 * Issue 11 §2 Cultural, by clicking: the culture officer registers an artist choosing "Linguagens" by name and
 * sending several photos and a portfolio file, removes one photo, and prints the artists' list with the list's
 * filter; the artist does the same on "Meu Cadastro". Each actor in their own browser context.
 */
import type { Page } from '@playwright/test';
import { apiLogin, bearer, expect, screenshotPath, signInWithForm, test, uniq } from './helpers.ts';

const CULTURA = 'cultura@paco.demo';
const ARTISTA = 'artista@paco.demo';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A valid CPF from nine digits (two mod-11 check digits). */
function cpf(base9: string): string {
  const d = base9.split('').map(Number);
  for (const len of [9, 10]) {
    const sum = d.slice(0, len).reduce((s, x, i) => s + x * (len + 1 - i), 0);
    const r = (sum * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
}

/** Picks options of the "Linguagens" multi-select by their labels. */
async function chooseLanguages(page: Page, labels: string[]): Promise<void> {
  const box = page.getByRole('combobox', { name: /^Linguagens/ });
  for (const label of labels) {
    await box.click();
    await box.fill(label.slice(0, 4));
    await page.getByRole('option', { name: label, exact: true }).click();
  }
  await box.press('Escape');
}

test('o setor de cultura cadastra artista com linguagens e várias fotos, remove uma e imprime a lista filtrada', async ({ browser, request, tokenOf }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithForm(page, CULTURA);
  const name = `Artista E2E ${uniq()}`;

  await page.goto('/culture/artist');
  // the first screen after signing in may take a while on a busy machine
  await expect(page.getByRole('heading', { level: 1, name: 'Artistas' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Novo' }).click();
  await page.waitForURL((u) => u.pathname === '/culture/artist/new');
  await page.getByRole('textbox', { name: /^Nome completo/ }).fill(name);
  await page.locator('#field-cpf').fill(cpf(String(Date.now()).slice(-9)));
  await chooseLanguages(page, ['Teatro', 'Circo']);
  await expect(page.getByRole('button', { name: 'Teatro' }).or(page.getByText('Teatro', { exact: true })).first()).toBeVisible();
  await page.getByLabel('Declaro que as informações são verdadeiras').check();
  await page.getByTestId('file-foto').setInputFiles([
    { name: 'palco.png', mimeType: 'image/png', buffer: PNG },
    { name: 'ensaio.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await page.getByTestId('file-portfolio').setInputFiles({ name: 'portfolio.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('palco.png (70 B) — será enviado ao salvar')).toBeVisible();
  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/artists' && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Salvar' }).click();
  const res = await created;
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { data: { id: number } }).data.id;
  await page.waitForURL((u) => u.pathname === `/culture/artist/${id}`);

  // the record: languages by name, the two photos and the portfolio file
  const fotos = page.getByRole('list', { name: 'Arquivos de Fotos' });
  await expect(fotos.getByRole('link', { name: 'palco.png' })).toBeVisible();
  await expect(fotos.getByRole('link', { name: 'ensaio.png' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Arquivos de Portfólio' }).getByRole('link', { name: 'portfolio.pdf' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Linguagens/ }).locator('..')).toContainText('Teatro');
  await expect(page.getByRole('combobox', { name: /^Linguagens/ }).locator('..')).toContainText('Circo');
  await page.screenshot({ path: screenshotPath('culture-artist-files.png'), fullPage: true });

  // remove one photo and save
  await fotos.getByRole('button', { name: 'Remover palco.png' }).click();
  await expect(fotos.getByText('(será removido ao salvar)')).toBeVisible();
  const removed = page.waitForResponse((r) => /\/api\/artists\/\d+\/upload\/foto\//.test(new URL(r.url()).pathname) && r.request().method() === 'DELETE');
  await page.getByRole('button', { name: 'Salvar' }).click();
  expect((await removed).status()).toBe(200);
  await page.waitForURL((u) => u.pathname === '/culture/artist');
  const token = await tokenOf(CULTURA);
  const saved = (await (await request.get(`/api/artists/${id}`, { headers: bearer(token) })).json()) as { data: { foto: { name: string }[]; portfolio: unknown[]; liguagemSelect: string[] } };
  expect(saved.data.foto.map((f) => f.name)).toEqual(['ensaio.png']);
  expect(saved.data.portfolio).toHaveLength(1);
  expect(saved.data.liguagemSelect).toEqual(['teatro', 'circo']);

  // the printable list, with the list's filter (Situação: Ativo)
  await page.getByRole('combobox', { name: 'Situação' }).click();
  await page.getByRole('option', { name: 'Ativo', exact: true }).click();
  await expect(page).toHaveURL(/situacao=ativo/);
  const grid = page.getByRole('grid', { name: 'Artistas' });
  await expect(grid.getByRole('row').filter({ hasText: 'Maria Aparecida dos Santos' })).toBeVisible();
  await expect(grid.getByRole('row').filter({ hasText: 'Carla Menezes Rocha' })).toHaveCount(0);
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Imprimir lista' }).click();
  const printed = await popup;
  await expect(printed.getByRole('heading', { level: 2 })).toContainText('Cadastro cultural — relação de artistas (situação: Ativo)');
  await expect(printed.getByRole('table')).toContainText('Maria Aparecida dos Santos');
  await expect(printed.getByRole('table')).toContainText('Música, Cultura popular');
  await expect(printed.getByRole('table')).not.toContainText('Carla Menezes Rocha');
  await expect(printed.getByRole('table')).not.toContainText(name);
  await expect(printed.getByText(/Total: \d+ artistas?\. CPF mascarado \(LGPD\)\./)).toBeVisible();
  await printed.screenshot({ path: screenshotPath('culture-artists-print.png'), fullPage: true });
  await context.close();
});

test('o artista escolhe linguagens e envia e remove arquivos do portfólio em Meu Cadastro', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithForm(page, ARTISTA);
  // the app renews its own token: the checks through the API use a session of their own
  const { token } = await apiLogin(request, ARTISTA);
  await page.goto('/culture/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Meu Cadastro' })).toBeVisible({ timeout: 30_000 });
  const box = page.getByRole('combobox', { name: /^Linguagens/ });
  await expect(box).toBeVisible();
  // the labels of the record's languages, not their keys
  await expect(box.locator('..')).toContainText('Teatro');
  await chooseLanguages(page, ['Literatura']);
  const file = `release-${uniq()}.pdf`;
  await page.getByTestId('file-portfolio').setInputFiles({ name: file, mimeType: 'application/pdf', buffer: PDF });
  const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/artists/mine/upload' && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Salvar' }).click();
  expect((await uploaded).status()).toBe(200);
  await expect(page.getByText(/atualizad[oa] com sucesso/i).first()).toBeVisible();
  const portfolio = page.getByRole('list', { name: 'Arquivos de Portfólio' });
  await expect(portfolio.getByRole('link', { name: file })).toBeVisible();
  const mine = async () => ((await (await request.get('/api/artists/mine', { headers: bearer(token) })).json()) as { data: { liguagemSelect: string[]; portfolio: { name: string }[] } }).data;
  expect((await mine()).liguagemSelect).toContain('literatura');
  await page.screenshot({ path: screenshotPath('culture-profile-files.png'), fullPage: true });

  await page.reload();
  await portfolio.getByRole('button', { name: `Remover ${file}` }).click();
  const removed = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/artists/mine/upload/portfolio/') && r.request().method() === 'DELETE');
  await page.getByRole('button', { name: 'Salvar' }).click();
  expect((await removed).status()).toBe(200);
  await expect(portfolio.getByRole('link', { name: file })).toHaveCount(0);
  expect((await mine()).portfolio.map((f) => f.name)).not.toContain(file);
  await context.close();
});
