/**
 * Runs in every file of the server projects (vitest.config.ts `setupFiles`), whose files share their worker's process
 * and modules (`isolate: false`). Its `afterAll` is registered first, so it runs after the file's own: it closes the
 * apps the file left open (a test that failed before its `close`, or a file that forgot it) and says so.
 */
import { afterAll } from 'vitest';
import { closeLeftApps } from './helpers.ts';

afterAll(async () => {
  const left = await closeLeftApps();
  if (left) console.warn(`[teste] ${left} app(s) deixado(s) aberto(s) por este arquivo foram fechados.`);
}, 60_000);
