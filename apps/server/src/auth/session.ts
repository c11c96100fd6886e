/** Bearer sessions: opaque random tokens stored as SHA-256 hashes, expiring after inactivity. */
import { and, eq, inArray, isNull, max, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { ALL_TABLES, type ChangeFeed } from '../db/changes.ts';
import { accessTokens, permissionRole, roleUser } from '../db/schema.base.ts';
import { companies, liberations, permissions, roles, users } from '../db/schema.generated.ts';
import { newToken, sha256 } from './password.ts';
import { formatDate } from '@paco/domain/format';

export interface AuthContext {
  tokenId: number;
  userId: number;
  /** the user's own company */
  homeCompanyId: number;
  /** the company the session acts in (a superadmin may switch it) */
  companyId: number;
  roles: string[];
  permissions: string[];
  isSuperadmin: boolean;
  name: string;
  email: string;
  /** pt-BR refusal when the user's company licence has ended (superadmins are not blocked) */
  licence: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionCache;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** a bearer token was sent but is not valid */
    authInvalid: boolean;
  }
}

export async function rolesAndPermissions(db: Db, userId: number): Promise<{ roles: string[]; permissions: string[] }> {
  const rs = await db.select({ id: roles.id, name: roles.name }).from(roleUser).innerJoin(roles, eq(roles.id, roleUser.role_id)).where(eq(roleUser.user_id, userId));
  const ids = rs.map((r) => r.id);
  const ps = ids.length
    ? await db.selectDistinct({ name: permissions.name }).from(permissionRole).innerJoin(permissions, eq(permissions.id, permissionRole.permission_id)).where(inArray(permissionRole.role_id, ids))
    : [];
  return { roles: rs.map((r) => r.name).sort(), permissions: ps.map((p) => p.name).sort() };
}

/** Latest licence end of a company (null when it never had one). */
export async function licenceEnd(db: Db, companyId: number): Promise<string | null> {
  const [row] = await db.select({ end: max(liberations.date_end) }).from(liberations).where(eq(liberations.company_id, companyId));
  return row?.end ?? null;
}

const ymdSaoPaulo = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' });
/** the day's text, formatted again when a second has passed (or the clock moved back): a request asks it several times */
let today = { from: 0, value: '' };
export function todayInSaoPaulo(): string {
  const now = Date.now();
  if (now < today.from || now >= today.from + 1000) today = { from: now, value: ymdSaoPaulo.format(now) };
  return today.value;
}

/** null when the licence is valid; otherwise the pt-BR refusal. */
export function licenceProblem(end: string | null): string | null {
  if (!end) return 'Acesso da entidade não liberado. Procure o administrador do sistema.';
  if (end < todayInSaoPaulo()) return `Acesso da entidade expirado em ${formatDate(end)}`;
  return null;
}

export async function issueToken(db: Db, userId: number, companyId: number, req: FastifyRequest): Promise<string> {
  const token = newToken();
  await db.insert(accessTokens).values({
    user_id: userId, company_id: companyId, token_hash: sha256(token),
    ip: req.ip, user_agent: (req.headers['user-agent'] ?? '').slice(0, 255),
  });
  return token;
}

export async function revokeToken(db: Db, tokenId: number): Promise<void> {
  await db.update(accessTokens).set({ revoked_at: sql`now()` }).where(eq(accessTokens.id, tokenId));
}

/** Ends every session of an account but `keep` (the one making the change, when it stays signed in). */
export async function revokeSessions(db: Db, userId: number, keep?: number): Promise<void> {
  await db.update(accessTokens).set({ revoked_at: sql`now()` })
    .where(and(eq(accessTokens.user_id, userId), isNull(accessTokens.revoked_at), ...(keep !== undefined ? [ne(accessTokens.id, keep)] : [])));
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+([A-Za-z0-9_\-.~+/=]{20,200})$/i.exec(h.trim());
  return m ? m[1] : '';
}

