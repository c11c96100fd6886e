/**
 * `npm run bench:screen`: the list of Matérias on 100,000 matters as a person uses it (issue 17, "a list sorted by
 * each column clicked in the browser on 100,000 matters"). It times what the user waits for, from the click to the
 * grid showing the new rows with its progress bar gone:
 *   - signing in through the form, and opening the list from the launcher's address (the app's code included);
 *   - then, in each of three states of the screen (no filter; a type chosen in "Filtros"; a word typed in "Buscar"),
 *     for every column with a sort arrow: the first click (ascending), the second (descending), "Ir para a próxima
 *     página" and "Ir para a página anterior";
 *   - choosing the type and typing the word are timed too (the search box waits 300 ms for the typing to stop, so
 *     that wait is in the figure).
 * Each state is opened afresh (a reload: no page of the browser's cache), with another type and another word in
 * each round, so the server answers requests it has not seen just before, as a person's first clicks are.
 *
 * The data and the server are those of `npm run bench` (bench/server.ts: the real app, bundled, in BENCH_WORKERS
 * processes on PostgreSQL, with the built web app of `npm run build`), on a throwaway database of DATABASE_URL, or on
 * PGlite without it. The browser is Debian's Chromium (CHROMIUM_PATH), headless, 1366×768, driven by Playwright.
 * Prints per action the median and the slowest time, and the API's own time (from the browser's request timing) for
 * the same actions; raw figures to bench/results/<date>-screen.json.
 *
 * Env: BENCH_SCALE (1 = 100,000 matters), BENCH_SCREEN_ROUNDS (3), BENCH_SCREEN_CPU (1; 4 = Chrome's CPU throttled 4×,
 * a modest PC), BENCH_WORKERS (2). A measurement, not a test: it is not part of `npm test`. It fails (exit 1) only when
 * the screen does not show what was asked (a click with no answer within 30 s).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Locator, type Page } from '@playwright/test';
import { listSortable } from '@paco/domain/resource';
import { resourceByName } from '@paco/domain/resources';
import { startServer } from './launch.ts';
import { withThrowawayDb } from './pgdb.ts';
import { searchTerms } from './target.ts';
import { lpad, pad } from './table.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const num = (v: string | undefined, d: number): number => (v && Number.isFinite(Number(v)) ? Number(v) : d);
const ROUNDS = Math.max(1, num(process.env.BENCH_SCREEN_ROUNDS, 3));
const CPU = Math.max(1, num(process.env.BENCH_SCREEN_CPU, 1));
const out = (s = ''): void => void process.stdout.write(`${s}\n`);

const SCREEN = '/legislativo/matters';
const TITLE = 'Matérias';
const API = '/api/matters';
const NEXT = 'Ir para a próxima página';
const PREVIOUS = 'Ir para a página anterior';

interface Sample { action: string; state: string; ms: number; apiMs: number | null }

const grid = (page: Page): Locator => page.getByRole('grid', { name: TITLE });
const firstRowId = (page: Page): Promise<string | null> =>
  page.evaluate((title) => document.querySelector(`[role="grid"][aria-label="${title}"] [role="row"][data-id]`)?.getAttribute('data-id') ?? null, TITLE);

/** Settled: no progress bar on the grid, and its first row is `id` (null: no row; undefined: whichever). Answers the page's clock then. */
async function settled(page: Page, id?: string | null): Promise<number> {
  const at = await page.waitForFunction(([title, want]) => {
    const g = document.querySelector(`[role="grid"][aria-label="${title}"]`);
    if (!g || g.querySelector('.MuiLinearProgress-root, .MuiDataGrid-overlay')) return false;
    const first = g.querySelector('[role="row"][data-id]')?.getAttribute('data-id') ?? null;
    return (want === undefined || first === want) && performance.now();
  }, [TITLE, id] as const, { polling: 'raf', timeout: 30_000 });
  return (await at.jsonValue()) as number;
}

