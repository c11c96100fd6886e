// Bundles the server (and @paco/domain sources) into dist/main.js; npm packages stay external.
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
