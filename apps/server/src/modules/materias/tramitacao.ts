/**
 * Tramitação (issue 11; docs/workflows/tramitacao.md; decision 0026): a matter's steps, each with its date, origin,
 * destination, status, deadline and action text.
 * - The flow (`tramitation_flows`, Configurações › Fluxo de tramitação): the statuses that may follow each status and
 *   those that end the tramitação. A status the company has not configured lets any status follow it, and ends the
 *   tramitação when it is one of the national final ones (DEFAULT_FINAL): data made before the flows keeps working.
 * - Every write of a step (the matter's "Tramitar", the sub-list's edit, the spec's `tramitations` calls) goes through
 *   the hooks below: dates in order, the origin is the previous step's destination, the status allowed after the
 *   previous one (and, on a change, the next step's allowed after it), the deadline in business days; then the matter's
 *   current state is copied from its latest step (status, unit, commission, deadline, em tramitação).
 * - "Tramitar" (a declared record action of the matter) prepares its dialog the same way: the origin, today, only the
 *   statuses allowed now; and is unavailable, with the reason, once nothing may follow the current status.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { orList } from '@paco/domain/fields';
import { formatDate } from '@paco/domain/format';
import { matters as mattersDef, tramitationFlows as flowsDef, tramitations as stepsDef } from '@paco/domain/resources/materias';
import type { ActionChoice } from '@paco/domain/workflow';
import { todayInSaoPaulo } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { commissions, matters, tramitationFlows, tramitations, tramitationUnities, types } from '../../db/schema.generated.ts';
import { defineBehaviour } from '../../engine/behaviour.ts';
import type { ResourceHooks, Row } from '../../engine/context.ts';
import { findOne, gather } from '../../engine/query.ts';
import { gathering, shaped } from '../../engine/statements.ts';
import { anyOf } from '../../engine/tables.ts';
import { attach, create, scopeOf } from '../../engine/records.ts';
import { updateRows, type ServerWrite } from '../../engine/rows.ts';
import { recordAnswer } from '../../engine/serialize.ts';
import { unprocessable } from '../../http/errors.ts';
import { applyDeadline, computesDeadline, warmCalendar } from './deadline.ts';
import { dropDistribution, openDistribution } from './comissoes.ts';
import { enqueueFollowers } from './acompanhamento.ts';
import { attachedNow } from './anexadas.ts';

/** Statuses that end the tramitação while the company has not configured them (of the seeded national ones). */
export const DEFAULT_FINAL: ReadonlySet<string> = new Set(['arquivada', 'retirada', 'sancionada', 'rejeitada', 'transformada_norma']);

interface Status { id: number; slug: string; label: string }
interface Flow { fim: boolean; proximos: string[] }
interface Step { id: number; data: string; status_id: number; origem_id: number | null; destino_id: number | null; commission_id: number | null; fimPrazo: string | null }

const stepColumns = {
  id: tramitations.id, data: tramitations.data, status_id: tramitations.status_id, origem_id: tramitations.origem_id,
  destino_id: tramitations.destino_id, commission_id: tramitations.commission_id, fimPrazo: tramitations.fimPrazo,
};
const quoted = (s: Status | null): string => `“${s?.label ?? 'status anterior'}”`;

async function statusOf(db: Db, id: unknown): Promise<Status | null> {
  if (typeof id !== 'number') return null;
  const [row] = await db.select({ id: types.id, slug: types.slug, label: types.label }).from(types).where(eq(types.id, id)).limit(1);
  return row ?? null;
}

/** The company's flow of a status, or null when it has not configured it. */
async function flowOf(db: Db, companyId: number, statusId: number): Promise<Flow | null> {
  const [row] = await db.select({ fim: tramitationFlows.fim, proximos: tramitationFlows.proximos }).from(tramitationFlows)
    .where(and(eq(tramitationFlows.company_id, companyId), eq(tramitationFlows.status_id, statusId))).limit(1);
  if (!row) return null;
  return { fim: !!row.fim, proximos: Array.isArray(row.proximos) ? (row.proximos as string[]) : [] };
}

