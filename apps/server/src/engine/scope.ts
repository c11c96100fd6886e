/** The company scope of every query on a resource, from the session only (never from the request). */
import { eq, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { ResourceDef, Tenancy } from '@paco/domain/resource';
import type { AuthContext } from '../auth/session.ts';
import { tableFor } from './tables.ts';
import { rowConditions } from './rowscope.ts';

export interface ScopeOptions {
  /** for writes: shared reference rows (no company) are not writable except by the superadmin */
  write?: boolean;
  /** findOne for an answer: the row also carries the definition's embedded links (`embedsOf`) */
  embed?: boolean;
  /** public reads without a session: the company asked for (from the path or ?company_id=) */
  publicCompanyId?: number | null;
  /**
   * a list for an answer trimmed to these keys (`answerFields`): only the columns and embedded links it keeps are read
   * (decorate hooks of a trimmed list see those columns only)
   */
  fields?: ReadonlySet<string> | null;
}

/**
 * How a query on the resource is scoped to a company, from the session: the shape (which becomes part of a
 * prepared statement's key) and the company it compares with.
 */
export type ScopeShape = 'all' | 'nobody' | 'own' | 'shared' | 'global-only' | 'shared-write' | 'shared-write-super';
export function scopeOf(r: ResourceDef, auth: AuthContext | null, opts: ScopeOptions): { shape: ScopeShape; company: number } {
  const company = auth?.companyId ?? opts.publicCompanyId ?? null;
  if (!r.tenant || (auth && r.tenant.superadminAll && auth.isSuperadmin)) return { shape: 'all', company: -1 };
  if (r.tenant.shared) {
    if (opts.write) return { shape: auth?.isSuperadmin ? 'shared-write-super' : 'shared-write', company: company ?? -1 };
    return company === null ? { shape: 'global-only', company: -1 } : { shape: 'shared', company };
  }
  return company === null ? { shape: 'nobody', company: -1 } : { shape: 'own', company };
}

export function scopeSql(r: ResourceDef, shape: ScopeShape, company: number | SQL | Placeholder): SQL[] {
  if (shape === 'all') return [];
  if (shape === 'nobody') return [sql`false`];
  const col = tableFor(r).cols[(r.tenant as Tenancy).column];
  switch (shape) {
    case 'own': case 'shared-write': return [eq(col, company)];
    case 'shared': case 'shared-write-super': return [or(isNull(col), eq(col, company))!];
    case 'global-only': return [isNull(col)];
  }
}

/** Conditions every query on the resource carries: the company scope and the row scope, from the session only. */
export function scopeConditions(r: ResourceDef, auth: AuthContext | null, opts: ScopeOptions = {}): SQL[] {
  const { shape, company } = scopeOf(r, auth, opts);
  return [...scopeSql(r, shape, company), ...rowConditions(r, auth)];
}
