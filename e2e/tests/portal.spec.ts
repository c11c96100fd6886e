/**
 * The public portal (issue 12) as a citizen on a phone: reads news, searches a word without accents, filters
 * contracts by year, opens a law with its file, downloads contracts as CSV; keyboard shortcuts, high contrast and
 * font size; axe on every portal page of both entities; every section's content in the HTML with JavaScript off;
 * the home's JavaScript (gzipped) under 100 KB.
 */
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { PORTAL_SECTIONS } from '@paco/domain/portal';
import { apiLogin, expect, screenshotPath, storeToken, test } from './helpers.ts';
import { WCAG, axeViolations } from './axe.ts';

const PM = '/portal/prefeitura-vila-serena';
const CM = '/portal/camara-vila-serena';
const YEAR = new Date().getFullYear();
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

test.use(PHONE);

test('a citizen reads the news, searches without accents, filters by year, opens a law with its file and downloads contracts as CSV', async ({ page }) => {
  await page.goto('/portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Portais das entidades' })).toBeVisible();
  await page.getByRole('link', { name: 'Prefeitura Municipal de Vila Serena' }).click();
  await expect(page).toHaveURL(new RegExp(`${PM}$`));
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.screenshot({ path: screenshotPath('portal-home-phone.png'), fullPage: true });

  // news: the list, then one item
  await page.getByRole('link', { name: 'Ver todos: notícias' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notícias' })).toBeVisible();
  await page.getByRole('link', { name: 'Campanha de vacinação contra a gripe chega aos bairros' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Campanha de vacinação contra a gripe chega aos bairros' })).toBeVisible();
  await expect(page.getByText('Idosos, gestantes, crianças e profissionais da educação')).toBeVisible();
  await page.screenshot({ path: screenshotPath('portal-news-detail-phone.png'), fullPage: true });

  // search from the header, typed without accents
  await page.getByRole('searchbox', { name: 'Buscar no portal' }).fill('politica informacao');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Busca/ })).toBeVisible();
  const law = page.getByRole('link', { name: 'Lei nº 1.284/2026 — Dispõe sobre a Política Municipal de Acesso à Informação' });
  await expect(law).toBeVisible();
  await page.screenshot({ path: screenshotPath('portal-search-phone.png'), fullPage: true });

  // the law's page and its file
  await law.click();
  await expect(page.getByRole('heading', { level: 2, name: 'Arquivos' })).toBeVisible();
  const file = page.getByRole('link', { name: /^Arquivo: leis-\d+\.pdf$/ });
  const href = await file.getAttribute('href');
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');

  // contracts: filter by the previous year, then download the list as CSV
  await page.goto(`${PM}/contratos`);
  await expect(page.getByText(`034/${YEAR}`).first()).toBeVisible();
  await page.getByLabel('Ano').selectOption(String(YEAR - 1));
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(new RegExp(`ano=${YEAR - 1}`));
  await expect(page.getByRole('status')).toHaveText('1 registro encontrado.');
  await expect(page.getByText(`077/${YEAR - 1}`)).toBeVisible();
  await expect(page.getByText(`034/${YEAR}`)).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('portal-contracts-phone.png'), fullPage: true });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('contratos.csv');
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain('Fornecimento de uniformes escolares.');
  expect(csv).not.toContain(`034/${YEAR}`);
});

test('keyboard only: skip links, Alt+1..4, high contrast and font size', async ({ page }) => {
  // hydration must match the server's HTML: React reports any mismatch on the console
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(PM);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: /Ir para o conteúdo/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#conteudo')).toBeFocused();
  await page.keyboard.press('Alt+3');
  await expect(page.getByRole('searchbox', { name: 'Buscar no portal' })).toBeFocused();
  await page.keyboard.press('Alt+4');
  await expect(page.locator('#rodape')).toBeFocused();
  await page.keyboard.press('Alt+1');
  await expect(page.locator('#conteudo')).toBeFocused();

  const contrast = page.getByRole('button', { name: 'Alto contraste' });
  await contrast.focus();
  await page.keyboard.press('Enter');
  await expect(contrast).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveClass(/alto-contraste/);
  await page.getByRole('button', { name: 'A+ aumentar o texto' }).click();
  await expect(page.locator('html')).toHaveAttribute('style', /font-size: 112%/);
  await page.screenshot({ path: screenshotPath('portal-high-contrast-phone.png') });
  // the choice stays on the next page
  await page.goto(`${PM}/servicos`);
  await expect(page.locator('html')).toHaveClass(/alto-contraste/);
  const violations = await axeViolations(page, { tags: WCAG });
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(errors).toEqual([]);
});

/** Every portal page of an entity: its home, hubs, each section's list and first record, its text pages. */
async function portalPages(request: import('@playwright/test').APIRequestContext, base: string, only?: (s: (typeof PORTAL_SECTIONS)[number]) => boolean): Promise<string[]> {
  const pages = [base, `${base}/transparencia`, `${base}/dados-abertos`, `${base}/mapa-do-site`, `${base}/busca?q=servico`, `${base}/ouvidoria`, `${base}/sic`, `${base}/acessibilidade`, `${base}/mesa-diretora`];
  for (const s of PORTAL_SECTIONS.filter((x) => !only || only(x))) {
    const list = await request.get(`${base}/${s.key}`);
    expect(list.status()).toBe(200);
    pages.push(`${base}/${s.key}`);
    const m = new RegExp(`href="${base}/${s.key}/(\\d+)"`).exec(await list.text());
    if (m) pages.push(`${base}/${s.key}/${m[1]}`);
  }
  return pages;
}

