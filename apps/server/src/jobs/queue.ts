/**
 * One job queue for background work, kept in PostgreSQL by pg-boss (decision 0017): every node polls it, a job is
 * taken by one node only (SELECT … FOR UPDATE SKIP LOCKED), a failure is retried with exponential backoff, and a job
 * whose node died while running it is failed by the next maintenance pass of any node once its expiry has passed,
 * then retried. Recurring jobs (cron) are stored in the database and sent once per slot whatever the number of
 * nodes. On PGlite the same library runs over the embedded database, in process.
 *
 * pg-boss keeps its own tables in the `pgboss` schema and migrates them itself at start (under its own advisory
 * lock), beside the app's drizzle migrations.
 *
 * Jobs are sent through the caller's database handle: inside a transaction (`send(…, { db: tx })`) the job exists
 * only if the transaction commits — the outbox row and its delivery job are written together.
 */
import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';

export interface JobLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JobContext {
  id: string;
  /** 0 on the first attempt */
  retryCount: number;
  log: JobLog;
}

export interface JobDefinition<T extends object = object> {
  name: string;
  run(data: T, job: JobContext): Promise<void>;
  /** attempts after the first (default 5) */
  retryLimit?: number;
  /** seconds before the first retry, doubled each time (default 30) */
  retryDelay?: number;
  /** a running job not finished after this many seconds counts as failed (its node died) and is retried */
  expireInSeconds?: number;
  /** recurring: a cron expression, in America/Sao_Paulo time */
  cron?: string;
}

export interface QueueOptions {
  /** how often each node looks for due jobs (default 2 s) */
  pollSeconds?: number;
  /** how often some node fails expired jobs and archives old ones (default 60 s) */
  maintenanceSeconds?: number;
  /** default expiry of a running job (default 120 s) */
  expireSeconds?: number;
  /** default first retry delay (default 30 s) */
  retryDelaySeconds?: number;
  /** take jobs on this node (default true); false only sends */
  work?: boolean;
  log: JobLog;
}

export interface QueueDepth {
  queue: string;
  state: string;
  count: number;
}

/** pg-boss's positional SQL as a drizzle statement, so it runs on whatever handle (a transaction) the caller holds. */
function drizzleSql(text: string, values: unknown[] = []): SQL {
  const parts: SQL[] = [];
  let last = 0;
  for (const m of text.matchAll(/\$(\d+)/g)) {
    parts.push(sql.raw(text.slice(last, m.index)), sql`${values[Number(m[1]) - 1] ?? null}`);
    last = m.index! + m[0].length;
  }
  parts.push(sql.raw(text.slice(last)));
  return sql.join(parts);
}

/** pg-boss's database adapter over a drizzle handle (transaction or not). */
export function bossDb(db: Db): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const res = (await db.execute(drizzleSql(text, values))) as unknown as { rows?: unknown[] } | unknown[];
      return { rows: Array.isArray(res) ? res : (res.rows ?? []) };
    },
  };
}

/** The adapter for the queue's own work: the app's pool on PostgreSQL, the instance itself on PGlite. */
function rootDb(database: Database): PgBoss.Db {
  if (database.pool) {
    const pool = database.pool;
    return { executeSql: (text, values) => pool.query(text, values) as Promise<{ rows: unknown[] }> };
  }
  const client = database.pglite!;
  return {
    async executeSql(text, values) {
      if (values?.length) return client.query(text, values);
      // several statements without parameters (pg-boss's migrations and locked blocks)
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
  };
}

/**
 * Nodes started together on a database where the queues don't exist yet race to create them (pg-boss makes a table
 * partition per queue): PostgreSQL answers one of them "deadlock detected", "duplicate key" or "relation already
 * exists". The set-up is idempotent, so it is tried again, a few times, after a short random wait.
 */
const RACE_CODES = new Set(['40P01', '40001', '23505', '42P07', '42710']);
async function racing<T>(fn: () => Promise<T>, attempts = 6): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      if (i >= attempts || !RACE_CODES.has(String((e as { code?: unknown }).code))) throw e;
      await new Promise((r) => setTimeout(r, 25 * 2 ** i + Math.random() * 100));
    }
  }
}

