/**
 * The live state of a plenary session (LiveState of packages/domain/src/plenary.ts), section by section, and its
 * publication on the push channels:
 * - `plenario:<session>`: public (the electronic panel); member votes only when shown (setting, or after closing);
 * - `plenario-staff:<session>`: the control room; every nominal vote live;
 * - `plenario-entidade:<company>`: which session is in progress (else today's), for screens that follow it.
 * Sections are read inside the publishing transaction, after the session row is locked, so each event carries the
 * state as of its commit and events of one session are ordered.
 */
import { and, asc, desc, eq, inArray, isNull, lte, gte, or, sql } from 'drizzle-orm';
import {
  countNominal, labelOf, presenceRequired, ruleRequirement, SPEAKER_LISTS, VOTING_KINDS,
  type LiveAgendaItem, type LiveBlockItem, type LiveMember, type LivePanel, type LivePresenceList, type LivePresident, type LiveSession, type LiveSettings, type LiveSpeaker,
  type LiveState, type LiveVoting, type LiveSection, type PanelLayout, type Phase, type PresenceQuorum, type PresidentRule, type QuorumRule, type SpeakerList,
  type VoteChoice, type VotingKind,
} from '@paco/domain/plenary';
import type { Db } from '../../db/client.ts';
import {
  affiliations, ballotMarks, companies, mandates, matters, parliamentaries, parties, plenaryMatters, plenaryPanels, plenarySessions, plenarySettings, presences,
  quorumRules, speakers, types, votes, vottings, plenaryMinutes,
} from '../../db/schema.generated.ts';
import { itemAtaJoin, itemEmenta, itemIdentificacao, itemMatterJoin } from './item-subject.ts';
import type { Services, Row } from '../../engine/context.ts';
import type { FileStorage, StoredFile } from '../../storage/files.ts';
import { todayInSaoPaulo as todayIso } from '../../auth/session.ts';

export type Audience = 'public' | 'staff';
export const channelOf = (audience: Audience, sessionId: number): string => `${audience === 'public' ? 'plenario' : 'plenario-staff'}:${sessionId}`;
export const companyChannel = (companyId: number): string => `plenario-entidade:${companyId}`;

const iso = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : v ? new Date(String(v)).toISOString() : null);
const fileUrl = (storage: FileStorage, f: unknown): string | null => {
  const file = f as StoredFile | null;
  return file?.key ? storage.url(file) : null;
};

export const DEFAULT_SETTINGS = {
  votos_ao_vivo: true, presidente_regra: 'desempate' as PresidentRule, tempo_expediente: 300, tempo_ordem_dia: 600, tempo_explicacoes_pessoais: 300, total_membros: null as number | null,
  tempo_aparte: 120, tempo_questao_ordem: 180, tempo_lideranca: 300,
};
export type Settings = typeof DEFAULT_SETTINGS;

export async function settingsOf(db: Db, companyId: number): Promise<Settings & { id?: number }> {
  const [row] = await db.select().from(plenarySettings).where(eq(plenarySettings.company_id, companyId)).limit(1);
  if (!row) return { ...DEFAULT_SETTINGS };
  return {
    id: row.id,
    votos_ao_vivo: row.votos_ao_vivo ?? DEFAULT_SETTINGS.votos_ao_vivo,
    presidente_regra: (row.presidente_regra ?? DEFAULT_SETTINGS.presidente_regra) as PresidentRule,
    tempo_expediente: row.tempo_expediente ?? DEFAULT_SETTINGS.tempo_expediente,
    tempo_ordem_dia: row.tempo_ordem_dia ?? DEFAULT_SETTINGS.tempo_ordem_dia,
    tempo_explicacoes_pessoais: row.tempo_explicacoes_pessoais ?? DEFAULT_SETTINGS.tempo_explicacoes_pessoais,
    total_membros: row.total_membros ?? null,
    tempo_aparte: row.tempo_aparte ?? DEFAULT_SETTINGS.tempo_aparte,
    tempo_questao_ordem: row.tempo_questao_ordem ?? DEFAULT_SETTINGS.tempo_questao_ordem,
    tempo_lideranca: row.tempo_lideranca ?? DEFAULT_SETTINGS.tempo_lideranca,
  };
}

