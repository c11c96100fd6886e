/**
 * Sorting the list of Matérias by each column it offers (issue 17), as the admin of the Câmara: a click on a sortable
 * header sorts ascending, a second descending, and each time page 1 and page 2 show exactly the API's rows for that
 * order (the API's order itself is checked in apps/server/test/list-order.test.ts). Columns that are not sortable
 * (the type, a reference; the ementa, a long text) have no sort control, and a click on them changes nothing. The
 * list asks the API only for what it shows (`fields=list`).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, apiLogin, bearer, expect, screenshotPath, storeToken, test } from './helpers.ts';

const SCREEN = '/legislativo/matters';
const TITLE = 'Matérias';
const SORTABLE: [string, string][] = [['Identificação', 'identificacao'], ['Data de apresentação', 'dataApresentacao'], ['Em tramitação', 'emTramitacao']];
const NOT_SORTABLE = ['Tipo', 'Ementa'];
const NEXT = 'Ir para a próxima página';

const grid = (page: Page) => page.getByRole('grid', { name: TITLE });
// a sorted column's header is also named by its sort button ("Identificação Ordenar")
const header = (page: Page, name: string) => grid(page).getByRole('columnheader', { name: new RegExp(`^${name}( Ordenar)?$`) });
const gridIds = (page: Page) => grid(page).locator('[role="row"][data-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id') ?? ''));
const urlParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

async function apiIds(request: APIRequestContext, token: string, sort: string, n: number): Promise<string[]> {
  const res = await request.get('/api/matters', { headers: bearer(token), params: { page: n, perPage: 15, sort, fields: 'list' } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { id: number }[] }).data.map((r) => String(r.id));
}

/**
 * The grid shows the API's page: as the API gave it just before the screen asked (`before`), or as it gives it now.
 * Other specs add matters meanwhile, so the API's page read after the click may already hold one the screen's did not.
 */
async function expectPage(page: Page, read: () => Promise<string[]>, before: string[][], message: string): Promise<void> {
  await expect.poll(async () => {
    const shown = (await gridIds(page)).join(',');
    return before.some((b) => b.join(',') === shown) || shown === (await read()).join(',');
  }, { message }).toBe(true);
}

/**
 * Pages 1 and 2 of `sort` are on screen, as the API gives them; back on page 1 afterwards (`before`: page 1 read
 * before the click, or as the screen showed it the last time it was in this order).
 */
async function expectSorted(page: Page, request: APIRequestContext, token: string, sort: string, before: string[], shownBefore: Map<string, string[]>): Promise<void> {
  await expect.poll(() => urlParam(page, 'sort'), { message: 'sort in the address' }).toBe(sort);
  const first = () => apiIds(request, token, sort, 1);
  // back on an order, the screen may show the page 1 it kept for it
  const kept = shownBefore.get(sort);
  await expectPage(page, first, kept ? [before, kept] : [before], `${sort}: page 1`);
  const shownFirst = await gridIds(page);
  shownBefore.set(sort, shownFirst);
  const second = () => apiIds(request, token, sort, 2);
  const beforeSecond = await second();
  await page.getByRole('button', { name: NEXT }).click();
  await expect.poll(() => urlParam(page, 'page')).toBe('2');
  await expectPage(page, second, [beforeSecond], `${sort}: page 2`);
  await page.goBack();
  await expect.poll(() => urlParam(page, 'page')).toBeNull();
  // page 1 as it was shown, or as it is now (the screen may show the page it kept while it asks again)
  await expectPage(page, first, [shownFirst], `${sort}: page 1 again`);
}

