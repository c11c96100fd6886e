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
}

const bool = (v: string | undefined, d: boolean): boolean => (v === undefined || v === '' ? d : !/^(0|false|no|off)$/i.test(v));
const int = (v: string | undefined, d: number): number => (v && /^\d+$/.test(v) ? Number(v) : d);

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const port = int(env.PORT, 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    seedDemo: bool(env.SEED_DEMO, true),
    tokenIdleMinutes: int(env.TOKEN_IDLE_MINUTES, 120),
    appUrl: env.APP_URL ?? `http://localhost:${port}`,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Paço <nao-responda@paco.local>',
    storageDir: resolve(env.STORAGE_DIR ?? `${dataDir}/uploads`),
    storageUrl: env.STORAGE_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1_048_576),
    scryptN: int(env.SCRYPT_N, 32768),
    webDir: env.WEB_DIR,
    trustProxy: bool(env.TRUST_PROXY, false),
    workers: env.WORKERS === 'auto' ? availableParallelism() : Math.max(1, int(env.WORKERS, 1)),
    ...overrides,
  };
}
