import { resolve } from 'node:path';
import { availableParallelism } from 'node:os';

export interface Config {
  port: number;
  host: string;
  /** PGlite data dir; 'memory://' for an in-memory database (tests). */
  dataDir: string;
  databaseUrl?: string;
  seedDemo: boolean;
  tokenIdleMinutes: number;
  appUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  /**
   * Without SMTP and outside production, each message recorded is also written to this folder as a text file, its link
   * included (MAIL_DIR): a developer, or the browser tests, read what was "sent" (decision 0055).
   */
  mailDir?: string;
  storageDir: string;
  /** where uploaded files live: unset/'local' (storageDir), 'postgres', or 's3://bucket?endpoint=…&region=…' (storage/open.ts) */
  storageUrl?: string;
  logLevel: string;
  bodyLimitBytes: number;
  /** scrypt cost (N); lower only in tests. */
  scryptN: number;
  /** directory with the built SPA (apps/web/dist); absent in API-only runs. */
  webDir?: string;
  trustProxy: boolean;
  /** server processes sharing the port (PostgreSQL only; 1 on PGlite) */
  workers: number;
  /** the job queue (jobs/queue.ts) */
  jobs: {
    /** take jobs on this node (JOBS_WORK, default true) */
    work: boolean;
    /** seconds between looks for due jobs (JOBS_POLL_SECONDS, 2) */
    pollSeconds: number;
    /** seconds between maintenance passes: expired jobs failed and retried, old ones archived (JOBS_MAINTENANCE_SECONDS, 60) */
    maintenanceSeconds: number;
    /** a running job older than this counts as lost with its node and is retried (JOBS_EXPIRE_SECONDS, 120) */
    expireSeconds: number;
    /** first retry delay, doubled at each attempt (JOBS_RETRY_DELAY_SECONDS, 30) */
    retryDelaySeconds: number;
  };
  /** bearer token that opens /metrics (METRICS_TOKEN); without it /metrics answers 404 */
  metricsToken?: string;
}

const bool = (v: string | undefined, d: boolean): boolean => (v === undefined || v === '' ? d : !/^(0|false|no|off)$/i.test(v));
const int = (v: string | undefined, d: number): number => (v && /^\d+$/.test(v) ? Number(v) : d);
const seconds = (v: string | undefined, d: number): number => (v && /^\d+(\.\d+)?$/.test(v) && Number(v) > 0 ? Number(v) : d);

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const port = int(env.PORT, 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    // demo accounts (known password) only by default on the embedded database; on PostgreSQL ask for them
    seedDemo: bool(env.SEED_DEMO, !env.DATABASE_URL),
    tokenIdleMinutes: int(env.TOKEN_IDLE_MINUTES, 120),
    appUrl: env.APP_URL ?? `http://localhost:${port}`,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Paço <nao-responda@paco.local>',
    mailDir: env.MAIL_DIR || undefined,
    storageDir: resolve(env.STORAGE_DIR ?? `${dataDir}/uploads`),
    storageUrl: env.STORAGE_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1_048_576),
    scryptN: int(env.SCRYPT_N, 32768),
    webDir: env.WEB_DIR,
    trustProxy: bool(env.TRUST_PROXY, false),
    workers: env.WORKERS === 'auto' ? availableParallelism() : Math.max(1, int(env.WORKERS, 1)),
    jobs: {
      work: bool(env.JOBS_WORK, true),
      pollSeconds: Math.max(0.5, seconds(env.JOBS_POLL_SECONDS, 2)),
      maintenanceSeconds: Math.max(1, seconds(env.JOBS_MAINTENANCE_SECONDS, 60)),
      expireSeconds: Math.max(1, seconds(env.JOBS_EXPIRE_SECONDS, 120)),
      retryDelaySeconds: Math.max(1, seconds(env.JOBS_RETRY_DELAY_SECONDS, 30)),
    },
    metricsToken: env.METRICS_TOKEN || undefined,
    ...overrides,
  };
}
