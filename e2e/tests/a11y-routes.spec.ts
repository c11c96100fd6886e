/**
 * Issue 11 §4: no serious or critical axe violation (WCAG 2.2 AA and best practices) on any route. Every signed-in
 * route (route-inventory.ts) is walked by one demo account allowed to open it, chosen from the company whose data
 * it shows; each account has its own browser context and one page for its whole walk (in-app navigation, as a menu
 * click does). On each list: the list, its create form, and for some lists the first record's screen with its
 * dialogs (an action's, a sub-list's). Each account also opens the shell's drawers once. The guest routes are walked without a session.
 *
 * Violations are gathered over the walk and reported at the end, grouped by rule, with the routes and elements.
 *
 * The walk is also the load check of every list (spec-routes.ts, written from spec 1 §2, must all be walked): each
 * list finishes loading (rows or its empty state) with no load or filter error, its create form shows "Salvar", and no
 * screen throws an uncaught page error.
 */
import type { Browser, Page } from '@playwright/test';
import type { AccessSubject } from '@paco/domain/modules';
import { moduleForPath } from '@paco/domain/modules';
import { apiLogin, expect, navigateInApp, storeToken, test } from './helpers.ts';
import { axeViolations, type Violation } from './axe.ts';
import { GUEST_ROUTES, opens, signedInRoutes } from './route-inventory.ts';
import { forms, homes, lists, noCreate, pages } from './spec-routes.ts';

/** One record screen in every DETAIL_EVERY lists (the record screens share their parts; this bounds the walk and CI's time). */
const DETAIL_EVERY = 6;

type Who = 'admin' | 'operador' | 'vereador' | 'superadmin' | 'adminPrefeitura' | 'protocolo' | 'cultura' | 'artista' | 'grupo';
const EMAIL: Record<Who, string> = {
  superadmin: 'superadmin@paco.demo', admin: 'admin@paco.demo', operador: 'operador@paco.demo', vereador: 'vereador@paco.demo',
  adminPrefeitura: 'admin.prefeitura@paco.demo', protocolo: 'protocolo@paco.demo', cultura: 'cultura@paco.demo',
  artista: 'artista@paco.demo', grupo: 'grupo@paco.demo',
};
/** Modules whose demo data is the Câmara's; the others show the Prefeitura's. */
const CAMARA = new Set(['legislativo', 'legislativo-parlamentar', 'admin', 'example', 'notifications', 'settings']);
const ORDER_CAMARA: Who[] = ['admin', 'operador', 'vereador', 'superadmin'];
const ORDER_PREFEITURA: Who[] = ['adminPrefeitura', 'protocolo', 'cultura', 'artista', 'grupo', 'superadmin'];
/** The longest walks are split in parts, which run in parallel (each in its own context). */
const PARTS: Partial<Record<Who, number>> = { admin: 3, adminPrefeitura: 3 };
/** Routes each account walks besides those it is the first choice for (what it sees differently there). */
const ALSO: Partial<Record<Who, string[]>> = {
  vereador: ['/', '/legislativo-parlamentar', '/legislativo-parlamentar/matters', '/legislativo-parlamentar/solicitation', '/legislativo-parlamentar/menu'],
  artista: ['/', '/culture', '/culture/profile'],
  grupo: ['/culture/profile'],
  protocolo: ['/', '/protocol/processes'],
  cultura: ['/', '/culture/artist'],
  operador: ['/legislativo/newPainel'],
};

interface Finding {
  rule: string;
  impact: string;
  help: string;
  /** each distinct element (its HTML and axe's explanation) → the screens where it appeared */
  nodes: Map<string, string[]>;
  screens: Set<string>;
}

