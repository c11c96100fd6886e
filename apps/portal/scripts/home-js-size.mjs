// Measures the JavaScript a portal page loads (gzipped): every <script src> of the page and the modules they import.
// Usage: node apps/portal/scripts/home-js-size.mjs http://127.0.0.1:3000/portal/slug
import { gzipSync } from 'node:zlib';

const url = process.argv[2];
if (!url) { console.error('Informe o endereço da página.'); process.exit(2); }
const seen = new Map();
async function load(src) {
  const abs = new URL(src, url).href;
  if (seen.has(abs)) return;
  const text = await (await fetch(abs)).text();
  seen.set(abs, gzipSync(text, { level: 9 }).length);
  for (const m of text.matchAll(/(?:import|from)\s*["']([^"']+\.js)["']/g)) await load(new URL(m[1], abs).href);
}
const html = await (await fetch(url)).text();
for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) await load(m[1]);
const total = [...seen.values()].reduce((a, b) => a + b, 0);
for (const [k, v] of seen) console.info(`${(v / 1024).toFixed(1)} KB  ${k}`);
console.info(`total: ${(total / 1024).toFixed(1)} KB de JavaScript (gzip)`);