export const allottedOf = (s: Settings, list: SpeakerList): number =>
  list === 'expediente' ? s.tempo_expediente : list === 'ordem_dia' ? s.tempo_ordem_dia : s.tempo_explicacoes_pessoais;

const liveSettings = (s: Settings): LiveSettings => ({
  votos_ao_vivo: s.votos_ao_vivo,
  presidente_regra: s.presidente_regra,
  tempos: {
    expediente: s.tempo_expediente, ordem_dia: s.tempo_ordem_dia, explicacoes_pessoais: s.tempo_explicacoes_pessoais,
    aparte: s.tempo_aparte, questao_ordem: s.tempo_questao_ordem, lideranca: s.tempo_lideranca,
  },
});

/** Type ids by slug of a category, visible to the company (national rows and the company's own). */
export async function typeIds(db: Db, category: string, companyId: number): Promise<Map<number, string>> {
  const rows = await db.select({ id: types.id, slug: types.slug }).from(types)
    .where(and(eq(types.type, category), or(isNull(types.company_id), eq(types.company_id, companyId))));
  return new Map(rows.map((r) => [r.id, String(r.slug)]));
}
export async function typeIdOf(db: Db, category: string, slug: string, companyId: number): Promise<number | null> {
  const [own] = await db.select({ id: types.id }).from(types)
    .where(and(eq(types.type, category), eq(types.slug, slug), or(isNull(types.company_id), eq(types.company_id, companyId))))
    .orderBy(sql`${types.company_id} nulls last`).limit(1);
  return own?.id ?? null;
}

/** The house's members for a session: mandates in its legislature, else the active parliamentarians. */
export async function membersOf(db: Db, storage: FileStorage, session: Row): Promise<LiveMember[]> {
  const base = { id: parliamentaries.id, nome: parliamentaries.nome, foto: parliamentaries.photo_parliamentary };
  let rows: { id: number; nome: string; foto: unknown }[] = [];
  if (session.legislature_id) {
    rows = await db.selectDistinct(base).from(parliamentaries)
      .innerJoin(mandates, eq(mandates.parliamentary_id, parliamentaries.id))
      .where(and(eq(mandates.legislature_id, session.legislature_id), eq(parliamentaries.company_id, session.company_id)))
      .orderBy(asc(parliamentaries.nome));
  }
  if (!rows.length) {
    rows = await db.select(base).from(parliamentaries)
      .where(and(eq(parliamentaries.company_id, session.company_id), eq(parliamentaries.ativo, true))).orderBy(asc(parliamentaries.nome)).limit(500);
  }
  const ids = rows.map((r) => r.id);
  const d = todayIso();
  const party = new Map<number, string>();
  if (ids.length) {
    const aff = await db.select({ pid: affiliations.parliamentary_id, sigla: parties.abbreviations }).from(affiliations)
      .innerJoin(parties, eq(parties.id, affiliations.party_id))
      .where(and(inArray(affiliations.parliamentary_id, ids), lte(affiliations.inicio, d), or(isNull(affiliations.fim), gte(affiliations.fim, d))))
      .orderBy(asc(affiliations.inicio));
    for (const a of aff) party.set(a.pid, a.sigla);
  }
  return rows.map((r) => ({ id: r.id, nome: r.nome, partido: party.get(r.id) ?? null, foto: fileUrl(storage, r.foto), presidente: r.id === session.presidente_id }));
}

export async function totalOf(db: Db, storage: FileStorage, session: Row, settings: Settings, members?: LiveMember[]): Promise<number> {
  return settings.total_membros ?? (members ?? (await membersOf(db, storage, session))).length;
}