/**
 * The page's clock at the user's last step (a press of the mouse, a character typed): set by a listener every page
 * of the context gets, so the figures start at the user's own step, not at the driver's (Playwright's checks before a
 * click take tens of milliseconds of their own).
 */
const STEP_CLOCK = `addEventListener('pointerdown', () => { window.__step = performance.now(); }, true);
addEventListener('input', () => { window.__step = performance.now(); }, true);`;

/**
 * Times `act` until the screen is settled in the state `state` names (a predicate on its address, which the API's
 * requests share for sort, page and filters): the address matches, and then either (`backTo` undefined) the screen
 * asked the API for that state and shows the answer's first row, or it shows `backTo` (a page it kept: going back to
 * page 1, or to the default order), in both cases with the progress bar gone.
 */
async function timed(page: Page, act: () => Promise<void>, state: (u: URL) => boolean, backTo?: string | null): Promise<{ ms: number; apiMs: number | null }> {
  const answers: { ms: Promise<number>; first: Promise<string | null> }[] = [];
  const onResponse = (r: import('@playwright/test').Response) => {
    const url = new URL(r.url());
    if (url.pathname !== API || r.request().method() !== 'GET' || !state(url)) return;
    // the request's timing is complete once its body has arrived
    const ms = r.finished().then(() => { const t = r.request().timing(); return t.responseEnd > 0 ? t.responseEnd - t.requestStart : -1; }).catch(() => -1);
    answers.push({ ms, first: r.json().then((b: { data: { id: number }[] }) => (b.data[0] ? String(b.data[0].id) : null)).catch(() => null) });
  };
  page.on('response', onResponse);
  await page.evaluate(() => { (window as unknown as { __step: number | null }).__step = null; });
  try {
    await act();
    const deadline = Date.now() + 30_000;
    const until = async (ok: () => boolean, what: string) => {
      while (!ok()) {
        if (Date.now() > deadline) throw new Error(`${what} (endereço: ${page.url()})`);
        await page.waitForTimeout(2);
      }
    };
    await until(() => state(new URL(page.url())), 'a tela não chegou ao estado esperado');
    let end: number;
    if (backTo === undefined) {
      await until(() => answers.length > 0, 'a tela não pediu a página');
      end = await settled(page, await answers[0].first);
    } else end = await settled(page, backTo);
    const start = await page.evaluate(() => (window as unknown as { __step: number | null }).__step);
    if (start === null) throw new Error('a ação não chegou à página (nenhum clique ou caractere)');
    const ms = end - start;
    const api = (await Promise.all(answers.map((a) => a.ms))).filter((x) => x >= 0);
    return { ms, apiMs: api.length ? Math.max(...api) : null };
  } finally {
    page.off('response', onResponse);
  }
}

const param = (u: URL, k: string): string | null => u.searchParams.get(k);
const pageOf = (u: URL): number => Number(param(u, 'page') ?? 1);

