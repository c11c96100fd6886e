import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the built app (`npm run build`) served by the real server on a throwaway PGlite
 * database seeded with the demo data (see serve.mjs). Uses Debian's Chromium; never downloads a browser.
 *
 * Env: E2E_PORT (3100), E2E_SKIP_BUILD=1 (reuse apps/web/dist and apps/server/dist), E2E_BASE_URL (test a server you started).
 */
const CI = !!process.env.CI;
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${PORT}`;
/**
 * Specs that start and finalize plenary sessions of the demo câmara, and the one that reads which session is current
 * (the pauta's default) and approves the ata of the last one held.
 */
const LIVE_SESSION_SPECS = /\/(plenario|plenario-oradores|ciclo-legislativo|ciclo-completo|ata-aprovacao|pauta-ata)\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: CI,
  workers: 2,
  retries: CI ? 1 : 0,
  // CI machines vary: on a slow one (2 cores shared by the server and two browsers) a cold screen took over 10 s to
  // show, and the waits failed where nothing was wrong; CI waits twice as long before calling a screen broken
  timeout: CI ? 90_000 : 45_000,
  expect: { timeout: CI ? 20_000 : 10_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 1366, height: 800 },
    // recording a trace (a screencast and a DOM snapshot per action) took ~40 % of the browser phase's CPU on 2 cores
    // (paging + field-rules + launcher: 150 s with it, 94 s without): on CI only the retry of a failed test records one
    trace: CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: CI ? 20_000 : 10_000,
    navigationTimeout: CI ? 40_000 : 20_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
  },
  // the specs that run plenary sessions (one session of a company runs at a time) in a project of one worker, beside
  // the others: never two at once, and no worker left waiting for the other's session (helpers.ts holdLiveSessionLock
  // stays as a guard for runs that name files across projects). Listed first: its tests (about 4 minutes, one after
  // the other) start at once beside the others, instead of running last with the second worker idle
  projects: [
    { name: 'sessao-plenaria', use: { browserName: 'chromium' }, testMatch: LIVE_SESSION_SPECS, workers: 1 },
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: LIVE_SESSION_SPECS },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
      command: 'node serve.mjs',
      url: `${BASE_URL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: !CI,
      stdout: process.env.E2E_SERVER_LOG ? 'pipe' : 'ignore',
      stderr: 'pipe',
      env: { E2E_PORT: String(PORT), LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
});