/** A quorum rule of the company (quorum_rules), as the rule of a matter is picked from them. */
export interface RuleRow { type_id: number; turno_id: number | null; regra: string; quorum_presenca: string | null; obs: string | null }
export interface PickedRule { regra: QuorumRule; quorum_presenca: PresenceQuorum; fundamento: string | null }

/**
 * The quorum rule of a matter type and turno among the company's rules, with its presence quorum: the rule for the
 * turno, else the type's rule for any turno, else maioria simples with the presence of an absolute majority.
 */
export function pickRule(rows: readonly RuleRow[], typeId: number | null, turnoId: number | null): PickedRule {
  const mine = rows.filter((x) => x.type_id === typeId);
  const r = (turnoId ? mine.find((x) => x.turno_id === turnoId) : undefined) ?? mine.find((x) => x.turno_id === null);
  return r
    ? { regra: r.regra as QuorumRule, quorum_presenca: (r.quorum_presenca ?? 'maioria_absoluta') as PresenceQuorum, fundamento: r.obs ?? null }
    : { regra: 'maioria_simples', quorum_presenca: 'maioria_absoluta', fundamento: null };
}

/** The company's quorum rules (of one matter type, when given). */
export function rulesOf(db: Db, companyId: number, typeId?: number): Promise<RuleRow[]> {
  return db.select({ type_id: quorumRules.type_id, turno_id: quorumRules.turno_id, regra: quorumRules.regra, quorum_presenca: quorumRules.quorum_presenca, obs: quorumRules.obs })
    .from(quorumRules).where(and(eq(quorumRules.company_id, companyId), ...(typeId ? [eq(quorumRules.type_id, typeId)] : [])));
}

/** The quorum rule of a matter type and turno (`pickRule` among the company's rules of that type). */
export async function ruleOf(db: Db, companyId: number, typeId: number | null, turnoId: number | null): Promise<PickedRule> {
  return pickRule(typeId ? await rulesOf(db, companyId, typeId) : [], typeId, turnoId);
}

function sessionSection(row: Row, tipo: string | null): LiveSession {
  return {
    id: row.id, company_id: row.company_id, titulo: row.titulo ?? `Sessão plenária nº ${row.numero}`, numero: row.numero, tipo,
    abertura: String(row.abertura), horarioInicio: row.horarioInicio ?? null,
    iniciada: !!row.iniciada, finalizada: !!row.finalizada, iniciadaEm: iso(row.iniciadaEm), finalizadaEm: iso(row.finalizadaEm),
    linkMidia: row.linkMidia ?? null, presidente_id: row.presidente_id ?? null,
  };
}

/** Parliamentary ids present in a phase. */
export async function presentIn(db: Db, sessionId: number, companyId: number, phase: Phase): Promise<number[]> {
  const rows = await db.select({ pid: presences.parliamentary_id }).from(presences)
    .innerJoin(types, eq(types.id, presences.type_id))
    .where(and(eq(presences.plenary_session_id, sessionId), eq(presences.company_id, companyId), eq(types.slug, phase)))
    .orderBy(asc(presences.id));
  return rows.map((r) => r.pid);
}

async function presenceSection(db: Db, session: Row): Promise<Record<Phase, LivePresenceList>> {
  // one query at a time: `db` is often a transaction (one connection)
  const a = await presentIn(db, session.id, session.company_id, 'abertura');
  const o = await presentIn(db, session.id, session.company_id, 'ordem_dia');
  return {
    abertura: { status: (session.lista_abertura ?? 'fechada') as LivePresenceList['status'], presentes: a },
    ordem_dia: { status: (session.lista_ordem_dia ?? 'fechada') as LivePresenceList['status'], presentes: o },
  };
}

