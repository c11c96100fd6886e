/**
 * Playwright's webServer: builds the app (unless E2E_SKIP_BUILD=1), then starts the real server on a
 * throwaway PGlite database seeded with the demo data.
 *
 * Everything the run uses lives in one scratch dir, <tmp>/paco-e2e-<port> (see webScratchDir in
 * tests/helpers.ts): the database, the uploads and a COPY of apps/web/dist, so that a rebuild during the run
 * (someone running `npm run build` meanwhile) cannot pull the chunks from under the browser. The dir is
 * removed when the server stops.
 */
import { execSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '3100';

if (process.env.E2E_SKIP_BUILD !== '1') execSync('npm run build', { cwd: root, stdio: 'inherit' });
for (const f of ['apps/web/dist/index.html', 'apps/server/dist/main.js']) {
  if (!existsSync(join(root, f))) {
    console.error(`[e2e] ${f} não existe: rode \`npm run build\` (ou não use E2E_SKIP_BUILD=1).`);
    process.exit(1);
  }
}

const scratch = join(tmpdir(), `paco-e2e-${port}`);
rmSync(scratch, { recursive: true, force: true });
mkdirSync(join(scratch, 'data'), { recursive: true });
cpSync(join(root, 'apps/web/dist'), join(scratch, 'web'), { recursive: true });
if (existsSync(join(root, 'apps/portal/dist'))) cpSync(join(root, 'apps/portal/dist'), join(scratch, 'portal'), { recursive: true });
console.info(`[e2e] servidor em http://127.0.0.1:${port}, dados e build em ${scratch}`);

const env = {
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: join(scratch, 'data'),
  WEB_DIR: join(scratch, 'web'),
  PORTAL_DIR: join(scratch, 'portal'),
  SEED_DEMO: 'true',
  APP_URL: `http://127.0.0.1:${port}`,
  // the messages "sent" (no SMTP here) also as files: the specs read the links of the e-mails from them
  MAIL_DIR: join(scratch, 'mail'),
};
delete env.DATABASE_URL; // the browser tests always run on a fresh embedded database
delete env.STORAGE_DIR;
// the server bundle stays where it is (it finds its migrations and packages from there); it is read once at start
const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], { cwd: root, stdio: 'inherit', env });

let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  if (child.exitCode === null) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
child.on('exit', (code, signal) => {
  rmSync(scratch, { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
