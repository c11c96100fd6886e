/**
 * Unit, API and component tests (`npm run test:unit`). Browser tests live in e2e/ and run with Playwright.
 *
 * Projects:
 *  - domain           packages/domain, plain Node
 *  - server-pglite    apps/server, API tests on an in-memory PGlite (PACO_TEST_DB=pglite)
 *  - server-postgres  the same files again on PostgreSQL (PACO_TEST_DB=postgres), only when DATABASE_URL is set;
 *                     the tests create throwaway databases on that server
 *  - web              apps/web components in jsdom
 *
 * The CI machine has 2 cores: one fork pool shared by every project, at most 2 workers.
 * Run one project with `npx vitest run --project server-pglite`.
 */
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';

const exclude = ['**/node_modules/**', '**/dist/**', 'e2e/**', 'bench/**', 'data/**', '**/.tsbuild/**'];
const serverFiles = ['apps/server/**/*.test.ts'];

/**
 * With PostgreSQL present (CI), the API files run on it (the production database), and on PGlite only the files whose
 * subject differs by engine: the driver's transactions and locks, notifications and realtime, the job queue, shared
 * counters and sessions, stored files, numbering under concurrency, migrations and start-up. Every other file checks
 * the HTTP contract and the engine's rules, the same SQL on the same PostgreSQL engine; PGlite still serves every
 * screen of the browser tests. Without DATABASE_URL everything runs on PGlite.
 */
const ENGINE_SPECIFIC = [
  'storage', 'lock', 'health', 'jobs', 'sequences', 'login-limits', 'concurrency', 'first-admin', 'session', 'realtime',
  'plenario-realtime', 'idempotency', 'schema', 'no-trace', 'write-path', 'pdf-document',
].map((f) => `apps/server/test/${f}.test.ts`);

const server = (name: string, db: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    environment: 'node',
    // a worker runs its files one after the other in one process, with the modules loaded once: the files build their
    // own apps on their own databases, and importing the server for each file was a fifth of the phase's time
    // (decision 0045); per-file.ts closes the apps a file leaves open
    isolate: false,
    setupFiles: ['apps/server/test/per-file.ts'],
    include: db === 'pglite' && process.env.DATABASE_URL ? ENGINE_SPECIFIC : serverFiles,
    env: { PACO_TEST_DB: db, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
    // one migrated and seeded database per run, copied by each test app (apps/server/test/template.ts)
    globalSetup: [`apps/server/test/setup-${db}.ts`],
    // API tests build an app, run migrations and seed: give them room on a slow 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});

const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: { name: 'domain', environment: 'node', include: ['packages/domain/**/*.test.ts'] },
  },
  server('server-pglite', 'pglite'),
  ...(process.env.DATABASE_URL ? [server('server-postgres', 'postgres')] : []),
  {
    extends: true,
    plugins: [react()],
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['apps/web/**/*.test.{ts,tsx}'],
      testTimeout: 15_000,
    },
  },
];

export default defineConfig({
  test: {
    projects,
    exclude,
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 10_000,
    hookTimeout: 30_000,
    passWithNoTests: true,
  },
});
