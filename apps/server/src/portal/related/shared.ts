/** What the legislative loaders share: public norms, a short text, a voting's totals. */
import { isNull, lte, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { todayInSaoPaulo } from '../../auth/session.ts';
import { norms } from '../../db/schema.generated.ts';

/** A norm is public once its publication date has come (or when it has none), as its section declares. */
export const publicNorm = (published: AnyPgColumn = norms.dataPublicacao): SQL => or(isNull(published), lte(published, todayInSaoPaulo()))!;

export const short = (s: string | null | undefined, n = 140): string | undefined => (!s ? undefined : s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** How many of each choice, as a line: "Sim 8 · Não 2 · Abstenção 1". */
export const totals = (v: { sim: number | null; nao: number | null; abstencao: number | null; presentes?: number | null }): string =>
  [`Sim ${v.sim ?? 0}`, `Não ${v.nao ?? 0}`, `Abstenção ${v.abstencao ?? 0}`, ...(v.presentes ? [`${v.presentes} presentes`] : [])].join(' · ');