test('Matérias: cada coluna ordenável nos dois sentidos, com páginas; as outras sem ordenação', async ({ page, request, tokenOf }) => {
  test.setTimeout(180_000);
  const token = await tokenOf(ACCOUNTS.admin.email);
  const total = ((await (await request.get('/api/matters', { headers: bearer(token) })).json()) as { meta: { total: number } }).meta.total;
  expect(total, 'Matérias has more than one page').toBeGreaterThan(15);
  const asked: URL[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/matters') asked.push(url);
  });
  await storeToken(page, (await apiLogin(request, ACCOUNTS.admin.email)).token);
  const opening = await apiIds(request, token, '-dataApresentacao', 1);
  await page.goto(SCREEN);
  await expect(grid(page)).toBeVisible();
  await expectPage(page, () => apiIds(request, token, '-dataApresentacao', 1), [opening], 'the default order, newest first');
  // page 1 of each order as the screen showed it
  const shownBefore = new Map<string, string[]>([['-dataApresentacao', await gridIds(page)]]);

  for (const name of NOT_SORTABLE) {
    await expect(header(page, name), `${name}: no sort control`).not.toHaveClass(/columnHeader--sortable/);
    await expect(header(page, name)).not.toHaveAttribute('aria-sort', /ascending|descending/);
    await header(page, name).click();
    await page.waitForTimeout(300);
    expect(urlParam(page, 'sort'), `${name}: a click does not sort`).toBeNull();
  }

  for (const [name, field] of SORTABLE) {
    await expect(header(page, name), `${name}: sortable`).toHaveClass(/columnHeader--sortable/);
    let before = await apiIds(request, token, field, 1);
    await header(page, name).click();
    await expectSorted(page, request, token, field, before, shownBefore);
    await expect(header(page, name)).toHaveAttribute('aria-sort', 'ascending');
    before = await apiIds(request, token, `-${field}`, 1);
    await header(page, name).click();
    await expectSorted(page, request, token, `-${field}`, before, shownBefore);
    await expect(header(page, name)).toHaveAttribute('aria-sort', 'descending');
    await page.screenshot({ path: screenshotPath(`sorting-matters-${field}-desc.png`), fullPage: true });
  }

  expect(asked.length).toBeGreaterThan(0);
  expect(asked.every((u) => u.searchParams.get('fields') === 'list'), 'the screen asks for fields=list').toBe(true);
  expect(asked.map((u) => u.searchParams.get('sort') ?? '').filter((s) => /ementa|type_id/.test(s))).toEqual([]);
});

/**
 * An identification as people read it (SAPL lists matters by type, year and number): what precedes "N/YYYY", then
 * the year, then the number by its value: "PL 9/2026" before "PL 10/2026", 2025's before 2026's.
 */
function byIdentification(a: string, b: string): number {
  const parts = (s: string): [string, number, number] => {
    const m = /^(.*?)([\d.]+)\/(\d{4})$/.exec(s);
    return m ? [m[1]!, Number(m[3]), Number(m[2]!.replace(/\./g, ''))] : [s, 0, 0];
  };
  const [x, y] = [parts(a), parts(b)];
  return x[0] !== y[0] ? (x[0] < y[0] ? -1 : 1) : x[1] - y[1] || x[2] - y[2];
}

test('Matérias em 1366 px: as colunas cabem, Ações à vista; por Identificação, tipo, ano e número', async ({ page, request }) => {
  await storeToken(page, (await apiLogin(request, ACCOUNTS.admin.email)).token);
  await page.goto(SCREEN);
  await expect(grid(page).locator('[role="row"][data-id]').first()).toBeVisible();
  // no column beyond the grid's right edge: the row's actions are where the eye looks for them
  const edge = await grid(page).boundingBox();
  const actions = await header(page, 'Ações').boundingBox();
  expect(actions!.x + actions!.width, 'Ações ends inside the grid').toBeLessThanOrEqual(edge!.x + edge!.width + 1);
  await expect(grid(page).locator('[role="row"][data-id]').first().getByRole('menuitem', { name: 'Excluir' })).toBeInViewport({ ratio: 1 });
  const ementa = await header(page, 'Ementa').boundingBox();
  expect(ementa!.width, 'the ementa, read in the row, is the widest text column').toBeGreaterThan(180);

  // (focused, the header is also named by its column menu: found by its field)
  const ident = grid(page).locator('[role="columnheader"][data-field="identificacao"]');
  const shown = () => grid(page).locator('[role="row"][data-id] [data-field="identificacao"]').allInnerTexts();
  for (const [way, sign] of [['ascending', 1], ['descending', -1]] as const) {
    await ident.click();
    await expect(ident).toHaveAttribute('aria-sort', way);
    await expect.poll(() => urlParam(page, 'sort')).toBe(sign > 0 ? 'identificacao' : '-identificacao');
    // the page as drawn once the answer is in (the previous order is not this one)
    await expect.poll(async () => {
      const names = (await shown()).map((s) => s.trim()).filter(Boolean);
      return names.length > 5 && names.join('|') === [...names].sort((a, b) => sign * byIdentification(a, b)).join('|');
    }, { message: `${way}: by type, year and number` }).toBe(true);
  }
  await page.screenshot({ path: screenshotPath('sorting-matters-1366.png') });
});
