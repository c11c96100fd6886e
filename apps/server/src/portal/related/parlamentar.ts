/**
 * A councillor's public record: mandates, seats on the Mesa Diretora, their posts in bancadas and blocos today, the commissions they sit on now, the matters
 * they authored and their votes in nominal votings (issue 12: "vereadores … their matters and votes").
 */
import { and, count, desc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { formatDate } from '@paco/domain/format';
import { labelOf, OUTCOMES, VOTE_CHOICES } from '@paco/domain/plenary';
import { todayInSaoPaulo } from '../../auth/session.ts';
import {
  authors, boards, commissions, compositionPeriods, compositions, legislativeSessions, legislatures, mandates, matters, mattersAuthors, participants, plenaryMatters,
  plenarySessions, types, votes, vottings,
} from '../../db/schema.generated.ts';
import type { Services } from '../../engine/context.ts';
import { bancadasDoParlamentar } from './bancadas.ts';
import { short } from './shared.ts';
import type { Related, RelatedLoader } from './types.ts';

/** How many of their matters and votes the page lists (the newest); the rest are in the sections' lists. */
const LATEST = 20;

export const parlamentarRelated: RelatedLoader = async (sv, rec, companyId, base) => {
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
  const groups = await bancadasDoParlamentar(sv, rec.id as number, companyId, todayInSaoPaulo());
  if (groups) out.push(groups);
  out.push(...await legislativeWork(sv, rec.id as number, companyId, base));
  return out;
};

/** Their commissions in force, their matters (newest first) and their votes in closed nominal votings. */
async function legislativeWork(sv: Services, id: number, companyId: number, base: string): Promise<Related> {
  const out: Related = [];
  const today = todayInSaoPaulo();
  const seats = await sv.db.select({ id: commissions.id, nome: commissions.nome, cargo: types.label, titular: participants.titular })
    .from(participants).innerJoin(compositions, eq(compositions.id, participants.composition_id))
    .innerJoin(compositionPeriods, eq(compositionPeriods.id, compositions.composition_period_id)).innerJoin(commissions, eq(commissions.id, compositions.comission_id))
    .innerJoin(types, eq(types.id, participants.cargo_id))
    .where(and(eq(participants.parliamentary_id, id), eq(participants.company_id, companyId), lte(compositionPeriods.inicio, today), gte(compositionPeriods.fim, today),
      or(isNull(participants.desligamento), gte(participants.desligamento, today))))
    .orderBy(commissions.nome);
  if (seats.length) out.push({ title: 'Comissões', items: seats.map((c) => ({ text: c.nome, url: `${base}/comissoes/${c.id}`, detail: `${c.cargo}${c.titular ? '' : ' (suplente)'}` })) });

  const mine = and(eq(authors.parliamentary_id, id), eq(authors.company_id, companyId));
  const [{ n }] = await sv.db.select({ n: count() }).from(mattersAuthors).innerJoin(authors, eq(authors.id, mattersAuthors.author_id)).where(mine);
  if (n) {
    const latest = await sv.db.select({ id: matters.id, ident: matters.identificacao, ementa: matters.ementa, data: matters.dataApresentacao })
      .from(mattersAuthors).innerJoin(authors, eq(authors.id, mattersAuthors.author_id)).innerJoin(matters, eq(matters.id, mattersAuthors.matter_id))
      .where(mine).orderBy(desc(matters.dataApresentacao), desc(matters.id)).limit(LATEST);
    out.push({
      title: 'Matérias de autoria', note: n > LATEST ? `${n} matérias; as ${LATEST} mais recentes:` : `${n} ${n === 1 ? 'matéria' : 'matérias'}`,
      items: latest.map((m) => ({ text: m.ident ?? `Matéria ${m.id}`, url: `${base}/materias/${m.id}`, detail: [formatDate(m.data as string), short(m.ementa)].filter(Boolean).join(' — ') })),
    });
  }

  const cast = await sv.db.select({ voto: votes.voto, resultado: vottings.resultado, quando: vottings.encerradaEm, sessaoId: plenarySessions.id, abertura: plenarySessions.abertura,
    matterId: matters.id, ident: matters.identificacao })
    .from(votes).innerJoin(vottings, eq(vottings.id, votes.votting_id)).innerJoin(plenaryMatters, eq(plenaryMatters.id, vottings.plenary_matter_id))
    .innerJoin(plenarySessions, eq(plenarySessions.id, vottings.plenary_session_id)).leftJoin(matters, eq(matters.id, plenaryMatters.matter_id))
    .where(and(eq(votes.parliamentary_id, id), eq(votes.company_id, companyId), eq(vottings.status, 'encerrada'), eq(vottings.tipo, 'nominal')))
    .orderBy(desc(vottings.encerradaEm), desc(vottings.id)).limit(LATEST);
  if (cast.length) {
    out.push({
      title: 'Votos em votações nominais', note: cast.length === LATEST ? `Os ${LATEST} mais recentes` : undefined,
      table: {
        head: ['Sessão', 'Matéria', 'Voto', 'Resultado'],
        rows: cast.map((c) => [
          { text: formatDate(c.abertura as string), url: `${base}/sessoes/${c.sessaoId}` },
          c.matterId ? { text: c.ident ?? `Matéria ${c.matterId}`, url: `${base}/materias/${c.matterId}` } : { text: 'Aprovação de ata' },
          { text: labelOf(VOTE_CHOICES, c.voto) },
          { text: c.resultado ? labelOf(OUTCOMES, c.resultado) : '—' },
        ]),
      },
    });
  }
  return out;
}