class Report {
  findings = new Map<string, Finding>();
  screens = 0;
  ms = 0;
  add(where: string, violations: Violation[]) {
    this.screens++;
    for (const v of violations) {
      if (v.impact !== 'serious' && v.impact !== 'critical') continue;
      const f = this.findings.get(v.id) ?? { rule: v.id, impact: v.impact, help: v.help, nodes: new Map(), screens: new Set() };
      this.findings.set(v.id, f);
      f.screens.add(where);
      for (const n of v.nodes) {
        const why = [...n.any, ...n.all, ...n.none].map((c) => c.message).join(' ');
        const key = `${n.html.slice(0, 160)}\n        ${why.slice(0, 200)}`;
        f.nodes.set(key, [...(f.nodes.get(key) ?? []), where]);
      }
    }
  }
  text(): string {
    return [...this.findings.values()]
      .map((f) => {
        const nodes = [...f.nodes].slice(0, 15).map(([k, at]) => `    ${k}\n        em ${at.length} tela(s), p.ex. ${at.slice(0, 3).join(', ')}`);
        return `${f.impact} ${f.rule} em ${f.screens.size} telas: ${f.help}\n${nodes.join('\n')}`;
      })
      .join('\n');
  }
}

/** axe-core on the page as it is (axe.ts); the time it takes is reported. */
async function analyze(page: Page, report: Report, where: string): Promise<void> {
  const t = Date.now();
  report.add(where, await axeViolations(page));
  report.ms += Date.now() - t;
}

// what is still loading: a determinate bar is a value shown (a speaker's time), not a wait
const MAIN_BUSY = 'main .MuiCircularProgress-root:not(.MuiCircularProgress-determinate), main .MuiLinearProgress-root:not(.MuiLinearProgress-determinate), main .MuiSkeleton-root, [role="status"][aria-label="Carregando"]';

const HEADING = ':is(main h1, main h2, main h6, body h1)';
/** A list that failed to load its rows or to apply its filter, or an error page. */
const LOAD_ERROR = /Não foi possível carregar os registros|Não foi possível aplicar o filtro|Ocorreu um erro!|404 Not Found/;

/**
 * Waits until the route shows its own content and has finished loading (a list: rows or its empty state). Its own
 * content: a heading that was not on the previous route, or, when React kept the page's elements (one page
 * component for two routes, e.g. two module homes), any heading once the title has changed.
 */
async function settle(page: Page, path: string): Promise<void> {
  await page
    .waitForFunction(
      (sel) => {
        const w = window as unknown as { __prevTitle?: string };
        return !!document.querySelector(`${sel}:not([data-stale])`) || (document.title !== w.__prevTitle && !!document.querySelector(sel));
      },
      HEADING,
      { timeout: 15_000, polling: 50 },
    )
    .catch(() => undefined);
  await expect(page.locator(HEADING).first(), path).toBeVisible();
  await page.waitForFunction((sel) => !document.querySelector(sel), MAIN_BUSY, { timeout: 10_000, polling: 100 }).catch(() => undefined);
  const grid = page.locator('main [role="grid"]:not([data-stale])').first();
  if (await grid.count()) {
    await expect(grid.locator('.MuiDataGrid-row .MuiDataGrid-cell').first().or(page.getByText('Nenhum registro encontrado.')).first(), path).toBeVisible({ timeout: 15_000 });
  }
}

/** In-app navigation (helpers.ts), after marking what is on screen as the previous route's (`settle` waits past it). */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    if (window.location.pathname === p) return;
    document.querySelectorAll('h1, h2, h6, [role="grid"]').forEach((el) => el.setAttribute('data-stale', '1'));
    (window as unknown as { __prevTitle?: string }).__prevTitle = document.title;
  }, path);
  await navigateInApp(page, path);
}

interface Plan {
  routes: Map<Who, string[]>;
  users: Map<Who, AccessSubject>;
}

let planned: Promise<Plan> | undefined;
/** Which account walks which route: the first of its company's order that may open it. */
function plan(browser: Browser, baseURL: string): Promise<Plan> {
  planned ??= (async () => {
    const ctx = await browser.newContext({ baseURL });
    const users = new Map<Who, AccessSubject>();
    for (const who of Object.keys(EMAIL) as Who[]) users.set(who, (await apiLogin(ctx.request, EMAIL[who])).user);
    await ctx.close();
    const routes = new Map<Who, string[]>();
    const unowned: string[] = [];
    for (const r of signedInRoutes()) {
      const order = CAMARA.has(moduleForPath(r.path)?.key ?? 'legislativo') ? ORDER_CAMARA : ORDER_PREFEITURA;
      const who = order.find((w) => opens(r, users.get(w)!)) ?? (['superadmin', 'vereador', 'artista'] as Who[]).find((w) => opens(r, users.get(w)!));
      if (!who) unowned.push(r.path);
      else routes.set(who, [...(routes.get(who) ?? []), r.path]);
    }
    for (const [who, extra] of Object.entries(ALSO) as [Who, string[]][]) {
      const mine = routes.get(who) ?? [];
      routes.set(who, [...mine, ...extra.filter((p) => !mine.includes(p))]);
    }
    expect(unowned, 'rotas que nenhuma conta de demonstração abre').toEqual([]);
    // the walk covers every route of spec 1 §2 that a list, form or page screen has
    const walked = new Set([...routes.values()].flat());
    expect([...homes, ...pages, ...lists, ...forms].filter((p) => !walked.has(p)), 'rotas da spec fora da varredura').toEqual([]);
    return { routes, users };
  })();
  return planned;
}

