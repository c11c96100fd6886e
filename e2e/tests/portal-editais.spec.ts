/**
 * Funding calls on the Prefeitura's portal (decision 0053), as a citizen on a phone with no account: from the menu to
 * the list of calls, the call whose result was published with its ranking (classificação, proponente, projeto, nota,
 * situação; never the competition), and the open call's steps to apply. Axe on each page reached. Expectations are
 * read from the back office's API as the culture staff keeps the calls, not from the portal's code.
 */
import { bearer, expect, screenshotPath, test } from './helpers.ts';
import { noViolations } from './axe.ts';

const PM = '/portal/prefeitura-vila-serena';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
test.use(PHONE);

type Row = Record<string, unknown>;

test('a citizen finds the funding calls in the menu and reads the published result, without the competition', async ({ page, request, tokenOf }) => {
  test.setTimeout(90_000);
  const token = await tokenOf('cultura@paco.demo');
  const calls = ((await (await request.get('/api/culture_calls?perPage=100', { headers: bearer(token) })).json()) as { data: Row[] }).data;
  const published = calls.find((c) => c.titulo === 'Prêmio Mestres e Mestras das Culturas Populares')!;
  const open = calls.find((c) => c.titulo === 'Fomento à Circulação de Espetáculos')!;
  const draft = calls.find((c) => c.situacao === 'rascunho')!;
  const result = ((await (await request.get(`/api/culture_calls/${published.id}/resultado`, { headers: bearer(token) })).json()) as { data: Row[] }).data;
  expect(result.length).toBe(4);

  // hydration must match the server's HTML: React reports any mismatch on the console
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(PM);
  await page.locator('summary', { hasText: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Editais de fomento' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editais de fomento' })).toBeVisible();
  await expect(page.getByRole('link', { name: String(open.titulo) })).toBeVisible();
  await expect(page.getByRole('link', { name: String(draft.titulo) })).toHaveCount(0);
  await noViolations(page);

  await page.getByRole('link', { name: String(published.titulo) }).click();
  await expect(page.getByRole('heading', { level: 1, name: String(published.titulo) })).toBeVisible();
  const section = page.getByRole('region', { name: 'Resultado final' });
  await expect(section.getByRole('columnheader')).toHaveText(['Classificação', 'Proponente', 'Projeto', 'Nota', 'Situação']);
  const rows = section.getByRole('row');
  await expect(rows).toHaveCount(1 + result.length);
  for (const [i, r] of result.entries()) {
    await expect(rows.nth(i + 1)).toContainText(String(r.proponente));
    await expect(rows.nth(i + 1)).toContainText(String(r.projeto));
  }
  await expect(page.locator('main')).not.toContainText('Cota para pessoas negras');
  await expect(page.locator('main')).not.toContainText(String(result[0].parecer));
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.screenshot({ path: screenshotPath('portal-editais-resultado-phone.png'), fullPage: true });
  await noViolations(page);

  // the open call says how to apply, with the app's sign-in back to the call
  await page.goto(`${PM}/editais/${open.id}`);
  const steps = page.getByRole('region', { name: 'Como se inscrever' });
  await expect(steps.getByRole('listitem')).toHaveCount(3);
  await expect(steps.getByRole('link', { name: 'Entre no Paço e inscreva-se neste edital' })).toHaveAttribute('href', `/auth/login?next=%2Fculture%2Feditais%2F${open.id}`);
  await expect(page.getByRole('region', { name: /^Resultado/ })).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('portal-editais-inscricao-phone.png'), fullPage: true });
  await noViolations(page);
  await steps.getByRole('link', { name: 'Crie sua conta no Paço' }).click();
  await expect(page.getByRole('heading', { name: 'Criar conta' })).toBeVisible();
  // the entity comes from the link: no code to type
  await expect(page.getByLabel('Código da entidade')).toHaveCount(0);
  expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
});
