/**
 * What a detail page shows below the record's own fields (the section's `related`, decision 0031): lists of linked
 * records (with an optional link, photo and detail line) or a table (a voting's nominal votes, a session's presence).
 * Values are formatted in pt-BR here, so the server's HTML and the hydrated page agree.
 */
import type { RelatedGroup } from '@paco/portal/types.ts';
import type { Row, Services } from '../../engine/context.ts';

export type { RelatedGroup };
export type Related = RelatedGroup[];

/** Loads one section's related groups for one public record of one company; `base` is the portal's /portal/{slug}. */
export type RelatedLoader = (sv: Services, rec: Row, companyId: number, base: string) => Promise<Related>;

export const phone = (v: string | null): string | null => {
  if (!v) return null;
  const d = v.replace(/\D/g, '');
  return d.length === 11 ? `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}` : d.length === 10 ? `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}` : v;
};