async function measure(baseURL: string, rounds: number, terms: string[]): Promise<{ samples: Sample[]; types: string[] }> {
  const r = resourceByName.get('matters')!;
  const sortable = listSortable(r);
  const labels = new Map(sortable.map((k) => [k, r.fields[k].label]));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  const samples: Sample[] = [];
  const types: string[] = [];
  const shot = join(here, 'results', 'screen-last.png');
  mkdirSync(dirname(shot), { recursive: true });
  const add = (action: string, state: string, t: { ms: number; apiMs: number | null }) => samples.push({ action, state, ...t });
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    await context.addInitScript(STEP_CLOCK);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    /** one timed action (timed), named in the error when the screen does not get there */
    const step = async (action: string, state: string, act: () => Promise<void>, at: (u: URL) => boolean, backTo?: string | null): Promise<void> => {
      try {
        add(action, state, await timed(page, act, at, backTo));
      } catch (e) {
        const seen = await page.evaluate((title) => { const g = document.querySelector(`[role="grid"][aria-label="${title}"]`); return { rows: [...(g?.querySelectorAll('[role="row"][data-id]') ?? [])].slice(0, 3).map((x) => x.getAttribute('data-id')), busy: !!g?.querySelector('.MuiLinearProgress-root, .MuiDataGrid-overlay') }; }, TITLE).catch(() => null);
        throw new Error(`${action} (${state}): ${e instanceof Error ? e.message : e} ${JSON.stringify({ seen, backTo, url: page.url() })}`);
      }
    };
    if (CPU > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: CPU });

    // signing in, then the list by its address (the app's code and the first page)
    await page.goto('/auth/login');
    await page.getByRole('textbox', { name: /e-?mail/i }).fill('admin@bench.paco');
    await page.getByLabel(/^Senha/).fill('senha-bench-123');
    await page.getByRole('button', { name: /^Entrar$/i }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('main').waitFor();
    const signedIn = await page.evaluate(() => performance.now() - ((window as unknown as { __step: number }).__step));
    add('entrar (formulário → início)', '—', { ms: signedIn, apiMs: null });

    /** the first row of the list as last opened (the default order's page 1) */
    let opened: string | null = null;
    /** the list by its address, a new page load: timed from the navigation's start (the page's clock starts there) */
    const open = async (state: string, query = ''): Promise<void> => {
      const first = page.waitForResponse((x) => new URL(x.url()).pathname === API);
      await page.goto(`${SCREEN}${query}`);
      const res = await first;
      const body = (await res.json()) as { data: { id: number }[] };
      opened = body.data[0] ? String(body.data[0].id) : null;
      add('abrir a lista (endereço, recarregada)', state, { ms: await settled(page, opened), apiMs: null });
    };
    // the header's title (its accessible name also carries the sort button's and the menu's, which change with the order)
    const header = (k: string) => grid(page).locator('.MuiDataGrid-columnHeaderTitle', { hasText: new RegExp(`^${labels.get(k)}$`) });

    /** the address's `sort` is the order's (none stands for the list's default one) */
    const sorted = (u: URL, sort: string): boolean => param(u, 'sort') === sort || (param(u, 'sort') === null && sort === r.list.sort);
    /**
     * A click as a person makes it: the pointer rests on the control first (its tooltip shows then, not after the
     * click), and the figure starts at the press.
     */
    const press = (target: Locator) => async (): Promise<void> => {
      await target.hover();
      await page.waitForTimeout(400);
      await target.click();
    };
    /** each sortable column: ascending, descending, next page, previous page */
    const sortAll = async (state: string, extra: (u: URL) => boolean): Promise<void> => {
      for (const k of sortable) {
        const label = labels.get(k)!;
        const at = (sort: string, n: number) => (u: URL) => sorted(u, sort) && pageOf(u) === n && extra(u);
        // the default order's page 1 is the one the screen opened with, and kept
        await step(`ordenar por ${label} ↑`, state, press(header(k)), at(k, 1), k === r.list.sort ? opened : undefined);
        await step(`ordenar por ${label} ↓`, state, press(header(k)), at(`-${k}`, 1), `-${k}` === r.list.sort ? opened : undefined);
        const pageOne = await firstRowId(page);
        await step('próxima página', state, press(page.getByRole('button', { name: NEXT })), at(`-${k}`, 2));
        await step('página anterior', state, press(page.getByRole('button', { name: PREVIOUS })), at(`-${k}`, 1), pageOne);
      }
    };

    for (let round = 0; round < rounds; round++) {
      out(`  rodada ${round + 1} de ${rounds}`);
      await open('sem filtro');
      await sortAll('sem filtro', (u) => !param(u, 'type_id') && !param(u, 'search'));

      // a type chosen in the filters, as a person does: "Filtros", the "Tipo" box, one of its options
      await open('filtro Tipo');
      const filters = page.getByRole('button', { name: /^Filtros/ });
      if ((await filters.getAttribute('aria-expanded')) === 'false') await filters.click();
      const typeBox = page.getByRole('combobox', { name: 'Tipo', exact: true });
      await typeBox.click();
      const option = page.getByRole('option').nth(round % 5);
      types.push((await option.textContent()) ?? '');
      await step('escolher um tipo', 'filtro Tipo', press(option), (u) => !!param(u, 'type_id'));
      opened = await firstRowId(page);
      await sortAll('filtro Tipo', (u) => !!param(u, 'type_id'));

      // a word typed in "Buscar" (the box waits 300 ms for the typing to stop)
      await open('busca');
      const word = terms[round % terms.length];
      await step('buscar uma palavra', 'busca', () => page.getByRole('searchbox', { name: `Buscar ${TITLE.toLowerCase()}` }).fill(word), (u) => !!(param(u, 'search') || param(u, 'q')));
      opened = await firstRowId(page);
      await sortAll('busca', (u) => !!(param(u, 'search') || param(u, 'q')));
    }
    await page.screenshot({ path: shot });
    await context.close();
  } catch (e) {
    // what the screen showed when it did not answer
    await browser.contexts()[0]?.pages()[0]?.screenshot({ path: shot }).catch(() => undefined);
    throw new Error(`${e instanceof Error ? e.message : e}\n(a tela nesse momento: ${shot})`);
  } finally {
    await browser.close();
  }
  return { samples, types };
}