/** Whether a step with this status takes the matter out of tramitação. */
async function ends(db: Db, companyId: number, status: Status): Promise<boolean> {
  const flow = await flowOf(db, companyId, status.id);
  return flow ? flow.fim : DEFAULT_FINAL.has(status.slug);
}

/** The statuses of these slugs the company may use (its own and the national ones), in the order of the slugs. */
async function statusesOf(db: Db, companyId: number, slugs: readonly string[]): Promise<Status[]> {
  if (!slugs.length) return [];
  const rows = await shaped<Status[]>(db, 'tramitacao:statuses', () => db.select({ id: types.id, slug: types.slug, label: types.label }).from(types)
    .where(and(eq(types.type, 'tramitation_status'), anyOf(types.slug, 'slugs'), or(isNull(types.company_id), eq(types.company_id, sql.placeholder('company')))))
    .orderBy(asc(types.id))).execute({ slugs: [...slugs], company: companyId });
  return slugs.flatMap((slug) => rows.filter((r) => r.slug === slug));
}

/** Why `nextId` may not follow `prevId` in the company's flow (pt-BR, naming the statuses allowed), or null. */
export async function flowProblem(db: Db, companyId: number, prevId: number, nextId: number): Promise<string | null> {
  const flow = await flowOf(db, companyId, prevId);
  if (!flow) return null;
  const next = await statusOf(db, nextId);
  if (next && flow.proximos.includes(next.slug)) return null;
  const prev = await statusOf(db, prevId);
  if (!flow.proximos.length) return `${quoted(prev)} encerra a tramitação: nenhum status pode vir depois dele (Configurações › Fluxo de tramitação).`;
  const allowed = (await statusesOf(db, companyId, flow.proximos)).map((s) => `“${s.label}”`);
  return `Depois de ${quoted(prev)}, o status pode ser: ${orList([...new Set(allowed)])}.`;
}

/** The matter's latest step (by date, then id). */
async function latestStep(db: Db, matterId: number): Promise<Step | null> {
  const [row] = await db.select(stepColumns).from(tramitations).where(eq(tramitations.matter_id, matterId))
    .orderBy(desc(tramitations.data), desc(tramitations.id)).limit(1);
  return (row as Step | undefined) ?? null;
}

/** The step registered just before (or after) step `id` of the matter: steps are dated in the order they were registered. */
async function neighbour(db: Db, matterId: number, id: number, side: 'before' | 'after'): Promise<Step | null> {
  const [row] = await db.select(stepColumns).from(tramitations)
    .where(and(eq(tramitations.matter_id, matterId), side === 'before' ? lt(tramitations.id, id) : gt(tramitations.id, id)))
    .orderBy(side === 'before' ? desc(tramitations.id) : asc(tramitations.id)).limit(1);
  return (row as Step | undefined) ?? null;
}

/**
 * The matter's current state from its latest step: status, where it is (the unit and commission of the last step that
 * sent it somewhere; a step that only changes the status leaves it where it was), the step's deadline, and whether it
 * is still in tramitação.
 */
export async function syncMatter(w: ServerWrite, companyId: number, matterId: number): Promise<void> {
  const { db } = w;
  const last = await latestStep(db, matterId);
  const where = and(eq(matters.id, matterId), eq(matters.company_id, companyId));
  if (!last) {
    await updateRows(w, matters, where, { status_atual_id: null, unidade_atual_id: null, comissao_atual_id: null, prazoTramitacao: null });
    return;
  }
  const [sent] = await db.select({ destino_id: tramitations.destino_id, commission_id: tramitations.commission_id, origem_id: tramitations.origem_id }).from(tramitations)
    .where(and(eq(tramitations.matter_id, matterId), or(isNotNull(tramitations.destino_id), isNotNull(tramitations.commission_id))))
    .orderBy(desc(tramitations.data), desc(tramitations.id)).limit(1);
  const status = await statusOf(db, last.status_id);
  await updateRows(w, matters, where, {
    status_atual_id: last.status_id,
    // sent to a commission alone: no unit; never sent anywhere: where its latest step left from
    unidade_atual_id: sent ? sent.destino_id : last.origem_id,
    comissao_atual_id: sent?.commission_id ?? null,
    prazoTramitacao: last.fimPrazo,
    emTramitacao: status ? !(await ends(db, companyId, status)) : true,
  });
}

