/**
 * The ata of a plenary session (issue 13 §2; docs/legislativo.md): written when the session is finalized (index.ts
 * `finalizar` calls `writeAta` in its transaction) and by "Gerar ata", from what Paço recorded — opening and closing,
 * presence per phase with the absences, the matters with each voting (each member's nominal vote, only the totals of
 * a secret ballot), the speakers and their times — as the sections of a draft (rascunho) the staff edits. A later
 * session approves it — by the vote of an item of its pauta (ata-item.ts), or "Registrar aprovação (sem votação)": the
 * approving session and date — and it is published; both are declared record
 * actions with their states and reasons. From approval on the text is final (the definition's `editable`, and a
 * database trigger: migration session_documents_immutable).
 */
import { and, asc, desc, eq, gt, inArray, lte, ne, or, sql } from 'drizzle-orm';
import { ataSections, type AtaFacts, type AtaItem, type AtaSpeaker, type AtaVoting } from '@paco/domain/ata';
import { formatDate, formatTime } from '@paco/domain/format';
import type { Outcome, SpeakerList, VoteChoice, VotingKind, VotingStatus } from '@paco/domain/plenary';
import { plenarySessions as sessionsDomainDef } from '@paco/domain/resources/materias';
import { plenaryMinutes as def } from '@paco/domain/resources/pauta-ata';
import { todayIso } from '@paco/domain/workflow';
import type { Db } from '../../db/client.ts';
import {
  authors, companies, matters, mattersAuthors, parliamentaries, plenaryAbsences, plenaryMatters, plenaryMinutes, plenarySessions, speakers, types, votes, vottings,
} from '../../db/schema.generated.ts';
import { todayInSaoPaulo } from '../../auth/session.ts';
import { defineBehaviour } from '../../engine/behaviour.ts';
import type { ActionContext, Row } from '../../engine/context.ts';
import { audit } from '../../engine/audit.ts';
import { insertRows, updateRows } from '../../engine/rows.ts';
import { scopeOf, update } from '../../engine/records.ts';
import { iso, recordAnswer } from '../../engine/serialize.ts';
import { conflict, HttpError, unprocessable } from '../../http/errors.ts';
import { impededOf, membersOf, presentIn, typeIds } from './state.ts';
import { withSession } from './session.ts';
import { onOpenPauta, refuseWhileVoting } from './ata-item.ts';
import { itemAtaJoin, itemEmenta, itemIdentificacao, itemMatterJoin } from './item-subject.ts';

const names = async (db: Db, ids: number[]): Promise<Map<number, string>> => {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: parliamentaries.id, nome: parliamentaries.nome }).from(parliamentaries).where(inArray(parliamentaries.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.nome]));
};
const typeLabel = async (db: Db, id: number | null | undefined): Promise<string | null> => {
  if (!id) return null;
  const [t] = await db.select({ label: types.label }).from(types).where(eq(types.id, id)).limit(1);
  return t?.label ?? null;
};
const dayOf = (v: unknown): string | null => (v ? todayIso(new Date(String(v instanceof Date ? v.toISOString() : v))) : null);

