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
 * Checks at the HTTP level that do not depend on the database engine (bad input over the whole OpenAPI, the role
 * matrix and grants, security headers, the call catalogues, account mail and passwords, field rules): with PostgreSQL present they run once, on it (the production
 * database), instead of twice; without it, on PGlite as everything else. PGlite is the same PostgreSQL engine; what
 * differs (driver, notifications, jobs, locks, files) stays on both.
 */
const ENGINE_AGNOSTIC = ['bad-input', 'role-matrix', 'headers', 'catalogue', 'spec-catalogue', 'account', 'grants', 'url-fields', 'calendar-dates', 'field-capabilities'].map((f) => `apps/server/test/${f}.test.ts`);

const server = (name: string, db: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    environment: 'node',
    include: serverFiles,
    ...(db === 'pglite' && process.env.DATABASE_URL ? { exclude: [...exclude, ...ENGINE_AGNOSTIC] } : {}),
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