/** One statement: token, user, acting company, licence, roles and permissions (this runs on every call). */
export async function resolveSession(db: Db, token: string, idleMinutes: number): Promise<AuthContext | null> {
  const [row] = await db
    .select({
      tokenId: accessTokens.id, userId: users.id, homeCompanyId: users.company_id, companyId: accessTokens.company_id,
      name: users.name, email: users.email,
      idle: sql<boolean>`${accessTokens.last_used_at} < now() - make_interval(mins => ${idleMinutes})`,
      stale: sql<boolean>`${accessTokens.last_used_at} < now() - interval '60 seconds'`,
      licenceEnd: sql<string | null>`(select max(${liberations.date_end})::text from ${liberations} where ${liberations.company_id} = ${users.company_id})`,
      roles: sql<string[] | null>`(select array_agg(distinct r.name order by r.name) from ${roleUser} ru join ${roles} r on r.id = ru.role_id where ru.user_id = ${users.id})`,
      permissions: sql<string[] | null>`(select array_agg(distinct p.name order by p.name) from ${roleUser} ru join ${permissionRole} pr on pr.role_id = ru.role_id join ${permissions} p on p.id = pr.permission_id where ru.user_id = ${users.id})`,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.user_id))
    .innerJoin(companies, eq(companies.id, accessTokens.company_id))
    .where(and(eq(accessTokens.token_hash, sha256(token)), isNull(accessTokens.revoked_at), isNull(users.deleted_at)))
    .limit(1);
  if (!row || row.idle) return null;
  if (row.stale) await db.update(accessTokens).set({ last_used_at: sql`now()` }).where(eq(accessTokens.id, row.tokenId));
  const roleNames = pgArray(row.roles);
  const isSuperadmin = roleNames.includes('superadmin');
  return {
    tokenId: row.tokenId, userId: row.userId, homeCompanyId: row.homeCompanyId, companyId: row.companyId,
    roles: roleNames, permissions: pgArray(row.permissions), isSuperadmin, name: row.name, email: row.email,
    licence: isSuperadmin ? null : licenceProblem(row.licenceEnd),
  };
}

/** text[] arrives as an array (node-postgres, PGlite) or, through some drivers, as '{a,b}'. */
function pgArray(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string' && v.startsWith('{')) return v.slice(1, -1).split(',').filter(Boolean).map((x) => x.replace(/^"|"$/g, ''));
  return [];
}

/** Tables the session statement reads: a change to any of them drops every cached session. */
const SESSION_TABLES = new Set(['access_tokens', 'users', 'role_user', 'roles', 'permissions', 'permission_role', 'liberations', 'companies', ALL_TABLES]);
/** How long a resolved session answers without the database. */
const SESSION_TTL_MS = 10_000;
const SESSION_CACHE_MAX = 20_000;

/**
 * Resolved sessions by token hash, per process, for SESSION_TTL_MS: most calls then check their token without a
 * statement. Every change to what the session statement reads (a logout, a revoked or moved token, a role or
 * permission granted or taken, a user deleted, a licence renewed; in this process, in another one or straight in
 * the database) empties the cache at once (db/changes.ts). A refill under way during a change is not kept. Idle
 * expiry and the last_used_at touch happen on refills, so they are exact to within SESSION_TTL_MS.
 */
export class SessionCache {
  private entries = new Map<string, { ctx: AuthContext; at: number }>();
  private generation = 0;

  constructor(private db: Db, private idleMinutes: number, changes?: ChangeFeed) {
    changes?.on((table) => { if (SESSION_TABLES.has(table)) this.clear(); });
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  async resolve(token: string): Promise<AuthContext | null> {
    const key = sha256(token);
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < SESSION_TTL_MS) return hit.ctx;
    if (hit) this.entries.delete(key);
    const generation = this.generation;
    const ctx = await resolveSession(this.db, token, this.idleMinutes);
    if (ctx && generation === this.generation) {
      // full: drop the oldest entries (a Map iterates in insertion order)
      for (const k of this.entries.keys()) {
        if (this.entries.size < SESSION_CACHE_MAX) break;
        this.entries.delete(k);
      }
      this.entries.set(key, { ctx: freeze(ctx), at: now });
    }
    return ctx;
  }
}

/** A cached session is shared by every request of its token: nobody may change it. */
function freeze(ctx: AuthContext): AuthContext {
  Object.freeze(ctx.roles);
  Object.freeze(ctx.permissions);
  return Object.freeze(ctx);
}

export function registerSession(app: FastifyInstance, db: Db, idleMinutes: number, changes?: ChangeFeed): void {
  const sessions = new SessionCache(db, idleMinutes, changes);
  app.decorate('sessions', sessions);
  app.decorateRequest('auth', null);
  app.decorateRequest('authInvalid', false);
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const token = bearer(req);
    if (token === null) return;
    const ctx = token ? await sessions.resolve(token) : null;
    if (ctx) req.auth = ctx;
    else req.authInvalid = true;
  });
}