async function walk(page: Page, paths: string[], report: Report, who: string): Promise<void> {
  let lists = 0;
  for (const path of paths) {
    await go(page, path);
    await settle(page, path);
    await expect(page.getByText('Acesso não permitido', { exact: true }), `${who} ${path}`).toHaveCount(0);
    const isList = (await page.locator('main [role="grid"]:not([data-stale])').count()) > 0 && !/\/(new|\d+)$/.test(path);
    if (isList) await expect(page.getByText(LOAD_ERROR), `${who} ${path}`).toHaveCount(0);
    // a list's filters are checked too: open them
    const filters = page.getByRole('button', { name: /^Filtros/, expanded: false });
    if (isList && (await filters.count())) {
      await filters.click();
      await expect(page.getByRole('group', { name: 'Filtros' })).toBeVisible();
    }
    await analyze(page, report, path);
    if (!isList) continue;
    lists++;
    const detail = lists % DETAIL_EVERY === 1 ? page.locator('main [role="grid"] .MuiDataGrid-row').first() : null;
    const first = detail && (await detail.count()) ? await detail.getAttribute('data-id') : null;
    if (!noCreate.has(path) && (await page.getByRole('button', { name: 'Novo', exact: true }).count())) {
      await go(page, `${path}/new`);
      await settle(page, `${path}/new`);
      await expect(page.getByRole('button', { name: 'Salvar' }), `${who} ${path}/new`).toBeVisible();
      await analyze(page, report, `${path}/new`);
    }
    if (first) {
      // through the list: `new` and `:id` are one route, whose page React keeps (and whose heading is marked stale)
      await go(page, path);
      await settle(page, path);
      await go(page, `${path}/${first}`);
      await settle(page, `${path}/${first}`);
      await analyze(page, report, `${path}/:id`);
      await recordDialogs(page, report, `${path}/:id`);
    }
  }
}

/** Opens `opener`'s dialog, checks it, and closes it with Escape (nothing is submitted). */
async function inDialog(page: Page, report: Report, where: string, opener: ReturnType<Page['locator']>): Promise<void> {
  await opener.click();
  const dialog = page.getByRole('dialog').last();
  await expect(dialog, where).toBeVisible();
  await page.waitForFunction(() => !document.querySelector('[role="dialog"] .MuiCircularProgress-root'), null, { timeout: 10_000, polling: 100 }).catch(() => undefined);
  await analyze(page, report, where);
  await page.keyboard.press('Escape');
  await expect(dialog, where).toBeHidden();
}

/**
 * A record screen's dialogs: its first available action's (form or confirmation), and in its first sub-list tab
 * the "Adicionar" form, or else a row opened from its first column.
 */
async function recordDialogs(page: Page, report: Report, where: string): Promise<void> {
  // the first action that opens a dialog (a document, such as the pauta's PDF, opens a tab instead)
  const action = page.getByRole('group', { name: 'Ações do registro' }).locator('[data-action][aria-haspopup="dialog"]:not([aria-disabled="true"])').first();
  if (await action.count()) await inDialog(page, report, `${where} (diálogo de ação)`, action);
  const tab = page.locator('main [role="tab"]').nth(1);
  if (!(await tab.count())) return;
  await tab.click();
  const panel = page.locator('main [role="tabpanel"]:visible').first();
  await expect(panel, where).toBeVisible();
  await page.waitForFunction((sel) => !document.querySelector(sel), MAIN_BUSY, { timeout: 10_000, polling: 100 }).catch(() => undefined);
  await analyze(page, report, `${where} (aba ${(await tab.textContent())?.trim()})`);
  const add = panel.getByRole('button', { name: 'Adicionar', exact: true });
  const row = panel.locator('tbody tr td :is(button, a)').first();
  if (await add.count()) await inDialog(page, report, `${where} (diálogo Adicionar)`, add);
  // `count` first: `evaluate` on a sub-list with no row would wait the whole action timeout (20 s on CI) for one
  else if ((await row.count()) && (await row.evaluate((el) => el.tagName === 'BUTTON'))) await inDialog(page, report, `${where} (diálogo da linha)`, row);
}