async function agendaSection(db: Db, session: Row): Promise<LiveAgendaItem[]> {
  const votation = await typeIds(db, 'votation', session.company_id);
  const turno = await typeIds(db, 'turno', session.company_id);
  const turnoLabels = new Map<number, string>();
  if (turno.size) {
    for (const t of await db.select({ id: types.id, label: types.label }).from(types).where(inArray(types.id, [...turno.keys()]))) turnoLabels.set(t.id, t.label);
  }
  const rows = await db.select({
    id: plenaryMatters.id, kind: plenaryMatters.kind, numOrdem: plenaryMatters.numOrdem, matter_id: plenaryMatters.matter_id,
    tipo_votacao_id: plenaryMatters.tipo_votacao_id, turno_id: plenaryMatters.turno_id, polemica: plenaryMatters.polemica,
    situacao: plenaryMatters.situacao, situacao_obs: plenaryMatters.situacao_obs, urgente: plenaryMatters.urgente,
    plenary_minute_id: plenaryMatters.plenary_minute_id, identificacao: itemIdentificacao, ementa: itemEmenta,
  }).from(plenaryMatters).leftJoin(matters, itemMatterJoin).leftJoin(plenaryMinutes, itemAtaJoin)
    .where(eq(plenaryMatters.plenary_session_id, session.id))
    .orderBy(sql`case when ${plenaryMatters.kind} = 'expediente' then 0 else 1 end`, asc(plenaryMatters.numOrdem), asc(plenaryMatters.id));
  const results = new Map<number, string>();
  const annulled = new Map<number, string>();
  const blocks = new Map<number, number>();
  if (rows.length) {
    // the last proclaimed result of each matter; else, when a result was annulled (and not voted again), why
    const last = await db.execute(sql`select distinct on (plenary_matter_id) plenary_matter_id, resultado, bloco_id from ${vottings}
      where plenary_session_id = ${session.id} and status = 'encerrada' order by plenary_matter_id, id desc`);
    for (const r of (last as unknown as { rows: { plenary_matter_id: number; resultado: string; bloco_id: number | null }[] }).rows) {
      results.set(Number(r.plenary_matter_id), r.resultado);
      if (r.bloco_id) blocks.set(Number(r.plenary_matter_id), Number(r.bloco_id));
    }
    const gone = await db.execute(sql`select distinct on (plenary_matter_id) plenary_matter_id, motivo from ${vottings}
      where plenary_session_id = ${session.id} and status = 'cancelada' and resultado is not null order by plenary_matter_id, id desc`);
    for (const r of (gone as unknown as { rows: { plenary_matter_id: number; motivo: string | null }[] }).rows) annulled.set(Number(r.plenary_matter_id), r.motivo ?? 'sem motivo informado');
  }
  return rows.map((r) => ({
    id: r.id, kind: r.kind as LiveAgendaItem['kind'], numOrdem: r.numOrdem ?? null, matter_id: r.matter_id, plenary_minute_id: r.plenary_minute_id,
    identificacao: r.identificacao ?? `Matéria #${r.matter_id}`, ementa: r.ementa ?? null,
    tipo_votacao: (votation.get(r.tipo_votacao_id) ?? null) as VotingKind | null,
    turno: r.turno_id ? (turnoLabels.get(r.turno_id) ?? null) : null,
    polemica: !!r.polemica,
    resultado: (results.get(r.id) ?? null) as LiveAgendaItem['resultado'],
    anulacao: results.has(r.id) ? null : (annulled.get(r.id) ?? null),
    situacao: (r.situacao ?? 'em_pauta') as LiveAgendaItem['situacao'],
    situacao_obs: r.situacao_obs ?? null,
    urgente: !!r.urgente,
    em_bloco: blocks.get(r.id) ?? null,
  }));
}

