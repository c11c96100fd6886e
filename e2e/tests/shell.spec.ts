/**
 * Issue 11 §4, the shell while every screen is touched:
 * - dates typed dd/mm/aaaa (and hh:mm) on a browser in English, stored as the API's aaaa-mm-dd / ISO date-time;
 * - validation messages next to their field read naturally ("CPF inválido.");
 * - a list's rows are links reached with Tab and opened with Enter, after few stops (the filters are collapsed);
 *   keyboard focus is a ring, unlike the selected menu item;
 * - on a phone the filters are behind one "Filtros" button with a count, and the first screen shows records.
 * Each actor in their own browser context.
 */
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { ACCOUNTS, apiLogin, bearer, expect, screenshotPath, storeToken, test, uniq } from './helpers.ts';

async function signedIn(browser: Browser, baseURL: string, email: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...options });
  const page = await context.newPage();
  await storeToken(page, (await apiLogin(context.request, email)).token);
  return page;
}

/** A valid CPF no other test uses (CPFs are unique per company and the database lives for the whole run). */
function freshCpf(): string {
  const d = Array.from({ length: 9 }, (_, i) => (i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10)));
  for (const len of [9, 10]) {
    const sum = d.slice(0, len).reduce((acc, n, i) => acc + n * (len + 1 - i), 0);
    d.push(((sum * 10) % 11) % 10);
  }
  return d.join('');
}

test.describe('datas e mensagens num navegador em inglês', () => {
  test('dd/mm/aaaa digitado vira aaaa-mm-dd; "CPF inválido." e "Data inválida." ao lado do campo', async ({ browser, baseURL, tokenOf }) => {
    const token = await tokenOf(ACCOUNTS.admin.email);
    const page = await signedIn(browser, baseURL!, ACCOUNTS.admin.email, { locale: 'en-US', timezoneId: 'America/Sao_Paulo' });
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    await page.goto('/settings/people/new');
    const name = `Pessoa Data ${uniq()}`;
    await page.getByRole('textbox', { name: /^Nome\b/ }).first().fill(name);

    const cpf = page.getByRole('textbox', { name: 'CPF', exact: true });
    await cpf.pressSequentially('11111111111');
    await cpf.blur();
    await expect(page.locator('#field-cpf-helper-text')).toHaveText('CPF inválido.');

    const birth = page.getByRole('textbox', { name: 'Nascimento' });
    await expect(birth).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await birth.pressSequentially('31022026');
    await expect(birth).toHaveValue('31/02/2026');
    await birth.blur();
    await expect(page.locator('#field-nascimento-helper-text')).toHaveText('Data inválida.');

    const goodCpf = freshCpf();
    await cpf.fill('');
    await cpf.pressSequentially(goodCpf);
    await birth.fill('');
    await birth.pressSequentially('23/11/2026');
    await expect(birth).toHaveValue('23/11/2026');
    await expect(page.locator('#field-nascimento-helper-text')).toHaveCount(0);
    await page.screenshot({ path: screenshotPath('shell-date-en-US.png'), fullPage: true });

    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/people' && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Salvar' }).click();
    const res = await created;
    expect(res.status(), await res.text()).toBe(201);
    expect(res.request().postDataJSON()).toMatchObject({ name, cpf: goodCpf, nascimento: '2026-11-23' });
    const id = ((await res.json()) as { data: { id: number } }).data.id;
    await page.waitForURL((u) => u.pathname === `/settings/people/${id}`);
    await expect(page.getByRole('textbox', { name: 'Nascimento' })).toHaveValue('23/11/2026');

    const stored = await page.request.get(`/api/people/${id}`, { headers: bearer(token) });
    expect(((await stored.json()) as { data: { nascimento: string } }).data.nascimento).toBe('2026-11-23');

    // LGPD: the list shows the CPF masked (so does its CSV); the record's own form, in full
    await page.goto(`/settings/people?q=${encodeURIComponent(name)}`);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(`***.${goodCpf.slice(3, 6)}.${goodCpf.slice(6, 9)}-**`);
    await expect(row).not.toContainText(goodCpf.slice(9));
    await page.screenshot({ path: screenshotPath('shell-cpf-mascarado.png') });
    await row.getByRole('gridcell').first().click();
    await page.waitForURL((u) => u.pathname === `/settings/people/${id}`);
    await expect(page.getByRole('textbox', { name: 'CPF', exact: true })).toHaveValue(`${goodCpf.slice(0, 3)}.${goodCpf.slice(3, 6)}.${goodCpf.slice(6, 9)}-${goodCpf.slice(9)}`);
    await page.context().close();
  });

  test('data e hora digitadas dd/mm/aaaa hh:mm num evento do site', async ({ browser, baseURL, tokenOf }) => {
    const token = await tokenOf(ACCOUNTS.adminPrefeitura.email);
    const page = await signedIn(browser, baseURL!, ACCOUNTS.adminPrefeitura.email, { locale: 'en-US', timezoneId: 'America/Sao_Paulo' });
    await page.goto('/site/events/new');
    const title = `Evento ${uniq()}`;
    await page.getByRole('textbox', { name: /^Título/ }).fill(title);
    const start = page.getByRole('textbox', { name: /^Início/ });
    await expect(start).toHaveAttribute('placeholder', 'dd/mm/aaaa hh:mm');
    await start.pressSequentially('231120261430');
    await expect(start).toHaveValue('23/11/2026 14:30');
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Salvar' }).click();
    const res = await created;
    expect(res.status(), await res.text()).toBe(201);
    const id = ((await res.json()) as { data: { id: number } }).data.id;
    const sent = (res.request().postDataJSON() as { dataInicio: string }).dataInicio;
    expect(new Date(sent).toISOString()).toBe('2026-11-23T17:30:00.000Z'); // 14:30 in São Paulo (UTC−3)
    const stored = ((await (await page.request.get(`/api/events/${id}`, { headers: bearer(token) })).json()) as { data: { dataInicio: string } }).data;
    expect(new Date(stored.dataInicio).toISOString()).toBe('2026-11-23T17:30:00.000Z');
    await page.waitForURL((u) => u.pathname === `/site/events/${id}`);
    await expect(page.getByRole('textbox', { name: /^Início/ })).toHaveValue('23/11/2026 14:30');
    await page.context().close();
  });
});

