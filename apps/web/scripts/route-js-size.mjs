#!/usr/bin/env node
/**
 * JavaScript a route downloads in the built app (dist/): the entry chunk of index.html, plus the lazy chunks
 * of the given route modules, each with its static imports (transitively). Prints raw and gzipped sizes.
 * Usage: node scripts/route-js-size.mjs LoginLayout LoginPage
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const assets = join(dist, 'assets');
const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/src="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const preloads = [...html.matchAll(/rel="modulepreload"[^>]*href="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);

function staticImports(file) {
  const src = readFileSync(join(assets, file), 'utf8');
  const out = new Set();
  // static: import ... from "./x.js" / import "./x.js" (not import("./x.js"))
  for (const m of src.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*${}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g)) out.add(m[1]);
  return out;
}
function closure(roots) {
  const seen = new Set();
  const stack = [...roots];
  while (stack.length) {
    const f = stack.pop();
    if (seen.has(f)) continue;
    seen.add(f);
    for (const d of staticImports(f)) stack.push(d);
  }
  return seen;
}
const wanted = process.argv.slice(2);
const lazyRoots = wanted.map((name) => {
  const f = files.find((x) => x.startsWith(`${name}-`));
  if (!f) throw new Error(`chunk ${name} not found`);
  return f;
});
const all = closure([...entry, ...preloads, ...lazyRoots]);
let raw = 0;
let gz = 0;
for (const f of [...all].sort()) {
  const buf = readFileSync(join(assets, f));
  const g = gzipSync(buf, { level: 9 }).length;
  raw += buf.length;
  gz += g;
  console.info(`${f.padEnd(44)} ${(buf.length / 1024).toFixed(1).padStart(8)} kB  gzip ${(g / 1024).toFixed(1).padStart(7)} kB`);
}
console.info(`${'TOTAL'.padEnd(44)} ${(raw / 1024).toFixed(1).padStart(8)} kB  gzip ${(gz / 1024).toFixed(1).padStart(7)} kB`);
const bad = [...all].filter((f) => /^(datagrid|resourceRoutes|Resource|icons)-/.test(f));
if (bad.length) {
  console.error(`route pulls module code: ${bad.join(', ')}`);
  process.exit(1);
}