/** The votings of the session's items, as the ata tells them. */
async function votingsOf(db: Db, session: Row, itemIds: number[], itemLabel: Map<number, string>): Promise<Map<number, AtaVoting[]>> {
  const out = new Map<number, AtaVoting[]>();
  if (!itemIds.length) return out;
  const rows = await db.select().from(vottings).where(inArray(vottings.plenary_matter_id, itemIds)).orderBy(asc(vottings.id));
  const present = { abertura: await presentIn(db, session.id, session.company_id, 'abertura'), ordem_dia: await presentIn(db, session.id, session.company_id, 'ordem_dia') };
  // a block's votes are cast on the block's own voting (decision 0056): every item of the block reads them there
  const votesOf = (v: { id: number; bloco_id: number | null }) => v.bloco_id ?? v.id;
  const blocks = new Map<number, number[]>();
  for (const v of rows) if (v.bloco_id) blocks.set(v.bloco_id, [...(blocks.get(v.bloco_id) ?? []), v.plenary_matter_id]);
  const order = new Map(itemIds.map((id, i) => [id, i]));
  const nominal = [...new Set(rows.filter((v) => v.tipo === 'nominal').map(votesOf))];
  const cast = nominal.length ? await db.select({ votting_id: votes.votting_id, parliamentary_id: votes.parliamentary_id, voto: votes.voto }).from(votes)
    .where(inArray(votes.votting_id, nominal)).orderBy(asc(votes.id)) : [];
  const who = await names(db, [...cast.map((c) => c.parliamentary_id), ...rows.flatMap((v) => impededOf(v)), ...present.abertura, ...present.ordem_dia]);
  const nameOf = (id: number) => who.get(id) ?? `Parlamentar nº ${id}`;
  for (const v of rows) {
    const impeded = new Set(impededOf(v));
    let votos: AtaVoting['votos'] = null;
    let naoVotaram: string[] | null = null;
    if (v.tipo === 'nominal') {
      // the votes that counted: members present in the phase and not impeded (docs/plenary.md)
      const counted = new Set((present[v.fase as 'abertura' | 'ordem_dia'] ?? []).filter((id) => !impeded.has(id)));
      const mine = cast.filter((c) => c.votting_id === votesOf(v) && counted.has(c.parliamentary_id));
      votos = mine.map((c) => ({ nome: nameOf(c.parliamentary_id), voto: c.voto as VoteChoice, presidente: c.parliamentary_id === v.presidente_id }))
        .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
      const voted = new Set(mine.map((c) => c.parliamentary_id));
      naoVotaram = [...counted].filter((id) => !voted.has(id)).map((id) => (id === v.presidente_id ? `${nameOf(id)} (presidente)` : nameOf(id)))
        .sort((a, b) => a.localeCompare(b, 'pt-BR'));
    }
    const list = out.get(v.plenary_matter_id) ?? [];
    list.push({
      tipo: v.tipo as VotingKind, status: v.status as VotingStatus, resultado: (v.resultado ?? null) as Outcome | null, explicacao: v.explicacao ?? null,
      motivo: v.motivo ?? null, novaVotacao: !!v.anterior_id, sim: v.sim ?? 0, nao: v.nao ?? 0, abstencao: v.abstencao ?? 0,
      votos, naoVotaram, impedidos: [...impeded].map(nameOf).sort((a, b) => a.localeCompare(b, 'pt-BR')),
      bloco: v.bloco_id ? blockOf(blocks.get(v.bloco_id) ?? [], v.plenary_matter_id) : null,
    });
    out.set(v.plenary_matter_id, list);
  }
  return out;

  function blockOf(items: number[], item: number): AtaVoting['bloco'] {
    const sorted = [...items].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    return { itens: sorted.map((id) => itemLabel.get(id) ?? `nº ${id}`), primeiro: sorted[0] === item };
  }
}

