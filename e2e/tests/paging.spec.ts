/**
 * Paging of the generic list screens (issue 10, item 8): "Ir para a próxima página" used to request page 2 and
 * then snap back to page 1, and `?page=2` opened by address did the same. On lists with more than one page, as
 * the admin of the Câmara: forward and back by mouse and by keyboard, by address (and still there once the data
 * has loaded), with the browser's Back and Forward buttons (also back across a change of sort), and with another
 * page size. The rows shown are checked against the API's page of the same query.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, apiLogin, bearer, expect, openFilters, screenshotPath, storeToken, test } from './helpers.ts';

interface ListCase {
  /** the screen's address */
  screen: string;
  /** the grid's accessible name (the screen's title) */
  title: string;
  /** the API path of its list and the screen's default sort */
  api: string;
  sort: string;
}

const TYPES: ListCase = { screen: '/settings/types', title: 'Tipos', api: 'types', sort: 'label' };
const ROLES: ListCase = { screen: '/admin/roles', title: 'Funções', api: 'roles', sort: 'name' };
const MATTERS: ListCase = { screen: '/legislativo/matters', title: 'Matérias', api: 'matters', sort: '-dataApresentacao' };
/** presences are added by the plenary test meanwhile (newest first): its rows are not compared with the API */
const PRESENCE: ListCase = { screen: '/legislativo/presence', title: 'Presenças', api: 'presences', sort: '-created_at' };

const NEXT = 'Ir para a próxima página';
const PREVIOUS = 'Ir para a página anterior';

/** The API's page of a list: its record ids and the total. */
async function apiPage(request: APIRequestContext, token: string, list: ListCase, n: number, perPage = 15): Promise<{ ids: string[]; total: number }> {
  const res = await request.get(`/api/${list.api}`, { headers: bearer(token), params: { page: n, perPage, sort: list.sort } });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { data: { id: number }[]; meta: { total: number } };
  return { ids: body.data.map((r) => String(r.id)), total: body.meta.total };
}

const grid = (page: Page, list: ListCase) => page.getByRole('grid', { name: list.title });
const rangeLabel = (page: Page) => page.locator('.MuiTablePagination-displayedRows');
/** The ids of the grid's data rows, top to bottom. */
const gridIds = (page: Page, list: ListCase) =>
  grid(page, list).locator('[role="row"][data-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id') ?? ''));
const urlParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

/** Page `n` (1-based) of `list` is on screen: the address, the range label and exactly the API's rows of that page. */
async function expectPage(page: Page, request: APIRequestContext, token: string, list: ListCase, n: number, perPage = 15): Promise<void> {
  const { ids, total } = await apiPage(request, token, list, n, perPage);
  expect(ids.length, `${list.api}: page ${n} exists`).toBeGreaterThan(0);
  await expect.poll(() => urlParam(page, 'page'), { message: `${list.screen}: page in the address` }).toBe(n === 1 ? null : String(n));
  await expect.poll(() => urlParam(page, 'perPage')).toBe(perPage === 15 ? null : String(perPage));
  const from = (n - 1) * perPage + 1;
  await expect(rangeLabel(page)).toHaveText(`${from}–${from + ids.length - 1} de ${total}`);
  await expect.poll(() => gridIds(page, list), { message: `${list.screen}: rows of page ${n}` }).toEqual(ids);
}

