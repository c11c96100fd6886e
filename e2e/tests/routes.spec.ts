/**
 * Every route of spec 1 §2 as the superadmin: no error page ("Ocorreu um erro!" / "404 Not Found"), no uncaught
 * page error, list screens finish loading (rows or the empty state), and `/new` of each resource screen shows its
 * form. One browser page for the whole walk (sequential), one sign-in. Then one flow through a sub-list tab:
 * a parliamentarian created in the UI gets a dependent through the "Dependentes" tab.
 */
import type { Page } from '@playwright/test';
import { ACCOUNTS, apiLogin, bearer, expect, navigateInApp, screenshotPath, storeToken, test, uniq } from './helpers.ts';

const homes = [
  '/', '/admin', '/autarquia', '/carta', '/conselhos', '/consorcio', '/convenio', '/cotacao', '/culture', '/diario', '/empresa',
  '/example', '/executive', '/ged', '/instituto', '/legislativo', '/legislativo-parlamentar', '/licitacao', '/notifications', '/obras',
  '/ouvidoria', '/processo-seletivo', '/protocol', '/publication', '/saae', '/settings', '/sic', '/sindicato', '/site', '/sobre',
  '/turismo', '/veiculos',
];
const pages = ['/auth/profile', '/auth/company', '/culture/profile', '/legislativo/pauta'];
/** Only for cm_parlamentar (spec 1 §6 "Votar Materia"): the superadmin sees the forbidden notice, not an error. */
const parliamentarianOnly = ['/legislativo/votar'];

/** List screens (resource screens and filtered views): the list, then `/new`. */
const lists = [
  ...['companies', 'institutions', 'liberations', 'permissions', 'roles', 'users'].map((x) => `/admin/${x}`),
  '/carta/services', '/convenio/convenios', '/example/post', '/example/watchlist',
  '/culture/artist', '/culture/cultureGroup', '/culture/cultureUser', '/culture/equipament',
  '/executive/associacoes', '/executive/conselhos', '/executive/constructions', '/executive/convenios', '/executive/gestores',
  '/legislativo-parlamentar/matters', '/legislativo-parlamentar/solicitation',
  ...['agents', 'ata', 'audiences', 'boards', 'comissions', 'legislatures', 'links', 'matters', 'norms', 'parliamentarians', 'parties',
    'plenarySessions', 'presence', 'propositions', 'registered', 'solicitation', 'matters/received'].map((x) => `/legislativo/${x}`),
  ...['agents', 'categories', 'contracts', 'credors', 'licitacoes', 'places'].map((x) => `/licitacao/${x}`),
  '/ouvidoria/manifestacoes',
  ...['movements', 'procedures', 'processes', 'responsibles', 'sectors'].map((x) => `/protocol/${x}`),
  ...['diarias', 'leis', 'lrf', 'outras', 'portarias', 'prestacao'].map((x) => `/publication/${x}`),
  ...['bankAccounts', 'banks', 'categories', 'companies', 'contacts', 'files', 'historics', 'items', 'links', 'logs', 'measures', 'menus',
    'people', 'places', 'themes', 'types', 'unityTramitations', 'users'].map((x) => `/settings/${x}`),
  ...['banners', 'evaluations', 'events', 'faqs', 'portarias', 'posts', 'publications', 'schools', 'secretariats', 'services', 'vehicles']
    .map((x) => `/site/${x}`),
];
/** Lists whose records are created elsewhere (read-only lists, or items added through their parent's tab). */
const noCreate = new Set(['/settings/logs']);

/** Create forms and option pages that are not lists. */
const forms = [
  '/legislativo/matters/received/options', '/legislativo/solicitation/options', '/legislativo-parlamentar/menu',
  ...['indicacao', 'mocaoaplauso', 'mocaopesar', 'projetosdecreto', 'projetoslei', 'projetosresolucao', 'requerimento']
    .map((x) => `/legislativo/matters/received/forms/${x}`),
  '/legislativo/solicitation/forms/diaria', '/legislativo/solicitation/forms/veiculo',
  '/legislativo-parlamentar/matters/form/indicacao', '/legislativo-parlamentar/solicitation/form/diaria',
];
/** Screens of the live plenary session: each opens its own screen (control room, voting, electronic panel). */
const live = [
  '/legislativo/newPainel', '/legislativo/newPainel/1', '/legislativo/votacao', '/legislativo/votacao/1', '/legislativo-parlamentar/NewPainel',
  '/legislativo/painel-eletronico', '/legislativo/painel-eletronico/1',
  ...['Oradores', 'PainelPresence', 'PainelVotation', 'PresenceCard', 'Votacao', 'Votada', 'VotationCard'].map((x) => `/legislativo/painel-eletronico/${x}`),
];

const BROKEN = /Ocorreu um erro!|404 Not Found|This page could not be found/;
const ERROR_TEXT = /Ocorreu um erro!|404 Not Found|This page could not be found|Acesso não permitido/;

test.describe.configure({ mode: 'serial' });

let page: Page;
const errors: string[] = [];

test.beforeAll(async ({ browser, request }) => {
  page = await browser.newPage();
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  await storeToken(page, (await apiLogin(request, ACCOUNTS.superadmin.email)).token);
});
test.afterAll(async () => {
  await page.close();
});

