/**
 * A commission's public record (issue 12): its current composition (the period in force, else the latest), its
 * meetings and the matters it gave a parecer on, the latest first.
 */
import { and, asc, desc, eq, gte, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { labelOf } from '@paco/domain/plenary';
import { formatDate, formatTime } from '@paco/domain/format';
import { PARECERES } from '@paco/domain/resources/proposicao';
import { todayInSaoPaulo } from '../../auth/session.ts';
import { compositionPeriods, compositions, distributions, matters, meetings, parliamentaries, participants, types } from '../../db/schema.generated.ts';

import type { Related, RelatedLoader } from './types.ts';

export const comissaoRelated: RelatedLoader = async (sv, rec, companyId, base) => {
  const id = rec.id as number;
  const today = todayInSaoPaulo();
  const out: Related = [];
  const periods = await sv.db.select({ id: compositions.id, descricao: compositionPeriods.descricao, inicio: compositionPeriods.inicio, fim: compositionPeriods.fim })
    .from(compositions).innerJoin(compositionPeriods, eq(compositionPeriods.id, compositions.composition_period_id))
    .where(and(eq(compositions.comission_id, id), eq(compositions.company_id, companyId))).orderBy(desc(compositionPeriods.inicio));
  const current = periods.find((p) => p.inicio <= today && p.fim >= today) ?? periods.find((p) => p.inicio <= today) ?? periods[0];
  if (current) {
    const members = await sv.db.select({ id: parliamentaries.id, nome: parliamentaries.nome, cargo: types.label, titular: participants.titular, desde: participants.designacao })
      .from(participants).innerJoin(parliamentaries, eq(parliamentaries.id, participants.parliamentary_id)).innerJoin(types, eq(types.id, participants.cargo_id))
      .where(and(eq(participants.composition_id, current.id), eq(participants.company_id, companyId), or(isNull(participants.desligamento), gte(participants.desligamento, today))))
      .orderBy(asc(types.id), asc(parliamentaries.nome));
    if (members.length) {
      out.push({
        title: 'Composição', note: `Período ${current.descricao ?? `${formatDate(current.inicio as string)} a ${formatDate(current.fim as string)}`}`,
        table: {
          head: ['Vereador', 'Cargo', 'Desde'],
          rows: members.map((m) => [{ text: m.nome, url: `${base}/vereadores/${m.id}` }, { text: `${m.cargo}${m.titular ? '' : ' (suplente)'}` }, { text: formatDate(m.desde as string) }]),
        },
      });
    }
  }
  const held = await sv.db.select().from(meetings)
    .where(and(eq(meetings.commission_id, id), eq(meetings.company_id, companyId), lte(meetings.data, today))).orderBy(desc(meetings.data), desc(meetings.id)).limit(20);
  if (held.length) {
    out.push({
      title: 'Reuniões', note: held.length === 20 ? 'As 20 mais recentes' : undefined, items: held.map((m) => ({
        text: m.nome, detail: [formatDate(m.data as string), m.horaInicio ? formatTime(m.horaInicio as string) : null, m.local, m.tema].filter(Boolean).join(' · '),
      })),
    });
  }
  const pareceres = await sv.db.select({ matterId: matters.id, ident: matters.identificacao, parecer: distributions.parecer, data: distributions.parecer_data })
    .from(distributions).innerJoin(matters, eq(matters.id, distributions.matter_id))
    .where(and(eq(distributions.commission_id, id), eq(distributions.company_id, companyId), isNotNull(distributions.parecer))).orderBy(desc(distributions.parecer_data)).limit(30);
  if (pareceres.length) {
    out.push({
      title: 'Pareceres emitidos', note: pareceres.length === 30 ? 'Os 30 mais recentes' : undefined,
      items: pareceres.map((p) => ({ text: p.ident ?? `Matéria ${p.matterId}`, url: `${base}/materias/${p.matterId}`, detail: [labelOf(PARECERES, p.parecer), p.data ? formatDate(p.data as string) : null].filter(Boolean).join(' · ') })),
    });
  }
  return out;
};
