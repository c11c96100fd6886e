/**
 * A norm's relations, both ways (issue 12: "normas with full text and relations"): what it alters, revokes or
 * regulates, and what altered, revoked or regulated it, each linked to the other norm's page. Only public norms.
 */
import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatDate } from '@paco/domain/format';
import { NORM_RELATION_TYPES } from '@paco/domain/resources/ciclo';
import { normRelations, norms } from '../../db/schema.generated.ts';
import { publicNorm, short } from './shared.ts';
import type { Related, RelatedLoader } from './types.ts';

const other = alias(norms, 'outra');

export const normaRelated: RelatedLoader = async (sv, rec, companyId, base) => {
  const id = rec.id as number;
  const cols = { tipo: normRelations.tipo, obs: normRelations.obs, id: other.id, ident: other.identificacao, data: other.data, ementa: other.ementa };
  const ahead = await sv.db.select(cols).from(normRelations).innerJoin(other, eq(other.id, normRelations.related_norm_id))
    .where(and(eq(normRelations.norm_id, id), eq(normRelations.company_id, companyId), publicNorm(other.dataPublicacao))).orderBy(asc(other.data), asc(other.id));
  const behind = await sv.db.select(cols).from(normRelations).innerJoin(other, eq(other.id, normRelations.norm_id))
    .where(and(eq(normRelations.related_norm_id, id), eq(normRelations.company_id, companyId), publicNorm(other.dataPublicacao))).orderBy(asc(other.data), asc(other.id));
  const label = (tipo: string, inverse: boolean) => {
    const t = NORM_RELATION_TYPES.find((o) => o.value === tipo);
    return t ? (inverse ? t.inverse : t.label) : tipo;
  };
  const rows = [...ahead.map((x) => ({ ...x, rel: label(x.tipo, false) })), ...behind.map((x) => ({ ...x, rel: label(x.tipo, true) }))];
  const out: Related = [];
  if (rows.length) {
    out.push({
      title: 'Relações com outras normas',
      table: {
        head: ['Relação', 'Norma', 'Data', 'Dispositivos'],
        rows: rows.map((x) => [{ text: x.rel }, { text: `${x.ident ?? `Norma ${x.id}`}${x.ementa ? ` — ${short(x.ementa, 120)}` : ''}`, url: `${base}/normas/${x.id}` },
          { text: x.data ? formatDate(x.data as string) : '—' }, { text: x.obs ?? '—' }]),
      },
    });
  }
  return out;
};
