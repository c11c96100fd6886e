/**
 * The portal's client bundle: one entry (src/client.tsx) with React, built into dist/assets with a manifest the
 * server reads to name the script; served under /portal/assets/ with a long cache. Nothing of the back office.
 */
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/portal/',
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    rollupOptions: { input: 'src/client.tsx' },
  },
});
