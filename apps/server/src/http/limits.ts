/**
 * Rate limits kept in the database (`rate_limits`): fixed-window counters incremented atomically by one
 * statement, so every server process (and every node on one PostgreSQL) counts together, and a restart forgets
 * nothing. Used for sign-in attempts, uploads, password resets, self-registration and the public forms.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { HttpError } from './errors.ts';

export interface Window {
  /** hits allowed in the window */
  max: number;
  /** window length in milliseconds */
  ms: number;
}

export interface Count {
  /** hits in the current window, this one included */
  count: number;
  /** seconds until the window ends */
  resetIn: number;
}

/** Expired rows are swept about once per this many hits. */
const SWEEP_EVERY = 500;

export function tooMany(seconds: number, what = 'Muitas tentativas'): HttpError {
  const min = Math.max(1, Math.ceil(seconds / 60));
  return new HttpError(429, `${what}. Tente novamente em ${min} minuto${min > 1 ? 's' : ''}.`);
}

type Rows<T> = { rows: T[] };
const rowsOf = <T>(r: unknown): T[] => (r as Rows<T>).rows;

export class Limits {
  private hits = 0;

  constructor(private db: Db) {}

  /** The same limits counted through `db` (a transaction: on PGlite's one connection, the only way in). */
  on(db: Db): Limits {
    return db === this.db ? this : new Limits(db);
  }

  /** Counts `n` hits on `key` (a new window starts when the last one ended) and returns the window's count. */
  async hit(key: string, windowMs: number, n = 1, db: Db = this.db): Promise<Count> {
    if (++this.hits % SWEEP_EVERY === 0) void this.sweep().catch(() => undefined);
    const ms = Math.max(1000, Math.floor(windowMs));
    const [row] = rowsOf<{ count: number; reset_in: number | string }>(await db.execute(sql`
      insert into rate_limits (key, count, reset_at) values (${key.slice(0, 255)}, ${n}, now() + make_interval(secs => ${ms / 1000}))
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= now() then excluded.count else rate_limits.count + excluded.count end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      returning count, ceil(extract(epoch from reset_at - now()))::int as reset_in`));
    return { count: Number(row.count), resetIn: Math.max(1, Number(row.reset_in)) };
  }

  /** The key's count in its current window, without counting (0 when none). */
  async peek(key: string): Promise<Count> {
    const [row] = rowsOf<{ count: number; reset_in: number | string }>(await this.db.execute(sql`
      select count, ceil(extract(epoch from reset_at - now()))::int as reset_in from rate_limits
      where key = ${key.slice(0, 255)} and reset_at > now()`));
    return row ? { count: Number(row.count), resetIn: Math.max(1, Number(row.reset_in)) } : { count: 0, resetIn: 0 };
  }

  /** Counts one hit and refuses with 429 (pt-BR) past `w.max`. */
  async consume(key: string, w: Window, what?: string): Promise<void> {
    const c = await this.hit(key, w.ms);
    if (c.count > w.max) throw tooMany(c.resetIn, what);
  }

  /** Refuses with 429 when the key is already at its limit, without counting. */
  async check(key: string, w: Window, what?: string): Promise<void> {
    const c = await this.peek(key);
    if (c.count >= w.max) throw tooMany(c.resetIn, what);
  }

  /** Takes back `n` hits of the current window (a sign-in that turned out right). */
  async undo(key: string, n = 1): Promise<void> {
    await this.db.execute(sql`update rate_limits set count = greatest(count - ${n}, 0) where key = ${key.slice(0, 255)} and reset_at > now()`);
  }

  async reset(key: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where key = ${key.slice(0, 255)}`);
  }

  async sweep(): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`);
  }
}