async function speakersSection(db: Db, session: Row): Promise<LiveSpeaker[]> {
  const lists = await typeIds(db, 'speakers', session.company_id);
  const rows = await db.select().from(speakers).where(eq(speakers.plenary_session_id, session.id)).orderBy(asc(speakers.ordem), asc(speakers.id));
  const order = (l: string) => SPEAKER_LISTS.findIndex((x) => x.value === l);
  return rows
    .map((r) => ({
      id: r.id, lista: (lists.get(r.type_id) ?? 'expediente') as SpeakerList, ordem: r.ordem ?? null, parliamentary_id: r.parliamentary_id,
      modalidade: (r.modalidade ?? 'lista') as LiveSpeaker['modalidade'], aparte_de: r.aparte_de ?? null, retoma_id: r.retoma_id ?? null,
      status: (r.status ?? 'aguardando') as LiveSpeaker['status'], iniciado_em: iso(r.iniciadoEm), acumulado_ms: Number(r.acumuladoMs ?? 0),
      tempo_concedido: r.tempoConcedido ?? 0,
    }))
    .sort((a, b) => order(a.lista) - order(b.lista));
}

/**
 * The open voting of the session, else the last one that ended (closed, cancelled or annulled: the panel shows why
 * a voting went away instead of jumping back to an older result).
 */
export async function currentVoting(db: Db, sessionId: number): Promise<Row | null> {
  // a block is shown by its own voting, never by one of its items' (decision 0056)
  const shown = or(isNull(vottings.bloco_id), eq(vottings.bloco_id, vottings.id));
  const [open] = await db.select().from(vottings).where(and(eq(vottings.plenary_session_id, sessionId), eq(vottings.status, 'aberta'), shown)).limit(1);
  if (open) return open;
  const [last] = await db.select().from(vottings).where(and(eq(vottings.plenary_session_id, sessionId), shown))
    .orderBy(desc(vottings.updated_at), desc(vottings.id)).limit(1);
  return last ?? null;
}

export const impededOf = (v: Row): number[] => (Array.isArray(v.impedidos) ? (v.impedidos as unknown[]).filter((x): x is number => typeof x === 'number') : []);
export const presenceOf = (v: Row): PresenceQuorum => (v.quorum_presenca ?? 'maioria_absoluta') as PresenceQuorum;

/** Votes of a nominal voting by members present in the phase (`present`, read when not given) and not impeded. */
export async function nominalVotes(db: Db, v: Row, present?: number[]): Promise<{ parliamentary_id: number; voto: VoteChoice }[]> {
  const counted = new Set(present ?? (await presentIn(db, v.plenary_session_id, v.company_id, v.fase as Phase)));
  for (const id of impededOf(v)) counted.delete(id);
  const rows = await db.select({ parliamentary_id: votes.parliamentary_id, voto: votes.voto }).from(votes).where(eq(votes.votting_id, v.id)).orderBy(asc(votes.id));
  return rows.filter((r) => counted.has(r.parliamentary_id)).map((r) => ({ parliamentary_id: r.parliamentary_id, voto: r.voto as VoteChoice }));
}

/** Members who cast a secret ballot (never what they chose: only that they voted). */
export async function secretVoters(db: Db, votingId: number): Promise<number[]> {
  const rows = await db.select({ pid: ballotMarks.parliamentary_id }).from(ballotMarks).where(eq(ballotMarks.votting_id, votingId)).orderBy(asc(ballotMarks.parliamentary_id));
  return rows.map((r) => r.pid);
}

/**
 * What the public may see of a voting: each member's nominal vote (and the presiding officer's, and the live counts,
 * which next to the "votou" marks would tell each vote) only once closed or when the house shows votes live.
 */
export const publicVoting = (v: LiveVoting, settings: Settings): LiveVoting => {
  if (v.tipo !== 'nominal' || v.status !== 'aberta' || settings.votos_ao_vivo) return v;
  return {
    ...v,
    votes: null,
    tally: { ...v.tally, sim: null, nao: null, abstencao: null },
    presidente: v.presidente && { ...v.presidente, voto: null, computado: null },
  };
};