/**
 * Opens a route and checks it: its own content (a heading), no error text, no uncaught page error. In-app by default
 * (as a menu link does; a reload per screen costs seconds of a slow machine's CPU); `reload` loads the document.
 */
async function visit(path: string, { errorText = ERROR_TEXT, reload = false } = {}): Promise<void> {
  const before = errors.length;
  if (reload) await page.goto(path);
  else {
    // the grids on screen belong to the previous route: the list checks look at the new screen's only
    await page.evaluate(() => document.querySelectorAll('[role="grid"]').forEach((g) => g.setAttribute('data-stale', '1')));
    await navigateInApp(page, path);
  }
  await expect(page.locator('h1, h2').first(), path).toBeVisible();
  await expect(page.getByText(errorText), path).toHaveCount(0);
  expect(errors.slice(before), `page errors on ${path}`).toEqual([]);
}

async function visitList(path: string): Promise<void> {
  await visit(path);
  const grid = page.locator('[role="grid"]:not([data-stale])').first();
  await expect(grid, path).toBeVisible();
  // finished loading: rows, or the empty state
  await expect(grid.locator('.MuiDataGrid-row').first().or(page.getByText('Nenhum registro encontrado.')).first(), path).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Não foi possível carregar os registros'), path).toHaveCount(0);
  await expect(page.getByText(/Não foi possível aplicar o filtro/), path).toHaveCount(0);
  await expect(page.getByText(ERROR_TEXT), path).toHaveCount(0);
}

async function visitNew(path: string): Promise<void> {
  await visit(`${path}/new`);
  await expect(page.getByRole('button', { name: 'Salvar' }), `${path}/new`).toBeVisible();
}

test('module homes and hand-written pages', async () => {
  test.setTimeout(180_000);
  await page.goto('/');
  for (const p of [...homes, ...pages]) await visit(p);
  for (const p of parliamentarianOnly) await visit(p, { errorText: BROKEN });
});

test('every list screen loads, and its create form opens', async () => {
  test.setTimeout(600_000);
  await page.goto('/');
  for (const p of lists) {
    await visitList(p);
    if (!noCreate.has(p) && (await page.getByRole('button', { name: 'Novo' }).count()) > 0) await visitNew(p);
  }
  await visitList('/publication/leis');
  await page.screenshot({ path: screenshotPath('routes-publication-leis.png'), fullPage: true });
});

test('create forms and option pages', async () => {
  test.setTimeout(180_000);
  for (const p of forms) {
    await visit(p);
    if (!p.endsWith('options') && !p.endsWith('/menu')) await expect(page.getByRole('button', { name: 'Salvar' }), p).toBeVisible();
  }
  // the form of a received matter comes with its type
  await visit('/legislativo/matters/received/forms/indicacao');
  await expect(page.getByRole('combobox', { name: /^Tipo/ })).toHaveValue(/Indicação/);
});

test('live plenary screens open their own screens', async () => {
  test.setTimeout(120_000);
  for (const p of live) {
    // the panel's screens have a layout of their own: each is loaded as a document
    await visit(p, { reload: true });
    await expect(page.getByText(/chega com o módulo/i), p).toHaveCount(0);
    await expect(page.getByText(/Não foi possível carregar|Sessão plenária não encontrada/), p).toHaveCount(0);
  }
});

test('a parliamentarian created in the UI gets a dependent through the "Dependentes" tab', async ({ request, tokenOf }) => {
  test.setTimeout(120_000);
  const token = await tokenOf(ACCOUNTS.admin.email);
  const name = `Vereadora E2E ${uniq()}`;
  await page.goto('/legislativo/parliamentarians/new');
  await page.getByRole('textbox', { name: /^Nome parlamentar/ }).fill(name);
  // not an active member: the plenary specs count the house's 11 (a session without legislature takes the active ones)
  await page.getByLabel('Ativo', { exact: true }).uncheck();
  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/parliamentaries' && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Salvar' }).click();
  const res = await created;
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { data: { id: number } }).data.id;
  await page.waitForURL((u) => u.pathname === `/legislativo/parliamentarians/${id}`);

  await page.getByRole('tab', { name: 'Dependentes' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Dependentes' });
  await expect(panel.getByText('Nenhum registro de dependentes.')).toBeVisible();
  await panel.getByRole('button', { name: 'Adicionar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar dependente' });
  await expect(dialog.getByRole('combobox', { name: 'Parlamentar' })).toHaveCount(0);
  await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Maria Dependente');
  await dialog.getByRole('combobox', { name: 'Parentesco' }).click();
  await page.getByRole('option', { name: 'Cônjuge' }).click();
  const added = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/parliamentaries/${id}/add_dependent`);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  expect((await added).status()).toBe(201);
  await expect(dialog).toBeHidden();
  const row = panel.getByRole('row').filter({ hasText: 'Maria Dependente' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Cônjuge');
  await page.screenshot({ path: screenshotPath('routes-parliamentarian-dependents.png'), fullPage: true });

  // the server agrees (another company's admin session is not needed: admin of the same Câmara)
  const list = await request.get(`/api/parliamentaries/${id}/get_dependents`, { headers: bearer(token) });
  expect(list.status()).toBe(200);
  const body = (await list.json()) as { data: { name: string; type?: { label?: string } | null }[] };
  expect(body.data.map((d) => d.name)).toEqual(['Maria Dependente']);
  expect(errors).toEqual([]);
});
