/**
 * Issue 11 §2, Configurações: the types' categories shown and chosen by their pt-BR names (the Prefeitura's admin),
 * and the municipal holiday calendar on its own screen (the protocol clerk, a Configurações role), whose holidays
 * move deadlines. Each actor in their own browser context.
 */
import { apiLogin, bearer, expect, screenshotPath, signInWithForm, test, uniq } from './helpers.ts';

test('Configurações › Tipos mostra e escolhe as categorias pelo nome', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithForm(page, 'admin.prefeitura@paco.demo');
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Tipos' }).first().click();
  await page.waitForURL((u) => u.pathname === '/settings/types');
  const grid = page.getByRole('grid', { name: 'Tipos' });
  // the category column and the filter by the categories' names
  await page.getByRole('combobox', { name: 'Categoria' }).click();
  await page.getByRole('option', { name: 'Linguagens artísticas' }).click();
  await expect(page).toHaveURL(/type=linguagens/);
  await expect(grid.getByRole('row').filter({ hasText: 'Música' }).first()).toContainText('Linguagens artísticas');
  await expect(grid).not.toContainText('linguagens');

  // a new type, its category chosen from the list
  const slug = `hip_hop_${uniq()}`;
  await page.getByRole('button', { name: 'Novo' }).click();
  await page.waitForURL((u) => u.pathname === '/settings/types/new');
  await page.getByRole('combobox', { name: /^Categoria/ }).click();
  await page.getByRole('option', { name: 'Linguagens artísticas' }).click();
  await page.getByRole('textbox', { name: /^Identificador/ }).fill(slug);
  await page.getByRole('textbox', { name: /^Nome/ }).fill('Hip-hop');
  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/types' && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Salvar' }).click();
  const res = await created;
  expect(res.status(), await res.text()).toBe(201);
  expect(((await res.json()) as { data: { type: string } }).data.type).toBe('linguagens');
  await page.screenshot({ path: screenshotPath('settings-types-form.png'), fullPage: true });
  await page.goto('/settings/types?type=linguagens');
  await expect(page.getByRole('grid', { name: 'Tipos' }).getByRole('row').filter({ hasText: 'Hip-hop' })).toContainText('Linguagens artísticas');
  await page.screenshot({ path: screenshotPath('settings-types.png'), fullPage: true });

  // the new language is offered to the artists by its name
  const { token } = await apiLogin(request, 'artista@paco.demo');
  const langs = (await (await request.get('/api/types_of/linguagens', { headers: bearer(token) })).json()) as { data: { slug: string; label: string }[] };
  expect(langs.data.find((l) => l.slug === slug)?.label).toBe('Hip-hop');
  await context.close();
});

test('Configurações › Feriados: o protocolo cadastra, altera e exclui feriados municipais ao lado dos nacionais', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithForm(page, 'protocolo@paco.demo');
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Feriados' }).first().click();
  await page.waitForURL((u) => u.pathname === '/settings/holidays');
  await expect(page.getByRole('heading', { level: 1, name: 'Feriados' })).toBeVisible();
  const year = Number(new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }).slice(0, 4));
  await expect(page.getByRole('table', { name: `Feriados de ${year}` })).toBeVisible();
  const next = year + 1;
  await page.getByRole('button', { name: 'Próximo ano' }).click();
  const table = page.getByRole('table', { name: `Feriados de ${next}` });
  await expect(table.getByRole('row').filter({ hasText: 'Tiradentes' })).toContainText(`21/04/${next}`);
  await expect(table.getByRole('row').filter({ hasText: 'Tiradentes' })).toContainText('Nacional');
  await expect(table.getByRole('row').filter({ hasText: 'Tiradentes' }).getByRole('button')).toHaveCount(0);

  // a municipal holiday of next year
  const name = `Padroeira de Vila Serena ${uniq()}`;
  await page.getByRole('button', { name: 'Novo feriado' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo feriado' });
  await dialog.getByLabel(/^Data/).fill(`${next}-08-15`);
  await dialog.getByRole('textbox', { name: /^Descrição/ }).fill(name);
  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/holidays' && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  expect((await created).status()).toBe(201);
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(`15/08/${next}`);
  await expect(row).toContainText('Da entidade');
  await page.screenshot({ path: screenshotPath('settings-holidays.png'), fullPage: true });

  // repeated every year: shown again the year after
  await row.getByRole('button', { name: `Editar ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Feriado: ${name}` });
  await edit.getByLabel('Repete todo ano').check();
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(row).toContainText('Da entidade, todo ano');
  await page.getByRole('button', { name: 'Próximo ano' }).click();
  await expect(page.getByRole('table', { name: `Feriados de ${next + 1}` }).getByRole('row').filter({ hasText: name })).toContainText(`15/08/${next + 1}`);

  // the calendar the deadlines read has it
  const { token } = await apiLogin(request, 'protocolo@paco.demo');
  const cal = (await (await request.get(`/api/holidays/calendar?ano=${next + 1}`, { headers: bearer(token) })).json()) as { data: { descricao: string; origem: string }[] };
  expect(cal.data.find((d) => d.descricao === name)?.origem).toBe('entidade');

  // removed after confirming
  const again = page.getByRole('table', { name: `Feriados de ${next + 1}` }).getByRole('row').filter({ hasText: name });
  await again.getByRole('button', { name: `Excluir ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir este feriado?' });
  const deleted = page.waitForResponse((r) => /^\/api\/holidays\/\d+$/.test(new URL(r.url()).pathname) && r.request().method() === 'DELETE');
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  expect((await deleted).status()).toBe(204);
  await expect(again).toHaveCount(0);
  await context.close();
});
