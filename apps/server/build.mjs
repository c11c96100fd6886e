// Bundles the server (and @paco/domain sources) into dist/main.js; npm packages stay external.
import { readFileSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  // npm packages stay external (resolved from node_modules at run time); workspace sources (@paco/*) are bundled
  plugins: [{
    name: 'externals',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (a) => (a.kind === 'entry-point' || a.path.startsWith('@paco/') ? undefined : { path: a.path, external: true }));
    },
  }],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});

// V8 keeps a script's source for its lifetime, as one-byte text when every character is ASCII and two bytes per
// character otherwise: a few accented comments (esbuild keeps comments inside object literals) and regex literals
// doubled the bundle's 1.5 MB in every server's heap. Escaped, they mean the same (a comment is a comment; `\u00e2`
// in a regex or template is the character).
const out = 'dist/main.js';
const code = readFileSync(out, 'utf8');
const ascii = code.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
if (ascii !== code) writeFileSync(out, ascii);
