// Bundles the server (and @paco/domain sources) into dist/main.js; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  // workspace package sources are bundled, not treated as external
  plugins: [{
    name: 'bundle-workspace',
    setup(b) {
      b.onResolve({ filter: /^@paco\// }, () => undefined);
    },
  }],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
