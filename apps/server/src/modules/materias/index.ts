/**
 * Special behaviour of the legislative matters area: matter numbering per type and year, deadlines, derived titles,
 * and the calls that are not plain CRUD (commission sub-calls, plenary session filter / matters by kind / presences,
 * the holiday calendar and a deadline's end). The tramitação (steps, flow, the matter's current state) and the
 * parliamentarians' requests — matter applications and solicitations — are workflows of their own (tramitacao.ts,
 * received.ts, solicitations.ts).
 */
import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { createSchema, type ResourceDef } from '@paco/domain/resource';
import {
  commissions as commissionsDef, compositions as compositionsDef, matters as mattersDef,
  plenaryMatters as plenaryMattersDef, plenarySessions as sessionsDef, presences as presencesDef,
} from '@paco/domain/resources/materias';
import { formatDate } from '@paco/domain/format';
import type { Db } from '../../db/client.ts';
import {
  commissions, compositionPeriods, compositions, matters, plenaryMatters, plenarySessions,
  presences, tramitations, types,
} from '../../db/schema.generated.ts';
import type { ActionContext, ActionHandler, ResourceHooks, Row, Services } from '../../engine/context.ts';
import { findOne, list, loadRefs, parseListQuery } from '../../engine/query.ts';
import { create, referencedRow, remove, scopeOf } from '../../engine/records.ts';
import { notFoundOf, serialize } from '../../engine/serialize.ts';
import { HttpError, issuesToErrors, unprocessable } from '../../http/errors.ts';
import { applyDeadline, computeBusinessDeadline, computeDeadline, computesDeadline, keepCalendars, warmCalendar, yearCalendar } from './deadline.ts';
import { numberAmendment } from './emendas.ts';
import { followerCount } from './acompanhamento.ts';
import { todayInSaoPaulo as todayIso } from '../../auth/session.ts';

/** "Projeto de Lei (PL)" → "PL"; a label without an abbreviation is used whole. */
export const abbreviation = (label: string): string => /\(([^)]{1,20})\)\s*$/.exec(label)?.[1] ?? label;

const merged = (values: Row, existing: Row | null): Row => ({ ...(existing ?? {}), ...values });
const companyOf = (existing: Row | null, ctx: { auth: { companyId: number } }): number => existing?.company_id ?? ctx.auth.companyId;

/* ---------------------------------------------------------------------------------------------------------------- */
/* Matters: numbering, identification, deadline; `matter_type` and `authors` beside the fields                       */

const matterHooks: ResourceHooks = {
  // the deadline's calendar read before the transaction, from the process's copy after that (decision 0041)
  prepare: (values, existing, { db, companyId }) => (computesDeadline(values, existing, 'dataApresentacao') ? warmCalendar(db, companyId) : Promise.resolve()),
  async beforeWrite(values, existing, ctx) {
    // the number and the year are the engine's by now (the `sequence` of `numero`: blank ones numbered, engine/sequences.ts)
    const m = merged(values, existing);
    const companyId = companyOf(existing, ctx);
    if (existing && values.ano === null) throw unprocessable({ ano: ['O campo Ano é obrigatório.'] });
    if (existing && values.numero === null) throw unprocessable({ numero: ['O campo Número é obrigatório.'] });
    const typeId = m.type_id as number;
    const ano = m.ano as number;
    const numero = m.numero as number;
    const type = await referencedRow(ctx, 'type_id', typeId);
    // an amendment is numbered in its main matter's sequence ("Emenda nº 1 ao PL 12/2026": emendas.ts)
    if (await numberAmendment(ctx, companyId, values, existing, type)) {
      await applyDeadline(ctx.db, companyId, values, existing, 'dataApresentacao');
      return;
    }
    const sigla = abbreviation(String(type?.label ?? 'Matéria'));
    const changedKey = !existing || values.type_id !== undefined || values.ano !== undefined || values.numero !== undefined;
    if (changedKey) {
      // a number typed by hand may be taken already (one the engine gave is past every number of its sequence)
      if (!ctx.numbered?.has('numero')) {
        const conds = [eq(matters.company_id, companyId), eq(matters.type_id, typeId), eq(matters.ano, ano), eq(matters.numero, numero)];
        if (existing) conds.push(ne(matters.id, existing.id));
        const [dup] = await ctx.db.select({ id: matters.id }).from(matters).where(and(...conds)).limit(1);
        if (dup) throw unprocessable({ numero: [`Já existe ${sigla} nº ${numero}/${ano}.`] }, `Já existe ${sigla} nº ${numero}/${ano}.`);
      }
      values.numeracao = `${typeId}/${numero}/${ano}`;
    }
    values.identificacao = `${sigla} ${numero}/${ano}`;
    await applyDeadline(ctx.db, companyId, values, existing, 'dataApresentacao');
  },
  async decorate(records, { db, auth, show }) {
    if (!records.length) return;
    // the record's screen (staff only): how many confirmed addresses follow it by e-mail, never which (decision 0055);
    // not in a write's answer (a create stays within its statements)
    if (show && auth && records.length === 1) records[0].acompanhantes = await followerCount(db, records[0].id as number);
    const typeIds = [...new Set(records.map((r) => r.type_id).filter((v): v is number => typeof v === 'number'))];
    const ts = await loadRefs(db, 'types', typeIds, ['slug', 'label']);
    for (const r of records) r.matter_type = ts.get(r.type_id) ?? null;
  },
};