const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN; };

function report(samples: Sample[]): string {
  const keys = [...new Set(samples.map((s) => `${s.action}\u0000${s.state}`))];
  const lines = [`  ${pad('ação', 40)} ${pad('estado da tela', 14)} ${lpad('n', 3)} ${lpad('mediana', 9)} ${lpad('pior', 8)} ${lpad('API med.', 9)} ${lpad('API pior', 9)}`];
  for (const key of keys) {
    const [action, state] = key.split('\u0000');
    const xs = samples.filter((s) => s.action === action && s.state === state);
    const api = xs.map((s) => s.apiMs).filter((x): x is number => x !== null);
    const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)} ms` : '—');
    lines.push(`  ${pad(action, 40)} ${pad(state, 14)} ${lpad(String(xs.length), 3)} ${lpad(ms(median(xs.map((s) => s.ms))), 9)} ${lpad(ms(Math.max(...xs.map((s) => s.ms))), 8)} ${lpad(api.length ? ms(median(api)) : '—', 9)} ${lpad(api.length ? ms(Math.max(...api)) : '—', 9)}`);
  }
  return lines.join('\n');
}

async function runOn(kind: string, databaseUrl?: string): Promise<{ kind: string; matters: number; samples: Sample[]; types: string[] }> {
  out(`\n${kind}: carga e servidor`);
  const server = await startServer(databaseUrl, { BENCH_WEB_DIR: join(root, 'apps', 'web', 'dist') });
  try {
    const matters = server.info.counts.matters ?? 0;
    out(`  ${matters.toLocaleString('pt-BR')} matérias; ${server.info.workers} processo(s) em 127.0.0.1:${server.info.port}; Chromium${CPU > 1 ? ` com a CPU ${CPU}× mais lenta` : ''}`);
    const terms = searchTerms(resourceByName.get('matters')!).slice(0, Math.max(ROUNDS, 1));
    const { samples, types } = await measure(`http://127.0.0.1:${server.info.port}`, ROUNDS, terms);
    out(`\n${report(samples)}\n  tipos escolhidos: ${types.join(', ')}; palavras: ${terms.join(', ')}`);
    return { kind, matters, samples, types };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  if (!existsSync(join(root, 'apps', 'web', 'dist', 'index.html'))) throw new Error('apps/web/dist não existe: rode `npm run build` antes.');
  out(`Paço — benchmark da tela de Matérias  ${new Date().toISOString()}  load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}  ${cpus().length} CPU`);
  const url = process.env.DATABASE_URL;
  const result = url ? await withThrowawayDb(url, (u) => runOn('postgres', u), out) : await runOn('pglite');
  const file = join(here, 'results', `${new Date().toISOString().replace(/[:.]/g, '-')}-screen.json`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), cpus: cpus().length, cpuThrottling: CPU, rounds: ROUNDS, ...result }, null, 2));
  out(`\nresultados brutos: ${file}`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.stack ?? e.message : e);
  process.exit(1);
});