/** Everything the ata is written from, read in the caller's transaction. */
export async function ataFacts(db: Db, storage: ActionContext['storage'], session: Row): Promise<AtaFacts> {
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, session.company_id)).limit(1);
  const membros = (await membersOf(db, storage, session)).map((m) => ({ id: m.id, nome: m.nome, partido: m.partido }));
  const president = session.presidente_id ? (await names(db, [session.presidente_id])).get(session.presidente_id) ?? null : null;
  const items = await db.select({
    id: plenaryMatters.id, kind: plenaryMatters.kind, numOrdem: plenaryMatters.numOrdem, matter_id: plenaryMatters.matter_id, turno_id: plenaryMatters.turno_id,
    identificacao: itemIdentificacao, ementa: itemEmenta,
  }).from(plenaryMatters).leftJoin(matters, itemMatterJoin).leftJoin(plenaryMinutes, itemAtaJoin)
    .where(eq(plenaryMatters.plenary_session_id, session.id))
    .orderBy(sql`case when ${plenaryMatters.kind} = 'expediente' then 0 else 1 end`, sql`${plenaryMatters.numOrdem} nulls last`, asc(plenaryMatters.id));
  const matterIds = [...new Set(items.map((i) => i.matter_id).filter((v): v is number => v !== null))];
  const authorRows = matterIds.length ? await db.select({ matter_id: mattersAuthors.matter_id, name: authors.name }).from(mattersAuthors)
    .innerJoin(authors, eq(authors.id, mattersAuthors.author_id)).where(inArray(mattersAuthors.matter_id, matterIds)).orderBy(asc(authors.name)) : [];
  const turnos = new Map<number, string>();
  for (const id of new Set(items.map((i) => i.turno_id).filter((x): x is number => !!x))) turnos.set(id, (await typeLabel(db, id)) ?? '');
  // an item as a block names it: its number in its phase and its identification, "2 (REQ 4/2026)"
  const itemLabel = new Map(items.map((i) => [i.id, `${i.numOrdem ?? '?'} (${i.identificacao ?? `Matéria nº ${i.matter_id}`})`]));
  const votings = await votingsOf(db, session, items.map((i) => i.id), itemLabel);
  const lists = await typeIds(db, 'speakers', session.company_id);
  const spoke = await db.select().from(speakers).where(eq(speakers.plenary_session_id, session.id)).orderBy(asc(speakers.ordem), asc(speakers.id));
  const speakerNames = await names(db, spoke.map((s) => s.parliamentary_id));
  const absences = await db.select().from(plenaryAbsences).where(eq(plenaryAbsences.plenary_session_id, session.id)).orderBy(asc(plenaryAbsences.id));
  const started = session.iniciadaEm ? formatTime(iso(session.iniciadaEm)) : null;
  const ended = session.finalizadaEm ? formatTime(iso(session.finalizadaEm)) : null;
  return {
    casa: company?.name ?? 'Câmara Municipal',
    sessao: {
      titulo: session.titulo ?? `Sessão plenária nº ${session.numero}`, numero: session.numero, tipo: await typeLabel(db, session.type_id),
      data: String(session.abertura).slice(0, 10),
      inicio: started || (session.horarioInicio ? String(session.horarioInicio).slice(0, 5) : null),
      fim: ended || (session.horarioFim ? String(session.horarioFim).slice(0, 5) : null),
      dataFim: dayOf(session.finalizadaEm) ?? (session.encerramento ? String(session.encerramento).slice(0, 10) : null),
      presidente: president, linkMidia: session.linkMidia ?? null,
    },
    membros,
    presencas: { abertura: await presentIn(db, session.id, session.company_id, 'abertura'), ordem_dia: await presentIn(db, session.id, session.company_id, 'ordem_dia') },
    ausencias: absences.map((a) => ({ parliamentary_id: a.parliamentary_id, justificada: !!a.justificada, motivo: a.motivo ?? null })),
    itens: items.map((i): AtaItem => ({
      kind: i.kind as AtaItem['kind'], numOrdem: i.numOrdem ?? null, identificacao: i.identificacao ?? `Matéria nº ${i.matter_id}`, ementa: i.ementa ?? null,
      autores: i.matter_id === null ? [] : authorRows.filter((a) => a.matter_id === i.matter_id).map((a) => a.name), turno: i.turno_id ? turnos.get(i.turno_id) || null : null,
      votacoes: votings.get(i.id) ?? [],
    })),
    oradores: spoke.map((s) => ({
      lista: (lists.get(s.type_id) ?? 'expediente') as SpeakerList, ordem: s.ordem ?? null, nome: speakerNames.get(s.parliamentary_id) ?? `Parlamentar nº ${s.parliamentary_id}`,
      falado: Math.round(Number(s.acumuladoMs ?? 0) / 1000), concedido: s.tempoConcedido ?? 0,
      modalidade: (s.modalidade ?? null) as AtaSpeaker['modalidade'],
    })),
  };
}

/** Who writes the ata: the caller's transaction (holding the session's lock), the files, and who acts (none: the seed). */
export interface AtaWriter {
  db: Db;
  storage: ActionContext['storage'];
  req: ActionContext['req'] | null;
  auth: ActionContext['auth'];
  afterCommit?: ActionContext['afterCommit'];
}

/**
 * Writes the session's ata: a new draft, or the generated sections of the draft again (the staff's `observacoes`
 * are kept). Refused once the ata was approved.
 */
