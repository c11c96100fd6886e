/**
 * A reference field offers its options to who works on the record even when the target's own list is closed to
 * them (decision 0051): the Carta de Serviços role picks the secretaria responsible for a service (Configurações'
 * secretarias are the site's), saves, and finds the service by that secretaria in the list's filter. Who only reads
 * a list filters it by the targets its rows point at (decision 0052): a vereador, who reads the matters but not the
 * units of tramitação, filters the matters by their current unit.
 */
import { ACCOUNTS, bearer, createUser, expect, openFilters, screenshotPath, signInWithForm, test, uniq } from './helpers.ts';

test('quem cuida da Carta de Serviços escolhe a secretaria do serviço sem ler a lista de secretarias', async ({ browser, request, tokenOf }) => {
  const account = await createUser(request, await tokenOf('admin.prefeitura@paco.demo'), ['carta']);
  const page = await (await browser.newContext()).newPage();
  const { token } = await signInWithForm(page, account.email, account.password);
  // the secretarias' own list is not theirs
  expect((await page.request.get('/api/secretarias', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(403);

  await page.goto('/carta/services/new');
  const title = `Emissão de alvará ${uniq()}`;
  await page.getByRole('textbox', { name: /^Serviço/ }).fill(title);
  const secretaria = page.getByRole('combobox', { name: 'Secretaria responsável' });
  await secretaria.click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toBeVisible();
  await expect(page.getByText('Não foi possível carregar as opções.')).toHaveCount(0);
  const chosen = (await options.first().textContent())!.trim();
  await page.screenshot({ path: screenshotPath('opcoes-referencia.png') });
  await options.first().click();
  await expect(secretaria).toHaveValue(chosen);
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/services' && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Salvar' }).click();
  expect((await saved).status()).toBe(201);
  await page.waitForURL((u) => /^\/carta\/services\/\d+$/.test(u.pathname));
  // the record, opened again, names its secretaria
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Secretaria responsável' })).toHaveValue(chosen);

  // the list, filtered by that secretaria (typed in the filter's own picker)
  await page.goto('/carta/services');
  await page.getByRole('button', { name: /Filtros/ }).click();
  const filter = page.getByRole('combobox', { name: 'Secretaria responsável' });
  await filter.fill(chosen.split(' ').pop()!);
  await page.getByRole('listbox').getByRole('option', { name: chosen }).click();
  await expect(page.getByRole('grid').getByRole('row').filter({ hasText: title })).toBeVisible();
  await page.context().close();
});

test('quem só lê as matérias as filtra pela unidade atual sem ler a lista de unidades', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  const { token } = await signInWithForm(page, ACCOUNTS.vereador.email);
  // the units' own list is not theirs, nor the options of who writes the matters
  expect((await page.request.get('/api/tramitation_unities', { headers: bearer(token) })).status()).toBe(403);
  const used = await page.request.get('/api/matters/options/unidade_atual_id?in=rows&perPage=50', { headers: bearer(token) });
  expect(used.status()).toBe(200);
  const units = ((await used.json()) as { data: { id: number; descricao: string }[] }).data;
  expect(units.length).toBeGreaterThan(0);

  await page.goto('/legislativo/matters');
  await openFilters(page);
  const filter = page.getByRole('combobox', { name: 'Unidade atual' });
  await filter.click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toBeVisible();
  await expect(page.getByText('Não foi possível carregar as opções.')).toHaveCount(0);
  await expect(options).toHaveText(units.map((u) => u.descricao));
  await page.screenshot({ path: screenshotPath('opcoes-referencia-filtro.png') });
  const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/matters' && new URL(r.url()).searchParams.get('unidade_atual_id') === String(units[0]!.id));
  await options.first().click();
  expect((await listed).status()).toBe(200);
  await expect(filter).toHaveValue(units[0]!.descricao);
  await expect(page).toHaveURL(new RegExp(`unidade_atual_id=${units[0]!.id}`));
  // a unit the list shows is one its rows use: the filtered list is not empty
  await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
  await page.context().close();
});
