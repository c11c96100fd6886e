/**
 * Security headers of every response, in one place (decision 0011):
 * - `Content-Security-Policy`: the SPA's policy (scripts from this origin only) on pages and files; the API's
 *   answers get `default-src 'none'`; the API docs (swagger-ui) their own; a response that already carries a policy
 *   (uploaded files: `sandbox`) keeps it, with `frame-ancestors 'none'` added;
 * - framing: `frame-ancestors 'none'` and `X-Frame-Options: DENY` everywhere, except the public electronic panel's
 *   pages (`/legislativo/painel-eletronico…`), which the panel's company may let its own sites embed (companies
 *   .painel_origens): `frame-ancestors 'self' <origins>`, without X-Frame-Options (it cannot name origins). The
 *   company comes from the URL (the session's id, `?sessao=` or `?entidade=`), read from the database and kept
 *   briefly; a company's origins are dropped from memory as soon as its row changes (db/changes.ts). A URL that
 *   names no known session or company gets `frame-ancestors 'none'`;
 * - `Strict-Transport-Security` when TRUST_PROXY is on and the proxy says the request came over HTTPS;
 * - `X-Content-Type-Options: nosniff`, `Referrer-Policy: strict-origin-when-cross-origin` (or `no-referrer`, when the route
 *   asked for it: a page whose address carries a token).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { parseEmbedOrigins } from '@paco/domain/resources/admin';
import type { Db } from '../db/client.ts';
import type { ChangeFeed } from '../db/changes.ts';
import { ALL_TABLES } from '../db/changes.ts';
import { companies, plenarySessions } from '../db/schema.ts';

const join = (directives: readonly string[]): string => directives.join('; ');

/**
 * The SPA. Styles may be inline: MUI's emotion injects <style> elements at run time (and index.html has its
 * boot style); scripts may not. Images also from data: (icons) and blob: (a picked image's preview before upload).
 */
export const SPA_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
] as const;

/** API answers are data, never documents: nothing may load or run if one is opened as a page. */
const API_DIRECTIVES = ["default-src 'none'", "base-uri 'none'", "form-action 'none'"] as const;

/** swagger-ui (/api/docs): its bundle and initializer are files; it styles elements inline and draws data: images. */
const DOCS_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
] as const;

const NO_FRAMES = "frame-ancestors 'none'";
const SPA_CSP = join([...SPA_DIRECTIVES, NO_FRAMES]);
const API_CSP = join([...API_DIRECTIVES, NO_FRAMES]);
const DOCS_CSP = join([...DOCS_DIRECTIVES, NO_FRAMES]);

/** Which company a panel URL belongs to: a plenary session's id, or the company's own id. */
export type PanelTarget = { session: number } | { company: number } | null;

const PANEL = /^\/legislativo\/painel-eletronico(?:\/([^/]*))?\/?$/;
const MAX_ID = 2_147_483_647;
const positiveInt = (v: string | null | undefined): number | null => {
  if (!v || !/^\d{1,10}$/.test(v)) return null;
  const n = Number(v);
  return n > 0 && n <= MAX_ID ? n : null;
};

/**
 * The company a panel page's URL points at, as the page itself reads it (apps/web PainelEletronicoPage):
 * `/legislativo/painel-eletronico/<session id>`; `…/<screen>?sessao=<session id>`; `…[/<screen>]?entidade=<company id>`.
 * `undefined`: not a panel page. `null`: a panel page that names no session or company (the signed-in user's
 * company, unknown to the server when it sends the HTML).
 */
export function panelTarget(url: string): PanelTarget | undefined {
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  try { path = decodeURIComponent(path); } catch { return undefined; }
  const m = PANEL.exec(path);
  if (!m) return undefined;
  const params = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
  const id = m[1] ?? '';
  if (/^\d+$/.test(id)) {
    const session = positiveInt(id);
    return session === null ? null : { session };
  }
  const sessao = positiveInt(params.get('sessao'));
  if (sessao !== null) return { session: sessao };
  const company = positiveInt(params.get('entidade'));
  return company !== null ? { company } : null;
}

interface Entry<T> { value: T; until: number }

/** A small map of values that expire, bounded (the oldest entries go first). */
class ShortCache<T> {
  private map = new Map<number, Entry<T>>();
  constructor(private max: number) {}
  get(key: number, now: number): T | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.until <= now) { this.map.delete(key); return undefined; }
    return e.value;
  }
  set(key: number, value: T, until: number): void {
    this.map.delete(key);
    this.map.set(key, { value, until });
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
  clear(): void { this.map.clear(); }
}

/** Sessions keep their company for life; a company's origins follow its row (change feed), with a TTL besides. */
const FOUND_MS = 60_000;
/** an unknown id may be created a moment later (companies' inserts are not announced) */
const MISSING_MS = 5_000;