/**
 * Waits for the list's reads to settle, and a little more, so that a late snap-back shows. Not `networkidle`: the
 * notifications' live stream (an admin's bell) keeps one request open for as long as the page lives.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.waitForTimeout(800);
}

async function signIn(page: Page, request: APIRequestContext): Promise<void> {
  // a session of the browser's own (the app renews its token; the API checks use the worker's)
  await storeToken(page, (await apiLogin(request, ACCOUNTS.admin.email)).token);
}

test('Tipos: avança e volta de página com o mouse e o teclado, pelo endereço, pelo Voltar do navegador e com outro tamanho de página', async ({
  page,
  request,
  tokenOf,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(ACCOUNTS.admin.email);
  const list = TYPES;
  const { total } = await apiPage(request, token, list, 1);
  expect(total, 'Tipos has many pages').toBeGreaterThan(45);
  const last = Math.ceil(total / 15);
  await signIn(page, request);

  await page.goto(list.screen);
  await expect(grid(page, list)).toBeVisible();
  await expectPage(page, request, token, list, 1);

  // mouse: forward, forward, back; each page stays after its data has loaded
  const next = page.getByRole('button', { name: NEXT });
  const previous = page.getByRole('button', { name: PREVIOUS });
  await next.click();
  await expectPage(page, request, token, list, 2);
  await settle(page);
  await expectPage(page, request, token, list, 2);
  await page.screenshot({ path: screenshotPath('paging-types-page-2.png'), fullPage: true });
  await next.click();
  await expectPage(page, request, token, list, 3);
  await previous.click();
  await expectPage(page, request, token, list, 2);
  await settle(page);
  await expectPage(page, request, token, list, 2);

  // keyboard: Tab from "previous" to "next", Enter; then Space on "previous"
  await previous.focus();
  await page.keyboard.press('Tab');
  await expect(next).toBeFocused();
  await page.keyboard.press('Enter');
  await expectPage(page, request, token, list, 3);
  await expect(next).toBeFocused();
  await previous.focus();
  await page.keyboard.press('Space');
  await expectPage(page, request, token, list, 2);
  await settle(page);
  await expectPage(page, request, token, list, 2);

  // the browser's Back and Forward walk the pages visited: 1 → 2 → 3 → 2 → 3 → 2
  await page.goBack();
  await expectPage(page, request, token, list, 3);
  await page.goBack();
  await expectPage(page, request, token, list, 2);
  await page.goForward();
  await expectPage(page, request, token, list, 3);
  await settle(page);
  await expectPage(page, request, token, list, 3);

  // sorting by a column starts from page 1 (a new entry); Back returns to page 3 in the previous order
  await grid(page, list).getByRole('columnheader', { name: 'Identificador' }).click();
  await expectPage(page, request, token, { ...list, sort: 'slug' }, 1);
  expect(urlParam(page, 'sort')).toBe('slug');
  await page.goBack();
  await expectPage(page, request, token, list, 3);
  await settle(page);
  await expectPage(page, request, token, list, 3);
  expect(urlParam(page, 'sort')).toBeNull();

  // by address: page 3, and the last page (the rows that used to be unreachable)
  await page.goto(`${list.screen}?page=3`);
  await expectPage(page, request, token, list, 3);
  await settle(page);
  await expectPage(page, request, token, list, 3);
  await page.screenshot({ path: screenshotPath('paging-types-address-page-3.png'), fullPage: true });
  await page.goto(`${list.screen}?page=${last}`);
  await expectPage(page, request, token, list, last);
  await settle(page);
  await expectPage(page, request, token, list, last);
  await expect(next).toBeDisabled();
  // past the end: the last page
  await page.goto(`${list.screen}?page=${last + 5}`);
  await expectPage(page, request, token, list, last);

  // Back from a page opened by address returns to the one before it
  await page.goBack();
  await expectPage(page, request, token, list, last);
  await page.goBack();
  await expectPage(page, request, token, list, 3);
  await settle(page);
  await expectPage(page, request, token, list, 3);

  // another page size: back to the first page with 25 rows, then forward with 25
  await page.getByRole('combobox', { name: /Linhas por página/ }).click();
  await page.getByRole('option', { name: '25', exact: true }).click();
  await expectPage(page, request, token, list, 1, 25);
  await next.click();
  await expectPage(page, request, token, list, 2, 25);
  await settle(page);
  await expectPage(page, request, token, list, 2, 25);
  await page.screenshot({ path: screenshotPath('paging-types-25-page-2.png'), fullPage: true });
  await page.goBack();
  await expectPage(page, request, token, list, 1, 25);
  await page.goBack();
  await expectPage(page, request, token, list, 3);
});

test('Funções: próxima, última e anterior; teclado; endereço; Voltar do navegador', async ({ page, request, tokenOf }) => {
  test.setTimeout(90_000);
  const token = await tokenOf(ACCOUNTS.admin.email);
  const list = ROLES;
  const { total } = await apiPage(request, token, list, 1);
  expect(total, 'Funções has three pages').toBeGreaterThan(30);
  expect(total).toBeLessThanOrEqual(45);
  await signIn(page, request);

  await page.goto(list.screen);
  await expect(grid(page, list)).toBeVisible();
  await expectPage(page, request, token, list, 1);
  const next = page.getByRole('button', { name: NEXT });
  const previous = page.getByRole('button', { name: PREVIOUS });
  await next.click();
  await expectPage(page, request, token, list, 2);
  await settle(page);
  await expectPage(page, request, token, list, 2);
  await next.click();
  await expectPage(page, request, token, list, 3);
  await expect(next).toBeDisabled();
  await previous.click();
  await expectPage(page, request, token, list, 2);

  await next.focus();
  await page.keyboard.press('Enter');
  await expectPage(page, request, token, list, 3);
  await settle(page);
  await expectPage(page, request, token, list, 3);
  await page.screenshot({ path: screenshotPath('paging-roles-page-3.png'), fullPage: true });

  await page.goBack();
  await expectPage(page, request, token, list, 2);
  await page.goBack();
  await expectPage(page, request, token, list, 3);
  await page.goBack();
  await expectPage(page, request, token, list, 2);
  await page.goBack();
  await expectPage(page, request, token, list, 1);

  await page.goto(`${list.screen}?page=2`);
  await expectPage(page, request, token, list, 2);
  await settle(page);
  await expectPage(page, request, token, list, 2);
});

test('Matérias: próxima e anterior, e a página 2 pelo endereço', async ({ page, request, tokenOf }) => {
  test.setTimeout(90_000);
  const token = await tokenOf(ACCOUNTS.admin.email);
  const list = MATTERS;
  const { total } = await apiPage(request, token, list, 1);
  expect(total, 'Matérias has more than one page').toBeGreaterThan(15);
  await signIn(page, request);

  await page.goto(list.screen);
  await expect(grid(page, list)).toBeVisible();
  await expectPage(page, request, token, list, 1);
  await page.getByRole('button', { name: NEXT }).click();
  await expectPage(page, request, token, list, 2);
  await settle(page);
  await expectPage(page, request, token, list, 2);
  await page.screenshot({ path: screenshotPath('paging-matters-page-2.png'), fullPage: true });
  await page.getByRole('button', { name: PREVIOUS }).click();
  await expectPage(page, request, token, list, 1);
  await page.goBack();
  await expectPage(page, request, token, list, 2);

  await page.goto(`${list.screen}?page=2`);
  await expectPage(page, request, token, list, 2);
  await settle(page);
  await expectPage(page, request, token, list, 2);
});

test('Presença: a página 2 pelo botão e pelo endereço', async ({ page, request, tokenOf }) => {
  test.setTimeout(90_000);
  const token = await tokenOf(ACCOUNTS.admin.email);
  const list = PRESENCE;
  const { total } = await apiPage(request, token, list, 1);
  test.skip(total <= 15, `Presença has ${total} rows: one page`);
  await signIn(page, request);

  await page.goto(list.screen);
  await expect(grid(page, list)).toBeVisible();
  await expect(rangeLabel(page)).toHaveText(/^1–15 de \d+$/);
  const first = (await gridIds(page, list))[0];
  await page.getByRole('button', { name: NEXT }).click();
  await expect.poll(() => urlParam(page, 'page')).toBe('2');
  await expect(rangeLabel(page)).toHaveText(/^16–\d+ de \d+$/);
  await settle(page);
  expect(urlParam(page, 'page')).toBe('2');
  await expect(rangeLabel(page)).toHaveText(/^16–\d+ de \d+$/);
  expect(await gridIds(page, list)).not.toContain(first);

  await page.goto(`${list.screen}?page=2`);
  await expect(rangeLabel(page)).toHaveText(/^16–\d+ de \d+$/);
  await settle(page);
  expect(urlParam(page, 'page')).toBe('2');
  await expect(rangeLabel(page)).toHaveText(/^16–\d+ de \d+$/);
});

test('Matérias: filtra por período de apresentação (de, até), com as linhas e a contagem da API, e limpa o filtro', async ({ page, request, tokenOf }) => {
  const token = await tokenOf(ACCOUNTS.admin.email);
  const apiList = async (params: Record<string, string>) => {
    const res = await request.get('/api/matters', { headers: bearer(token), params: { perPage: 15, sort: MATTERS.sort, ...params } });
    expect(res.status(), await res.text()).toBe(200);
    const body = (await res.json()) as { data: { id: number; dataApresentacao: string }[]; meta: { total: number } };
    return { ids: body.data.map((r) => String(r.id)), dates: body.data.map((r) => r.dataApresentacao), total: body.meta.total };
  };
  const all = await apiList({ perPage: '100' });
  // a period inside the demo's dates: from the fourth newest back to the fourth oldest, so each end narrows the list
  const dates = [...new Set(all.dates)].sort();
  test.skip(dates.length < 10, 'poucas datas de apresentação na demonstração');
  const from = dates[3]!;
  const to = dates[dates.length - 4]!;
  await signIn(page, request);
  await page.goto(MATTERS.screen);
  await expect(rangeLabel(page)).toHaveText(new RegExp(` de ${all.total}$`));
  await openFilters(page);

  const br = (iso: string) => iso.split('-').reverse().join('/');
  // typed as on the forms, dd/mm/aaaa
  await page.getByLabel('Data de apresentação: de', { exact: true }).fill(br(from));
  await expect.poll(() => urlParam(page, 'dataApresentacao_gte')).toBe(from);
  const sinceFrom = await apiList({ dataApresentacao_gte: from });
  expect(sinceFrom.total).toBeLessThan(all.total);
  await expect(rangeLabel(page)).toHaveText(new RegExp(` de ${sinceFrom.total}$`));
  await expect.poll(() => gridIds(page, MATTERS)).toEqual(sinceFrom.ids);

  // "até" right after "de" (both stay in the address) narrows it further
  await page.getByLabel('Data de apresentação: até', { exact: true }).fill(br(to));
  await expect.poll(() => urlParam(page, 'dataApresentacao_lte')).toBe(to);
  expect(urlParam(page, 'dataApresentacao_gte')).toBe(from);
  const within = await apiList({ dataApresentacao_gte: from, dataApresentacao_lte: to });
  expect(within.total).toBeLessThan(sinceFrom.total);
  expect(within.dates.every((d) => d >= from && d <= to)).toBe(true);
  await expect(rangeLabel(page)).toHaveText(new RegExp(` de ${within.total}$`));
  await expect.poll(() => gridIds(page, MATTERS)).toEqual(within.ids);
  await page.screenshot({ path: screenshotPath('list-date-range.png'), fullPage: true });

  // the address keeps the period (a link to it opens the same list)
  await page.reload();
  await openFilters(page);
  await expect(page.getByLabel('Data de apresentação: de', { exact: true })).toHaveValue(br(from));
  await expect(rangeLabel(page)).toHaveText(new RegExp(` de ${within.total}$`));

  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect.poll(() => urlParam(page, 'dataApresentacao_gte')).toBeNull();
  await expect(rangeLabel(page)).toHaveText(new RegExp(` de ${all.total}$`));
  await expect(page.getByLabel('Data de apresentação: de', { exact: true })).toHaveValue('');
});
