/**
 * The câmara's legislative activity on its portal (issue 12), as a citizen on a phone with no account: the plenary
 * sessions (pauta, presence, each voting's result, a nominal voting's votes), a vereador's page with their votes,
 * matters and commissions, a commission with its members, a matter's tramitação step by step and a norm's
 * relation followed to the other norm. Axe on each page reached. Expectations are read from the back office's API
 * as the câmara's administrator keeps the records, not from the portal's code.
 */
import { ACCOUNTS, bearer, expect, screenshotPath, test } from './helpers.ts';
import { noViolations } from './axe.ts';

const CM = '/portal/camara-vila-serena';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
test.use(PHONE);

test('a citizen follows a held session: pauta, presence, each result and the nominal votes, then a vereador\'s votes', async ({ page, request, tokenOf }) => {
  test.setTimeout(90_000);
  const token = await tokenOf(ACCOUNTS.admin.email);
  const sessions = (await (await request.get('/api/plenary_sessions?perPage=100&sort=abertura', { headers: bearer(token) })).json()) as { data: { id: number; titulo: string; finalizada: boolean }[] };
  const held = sessions.data.find((s) => s.finalizada && s.titulo.startsWith('37ª'))!;
  expect(held).toBeTruthy();

  await page.goto(CM);
  await page.locator('summary', { hasText: 'Menu' }).click();
  await page.getByRole('link', { name: 'Sessões plenárias' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sessões plenárias' })).toBeVisible();
  await noViolations(page);
  await page.getByRole('link', { name: held.titulo }).click();
  await expect(page.getByRole('heading', { level: 1, name: held.titulo })).toBeVisible();

  const pauta = page.getByRole('region', { name: 'Pauta' });
  await expect(pauta.getByRole('table')).toBeVisible();
  await expect(pauta.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('region', { name: /^Presença — / }).first()).toBeVisible();
  const nominal = page.getByRole('region', { name: /\(nominal\)$/ });
  await expect(nominal).toContainText('Resultado:');
  const votes = nominal.getByRole('row');
  expect(await votes.count()).toBeGreaterThan(5);
  await expect(page.getByText('Votação simbólica: sem registro do voto de cada vereador.', { exact: false })).toBeVisible();
  await page.screenshot({ path: screenshotPath('portal-sessao-phone.png'), fullPage: true });
  await noViolations(page);

  // the first member of the nominal table: their page lists that vote, linked back to the session (among the votes
  // of sessions held later, as the plenary specs hold them while this one runs)
  const first = votes.nth(1);
  const name = (await first.getByRole('link').innerText()).trim();
  const vote = (await first.getByRole('cell').innerText()).trim();
  await first.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const mine = page.getByRole('region', { name: 'Votos em votações nominais' });
  const there = mine.getByRole('row').filter({ has: page.locator(`a[href="${CM}/sessoes/${held.id}"]`) });
  await expect(there.getByRole('link', { name: /^\d{2}\/\d{2}\/\d{4}$/ }).first()).toBeVisible();
  await expect(there.getByRole('cell', { name: vote, exact: true }).first()).toBeVisible();
  await page.screenshot({ path: screenshotPath('portal-vereador-votos-phone.png'), fullPage: true });
  await noViolations(page);
});

test('a citizen opens a commission with its members, a matter\'s tramitação and a norm\'s relation', async ({ page, request, tokenOf }) => {
  test.setTimeout(90_000);
  const token = await tokenOf(ACCOUNTS.admin.email);
  // a commission's current member and the matter with the most tramitation steps, as the back office has them
  const comm = (await (await request.get('/api/commissions?perPage=100&sort=nome', { headers: bearer(token) })).json()) as { data: { id: number; nome: string }[] };
  const cljr = comm.data.find((c) => c.nome.startsWith('Comissão de Legislação'))!;

  await page.goto(`${CM}/comissoes`);
  await expect(page.getByRole('heading', { level: 1, name: 'Comissões' })).toBeVisible();
  await page.getByRole('link', { name: cljr.nome }).click();
  const composition = page.getByRole('region', { name: 'Composição' });
  await expect(composition.getByRole('row').nth(1)).toBeVisible();
  await expect(composition).toContainText('Presidente');
  await expect(page.getByRole('region', { name: 'Pareceres emitidos' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('portal-comissao-phone.png'), fullPage: true });
  await noViolations(page);

  // a matter the commission gave a parecer on: its tramitação, oldest first, and its authors
  await page.getByRole('region', { name: 'Pareceres emitidos' }).getByRole('link').first().click();
  const tram = page.getByRole('region', { name: 'Tramitação' });
  await expect(tram.getByRole('table')).toBeVisible();
  const dates = (await tram.locator('tbody th').allInnerTexts()).map((d) => d.split('/').reverse().join('-'));
  expect(dates.length).toBeGreaterThan(1);
  expect(dates).toEqual([...dates].sort());
  await expect(page.getByRole('region', { name: /^Autor(es)?$/ })).toBeVisible();
  await page.screenshot({ path: screenshotPath('portal-materia-tramitacao-phone.png'), fullPage: true });
  await noViolations(page);

  // a norm altered by another (the back office's derived status says so): follow the relation, and the other points back
  const normsList = (await (await request.get('/api/norms?perPage=100', { headers: bearer(token) })).json()) as { data: { id: number; identificacao: string; vigencia: string | null }[] };
  const altered = normsList.data.find((n) => /^Alterada por/.test(n.vigencia ?? ''))!;
  expect(altered).toBeTruthy();
  await page.goto(`${CM}/normas`);
  await page.getByRole('link', { name: altered.identificacao, exact: false }).first().click();
  const relations = page.getByRole('region', { name: 'Relações com outras normas' });
  await expect(relations).toContainText('Alterada por');
  await relations.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`${CM}/normas/\\d+$`));
  const back = page.getByRole('region', { name: 'Relações com outras normas' });
  await expect(back).toContainText('Altera');
  await expect(back.locator(`a[href="${CM}/normas/${altered.id}"]`)).toBeVisible();
  await page.screenshot({ path: screenshotPath('portal-norma-relacoes-phone.png'), fullPage: true });
  await noViolations(page);
});

test('a citizen sees the Lideranças on the Mesa Diretora page and a councillor\'s post in the bloco on their page', async ({ page }) => {
  // the demo bloco's líder since 2026 (decision 0057); other specs may add groups, never change this one
  await page.goto(`${CM}/mesa-diretora`);
  const leaders = page.getByRole('region', { name: 'Lideranças' });
  await expect(leaders.getByRole('heading', { level: 2, name: 'Lideranças' })).toBeVisible();
  const bloco = leaders.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 4, name: 'Bloco Vila Serena Progressista' }) });
  await expect(bloco).toContainText('Partidos: PDT, PSB, PT');
  await expect(bloco).toContainText('Vice-líder: Ana Paula Rocha');
  await page.screenshot({ path: screenshotPath('portal-liderancas-phone.png'), fullPage: true });
  await noViolations(page);
  // the councillor's page (its related groups are the shared markup, checked by axe in the tests above)
  await bloco.getByRole('link', { name: 'Vera Lúcia' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vera Lúcia' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bancada e bloco parlamentar' })).toContainText('Líder do Bloco Vila Serena Progressista');
  await page.screenshot({ path: screenshotPath('portal-vereador-bancada-phone.png'), fullPage: true });
});