// every section's pages on the Prefeitura's portal; on the Câmara's, its own pages and the legislative sections (the
// other sections' pages are the same templates with other records); one test per entity, so they run side by side
for (const [entity, base, only] of [
  ['Prefeitura', PM, undefined],
  ['Câmara', CM, (s: (typeof PORTAL_SECTIONS)[number]) => s.group === 'legislativo'],
] as const) {
  test(`axe finds no violation on any portal page of the ${entity}`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const pages = [...(entity === 'Prefeitura' ? ['/portal', '/portal/nao-existe'] : []), ...(await portalPages(request, base, only))];
    const found: string[] = [];
    for (const url of pages) {
      await page.goto(url);
      for (const v of await axeViolations(page)) found.push(`${url} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
    expect(pages.length).toBeGreaterThan(entity === 'Prefeitura' ? 25 : 10);
    expect(found).toEqual([]);
  });
}

test('each section shows its content with JavaScript disabled', async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  const expected: Record<string, string> = {
    noticias: 'Campanha de vacinação contra a gripe chega aos bairros', eventos: 'Festival de Inverno de Vila Serena',
    secretarias: 'Secretaria Municipal de Educação', servicos: 'Segunda via do IPTU', 'perguntas-frequentes': 'Como emitir a segunda via do IPTU?',
    leis: 'Política Municipal de Acesso à Informação', diarias: 'Relação de diárias pagas a servidores', lrf: 'Relatório Resumido da Execução Orçamentária',
    prestacao: 'Prestação de contas anual do exercício de 2025', publicacoes: 'Edital de chamamento público para o Festival de Inverno',
    portarias: 'Nomeia Joana Pereira da Silva', licitacoes: 'fornecimento de merenda escolar', contratos: 'Reforma e ampliação da Escola Municipal',
    convenios: 'Pavimentação asfáltica de vias urbanas', obras: 'Reforma da Escola Municipal Professora Lúcia Helena',
    vereadores: 'Dr. Ricardo Menezes', normas: 'Institui o Código Tributário do Município de Vila Serena',
    materias: 'Denomina Rua Professora Maria das Graças Silveira', comissoes: 'Comissão de Legislação, Justiça e Redação',
    sessoes: '37ª Sessão Ordinária', editais: 'Prêmio Mestres e Mestras das Culturas Populares',
  };
  // the matters other specs make today come first: this one is found by the section's own search (accents left out)
  const query: Record<string, string> = { materias: '?q=gracas+silveira' };
  expect(Object.keys(expected).sort()).toEqual(PORTAL_SECTIONS.map((s) => s.key).sort());
  for (const [key, content] of Object.entries(expected)) {
    await page.goto(`${PORTAL_SECTIONS.find((s) => s.key === key)!.group === 'legislativo' ? CM : PM}/${key}${query[key] ?? ''}`);
    await expect(page.locator('main')).toContainText(content);
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  }
  // a filter form works without JavaScript too (a plain GET form)
  await page.goto(`${PM}/contratos`);
  await page.getByLabel('Ano').selectOption(String(YEAR - 1));
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByRole('status')).toHaveText('1 registro encontrado.');
  await page.goto(`${CM}/noticias`);
  await expect(page.locator('main')).toContainText('Câmara aprova o Plano Plurianual');
  await page.screenshot({ path: screenshotPath('portal-no-js-phone.png'), fullPage: true });
  await context.close();
});

test("the home loads under 100 KB of JavaScript (gzipped) and none of the back office's", async ({ page }) => {
  const scripts: { url: string; gz: number }[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    scripts.push({ url: res.url(), gz: gzipSync(await res.body(), { level: 9 }).length });
  });
  await page.goto(PM);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.waitForLoadState('networkidle');
  const total = scripts.reduce((n, s) => n + s.gz, 0);
  console.info(`[portal] JavaScript da página inicial: ${(total / 1024).toFixed(1)} KB (gzip) em ${scripts.length} arquivo(s)`);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.every((s) => s.url.includes('/portal/assets/'))).toBe(true);
  expect(total).toBeLessThan(100 * 1024);
});

test('staff set the portal on the company screen: its address is checked, the published flag and footer fields are there', async ({ page, request, tokenOf }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  const token = await tokenOf('admin.prefeitura@paco.demo');
  const me = await (await request.get('/api/load-user', { headers: { Authorization: `Bearer ${token}` } })).json() as { data: { company_id: number } };
  // a session of the page's own: the app rotates the token it is given (load-session), which would revoke the
  // worker's cached one and fail the worker's later tests with 401
  await storeToken(page, (await apiLogin(request, 'admin.prefeitura@paco.demo')).token);
  await page.goto(`/settings/companies/${me.data.company_id}`);
  const slug = page.getByLabel('Endereço do portal');
  await expect(slug).toHaveValue('prefeitura-vila-serena');
  await expect(page.getByLabel('Portal publicado')).toBeChecked();
  await expect(page.getByLabel('Horário de atendimento')).toHaveValue('Segunda a sexta, das 8h às 17h');
  await slug.fill('Prefeitura de Vila Serena');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Use só letras minúsculas sem acento, números e hífens (ex.: camara-vila-serena).')).toBeVisible();
  await page.screenshot({ path: screenshotPath('portal-company-slug.png') });
  await slug.fill('prefeitura-vila-serena');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Use só letras minúsculas sem acento')).toHaveCount(0);
  expect((await request.get(PM)).status()).toBe(200);
});