/** The items of a block voting (decision 0056), in the pauta's order. */
export async function blockItems(db: Db, blocoId: number): Promise<LiveBlockItem[]> {
  const rows = await db.select({ plenary_matter_id: plenaryMatters.id, numOrdem: plenaryMatters.numOrdem, identificacao: itemIdentificacao, ementa: itemEmenta })
    .from(vottings).innerJoin(plenaryMatters, eq(plenaryMatters.id, vottings.plenary_matter_id))
    .leftJoin(matters, itemMatterJoin).leftJoin(plenaryMinutes, itemAtaJoin)
    .where(eq(vottings.bloco_id, blocoId)).orderBy(sql`${plenaryMatters.numOrdem} nulls last`, asc(plenaryMatters.id));
  return rows.map((r) => ({ ...r, numOrdem: r.numOrdem ?? null, identificacao: r.identificacao ?? `Matéria #${r.plenary_matter_id}`, ementa: r.ementa ?? null }));
}

/** The voting on screen as the staff sees it (every nominal vote); `publicVoting` hides what the public may not see. */
export async function votingSection(db: Db, storage: FileStorage, session: Row, settings: Settings, audience: Audience, v?: Row | null): Promise<LiveVoting | null> {
  const voting = v === undefined ? await currentVoting(db, session.id) : v;
  if (!voting) return null;
  const [pm] = await db.select({ identificacao: itemIdentificacao, ementa: itemEmenta }).from(plenaryMatters)
    .leftJoin(matters, itemMatterJoin).leftJoin(plenaryMinutes, itemAtaJoin).where(eq(plenaryMatters.id, voting.plenary_matter_id)).limit(1);
  const open = voting.status === 'aberta';
  const tipo = voting.tipo as VotingKind;
  const regra = voting.regra as QuorumRule;
  const presence = presenceOf(voting);
  const presidentRule = voting.presidente_regra as PresidentRule;
  const present = open ? await presentIn(db, session.id, session.company_id, voting.fase as Phase) : undefined;
  const presentes = present?.length ?? voting.presentes ?? 0;
  const total = voting.total ?? (await totalOf(db, storage, session, settings));
  const stored = { sim: voting.sim ?? 0, nao: voting.nao ?? 0, abstencao: voting.abstencao ?? 0 };
  let tally: LiveVoting['tally'];
  let presidente: LivePresident | null = null;
  let votantes: number[] | null = null;
  let list: { parliamentary_id: number; voto: VoteChoice }[] | null = null;
  if (tipo === 'nominal') {
    list = await nominalVotes(db, voting, present);
    votantes = list.map((x) => x.parliamentary_id);
    if (open) {
      // the same count as the closing's (issue 16 item 1): the presiding officer's vote only when the rule counts it
      const c = countNominal({ rule: regra, presence, total, present: present!, impeded: impededOf(voting), votes: list, presidentId: voting.presidente_id ?? null, presidentRule });
      tally = { ...c.result.counted, presentes, total, votaram: c.votaram };
      if (c.president) presidente = { id: c.president.id, regra: presidentRule, votou: c.president.voto !== null, voto: c.president.voto, computado: c.president.voto === null ? false : c.president.counted };
    } else {
      tally = { ...stored, presentes, total, votaram: list.length };
      if (voting.presidente_id) {
        const voto = (voting.voto_presidente ?? null) as VoteChoice | null;
        presidente = { id: voting.presidente_id, regra: presidentRule, votou: voto !== null, voto, computado: voto === null ? false : !!voting.presidente_computado };
      }
    }
  } else if (tipo === 'secreta') {
    // only totals exist, and only once closed; while open, who voted (never what)
    votantes = await secretVoters(db, voting.id);
    tally = open || (voting.status === 'cancelada' && !voting.resultado)
      ? { sim: null, nao: null, abstencao: null, presentes, total, votaram: votantes.length }
      : { ...stored, presentes, total, votaram: votantes.length };
  } else if (tipo === 'simbolica') {
    // the Mesa records the counts when closing: nothing to show before
    tally = open || !voting.resultado ? { sim: null, nao: null, abstencao: null, presentes, total, votaram: 0 } : { ...stored, presentes, total, votaram: stored.sim + stored.nao + stored.abstencao };
    if (!open && voting.presidente_id && voting.voto_presidente) {
      presidente = { id: voting.presidente_id, regra: presidentRule, votou: true, voto: voting.voto_presidente as VoteChoice, computado: !!voting.presidente_computado };
    }
  } else {
    tally = { ...stored, presentes, total, votaram: 0 };
  }
  const bloco = voting.bloco_id ? await blockItems(db, voting.bloco_id) : null;
  const staff: LiveVoting = {
    id: voting.id, plenary_matter_id: voting.plenary_matter_id,
    identificacao: pm?.identificacao ?? labelOf(VOTING_KINDS, tipo), ementa: pm?.ementa ?? null,
    tipo, fase: voting.fase as Phase, status: voting.status, regra, quorum_presenca: presence,
    requisito: ruleRequirement(regra, total, presence, true),
    aberta_em: iso(voting.abertaEm) ?? new Date().toISOString(), encerrada_em: iso(voting.encerradaEm),
    tally, quorum_exigido: presenceRequired(presence, total),
    presidente, votantes,
    votes: list,
    impedidos: impededOf(voting),
    resultado: voting.resultado ?? null, explicacao: voting.explicacao ?? null,
    motivo: voting.motivo ?? null, anterior_id: voting.anterior_id ?? null, anulada: voting.status === 'cancelada' && !!voting.resultado,
    bloco,
  };
  return audience === 'staff' ? staff : publicVoting(staff, settings);
}

