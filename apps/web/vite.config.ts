import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Writes .br and .gz beside every text asset, served as-is by the server (@fastify/static preCompressed). */
function precompress(): import('vite').Plugin {
  let outDir = 'dist';
  return {
    name: 'paco-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = c.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|webmanifest)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * Web app build. The API is proxied in development; in production the server serves dist/ and /api.
 * Every route is lazy, so MUI X DataGrid rides in the resource list screen's chunk and the login route never
 * downloads it. (A separate manual `datagrid` chunk needs Rolldown's strictExecutionOrder, which costs about
 * 11 kB gzipped on every route: measured and rejected.)
 */
/** API server for the dev and preview proxies (override with PACO_API=http://host:port). */
const API = process.env.PACO_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/',
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: API, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: API, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
});