/* ---------------------------------------------------------------------------------------------------------------- */
/* Derived titles and simple checks                                                                                 */

const periodHooks: ResourceHooks = {
  async beforeWrite(values, existing) {
    const m = merged(values, existing);
    if (!m.descricao && m.inicio && m.fim) values.descricao = `${formatDate(String(m.inicio))} a ${formatDate(String(m.fim))}`;
  },
};

const compositionHooks: ResourceHooks = {
  async beforeWrite(values, existing, ctx) {
    if (existing && values.comission_id === undefined && values.composition_period_id === undefined) return;
    const m = merged(values, existing);
    const [c] = await ctx.db.select({ sigla: commissions.sigla, nome: commissions.nome }).from(commissions).where(eq(commissions.id, m.comission_id)).limit(1);
    const [p] = await ctx.db.select({ descricao: compositionPeriods.descricao }).from(compositionPeriods).where(eq(compositionPeriods.id, m.composition_period_id)).limit(1);
    values.descricao = `${c?.sigla ?? c?.nome ?? 'Comissão'} — ${p?.descricao ?? ''}`.slice(0, 255);
  },
};

const baseHooks: Record<string, ResourceHooks> = {
  matters: matterHooks,
  composition_periods: periodHooks,
  compositions: compositionHooks,
  // norms: modules/ciclo/normas.ts (identification, numbering, relations); dates in order: the definitions' `order`
};

export const hooks: Record<string, ResourceHooks> = baseHooks;

/** At start: the process keeps the companies' calendars for deadlines, dropped when holidays change (decision 0041). */
export function setup(services: Services): void {
  keepCalendars(services.db, services.changes);
}

/* ---------------------------------------------------------------------------------------------------------------- */
/* Actions                                                                                                          */

const one = async (ctx: ActionContext, r: ResourceDef, row: Row, hook?: ResourceHooks) => ({ data: (await serialize(ctx, r, [row], ctx.auth, hook, false))[0] });
const many = async (ctx: ActionContext, r: ResourceDef, rows: Row[], hook?: ResourceHooks) => ({ data: await serialize(ctx, r, rows, ctx.auth, hook) });

const idList = (b: Row, key: string): number[] => [...new Set([...((b[`${key}s`] as number[] | undefined) ?? []), ...(b[key] ? [b[key] as number] : [])])];

async function sessionOr404(ctx: ActionContext, write = false): Promise<Row> {
  const row = ctx.id ? await findOne(ctx.db, sessionsDef, ctx.auth, ctx.id, false, { write }) : null;
  if (!row) throw notFoundOf(sessionsDef);
  return row;
}

/** Type ids of a category's slug visible to the company (national rows and the company's own). */
async function typeIdsOf(db: Db, category: string, slug: string, companyId: number): Promise<number[]> {
  const rows = await db.select({ id: types.id }).from(types)
    .where(and(eq(types.type, category), eq(types.slug, slug), or(isNull(types.company_id), eq(types.company_id, companyId))));
  return rows.map((r) => r.id);
}

