/**
 * Fixed-window counters in memory (per process). Used for login attempts per IP and per account, and for the
 * public endpoints. A restart forgets them, which is acceptable for brute-force damping.
 */
import { HttpError } from './errors.ts';

export class RateLimiter {
  private hits = new Map<string, { count: number; reset: number }>();
  constructor(
    private max: number,
    private windowMs: number,
  ) {}

  /** Counts one hit; returns seconds to wait when over the limit, else 0. */
  hit(key: string, now = Date.now()): number {
    const e = this.hits.get(key);
    if (!e || e.reset <= now) {
      if (this.hits.size > 50_000) this.sweep(now);
      this.hits.set(key, { count: 1, reset: now + this.windowMs });
      return 0;
    }
    e.count++;
    return e.count > this.max ? Math.ceil((e.reset - now) / 1000) : 0;
  }

  /** Whether the key is already over the limit (without counting). */
  blocked(key: string, now = Date.now()): number {
    const e = this.hits.get(key);
    return e && e.reset > now && e.count >= this.max ? Math.ceil((e.reset - now) / 1000) : 0;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number): void {
    for (const [k, e] of this.hits) if (e.reset <= now) this.hits.delete(k);
  }
}

export function tooMany(seconds: number): HttpError {
  const min = Math.max(1, Math.ceil(seconds / 60));
  return new HttpError(429, `Muitas tentativas. Tente novamente em ${min} minuto${min > 1 ? 's' : ''}.`);
}