/** The shell's drawers (Módulos, the account drawer) and the bell's panel when the user has one, once per account. */
async function drawers(page: Page, report: Report): Promise<void> {
  await go(page, '/');
  await settle(page, '/');
  await page.getByRole('button', { name: 'Módulos' }).click();
  await expect(page.getByRole('navigation', { name: 'Módulos' })).toBeVisible();
  await analyze(page, report, '(gaveta Módulos)');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Módulos' })).toBeHidden();
  await page.getByRole('button', { name: 'Conta do usuário' }).click();
  await expect(page.getByRole('navigation', { name: 'Conta' })).toBeVisible();
  await analyze(page, report, '(gaveta Conta)');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Conta' })).toBeHidden();
  const bell = page.getByRole('button', { name: /^Notificações/ });
  if (await bell.count()) {
    await bell.click();
    const panel = page.getByRole('region', { name: 'Notificações' });
    await expect(panel).toBeVisible();
    await page.waitForFunction(() => !document.querySelector('[role="region"] .MuiCircularProgress-root:not(.MuiCircularProgress-determinate), [role="region"] .MuiLinearProgress-root:not(.MuiLinearProgress-determinate)'), null, { timeout: 10_000 }).catch(() => undefined);
    await analyze(page, report, '(sino de notificações)');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  }
}

/** One account's walk (or one part of it) in its own browser context; the findings, if any, fail the test. */
async function walkAs(browser: Browser, baseURL: string, who: Who, part: number, parts: number): Promise<void> {
  const { routes } = await plan(browser, baseURL);
  const all = routes.get(who) ?? [];
  const size = Math.ceil(all.length / parts);
  const paths = all.slice(part * size, (part + 1) * size);
  test.skip(paths.length === 0, 'nenhuma rota para esta conta');
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(`${new URL(page.url()).pathname}: ${e.message}`));
  await storeToken(page, (await apiLogin(context.request, EMAIL[who])).token);
  await page.goto('/');
  await settle(page, '/');
  const report = new Report();
  if (part === 0) await drawers(page, report);
  await walk(page, paths, report, who);
  await context.close();
  console.info(`[a11y] ${who} ${part + 1}/${parts}: ${paths.length} rotas, ${report.screens} telas analisadas (axe: ${Math.round(report.ms / 1000)} s)`);
  expect(pageErrors, `erros na página (${who})`).toEqual([]);
  expect(report.findings.size, report.text()).toBe(0);
}

test.describe('axe em todas as rotas', () => {
  for (const who of Object.keys(EMAIL) as Who[]) {
    const parts = PARTS[who] ?? 1;
    for (let part = 0; part < parts; part++) {
      const title = `rotas de ${EMAIL[who]}${parts > 1 ? ` (parte ${part + 1} de ${parts})` : ''}: nenhuma violação séria ou crítica`;
      test(title, async ({ browser, baseURL }) => {
        test.setTimeout(600_000);
        await walkAs(browser, baseURL!, who, part, parts);
      });
    }
  }

  test('rotas sem sessão: nenhuma violação séria ou crítica', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const report = new Report();
    for (const path of GUEST_ROUTES) {
      await page.goto(path);
      await expect(page.locator('h1, h2, h6').first(), path).toBeVisible({ timeout: 15_000 });
      await page.waitForFunction((sel) => !document.querySelector(sel), MAIN_BUSY, { timeout: 10_000 }).catch(() => undefined);
      await analyze(page, report, path);
    }
    await context.close();
    expect(report.findings.size, report.text()).toBe(0);
  });
});
