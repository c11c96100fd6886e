/**
 * A plenary session's public record (issue 12): the pauta in order with each item's result, who was present in each
 * phase and the justified absences, and each closed voting with its totals and, when nominal, each member's vote.
 * A secret ballot shows its totals only (who voted what is never stored); cancelled and annulled votings and those
 * still open are not results.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { formatDate } from '@paco/domain/format';
import { labelOf, OUTCOMES, VOTE_CHOICES, VOTING_KINDS } from '@paco/domain/plenary';
import { ITEM_SITUATIONS } from '@paco/domain/resources/ciclo';
import { PLENARY_KINDS } from '@paco/domain/resources/materias';
import { matters, parliamentaries, plenaryAbsences, plenaryMatters, plenaryMinutes, presences, types, votes, vottings } from '../../db/schema.generated.ts';
import { short, totals } from './shared.ts';
import type { Related, RelatedLoader } from './types.ts';

export const sessaoRelated: RelatedLoader = async (sv, rec, companyId, base) => {
  const id = rec.id as number;
  const out: Related = [];
  const items = await sv.db.select({
    id: plenaryMatters.id, kind: plenaryMatters.kind, numOrdem: plenaryMatters.numOrdem, situacao: plenaryMatters.situacao,
    matterId: matters.id, ident: matters.identificacao, ementa: matters.ementa, ata: plenaryMinutes.titulo,
  }).from(plenaryMatters).leftJoin(matters, eq(matters.id, plenaryMatters.matter_id)).leftJoin(plenaryMinutes, eq(plenaryMinutes.id, plenaryMatters.plenary_minute_id))
    .where(and(eq(plenaryMatters.plenary_session_id, id), eq(plenaryMatters.company_id, companyId)))
    .orderBy(asc(plenaryMatters.kind), sql`${plenaryMatters.numOrdem} asc nulls last`, asc(plenaryMatters.id));
  const closed = await sv.db.select().from(vottings)
    .where(and(eq(vottings.plenary_session_id, id), eq(vottings.company_id, companyId), eq(vottings.status, 'encerrada'))).orderBy(asc(vottings.encerradaEm), asc(vottings.id));
  const itemName = (it: (typeof items)[number]) => (it.ident ?? (it.ata ? `Ata: ${it.ata}` : `Item ${it.numOrdem ?? ''}`));
  if (items.length) {
    const resultOf = new Map(closed.map((v) => [v.plenary_matter_id, v]));
    out.push({
      title: 'Pauta', note: `${items.length} ${items.length === 1 ? 'item' : 'itens'}`,
      table: {
        head: ['Nº', 'Item', 'Fase', 'Situação', 'Resultado'],
        rows: items.map((it) => {
          const v = resultOf.get(it.id);
          return [
            { text: String(it.numOrdem ?? '—') },
            { text: `${itemName(it)}${it.ementa ? ` — ${short(it.ementa, 160)}` : ''}`, ...(it.matterId ? { url: `${base}/materias/${it.matterId}` } : {}) },
            { text: labelOf(PLENARY_KINDS, it.kind) },
            { text: it.situacao && it.situacao !== 'em_pauta' ? labelOf(ITEM_SITUATIONS, it.situacao) : v ? 'Apreciada' : 'Em pauta' },
            { text: v?.resultado ? labelOf(OUTCOMES, v.resultado) : '—' },
          ];
        }),
      },
    });
  }
  const present = await sv.db.select({ id: parliamentaries.id, nome: parliamentaries.nome, fase: types.label })
    .from(presences).innerJoin(parliamentaries, eq(parliamentaries.id, presences.parliamentary_id)).innerJoin(types, eq(types.id, presences.type_id))
    .where(and(eq(presences.plenary_session_id, id), eq(presences.company_id, companyId))).orderBy(asc(types.id), asc(parliamentaries.nome));
  for (const fase of [...new Set(present.map((p) => p.fase))]) {
    const who = present.filter((p) => p.fase === fase);
    out.push({ title: `Presença — ${fase}`, note: `${who.length} presentes`, items: who.map((p) => ({ text: p.nome, url: `${base}/vereadores/${p.id}` })) });
  }
  const absent = await sv.db.select({ id: parliamentaries.id, nome: parliamentaries.nome, justificada: plenaryAbsences.justificada, motivo: plenaryAbsences.motivo })
    .from(plenaryAbsences).innerJoin(parliamentaries, eq(parliamentaries.id, plenaryAbsences.parliamentary_id))
    .where(and(eq(plenaryAbsences.plenary_session_id, id), eq(plenaryAbsences.company_id, companyId))).orderBy(asc(parliamentaries.nome));
  if (absent.length) {
    out.push({ title: 'Ausências', items: absent.map((a) => ({ text: a.nome, url: `${base}/vereadores/${a.id}`, detail: [a.justificada ? 'justificada' : 'não justificada', a.motivo].filter(Boolean).join(': ') })) });
  }
  const nominal = closed.filter((v) => v.tipo === 'nominal').map((v) => v.id);
  const cast = nominal.length ? await sv.db.select({ votting: votes.votting_id, id: parliamentaries.id, nome: parliamentaries.nome, voto: votes.voto })
    .from(votes).innerJoin(parliamentaries, eq(parliamentaries.id, votes.parliamentary_id))
    .where(and(eq(votes.company_id, companyId), inArray(votes.votting_id, nominal))).orderBy(asc(parliamentaries.nome)) : [];
  const byItem = new Map(items.map((it) => [it.id, it]));
  for (const v of closed) {
    const it = byItem.get(v.plenary_matter_id);
    const title = `Votação: ${it ? itemName(it) : `item ${v.plenary_matter_id}`} (${labelOf(VOTING_KINDS, v.tipo).toLowerCase()})`;
    const note = [v.resultado ? `Resultado: ${labelOf(OUTCOMES, v.resultado)}` : null, v.tipo === 'leitura' ? null : totals(v),
      v.encerradaEm ? `encerrada em ${formatDate(String(v.encerradaEm).slice(0, 10))}` : null].filter(Boolean).join(' · ');
    if (v.tipo === 'nominal') {
      const rows = cast.filter((c) => c.votting === v.id);
      out.push({ title, note, table: { head: ['Vereador', 'Voto'], rows: rows.map((c) => [{ text: c.nome, url: `${base}/vereadores/${c.id}` }, { text: labelOf(VOTE_CHOICES, c.voto) }]) } });
    } else {
      const why = v.tipo === 'secreta' ? 'Votação secreta: só os totais são públicos.' : v.tipo === 'simbolica' ? 'Votação simbólica: sem registro do voto de cada vereador.' : 'Matéria lida em plenário, sem votação.';
      out.push({ title, note: `${note} · ${why}`, items: [] });
    }
  }
  return out;
};
