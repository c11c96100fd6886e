/**
 * (g) The login route is light: it does not download the data grid (MUI X DataGrid rides in the lazily loaded
 * resource list chunk, see apps/web/vite.config.ts) and stays within DESIGN.md's budget of 200 KB of JavaScript, gzipped.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { expect, test, webDistDir } from './helpers.ts';

const ASSETS = join(webDistDir(), 'assets') + '/';
/** Strings only the data grid's own code contains (its locale text alone does not count). */
const GRID_SIGNATURES = ['virtualScroller', 'columnHeaderTitle'];

/** Built chunks that carry the data grid, by content, so a renamed chunk cannot slip through. */
function gridChunks(): string[] {
  if (!existsSync(ASSETS)) return [];
  return readdirSync(ASSETS)
    .filter((f) => f.endsWith('.js'))
    .filter((f) => {
      const src = readFileSync(ASSETS + f, 'utf8');
      return GRID_SIGNATURES.some((s) => src.includes(s));
    });
}

test('a tela de login não baixa o DataGrid e cabe em 200 KB de JS (gzip)', async ({ page }) => {
  const js: { url: string; gz: number }[] = [];
  const urls: string[] = [];
  page.on('response', async (res) => {
    urls.push(res.url());
    if (res.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(res.url())) {
      const body = await res.body().catch(() => Buffer.alloc(0));
      js.push({ url: res.url(), gz: gzipSync(body, { level: 9 }).length });
    }
  });
  await page.goto('/auth/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: /^Entrar$/i })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const byName = urls.filter((u) => /x-data-grid|data-?grid/i.test(u));
  expect(byName, 'recursos com nome de DataGrid baixados no login').toEqual([]);

  const chunks = gridChunks();
  if (existsSync(ASSETS)) expect(chunks.length, 'o build tem ao menos um chunk com o DataGrid (assinaturas desatualizadas?)').toBeGreaterThan(0);
  const loaded = urls.map((u) => new URL(u).pathname.split('/').pop() ?? '');
  const gridLoaded = chunks.filter((c) => loaded.includes(c));
  expect(gridLoaded, `chunks com o DataGrid baixados no login (chunks do grid: ${chunks.join(', ')})`).toEqual([]);

  const total = js.reduce((n, f) => n + f.gz, 0);
  const detail = js.map((f) => `${(f.gz / 1024).toFixed(1).padStart(7)} KB  ${new URL(f.url).pathname}`).join('\n');
  test.info().annotations.push({ type: 'js-gzip-login', description: `${(total / 1024).toFixed(1)} KB\n${detail}` });
  console.info(`JS do login (gzip): ${(total / 1024).toFixed(1)} KB\n${detail}`);
  expect(total, `JS do login: ${(total / 1024).toFixed(1)} KB gzip\n${detail}`).toBeLessThan(200 * 1024);
});