async function presencesOf(ctx: ActionContext, phase: 'abertura' | 'ordem_dia'): Promise<{ data: Row[] }> {
  const session = await sessionOr404(ctx);
  const ids = await typeIdsOf(ctx.db, 'presences', phase, session.company_id);
  const rows = ids.length
    ? await ctx.db.select().from(presences).where(and(eq(presences.plenary_session_id, session.id), inArray(presences.type_id, ids))).orderBy(asc(presences.id)).limit(1000)
    : [];
  return many(ctx, presencesDef, rows as Row[], hooks.presences);
}

const KIND_ALIASES: Record<string, 'expediente' | 'ordem_dia'> = {
  expediente: 'expediente', ordem_dia: 'ordem_dia', 'ordem-dia': 'ordem_dia', ordemdia: 'ordem_dia', ordem_do_dia: 'ordem_dia',
  'ordem-do-dia': 'ordem_dia', ordem: 'ordem_dia', 'ordem do dia': 'ordem_dia',
};

export const actions: Record<string, Record<string, ActionHandler>> = {
  holidays: {
    /** GET holidays/calendar?ano=: the year's national holidays (from the law) and the company's, in date order */
    async calendar(ctx) {
      const ano = Number((ctx.body as { ano?: number } | null)?.ano ?? todayIso().slice(0, 4));
      return { data: await yearCalendar(ctx.db, ctx.auth!.companyId, ano), meta: { ano } };
    },
    /** GET holidays/deadline?inicio=&dias=: the end of a deadline, by the function that sets the records' fimPrazo */
    async deadline(ctx) {
      const q = ctx.body as { inicio: string; dias: number };
      if (Number.isNaN(new Date(`${q.inicio}T12:00:00Z`).getTime())) throw unprocessable({ inicio: ['Data de início inválida (use aaaa-mm-dd).'] });
      return { data: { value: await computeDeadline(ctx.db, ctx.auth!.companyId, q.inicio, q.dias) } };
    },
    /** GET holidays/business_deadline?inicio=&dias=: the end of a deadline in business days (a rapporteur's) */
    async business_deadline(ctx) {
      const q = ctx.body as { inicio: string; dias: number };
      if (Number.isNaN(new Date(`${q.inicio}T12:00:00Z`).getTime())) throw unprocessable({ inicio: ['Data de início inválida (use aaaa-mm-dd).'] });
      return { data: { value: await computeBusinessDeadline(ctx.db, ctx.auth!.companyId, q.inicio, q.dias) } };
    },
  },

  commissions: {
    async delete_compositions(ctx) {
      const commission = ctx.id ? await findOne(ctx.db, commissionsDef, ctx.auth, ctx.id, false, { write: true }) : null;
      if (!commission) throw notFoundOf(commissionsDef);
      const ids = idList(ctx.body as Row, 'composition_id');
      if (!ids.length) throw unprocessable({ composition_id: ['Informe a composição.'] });
      const found = await ctx.db.select().from(compositions).where(and(eq(compositions.comission_id, commission.id), inArray(compositions.id, ids)));
      if (found.length !== ids.length) throw unprocessable({ composition_id: ['Composição não encontrada nesta comissão.'] });
      // each through the write path (its rules, hooks and audit row), all in the action's transaction
      const scope = scopeOf(ctx, ctx.req);
      for (const row of found) await remove(scope, compositionsDef, row as Row);
      const rest = await ctx.db.select().from(compositions).where(eq(compositions.comission_id, commission.id)).orderBy(desc(compositions.id)).limit(1000);
      return many(ctx, compositionsDef, rest as Row[], hooks.compositions);
    },
    async tramitation_matters(ctx) {
      const commission = ctx.id ? await findOne(ctx.db, commissionsDef, ctx.auth, ctx.id) : null;
      if (!commission) throw notFoundOf(commissionsDef);
      // matters in tramitation whose latest step (by date, then id) sent them to this commission
      const latest = sql`select distinct on (${tramitations.matter_id}) ${tramitations.matter_id} as matter_id, ${tramitations.commission_id} as commission_id
        from ${tramitations} where ${tramitations.company_id} = ${commission.company_id}
        order by ${tramitations.matter_id}, ${tramitations.data} desc, ${tramitations.id} desc`;
      const rows = await ctx.db.select().from(matters).where(and(
        eq(matters.company_id, commission.company_id), eq(matters.emTramitacao, true),
        sql`${matters.id} in (select l.matter_id from (${latest}) l where l.commission_id = ${commission.id})`,
      )).orderBy(desc(matters.dataApresentacao), asc(matters.id)).limit(1000);
      return many(ctx, mattersDef, rows as Row[], hooks.matters);
    },
  },

  plenary_sessions: {
    async filter(ctx) {
      const b = ctx.body as Row;
      const extra: SQL[] = [];
      if (b.type_id) extra.push(eq(plenarySessions.type_id, b.type_id));
      if (b.legislature_id) extra.push(eq(plenarySessions.legislature_id, b.legislature_id));
      if (b.legislative_session_id) extra.push(eq(plenarySessions.legislative_session_id, b.legislative_session_id));
      if (b.numero) extra.push(eq(plenarySessions.numero, b.numero));
      if (b.ano) extra.push(sql`extract(year from ${plenarySessions.abertura}) = ${b.ano}`);
      if (b.data_inicio) extra.push(sql`${plenarySessions.abertura} >= ${b.data_inicio}`);
      if (b.data_fim) extra.push(sql`${plenarySessions.abertura} <= ${b.data_fim}`);
      if (typeof b.iniciada === 'boolean') extra.push(eq(plenarySessions.iniciada, b.iniciada));
      if (typeof b.finalizada === 'boolean') extra.push(eq(plenarySessions.finalizada, b.finalizada));
      const q = parseListQuery([{ page: b.page, perPage: b.perPage, sort: b.sort, q: b.search }]);
      for (const d of [b.data_inicio, b.data_fim]) {
        if (d && Number.isNaN(new Date(`${d}T00:00:00Z`).getTime())) throw unprocessable({ data_inicio: ['Data inválida (use aaaa-mm-dd).'] });
      }
      const { rows, total } = await list(ctx.db, sessionsDef, ctx.auth, q, {}, extra);
      return { ...(await many(ctx, sessionsDef, rows, hooks.plenary_sessions)), meta: { page: q.page, perPage: q.perPage, total } };
    },
    presences_abertura: (ctx) => presencesOf(ctx, 'abertura'),
    presences_ordem_dia: (ctx) => presencesOf(ctx, 'ordem_dia'),
    async matters_of(ctx) {
      const session = await sessionOr404(ctx);
      const raw = String((ctx.req.params as { type?: string }).type ?? '').toLowerCase();
      const kind = KIND_ALIASES[raw];
      if (!kind) throw new HttpError(404, 'Fase da sessão não encontrada (use expediente ou ordem_dia).');
      const rows = await ctx.db.select().from(plenaryMatters)
        .where(and(eq(plenaryMatters.plenary_session_id, session.id), eq(plenaryMatters.kind, kind))).orderBy(asc(plenaryMatters.numOrdem), asc(plenaryMatters.id)).limit(1000);
      return many(ctx, plenaryMattersDef, rows as Row[], hooks.plenary_matters);
    },
  },

  plenary_matters: {
    async add_matter(ctx) {
      const session = await sessionOr404(ctx, true);
      const parsed = createSchema(plenaryMattersDef, ['plenary_session_id']).safeParse(ctx.body ?? {});
      // this call adds a matter (an ata goes on the pauta by its own actions): the matter is required here
      const body = (ctx.body ?? {}) as Record<string, unknown>;
      const errors: Record<string, string[]> = parsed.success ? {} : issuesToErrors(parsed.error.issues as never);
      if ((body.matter_id === undefined || body.matter_id === null || body.matter_id === '') && !errors.matter_id) errors.matter_id = ['O campo Matéria é obrigatório.'];
      if (!parsed.success || Object.keys(errors).length) throw unprocessable(errors);
      // the merged hooks: the live plenary pushes the agenda change too
      const row = await create(scopeOf(ctx, ctx.req), plenaryMattersDef, { ...(parsed.data as Row), plenary_session_id: session.id });
      ctx.reply.status(201);
      return one(ctx, plenaryMattersDef, row, hooks.plenary_matters);
    },
  },
};
