/** A councillor's mandates and seats on the Mesa Diretora. */
import { and, desc, eq } from 'drizzle-orm';
import { formatDate } from '@paco/domain/format';
import { boards, legislativeSessions, legislatures, mandates, types } from '../../db/schema.generated.ts';
import type { Related, RelatedLoader } from './types.ts';

export const parlamentarRelated: RelatedLoader = async (sv, rec, companyId) => {
  const out: Related = [];
  const ms = await sv.db.select({ m: mandates, leg: legislatures.descricao }).from(mandates).innerJoin(legislatures, eq(legislatures.id, mandates.legislature_id))
    .where(and(eq(mandates.parliamentary_id, rec.id as number), eq(mandates.company_id, companyId))).orderBy(desc(mandates.inicio));
  if (ms.length) {
    out.push({
      title: 'Mandatos', items: ms.map(({ m, leg }) => ({
        text: leg, detail: [m.titular ? 'Titular' : 'Suplente', m.inicio ? `de ${formatDate(m.inicio as string)}` : null, m.fim ? `a ${formatDate(m.fim as string)}` : null,
          m.votos ? `${m.votos.toLocaleString('pt-BR')} votos` : null].filter(Boolean).join(' · '),
      })),
    });
  }
  const bs = await sv.db.select({ cargo: types.label, numero: legislativeSessions.numero, inicio: legislativeSessions.inicio, fim: legislativeSessions.fim })
    .from(boards).innerJoin(types, eq(types.id, boards.cargo_id)).innerJoin(legislativeSessions, eq(legislativeSessions.id, boards.legislative_session_id))
    .where(and(eq(boards.parliamentary_id, rec.id as number), eq(boards.company_id, companyId))).orderBy(desc(legislativeSessions.inicio));
  if (bs.length) {
    out.push({ title: 'Mesa Diretora', items: bs.map((b) => ({ text: b.cargo, detail: `${b.numero}ª sessão legislativa, ${formatDate(b.inicio as string)} a ${formatDate(b.fim as string)}` })) });
  }
  return out;
};