export const DEFAULT_PANEL: LivePanel = { layout: 'completo', mensagem: null };

export async function panelSection(db: Db, sessionId: number): Promise<LivePanel> {
  const [row] = await db.select({ layout: plenaryPanels.layout, mensagem: plenaryPanels.mensagem }).from(plenaryPanels).where(eq(plenaryPanels.plenary_session_id, sessionId)).limit(1);
  return row ? { layout: row.layout as PanelLayout, mensagem: row.mensagem ?? null } : { ...DEFAULT_PANEL };
}

async function companyOf(db: Db, storage: FileStorage, companyId: number): Promise<LiveState['company']> {
  const [c] = await db.select({ id: companies.id, nome: companies.name, brasao: companies.brasao }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return { id: companyId, nome: c?.nome ?? 'Câmara Municipal', brasao: fileUrl(storage, c?.brasao) };
}

async function sessionRow(db: Db, id: number): Promise<Row | null> {
  const [row] = await db.select().from(plenarySessions).where(eq(plenarySessions.id, id)).limit(1);
  return (row as Row) ?? null;
}

async function sessionType(db: Db, row: Row): Promise<string | null> {
  if (!row.type_id) return null;
  const [t] = await db.select({ label: types.label }).from(types).where(eq(types.id, row.type_id)).limit(1);
  return t?.label ?? null;
}

/** One section of the state. */
export async function section(db: Db, storage: FileStorage, session: Row, name: LiveSection, audience: Audience, settings?: Settings): Promise<unknown> {
  const s = settings ?? (await settingsOf(db, session.company_id));
  switch (name) {
    case 'session': return sessionSection(session, await sessionType(db, session));
    case 'members': return membersOf(db, storage, session);
    case 'total_membros': return totalOf(db, storage, session, s);
    case 'presence': return presenceSection(db, session);
    case 'agenda': return agendaSection(db, session);
    case 'speakers': return speakersSection(db, session);
    case 'voting': return votingSection(db, storage, session, s, audience);
    case 'settings': return liveSettings(s);
    case 'painel': return panelSection(db, session.id);
  }
}

export async function buildState(db: Db, storage: FileStorage, sessionId: number, audience: Audience): Promise<LiveState | null> {
  const session = await sessionRow(db, sessionId);
  if (!session) return null;
  const settings = await settingsOf(db, session.company_id);
  const members = await membersOf(db, storage, session);
  return {
    company: await companyOf(db, storage, session.company_id),
    session: sessionSection(session, await sessionType(db, session)),
    members,
    total_membros: settings.total_membros ?? members.length,
    presence: await presenceSection(db, session),
    agenda: await agendaSection(db, session),
    speakers: await speakersSection(db, session),
    voting: await votingSection(db, storage, session, settings, audience),
    settings: liveSettings(settings),
    painel: await panelSection(db, session.id),
  };
}

/** The session a company's screens follow: the one in progress, else today's first, else null. */
export async function followedSession(db: Db, companyId: number): Promise<Row | null> {
  const [active] = await db.select().from(plenarySessions)
    .where(and(eq(plenarySessions.company_id, companyId), eq(plenarySessions.iniciada, true), eq(plenarySessions.finalizada, false)))
    .orderBy(desc(plenarySessions.iniciadaEm)).limit(1);
  if (active) return active;
  const [today] = await db.select().from(plenarySessions)
    .where(and(eq(plenarySessions.company_id, companyId), eq(plenarySessions.abertura, todayIso())))
    .orderBy(asc(plenarySessions.finalizada), asc(plenarySessions.horarioInicio), asc(plenarySessions.id)).limit(1);
  return today ?? null;
}

const followedSection = (row: Row | null) => (row ? { id: row.id, titulo: row.titulo ?? `Sessão plenária nº ${row.numero}`, iniciada: !!row.iniciada, finalizada: !!row.finalizada } : null);

export async function companyState(db: Db, storage: FileStorage, companyId: number): Promise<{ company: LiveState['company']; session: ReturnType<typeof followedSection> } | null> {
  const [c] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!c) return null;
  return { company: await companyOf(db, storage, companyId), session: followedSection(await followedSession(db, companyId)) };
}