export class PanelFraming {
  private sessions = new ShortCache<number | null>(10_000);
  private origins = new ShortCache<string[] | null>(2_000);
  private generation = 0;
  private pending = new Map<string, Promise<unknown>>();

  constructor(private db: Db, changes?: ChangeFeed, private clock: () => number = Date.now) {
    changes?.on((table) => {
      if (table !== 'companies' && table !== ALL_TABLES) return;
      this.generation++;
      this.origins.clear();
    });
  }

  /** The origins allowed to frame the panel of `target` (besides 'self'); null: nobody (unknown or no target). */
  async allowed(target: PanelTarget): Promise<string[] | null> {
    if (!target) return null;
    const company = 'company' in target ? target.company : await this.sessionCompany(target.session);
    return company === null ? null : this.companyOrigins(company);
  }

  private once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let p = this.pending.get(key) as Promise<T> | undefined;
    if (!p) {
      p = load().finally(() => this.pending.delete(key));
      this.pending.set(key, p);
    }
    return p;
  }

  private async sessionCompany(id: number): Promise<number | null> {
    const cached = this.sessions.get(id, this.clock());
    if (cached !== undefined) return cached;
    return this.once(`s${id}`, async () => {
      const [row] = await this.db.select({ company: plenarySessions.company_id }).from(plenarySessions).where(eq(plenarySessions.id, id)).limit(1);
      const company = row?.company ?? null;
      this.sessions.set(id, company, this.clock() + (company === null ? MISSING_MS : FOUND_MS));
      return company;
    });
  }

  private async companyOrigins(id: number): Promise<string[] | null> {
    const cached = this.origins.get(id, this.clock());
    if (cached !== undefined) return cached;
    return this.once(`c${id}`, async () => {
      const generation = this.generation;
      const [row] = await this.db.select({ origins: companies.painel_origens }).from(companies).where(eq(companies.id, id)).limit(1);
      const origins = row ? parseEmbedOrigins(row.origins).origins : null;
      // a change while reading: answer what was read, keep nothing
      if (generation === this.generation) this.origins.set(id, origins, this.clock() + (origins === null ? MISSING_MS : FOUND_MS));
      return origins;
    });
  }
}

const isHtml = (reply: FastifyReply): boolean => /^text\/html/i.test(String(reply.getHeader('content-type') ?? ''));
const pathOf = (url: string): string => {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};

/** Registers the onSend hook that sets every response's security headers. */
export function registerSecurityHeaders(app: FastifyInstance, opts: { db: Db; changes?: ChangeFeed; trustProxy: boolean; log?: (msg: string) => void }): PanelFraming {
  const framing = new PanelFraming(opts.db, opts.changes);

  /** The origins besides 'self' that may frame this response (a panel page of a known company), else null. */
  async function panelFramers(req: FastifyRequest, reply: FastifyReply): Promise<string[] | null> {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url.startsWith('/legislativo/painel-eletronico')) return null;
    const target = panelTarget(req.url);
    if (target === undefined || !isHtml(reply) || reply.statusCode !== 200) return null;
    try {
      return await framing.allowed(target);
    } catch (e) {
      opts.log?.(`painel: não foi possível ler as origens autorizadas (${(e as Error).message}); incorporação recusada`);
      return null;
    }
  }

  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    // a page whose address carries a token (the portal's pages of an e-mail's link) asks for no referrer at all
    if (reply.getHeader('referrer-policy') !== 'no-referrer') reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (opts.trustProxy && req.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');

    const path = pathOf(req.url);
    const own = reply.getHeader('content-security-policy');
    if (own !== undefined) {
      // a route's own policy (files: sandbox) stays; it only learns that it may not be framed
      const text = String(own);
      if (!/(^|;)\s*frame-ancestors\s/i.test(text)) reply.header('Content-Security-Policy', `${text}; ${NO_FRAMES}`);
      reply.header('X-Frame-Options', 'DENY');
      return payload;
    }
    if (path === '/api' || path.startsWith('/api/')) {
      reply.header('Content-Security-Policy', path === '/api/docs' || path.startsWith('/api/docs/') ? DOCS_CSP : API_CSP);
      reply.header('X-Frame-Options', 'DENY');
      return payload;
    }
    const framers = await panelFramers(req, reply);
    if (framers === null) {
      reply.header('Content-Security-Policy', SPA_CSP);
      reply.header('X-Frame-Options', 'DENY');
    } else {
      // no X-Frame-Options: it cannot name origins (browsers that know frame-ancestors ignore it anyway)
      reply.header('Content-Security-Policy', join([...SPA_DIRECTIVES, `frame-ancestors ${["'self'", ...framers].join(' ')}`]));
    }
    return payload;
  });
  return framing;
}