/**
 * A step's date records what happened, in order: not before the matter was presented, nor before the step before it
 * (the matter's steps registered earlier), nor after the step registered after it.
 */
async function checkStepDate(db: Db, m: Row, existing: Row | null): Promise<void> {
  if (typeof m.data !== 'string' || typeof m.matter_id !== 'number') return;
  const [matter] = await db.select({ apresentacao: matters.dataApresentacao }).from(matters).where(eq(matters.id, m.matter_id)).limit(1);
  if (matter?.apresentacao && m.data < String(matter.apresentacao)) {
    throw unprocessable({ data: [`A data da tramitação não pode ser anterior à apresentação da matéria (${formatDate(String(matter.apresentacao))}).`] });
  }
  const mine = eq(tramitations.matter_id, m.matter_id);
  const [before] = await db.select({ data: sql<string | null>`max(${tramitations.data})::text` }).from(tramitations)
    .where(and(mine, existing ? sql`${tramitations.id} < ${existing.id}` : sql`true`));
  if (before?.data && m.data < String(before.data)) {
    throw unprocessable({ data: [`A data da tramitação não pode ser anterior à do passo anterior (${formatDate(String(before.data))}).`] });
  }
  if (!existing) return;
  const [after] = await db.select({ data: sql<string | null>`min(${tramitations.data})::text` }).from(tramitations).where(and(mine, sql`${tramitations.id} > ${existing.id}`));
  if (after?.data && m.data > String(after.data)) {
    throw unprocessable({ data: [`A data da tramitação não pode ser posterior à do passo seguinte (${formatDate(String(after.data))}).`] });
  }
}