export class JobQueue {
  readonly boss: PgBoss;
  private defs = new Map<string, JobDefinition<any>>();
  private started = false;
  /** the queue was started and not stopped (readiness) */
  get running(): boolean {
    return this.started;
  }
  private opts: Required<Omit<QueueOptions, 'log'>> & { log: JobLog };

  constructor(database: Database, opts: QueueOptions) {
    this.opts = { pollSeconds: 2, maintenanceSeconds: 60, expireSeconds: 120, retryDelaySeconds: 30, work: true, ...opts };
    this.boss = new PgBoss({
      db: rootDb(database),
      schema: 'pgboss',
      supervise: true,
      schedule: true,
      migrate: true,
      maintenanceIntervalSeconds: this.opts.maintenanceSeconds,
      // archived after a day, deleted after a week
      archiveCompletedAfterSeconds: 24 * 3600,
      archiveFailedAfterSeconds: 7 * 24 * 3600,
      deleteAfterDays: 7,
    });
    this.boss.on('error', (e: Error) => this.opts.log.error({ err: e }, 'fila de tarefas: erro'));
  }

  /** Declares a job (before start). */
  define<T extends object>(def: JobDefinition<T>): void {
    this.defs.set(def.name, def);
  }

  async start(): Promise<void> {
    await this.boss.start();
    for (const def of this.defs.values()) {
      const options = {
        retryLimit: def.retryLimit ?? 5,
        retryDelay: def.retryDelay ?? this.opts.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: def.expireInSeconds ?? this.opts.expireSeconds,
      };
      await racing(() => this.boss.createQueue(def.name, { name: def.name, policy: 'standard', ...options }));
      await racing(() => this.boss.updateQueue(def.name, { name: def.name, policy: 'standard', ...options }));
      if (def.cron) await racing(() => this.boss.schedule(def.name, def.cron!, {}, { tz: 'America/Sao_Paulo' }));
      if (this.opts.work) {
        await this.boss.work<object>(def.name, { pollingIntervalSeconds: this.opts.pollSeconds, includeMetadata: true }, async ([job]) => {
          const log = this.opts.log;
          try {
            await def.run(job.data, { id: job.id, retryCount: job.retryCount, log });
          } catch (e) {
            log.warn({ err: e, job: def.name, jobId: job.id, attempt: job.retryCount + 1, of: job.retryLimit + 1 }, `tarefa ${def.name} falhou`);
            throw e;
          }
        });
      }
    }
    this.started = true;
  }

  /** Sends a job; with `db` (a transaction) it exists only if that transaction commits. Returns the job id. */
  async send(name: string, data: object, opts: { db?: Db; startAfter?: Date | number; singletonKey?: string } = {}): Promise<string | null> {
    if (!this.defs.has(name)) throw new Error(`unknown job ${name}`);
    const { db, ...rest } = opts;
    return this.boss.send(name, data, { ...rest, ...(db ? { db: bossDb(db) } : {}) });
  }

  /** Jobs waiting, running or retrying, per queue and state (metrics). */
  async depth(): Promise<QueueDepth[]> {
    if (!this.started) return [];
    const { rows } = await (this.boss.getDb() as PgBoss.Db).executeSql(
      `select name, state::text as state, count(*)::int as n from pgboss.job where state < 'completed' group by 1, 2`, [],
    );
    return (rows as { name: string; state: string; n: number }[])
      .filter((r) => !r.name.startsWith('__pgboss'))
      .map((r) => ({ queue: r.name, state: r.state, count: Number(r.n) }));
  }

  /** Stops taking jobs; running ones get `timeoutMs` to finish, then are failed (and so retried elsewhere). */
  async stop(timeoutMs = 5000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
  }
}