test('teclado: linhas da lista alcançadas com Tab e abertas com Enter; foco visível e diferente do item selecionado', async ({ browser, baseURL }) => {
  const page = await signedIn(browser, baseURL!, ACCOUNTS.admin.email);
  await page.goto('/legislativo/parties');
  const grid = page.getByRole('grid', { name: 'Partidos' });
  await expect(grid.locator('.MuiDataGrid-row a[href]').first()).toBeVisible({ timeout: 20_000 });
  // the filters wait behind their button: not in the Tab order
  await expect(page.getByRole('button', { name: 'Filtros' })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Número', { exact: true })).toBeHidden();

  await page.getByRole('searchbox', { name: 'Buscar partidos' }).focus();
  let stops = 0;
  let onRowLink = false;
  while (stops < 6 && !onRowLink) {
    await page.keyboard.press('Tab');
    stops++;
    onRowLink = await page.evaluate(() => !!document.activeElement?.closest('[role="row"] a[href]'));
  }
  expect(onRowLink, 'um link de linha depois de poucas paradas de Tab').toBe(true);
  expect(stops).toBeLessThanOrEqual(3); // "Filtros", the grid's header, the first row
  const first = page.locator(':focus');
  const href = await first.getAttribute('href');
  expect(href).toMatch(/^\/legislativo\/parties\/\d+$/);
  const ring = await first.evaluate((el) => getComputedStyle(el));
  expect(ring.outlineStyle).toBe('solid');
  expect(ring.outlineWidth).toBe('2px');
  // the next row is the next stop
  await page.keyboard.press('Tab');
  const second = await page.locator(':focus').getAttribute('href');
  expect(second).toMatch(/^\/legislativo\/parties\/\d+$/);
  expect(second).not.toBe(href);
  // the grid's own arrow-key navigation shows the same ring on the cell
  await page.keyboard.press('ArrowRight');
  const cell = page.locator(':focus');
  await expect(cell).toHaveAttribute('role', 'gridcell');
  expect(await cell.evaluate((el) => `${getComputedStyle(el).outlineStyle} ${getComputedStyle(el).outlineWidth}`)).toBe('solid 2px');
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator(':focus')).toHaveAttribute('role', 'gridcell');
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAttribute('href', second!);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(page.locator(':focus')).toHaveAttribute('href', href!);
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname === href);
  await expect(page.getByRole('button', { name: 'Salvar' })).toBeVisible();

  // the menu: the current entry is tinted with a bar; the focused one has the ring and no tint
  await page.goto('/legislativo/parties');
  const current = page.getByRole('navigation', { name: /Menu do módulo/ }).locator('a[aria-current="page"]');
  await expect(current).toHaveText('Partidos');
  await current.focus();
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).not.toHaveAttribute('aria-current', 'page');
  const look = (sel: typeof focused) => sel.evaluate((el) => {
    const s = getComputedStyle(el);
    return { outline: `${s.outlineStyle} ${s.outlineWidth}`, bg: s.backgroundColor, bar: s.borderLeftColor };
  });
  const f = await look(focused);
  const c = await look(current);
  expect(f.outline).toBe('solid 2px');
  expect(c.outline).not.toBe('solid 2px');
  expect(f.bg).toBe('rgba(0, 0, 0, 0)');
  expect(c.bg).not.toBe('rgba(0, 0, 0, 0)');
  expect(c.bar).toBe('rgb(21, 101, 192)');
  await page.screenshot({ path: screenshotPath('shell-focus-vs-selected.png') });
  await page.context().close();
});

test('celular: os filtros ficam atrás de "Filtros" (com contagem) e a primeira tela mostra registros', async ({ browser, baseURL }) => {
  const page = await signedIn(browser, baseURL!, ACCOUNTS.admin.email, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await page.goto('/legislativo/matters');
  const grid = page.getByRole('grid', { name: 'Matérias' });
  const firstRow = grid.locator('.MuiDataGrid-row').first();
  await expect(firstRow).toBeVisible({ timeout: 20_000 });
  const box = await firstRow.boundingBox();
  expect(box, 'primeira linha na tela').not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(844);
  const filters = page.getByRole('button', { name: 'Filtros' });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('group', { name: 'Filtros' })).toBeHidden();
  await page.screenshot({ path: screenshotPath('shell-phone-list.png') });

  await filters.click();
  const group = page.getByRole('group', { name: 'Filtros' });
  await expect(group).toBeVisible();
  await group.getByRole('combobox', { name: 'Em tramitação' }).click();
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/matters' && new URL(r.url()).searchParams.get('emTramitacao') === 'true');
  await page.getByRole('option', { name: 'Sim' }).click();
  await answered;
  await expect(page.getByRole('button', { name: 'Filtros (1)' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('shell-phone-filters.png') });
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(page.getByRole('button', { name: 'Filtros', exact: true })).toBeVisible();
  await expect(page).not.toHaveURL(/emTramitacao/);

  // the module menu is a named dialog on a phone
  await page.getByRole('button', { name: 'Abrir menu do módulo' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu do módulo' })).toBeVisible();
  await page.context().close();
});
