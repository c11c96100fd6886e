/**
 * Spec 1 §6 in the browser: every demo account opens the module homes and key entries of the §6 table and sees
 * the page or "Acesso não permitido", as the spec's rows say. One sign-in per account, then each route is opened as a
 * link opens it (in-app navigation, no reload of the app). The rows are written out here from the spec text
 * (not imported from packages/domain). A module opens for the roles of its row and of its entries' rows (an entry
 * listed for a role must be reachable).
 */
import { apiLogin, expect, navigateInApp, storeToken, test } from './helpers.ts';

const SA = ['superadmin', 'admin'];
/** §6 rows, as the spec words them. */
const ROW = {
  legislativo: [...SA, 'cm_admin', 'cm_parlamentar', 'cm_author', 'cm_operador', 'cm_operador_comissao', 'cm_operador_materias', 'cm_operador_norma',
    'cm_operador_painel', 'cm_painel_eletronico', 'cm_operador_protocolo', 'cm_operador_sessao'],
  legislaturas: [...SA, 'cm_admin'],
  legislativoEntries: [...SA, 'cm_admin', 'cm_parlamentar'],
  ouvidoria: [...SA, 'ouvidoria'],
  siteExecutivo: [...SA, 'mananger'],
  adminOnly: [...SA],
  configuracoes: [...SA, 'protocolo', 'pessoal', 'cm_admin'],
  protocolo: [...SA, 'protocolo'],
  cultural: [...SA, 'pm_cultura_admin'],
  meuCadastro: [...SA, 'pm_cultura_artista', 'pm_cultura_grupo'],
  licitacao: [...SA, 'licitacao'],
  carta: [...SA, 'carta'],
  publicacoes: [...SA, 'publicacoes'],
  settingsUsers: [...SA, 'protocolo', 'cm_admin', 'mananger', 'ouvidoria'],
  settingsCategories: [...SA, 'mananger'],
  // the rows of the other Configurações entries, which open the module to their roles too
  settingsEntries: [...SA, 'mananger', 'cm_admin', 'protocolo', 'ouvidoria', 'licitacao'],
  // E-SIC has no §6 row: like the other small modules, superadmin, admin and its own role (spec §2 gives it only its
  // home route; its "Pedidos de informação" is Paço's own, issue 11)
  sic: [...SA, 'sic'],
  everyone: [...SA, 'cm_admin', 'cm_operador_sessao', 'cm_operador_painel', 'cm_parlamentar', 'protocolo', 'pm_cultura_admin', 'pm_cultura_artista', 'pm_cultura_grupo', 'sic'],
} as const;

/** route → who may open it (module: its row and its entries' rows). */
const ROUTES: [string, readonly string[]][] = [
  ['/legislativo', ROW.legislativo],
  ['/legislativo/legislatures', ROW.legislaturas],
  ['/legislativo/matters', ROW.legislativoEntries],
  ['/ouvidoria', ROW.ouvidoria],
  ['/site', ROW.siteExecutivo],
  ['/executive', ROW.siteExecutivo],
  ['/admin', ROW.adminOnly],
  ['/admin/users', ROW.adminOnly],
  ['/ged', ROW.adminOnly],
  ['/settings', [...new Set([...ROW.configuracoes, ...ROW.settingsEntries])]],
  ['/settings/users', ROW.settingsUsers],
  ['/settings/categories', ROW.settingsCategories],
  ['/protocol', ROW.protocolo],
  ['/protocol/processes', ROW.protocolo],
  ['/culture', [...ROW.cultural, ...ROW.meuCadastro]],
  // Paço's addition: an artist's and a group's account reads these lists too, limited to its own registration (the
  // row scope; their menu entry stays "Meu Cadastro")
  ['/culture/artist', [...ROW.cultural, ...ROW.meuCadastro]],
  ['/culture/cultureGroup', [...ROW.cultural, ...ROW.meuCadastro]],
  ['/culture/cultureUser', ROW.cultural],
  ['/culture/equipament', ROW.cultural],
  ['/culture/profile', ROW.meuCadastro],
  // Paço's own, not in §6 (decision 0053): the funding calls and their applications, the staff's and the registrants'
  // (who see the open calls and their own applications)
  ['/culture/editais', [...ROW.cultural, ...ROW.meuCadastro]],
  ['/culture/inscricoes', [...ROW.cultural, ...ROW.meuCadastro]],
  ['/licitacao', ROW.licitacao],
  ['/carta', ROW.carta],
  ['/publication', ROW.publicacoes],
  ['/sic', ROW.sic],
  ['/sic/pedidos', ROW.sic],
  // the spec's row (superadmin, admin) is the launcher card; the page is every signed-in user's own notifications
  // (issue 11 §3)
  ['/notifications', ROW.everyone],
];

const ACCOUNTS: { email: string; roles: string[] }[] = [
  { email: 'admin@paco.demo', roles: ['admin'] },
  { email: 'operador@paco.demo', roles: ['cm_admin', 'cm_operador_sessao', 'cm_operador_painel'] },
  { email: 'vereador@paco.demo', roles: ['cm_parlamentar'] },
  { email: 'protocolo@paco.demo', roles: ['protocolo'] },
  { email: 'cultura@paco.demo', roles: ['pm_cultura_admin'] },
  { email: 'artista@paco.demo', roles: ['pm_cultura_artista'] },
  { email: 'grupo@paco.demo', roles: ['pm_cultura_grupo'] },
  { email: 'sic@paco.demo', roles: ['sic'] },
];

for (const account of ACCOUNTS) {
  test(`§6 no navegador: ${account.email} abre exatamente o que a tabela da spec permite`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await storeToken(page, (await apiLogin(request, account.email)).token);
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
    const wrong: string[] = [];
    for (const [route, roles] of ROUTES) {
      const allowed = account.roles.some((r) => roles.includes(r));
      // as a link does; the role gate decides on the route the content area then shows
      await navigateInApp(page, route);
      const forbidden = page.getByText('Acesso não permitido', { exact: true });
      const main = page.getByRole('main');
      // wait until the route settled on either answer
      await expect(forbidden.or(main.getByRole('heading')).first()).toBeVisible();
      const refused = await forbidden.isVisible();
      if (refused === allowed) wrong.push(`${route}: ${refused ? 'recusada' : 'aberta'} (esperado ${allowed ? 'aberta' : 'recusada'})`);
    }
    expect(wrong, wrong.join('\n')).toEqual([]);

    // every entry a module's menu offers this account opens (a menu never leads to "Acesso não permitido"). The admin's
    // menus offer every route, which a11y-routes.spec.ts walks as an admin of each company with the same check
    if (account.roles.includes('admin')) return;
    const entries = new Set<string>();
    for (const [route, roles] of ROUTES) {
      if (route.split('/').length !== 2 || !account.roles.some((r) => roles.includes(r))) continue;
      await navigateInApp(page, route);
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      // a module without entries has no menu
      for (const href of await page.locator('nav[aria-label^="Menu do módulo"] a[href]').evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''))) {
        if (href.startsWith('/')) entries.add(href);
      }
    }
    const refusedEntries: string[] = [];
    for (const href of entries) {
      await navigateInApp(page, href);
      const forbidden = page.getByText('Acesso não permitido', { exact: true });
      await expect(forbidden.or(page.getByRole('main').getByRole('heading')).first()).toBeVisible();
      if (await forbidden.isVisible()) refusedEntries.push(href);
    }
    expect(entries.size).toBeGreaterThan(0);
    expect(refusedEntries, `entradas do menu recusadas para ${account.email}`).toEqual([]);
  });
}