/** Registers the snapshot providers of the three channels. */
export function provideSnapshots(services: Services): void {
  const { realtime, storage, db } = services;
  realtime.provide('plenario', async (ch) => buildState(db, storage, Number(ch.split(':')[1]), 'public'));
  realtime.provide('plenario-staff', async (ch) => buildState(db, storage, Number(ch.split(':')[1]), 'staff'));
  realtime.provide('plenario-entidade', async (ch) => companyState(db, storage, Number(ch.split(':')[1])));
}

/** Advisory lock class of a session's publications (second key: the session id). */
const PUBLISH_LOCK = 16_016;

/**
 * Publishes sections of a session's state on its public and staff channels, inside the transaction `db`. Takes the
 * session's publication lock first (held until commit): transactions that don't hold the session's row lock (votes,
 * issue 16 item 8) publish one after the other, and each reads the sections only after the previous one committed,
 * so every event carries everything committed before it and versions follow commit order. `company` also
 * announces the followed session.
 */
export async function publish(db: Db, services: Services | undefined, sessionId: number, sections: LiveSection[], opts: { company?: boolean } = {}): Promise<void> {
  if (!services) return;
  await db.execute(sql`select pg_advisory_xact_lock(${PUBLISH_LOCK}, ${sessionId})`);
  const session = await sessionRow(db, sessionId);
  if (!session) return;
  const settings = await settingsOf(db, session.company_id);
  for (const name of new Set(sections)) {
    if (name === 'voting') {
      // read once; the public channel gets the same voting without what it may not see
      const staff = await votingSection(db, services.storage, session, settings, 'staff');
      await services.realtime.publish(channelOf('public', sessionId), name, staff && publicVoting(staff, settings), db);
      await services.realtime.publish(channelOf('staff', sessionId), name, staff, db);
    } else {
      const data = await section(db, services.storage, session, name, 'public', settings);
      await services.realtime.publish(channelOf('public', sessionId), name, data, db);
      await services.realtime.publish(channelOf('staff', sessionId), name, data, db);
    }
  }
  if (opts.company) {
    await services.realtime.publish(companyChannel(session.company_id), 'session', followedSection(await followedSession(db, session.company_id)), db);
  }
}
