/**
 * `npm run bench:portal`: Lighthouse (mobile: Moto G-class device, simulated slow 4G, 4× CPU slowdown) on the
 * public portal's pages that issue 12 names: each entity's home, a list and a detail page. Prints performance and
 * accessibility scores with the figures behind them (LCP, TBT, CLS, bytes, JavaScript) and writes the raw figures
 * to bench/results/lighthouse-<date>.json.
 *
 * It serves the built app (`npm run build` first) on a throwaway embedded database with the demo data, as the
 * browser tests do (e2e/serve.mjs, port LH_PORT or 3190), and runs Lighthouse 12 through npx on Debian's Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium): Lighthouse is a measuring tool, not a dependency of the app or of
 * its tests, so it is fetched on first use rather than installed with `npm install`.
 *
 * Targets (issue 12 §3): performance ≥ 0.9 and accessibility 1.0 on every page measured. Exit code 1 when a page
 * misses them, so it can gate a release; it is not part of `npm test` (a timed measurement is not a test).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.LH_PORT ?? 3190);
const origin = `http://127.0.0.1:${port}`;
const chrome = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const out = (s = ''): void => void process.stdout.write(`${s}\n`);

async function waitReady(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('o servidor não respondeu a tempo');
}

/** The first link of a list page to one of its records (/portal/{slug}/{section}/{id}). */
async function firstRecord(listPath: string): Promise<string | null> {
  const html = await (await fetch(`${origin}${listPath}`)).text();
  const m = new RegExp(`href="(${listPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/\\d+)"`).exec(html);
  return m?.[1] ?? null;
}

interface Figures { url: string; performance: number; accessibility: number; lcpMs: number; tbtMs: number; cls: number; fcpMs: number; kB: number; jsKB: number; failed: string[] }

async function lighthouse(path: string, dir: string): Promise<Figures> {
  const file = join(dir, `${path.replace(/\W+/g, '_')}.json`);
  await run('npx', ['--yes', 'lighthouse@12', `${origin}${path}`, '--quiet', '--only-categories=performance,accessibility', '--output=json', `--output-path=${file}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage'], { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 << 20, timeout: 180_000 });
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    categories: Record<string, { score: number }>;
    audits: Record<string, { numericValue?: number; score: number | null; scoreDisplayMode?: string; details?: { items?: { resourceType?: string; transferSize?: number }[] } }>;
  };
  const a = r.audits;
  const items = a['network-requests']?.details?.items ?? [];
  const bytes = (f: (i: { resourceType?: string }) => boolean) => Math.round(items.filter(f).reduce((n, i) => n + (i.transferSize ?? 0), 0) / 102.4) / 10;
  const failed = Object.entries(a).filter(([k, v]) => v.score === 0 && v.scoreDisplayMode === 'binary' && !k.startsWith('network')).map(([k]) => k);
  return {
    url: path, performance: r.categories.performance!.score, accessibility: r.categories.accessibility!.score,
    lcpMs: Math.round(a['largest-contentful-paint']?.numericValue ?? 0), tbtMs: Math.round(a['total-blocking-time']?.numericValue ?? 0),
    cls: Math.round((a['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000, fcpMs: Math.round(a['first-contentful-paint']?.numericValue ?? 0),
    kB: bytes(() => true), jsKB: bytes((i) => i.resourceType === 'Script'), failed,
  };
}

async function main(): Promise<void> {
  const scratch = join(tmpdir(), `paco-lighthouse-${port}`);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env, E2E_SKIP_BUILD: '1', E2E_PORT: String(port) };
  const server = spawn(process.execPath, [join(root, 'e2e/serve.mjs')], { cwd: join(root, 'e2e'), env, stdio: ['ignore', 'ignore', 'inherit'] });
  const results: Figures[] = [];
  try {
    await waitReady(Date.now() + 180_000);
    const pages: string[] = [];
    for (const [slug, list] of [['prefeitura-vila-serena', 'noticias'], ['camara-vila-serena', 'normas']] as const) {
      const base = `/portal/${slug}`;
      pages.push(base, `${base}/${list}`);
      const detail = await firstRecord(`${base}/${list}`);
      if (detail) pages.push(detail);
    }
    for (const p of pages) {
      // one warm-up request, so the first measure is not of a cold cache
      await fetch(`${origin}${p}`);
      results.push(await lighthouse(p, scratch));
      const f = results.at(-1)!;
      out(`${f.url.padEnd(48)} desempenho ${f.performance.toFixed(2)}  acessibilidade ${f.accessibility.toFixed(2)}  LCP ${f.lcpMs} ms  TBT ${f.tbtMs} ms  CLS ${f.cls}  ${f.kB} kB (JS ${f.jsKB} kB)${f.failed.length ? `  falhas: ${f.failed.join(', ')}` : ''}`);
    }
  } finally {
    server.kill('SIGTERM');
  }
  const dir = join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `lighthouse-${new Date().toISOString().slice(0, 10)}.json`);
  writeFileSync(file, `${JSON.stringify({ when: new Date().toISOString(), chrome, results }, null, 2)}\n`);
  out(`\nresultados em ${file}`);
  const misses = results.filter((r) => r.performance < 0.9 || r.accessibility < 1);
  if (misses.length) {
    out(`abaixo da meta (desempenho ≥ 0,90 e acessibilidade 1,00): ${misses.map((m) => m.url).join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