/** A new step leaves from where the previous one arrived: its origin is given by the server, or must be that unit. */
async function checkOrigin(db: Db, values: Row, matterId: number): Promise<void> {
  const prev = await latestStep(db, matterId);
  if (!prev?.destino_id) return;
  if (values.origem_id === undefined || values.origem_id === null) {
    values.origem_id = prev.destino_id;
    return;
  }
  if (values.origem_id !== prev.destino_id) {
    const [unit] = await db.select({ descricao: tramitationUnities.descricao }).from(tramitationUnities).where(eq(tramitationUnities.id, prev.destino_id)).limit(1);
    throw unprocessable({ origem_id: [`A origem é a unidade de destino do passo anterior (${unit?.descricao ?? `#${prev.destino_id}`}).`] });
  }
}

/** The status follows the flow: allowed after the previous step's, and (a changed step) allowing the next step's. */
async function checkFlow(db: Db, companyId: number, m: Row, existing: Row | null): Promise<void> {
  const prev = existing ? await neighbour(db, m.matter_id, existing.id, 'before') : await latestStep(db, m.matter_id);
  const problem = prev ? await flowProblem(db, companyId, prev.status_id, m.status_id) : null;
  if (problem) throw unprocessable({ status_id: [problem] }, problem);
  const next = existing ? await neighbour(db, m.matter_id, existing.id, 'after') : null;
  const after = next ? await flowProblem(db, companyId, m.status_id, next.status_id) : null;
  if (after) throw unprocessable({ status_id: [`O passo seguinte (${formatDate(next!.data)}) não poderia vir depois deste status. ${after}`] });
}

/**
 * A step the server adds by itself (a voting's result, the plenary's decision on an item, a sanction: decision 0030)
 * is recorded even when the company's flow does not allow its status after the current one — the plenary's decision
 * happened — with the reason in its text, for the staff to see and correct the flow or the matter. The same status
 * again (an urgência keeps the matter where it is) is no transition.
 */
async function noteOffFlow(db: Db, companyId: number, values: Row, m: Row): Promise<void> {
  const prev = await latestStep(db, m.matter_id);
  if (!prev || prev.status_id === m.status_id) return;
  const problem = await flowProblem(db, companyId, prev.status_id, m.status_id);
  if (problem) values.acao = `${m.acao ? `${String(m.acao)} ` : ''}[Registrado fora do fluxo de tramitação configurado. ${problem}]`.slice(0, 5000);
}

export { addAutomaticStep, type AutomaticStep } from './automatic-step.ts';

/** The despacho inicial's last step removed: the matter has none any more, and its next distribution is it. */
async function dropInitialDispatch(w: ServerWrite, companyId: number, matterId: number): Promise<void> {
  const [left] = await w.db.select({ id: tramitations.id }).from(tramitations)
    .where(and(eq(tramitations.matter_id, matterId), eq(tramitations.despacho, 'inicial'))).limit(1);
  if (!left) await updateRows(w, matters, and(eq(matters.id, matterId), eq(matters.company_id, companyId)), { despacho_inicial_em: null, despacho_inicial_por_id: null });
}

const stepHooks: ResourceHooks = {
  prepare: (values, existing, { db, companyId }) => (computesDeadline(values, existing, 'data') ? warmCalendar(db, companyId) : Promise.resolve()),
  async beforeWrite(values, existing, ctx) {
    const companyId = (existing?.company_id as number | undefined) ?? ctx.auth.companyId;
    const m: Row = { ...(existing ?? {}), ...values };
    if (!existing || values.data !== undefined || values.matter_id !== undefined) await checkStepDate(ctx.db, m, existing);
    if (!existing && typeof m.matter_id === 'number') {
      await checkOrigin(ctx.db, values, m.matter_id);
      m.origem_id = values.origem_id;
    }
    if (m.origem_id && m.destino_id && m.origem_id === m.destino_id) throw unprocessable({ destino_id: ['A unidade de destino deve ser diferente da de origem.'] });
    if (typeof m.encaminhamento === 'string' && typeof m.data === 'string' && m.encaminhamento < m.data) {
      throw unprocessable({ encaminhamento: ['O encaminhamento não pode ser anterior à data da tramitação.'] });
    }
    const statusChanged = !existing || (values.status_id !== undefined && values.status_id !== existing.status_id) || (values.matter_id !== undefined && values.matter_id !== existing.matter_id);
    if (statusChanged && typeof m.matter_id === 'number' && typeof m.status_id === 'number') {
      if (!existing && m.automatico === true) await noteOffFlow(ctx.db, companyId, values, m);
      else await checkFlow(ctx.db, companyId, m, existing);
    }
    await applyDeadline(ctx.db, companyId, values, existing, 'data');
  },
  async afterWrite(row, existing, ctx) {
    await syncMatter(ctx, row.company_id, row.matter_id);
    if (existing && existing.matter_id !== row.matter_id) await syncMatter(ctx, existing.company_id, existing.matter_id);
    // a new step to a commission opens the commission's distribution (relator, prazo, parecer: comissoes.ts)
    if (!existing) await openDistribution(row, ctx);
    // the citizens who follow the matter by e-mail are told by a job, enqueued here (acompanhamento.ts)
    if (!existing) await enqueueFollowers(row, ctx);
  },
  // before the step goes (its distributions' reference to it is cleared by the database)
  async beforeDelete(existing, ctx) {
    await dropDistribution(existing, ctx);
  },
  async afterDelete(existing, ctx) {
    await syncMatter(ctx, existing.company_id, existing.matter_id);
    if (existing.despacho === 'inicial') await dropInitialDispatch(ctx, existing.company_id, existing.matter_id);
  },
};

defineBehaviour(stepsDef, { hooks: stepHooks }, 'materias');

/** A status that does not end the tramitação needs somewhere to go. */
defineBehaviour(flowsDef, {
  hooks: {
    async beforeWrite(values, existing) {
      const m: Row = { ...(existing ?? {}), ...values };
      const next = Array.isArray(m.proximos) ? m.proximos : [];
      if (!m.fim && !next.length) {
        throw unprocessable({ proximos: ['Informe os próximos status permitidos: um status que não encerra a tramitação precisa de ao menos um.'] });
      }
    },
  },
}, 'materias');

/* ---------------------------------------------------------------------------------------------------------------- */
/* "Tramitar": the matter's record action                                                                           */

/** A matter's current step as the "Tramitar" button and dialog need it: where it went, its status and that status's flow. */
interface Current {
  data: string;
  status: string;
  /** the current status's slug (the legislative cycle's actions depend on it) */
  slug: string;
  destino_id: number | null;
  destino: string | null;
  /** the statuses allowed next (null: any, the company has no flow for the current status) */
  choices: ActionChoice[] | null;
}

/** A current step as read (`currentSteps`). */
interface CurrentRow {
  matter_id: number; company_id: number; data: unknown; destino_id: number | null; destino: string | null; status: string; slug: string; flow: number | null; proximos: unknown;
}

/** The current step of each matter, with its flow and the next statuses' labels: two statements for any number of matters. */
async function currentSteps(db: Db, ids: readonly number[]): Promise<Map<number, Current>> {
  const rows = await shaped<CurrentRow[]>(db, 'tramitacao:current', () => db.selectDistinctOn([tramitations.matter_id], {
    matter_id: tramitations.matter_id, company_id: tramitations.company_id, data: tramitations.data, destino_id: tramitations.destino_id,
    destino: tramitationUnities.descricao, status: types.label, slug: types.slug, flow: tramitationFlows.id, proximos: tramitationFlows.proximos,
  }).from(tramitations)
    .innerJoin(types, eq(types.id, tramitations.status_id))
    .leftJoin(tramitationUnities, eq(tramitationUnities.id, tramitations.destino_id))
    .leftJoin(tramitationFlows, and(eq(tramitationFlows.company_id, tramitations.company_id), eq(tramitationFlows.status_id, tramitations.status_id)))
    .where(anyOf(tramitations.matter_id, 'ids'))
    .orderBy(tramitations.matter_id, desc(tramitations.data), desc(tramitations.id))).execute({ ids: [...ids] });
  const slugsOf = (r: CurrentRow): string[] => (Array.isArray(r.proximos) ? (r.proximos as string[]) : []);
  const slugs = [...new Set(rows.flatMap(slugsOf))];
  const companies = [...new Set(rows.map((r) => r.company_id))];
  const named = slugs.length
    ? await shaped<(Status & { company_id: number | null })[]>(db, 'tramitacao:named', () => db.select({ id: types.id, slug: types.slug, label: types.label, company_id: types.company_id }).from(types)
      .where(and(eq(types.type, 'tramitation_status'), anyOf(types.slug, 'slugs'), or(isNull(types.company_id), anyOf(types.company_id, 'companies'))))
      .orderBy(asc(types.id))).execute({ slugs, companies })
    : [];
  const out = new Map<number, Current>();
  for (const r of rows) {
    const mine = named.filter((n) => n.company_id === null || n.company_id === r.company_id);
    const choices = r.flow ? slugsOf(r).flatMap((slug) => mine.filter((n) => n.slug === slug).map((n) => ({ value: n.id, label: n.label }))) : null;
    out.set(r.matter_id, { data: String(r.data), status: r.status, slug: r.slug, destino_id: r.destino_id, destino: r.destino, choices });
  }
  return out;
}

/**
 * The matter's current step, read once for its button and its dialog (the same row object), and together with the
 * other records shown in this turn of the event loop (a list's row menu, many screens at once).
 */
const currentByRow = new WeakMap<Row, Promise<Current | null>>();
function currentOf(db: Db, row: Row): Promise<Current | null> {
  let p = currentByRow.get(row);
  if (!p) {
    const id = row.id as number;
    const read = gathering(db)
      ? gather(db, 'tramitacao:current', id, (ids) => currentSteps(db, [...new Set(ids)]))
      : currentSteps(db, [id]);
    currentByRow.set(row, (p = read.then((m) => m.get(id) ?? null)));
  }
  return p;
}

/** "Tramitar" and "Distribuir" are unavailable once nothing may follow the current status. */
async function flowEnded(row: Row, { db }: { db: Db }): Promise<string | null> {
  const current = await currentOf(db, row);
  if (!current?.choices || current.choices.length) return null;
  return `A tramitação terminou em “${current.status}”: nenhum status pode vir depois dele (Configurações › Fluxo de tramitação).`;
}

/** The dialog's date: today, or the last step's when it was registered ahead (a step is never dated before the previous one). */
const startDate = (current: Current | null): string => {
  const today = todayInSaoPaulo();
  return current && current.data > today ? current.data : today;
};

/** The matter's current status (its latest step's), read with its other records' in this turn; null without steps. */
export async function currentStatusOf(db: Db, row: Row): Promise<{ slug: string; label: string } | null> {
  const current = await currentOf(db, row);
  return current ? { slug: current.slug, label: current.status } : null;
}

const TRAMITAR_KEYS = ['data', 'origem_id', 'destino_id', 'commission_id', 'status_id', 'turno_id', 'urgente', 'diasPrazo', 'acao'] as const;

defineBehaviour(mattersDef, {
  actions: {
    async tramitar(ctx) {
      const matter = ctx.record!;
      const b = (ctx.body ?? {}) as Row;
      if (!b.destino_id && !b.commission_id) throw unprocessable({ destino_id: ['Informe a unidade ou a comissão de destino.'] });
      const input: Row = { matter_id: matter.id };
      for (const k of TRAMITAR_KEYS) if (b[k] !== undefined) input[k] = b[k];
      const scope = scopeOf(ctx, ctx.req);
      const created = await create(scope, stepsDef, input, { action: 'tramita' });
      // the dialog's anexo (multipart) is the step's, kept in the action's transaction
      const file = ctx.files?.anexo;
      const step = file ? await attach(scope, stepsDef, created, 'anexo', file) : created;
      const fresh = (await findOne(ctx.db, mattersDef, ctx.auth, matter.id)) ?? matter;
      const status = await statusOf(ctx.db, step.status_id);
      const ended = matter.emTramitacao && !fresh.emTramitacao;
      // the matters attached to it go with it (listed; their own tramitação is theirs: decision 0058)
      const attached = await attachedNow(ctx.db, matter.id);
      return {
        ...(await recordAnswer(ctx, mattersDef, fresh)),
        message: `Tramitação registrada: ${status?.label ?? 'passo'}${ended ? '. A matéria saiu de tramitação' : ''}${step.fimPrazo ? `; prazo até ${formatDate(String(step.fimPrazo))}` : ''}.`
          + (attached.length ? ` ${attached.length === 1 ? 'Anexada' : 'Anexadas'} a ela: ${attached.join(', ')}.` : ''),
      };
    },
  },
  available: {
    tramitar: flowEnded,
    distribuir: flowEnded,
  },
  prepare: {
    async tramitar(row, { db }) {
      const current = await currentOf(db, row);
      const values: Row = { data: startDate(current) };
      const fixed: string[] = [];
      if (current?.destino_id) {
        Object.assign(values, { origem_id: current.destino_id, origem: { id: current.destino_id, descricao: current.destino } });
        fixed.push('origem_id');
      }
      return { values, fixed, ...(current?.choices ? { choices: { status_id: current.choices } } : {}) };
    },
    async distribuir(row, { db }) {
      const current = await currentOf(db, row);
      const { active, emComissao } = await distributionSetup(db, row.company_id);
      // "Em comissão" when the flow allows it now (or there is no flow for the current status)
      const allowed = !current?.choices || current.choices.some((c) => c.value === emComissao?.id);
      return {
        values: { data: startDate(current), ...(emComissao && allowed ? { status_id: emComissao.id } : {}) },
        choices: { commission_ids: active.map((c) => ({ value: String(c.id), label: `${c.sigla} — ${c.nome}` })), ...(current?.choices ? { status_id: current.choices } : {}) },
      };
    },
  },
}, 'materias');

/* ---------------------------------------------------------------------------------------------------------------- */
/* "Distribuir às comissões": a step to each commission chosen (each opens its distribution)                        */

/** The company's active commissions and its "Em comissão" status: read once per turn for every matter shown. */
function distributionSetup(db: Db, companyId: number): Promise<{ active: { id: number; sigla: string; nome: string }[]; emComissao: Status | undefined }> {
  const read = async () => {
    const active = await shaped<{ id: number; sigla: string; nome: string }[]>(db, 'tramitacao:active-commissions', () => db.select({ id: commissions.id, sigla: commissions.sigla, nome: commissions.nome }).from(commissions)
      .where(and(eq(commissions.company_id, sql.placeholder('company')), eq(commissions.ativa, true))).orderBy(asc(commissions.nome))).execute({ company: companyId });
    const [emComissao] = await statusesOf(db, companyId, ['em_comissao']);
    return { active, emComissao };
  };
  return gathering(db) ? gather(db, `tramitacao:distribuir:${companyId}`, companyId, read) : read();
}

defineBehaviour(mattersDef, {
  actions: {
    async distribuir(ctx) {
      const matter = ctx.record!;
      const b = ctx.body as { data: string; commission_ids: number[]; status_id: number; acao?: string | null };
      const ids = [...new Set(b.commission_ids)];
      const found = await ctx.db.select({ id: commissions.id, sigla: commissions.sigla, nome: commissions.nome, ativa: commissions.ativa }).from(commissions)
        .where(and(eq(commissions.company_id, matter.company_id), inArray(commissions.id, ids)));
      if (found.length !== ids.length) throw unprocessable({ commission_ids: ['Comissão não encontrada.'] });
      const inactive = found.filter((c) => !c.ativa).map((c) => c.sigla);
      if (inactive.length) throw unprocessable({ commission_ids: [`Comissão inativa: ${orList(inactive)}.`] });
      const scope = scopeOf(ctx, ctx.req);
      // the matter's first distribution is the presidency's despacho inicial (decision 0058): the conditional update
      // holds the matter's row, so of two first distributions at once only one is the despacho inicial
      const inicial = (await updateRows(ctx, matters, and(eq(matters.id, matter.id), isNull(matters.despacho_inicial_em)), {
        despacho_inicial_em: b.data, despacho_inicial_por_id: scope.auth.userId,
      })).length > 0;
      const sent: string[] = [];
      for (const id of ids) {
        const c = found.find((x) => x.id === id)!;
        const acao = b.acao ?? `${inicial ? 'Despacho inicial: distribuída' : 'Distribuída'} à ${c.nome} para parecer.`;
        await create(scope, stepsDef, { matter_id: matter.id, data: b.data, status_id: b.status_id, commission_id: id, acao }, {
          action: 'distribui', set: { despacho: inicial ? 'inicial' : 'distribuicao', assinado_por_id: scope.auth.userId },
        });
        sent.push(c.sigla);
      }
      const fresh = (await findOne(ctx.db, mattersDef, ctx.auth, matter.id)) ?? matter;
      return { ...(await recordAnswer(ctx, mattersDef, fresh)), message: `Distribuída: ${sent.join(', ')}.${inicial ? ' Despacho inicial registrado.' : ''}` };
    },
  },
}, 'materias');