export async function writeAta(w: AtaWriter, session: Row): Promise<{ row: Row; created: boolean }> {
  const tx = w.db;
  const facts = await ataFacts(tx, w.storage, session);
  const sections = ataSections(facts);
  const titulo = facts.sessao.titulo.slice(0, 220);
  const who = w.auth?.name ?? 'O sistema';
  const [existing] = await tx.select().from(plenaryMinutes).where(eq(plenaryMinutes.plenary_session_id, session.id)).limit(1);
  if (!existing) {
    const [row] = await insertRows(w, plenaryMinutes, {
      company_id: session.company_id, plenary_session_id: session.id, titulo, data: facts.sessao.data, situacao: 'rascunho', geradaEm: sql`now()`,
      ...sections, observacoes: session.ocorrencias ?? null, dados: facts,
    });
    await audit(tx, w.req, w.auth, 'gera', def, row.id, { titulo }, `${who} gerou a ata da sessão ${facts.sessao.titulo}`);
    return { row: row as Row, created: true };
  }
  if (existing.situacao !== 'rascunho') throw conflict(`A ata desta sessão já foi ${existing.situacao === 'publicada' ? 'publicada' : 'aprovada'}: não pode ser gerada de novo.`);
  await refuseWhileVoting(tx, existing.id);
  const [row] = await updateRows(w, plenaryMinutes, and(eq(plenaryMinutes.id, existing.id), eq(plenaryMinutes.situacao, 'rascunho')), { titulo, data: facts.sessao.data, ...sections, dados: facts, geradaEm: sql`now()` });
  if (!row) throw conflict('A ata foi aprovada enquanto era gerada de novo. Recarregue.');
  await audit(tx, w.req, w.auth, 'gera', def, row.id, { secoes: 'geradas de novo' }, `${who} gerou de novo a ata da sessão ${facts.sessao.titulo}`);
  return { row: row as Row, created: false };
}

/** Sessions after the ata's that already took place (the approving session is one of them), most recent first. */
async function laterSessions(db: Db, ata: Row, limit = 30): Promise<Row[]> {
  const [own] = await db.select().from(plenarySessions).where(eq(plenarySessions.id, ata.plenary_session_id)).limit(1);
  if (!own) return [];
  return db.select({ id: plenarySessions.id, titulo: plenarySessions.titulo, abertura: plenarySessions.abertura }).from(plenarySessions)
    .where(and(
      eq(plenarySessions.company_id, own.company_id), ne(plenarySessions.id, own.id), lte(plenarySessions.abertura, todayInSaoPaulo()),
      or(gt(plenarySessions.abertura, own.abertura), and(eq(plenarySessions.abertura, own.abertura), gt(plenarySessions.id, own.id))),
    ))
    .orderBy(desc(plenarySessions.abertura), desc(plenarySessions.id)).limit(limit) as Promise<Row[]>;
}
const NO_LATER = 'Nenhuma sessão posterior à da ata foi realizada ainda: a ata é aprovada numa sessão seguinte.';

defineBehaviour(sessionsDomainDef, {
  actions: {
    async gerar_ata(ctx) {
      const { row, created } = await withSession(ctx, ctx.id, (tx, s) => writeAta({ ...ctx, db: tx }, s));
      if (created) ctx.reply.status(201);
      return recordAnswer(ctx, def, row, created ? 'Ata gerada como rascunho.' : 'Seções da ata geradas de novo.');
    },
  },
  available: {
    async gerar_ata(row, { db }) {
      const [ata] = await db.select({ situacao: plenaryMinutes.situacao }).from(plenaryMinutes).where(eq(plenaryMinutes.plenary_session_id, row.id)).limit(1);
      return ata && ata.situacao !== 'rascunho' ? `A ata desta sessão já foi ${ata.situacao === 'publicada' ? 'publicada' : 'aprovada'}: não pode ser gerada de novo.` : null;
    },
  },
}, 'plenario');

