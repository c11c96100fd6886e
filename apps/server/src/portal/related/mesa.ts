import { and, asc, desc, eq } from 'drizzle-orm';
import { formatDate } from '@paco/domain/format';
import { boards, legislativeSessions, parliamentaries, types } from '../../db/schema.generated.ts';
import type { Services } from '../../engine/context.ts';

/** The Mesa Diretora of the legislative session in course (else the latest one): cargo and member. */
export async function mesaDiretora(sv: Services, companyId: number, today: string): Promise<{ session: string | null; seats: { cargo: string; nome: string; id: number }[] }> {
  const sessions = await sv.db.select().from(legislativeSessions).where(eq(legislativeSessions.company_id, companyId)).orderBy(desc(legislativeSessions.inicio));
  const current = sessions.find((x) => x.inicio <= today && x.fim >= today) ?? sessions.find((x) => x.inicio <= today) ?? sessions[0];
  if (!current) return { session: null, seats: [] };
  const rows = await sv.db.select({ cargo: types.label, cargoSlug: types.slug, nome: parliamentaries.nome, id: parliamentaries.id, ativo: parliamentaries.ativo })
    .from(boards).innerJoin(types, eq(types.id, boards.cargo_id)).innerJoin(parliamentaries, eq(parliamentaries.id, boards.parliamentary_id))
    .where(and(eq(boards.legislative_session_id, current.id), eq(boards.company_id, companyId))).orderBy(asc(boards.id));
  return {
    session: `${current.numero}ª sessão legislativa (${formatDate(current.inicio as string)} a ${formatDate(current.fim as string)})`,
    seats: rows.map((r) => ({ cargo: r.cargo, nome: r.nome, id: r.id })),
  };
}