defineBehaviour(def, {
  actions: {
    async regenerate(ctx) {
      const { row } = await withSession(ctx, ctx.record!.plenary_session_id, (tx, s) => writeAta({ ...ctx, db: tx }, s));
      return recordAnswer(ctx, def, row, 'Seções da ata geradas de novo.');
    },

    async approve(ctx) {
      const ata = ctx.record!;
      const b = ctx.body as { sessao_aprovacao_id: number; aprovadaEm?: string | null };
      const later = await laterSessions(ctx.db, ata, 100_000);
      const approving = later.find((s) => s.id === b.sessao_aprovacao_id);
      if (!approving) {
        throw unprocessable({ sessao_aprovacao_id: [`A ata é aprovada numa sessão posterior à de ${formatDate(String(ata.data))} que já tenha sido realizada (até hoje).`] });
      }
      const aprovadaEm = b.aprovadaEm ?? String(approving.abertura);
      if (aprovadaEm < String(approving.abertura)) throw unprocessable({ aprovadaEm: [`A data da aprovação não pode ser anterior à da sessão em que foi aprovada (${formatDate(String(approving.abertura))}).`] });
      if (aprovadaEm > todayInSaoPaulo()) throw unprocessable({ aprovadaEm: ['A data da aprovação não pode ser futura.'] });
      const row = await update(scopeOf(ctx, ctx.req), def, ata, { situacao: 'aprovada', sessao_aprovacao_id: approving.id, aprovadaEm, aprovada_por_id: ctx.auth!.userId },
        { hooks: false, action: 'aprova', where: eq(plenaryMinutes.situacao, 'rascunho'), auditExtra: { sessao: approving.titulo } });
      return recordAnswer(ctx, def, row, `Ata aprovada na ${approving.titulo}.`);
    },

    async publish(ctx) {
      const row = await update(scopeOf(ctx, ctx.req), def, ctx.record!, { situacao: 'publicada', publicadaEm: new Date().toISOString(), publicada_por_id: ctx.auth!.userId },
        { hooks: false, action: 'publica', where: eq(plenaryMinutes.situacao, 'aprovada') });
      return recordAnswer(ctx, def, row, 'Ata publicada.');
    },

    /** A published ata, for anyone (the portal): only published, only of the company in the path. */
    async public_show(ctx) {
      const session = Number((ctx.req.params as Record<string, string>).session);
      const [row] = ctx.id && Number.isInteger(session) && session > 0 && session <= 2_147_483_647
        ? await ctx.db.select().from(plenaryMinutes)
          .where(and(eq(plenaryMinutes.company_id, ctx.id), eq(plenaryMinutes.plenary_session_id, session), eq(plenaryMinutes.situacao, 'publicada'))).limit(1)
        : [];
      if (!row) throw new HttpError(404, 'Ata publicada não encontrada.');
      const [approving] = row.sessao_aprovacao_id
        ? await ctx.db.select({ titulo: plenarySessions.titulo }).from(plenarySessions).where(eq(plenarySessions.id, row.sessao_aprovacao_id)).limit(1) : [];
      return {
        data: {
          sessao: { id: row.plenary_session_id, titulo: row.titulo, data: row.data }, titulo: `Ata da ${row.titulo}`,
          abertura: row.abertura, presencas: row.presencas, expediente: row.expediente, ordem_dia: row.ordem_dia, oradores: row.oradores,
          encerramento: row.encerramento, observacoes: row.observacoes,
          aprovadaEm: row.aprovadaEm, aprovada_na: approving?.titulo ?? null, publicadaEm: iso(row.publicadaEm),
        },
      };
    },
  },
  available: {
    async approve(row, { db }) {
      const voted = await onOpenPauta(db, row.id);
      if (voted) return voted;
      return (await laterSessions(db, row, 1)).length ? null : NO_LATER;
    },
  },
  prepare: {
    /** the sessions that may have approved it (later, already held), the most recent first and chosen */
    async approve(row, { db }) {
      const later = await laterSessions(db, row);
      const first = later[0];
      return {
        values: first ? { sessao_aprovacao_id: first.id, sessao_aprovacao: { id: first.id, titulo: first.titulo }, aprovadaEm: String(first.abertura) } : {},
        choices: { sessao_aprovacao_id: later.map((s) => ({ value: s.id, label: String(s.titulo) })) },
      };
    },
  },
}, 'plenario');
