/**
 * Norms (issue 13 §2; docs/workflows/ciclo-legislativo.md): the identification ("Lei Ordinária nº 2.356/2026") and
 * the number — one per type and year (a unique index), the next one of the type's sequence in the year when left
 * blank (the field's `sequence`, engine/sequences.ts: two sanctions at once never take the same) —; the
 * relations between norms in both directions (the related norm's status, "Revogada por Lei …", kept by the server);
 * the compiled text; the public portal's reads.
 */
import { and, asc, desc, eq, ilike, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { formatDate } from '@paco/domain/format';
import { AMENDING_RELATIONS, NORM_RELATION_TYPES, normStatus } from '@paco/domain/resources/ciclo';
import { normRelations as relationsDef, norms as normsDef } from '@paco/domain/resources/materias';
import type { Db } from '../../db/client.ts';
import { matters, normRelations, norms, types } from '../../db/schema.generated.ts';
import { todayInSaoPaulo } from '../../auth/session.ts';
import { defineBehaviour } from '../../engine/behaviour.ts';
import type { ActionContext, ResourceHooks, Row } from '../../engine/context.ts';
import { findOne } from '../../engine/query.ts';
import { updateRows, type ServerWrite } from '../../engine/rows.ts';
import { peekNumber } from '../../engine/sequences.ts';
import { notFoundOf } from '../../engine/serialize.ts';
import { HttpError, unprocessable } from '../../http/errors.ts';
import { typeById } from './shared.ts';

/** The number as a key: no dots, spaces or leading zeros, lowercase ("1.987" and "01987" are one number). */
export const numberKey = (numero: string): string => numero.toLowerCase().replace(/[.\s]/g, '').replace(/^0+(?=.)/, '') || '0';
const identification = (typeLabel: string, numero: string, ano: number) => `${typeLabel} nº ${numero}/${ano}`.slice(0, 200);

/** A norm's status from the relations other norms have with it, kept on the norm (lists and filters read it). */
export async function refreshNormStatus(w: ServerWrite, normId: number): Promise<void> {
  const { db } = w;
  const rows = await db.select({ tipo: normRelations.tipo, por: norms.identificacao, id: norms.id }).from(normRelations)
    .innerJoin(norms, eq(norms.id, normRelations.norm_id))
    .where(eq(normRelations.related_norm_id, normId)).orderBy(asc(norms.data), asc(norms.id));
  const status = normStatus(rows.map((r) => ({ tipo: r.tipo, por: r.por ?? `norma #${r.id}` })));
  await updateRows(w, norms, eq(norms.id, normId), status);
}

const normHooks: ResourceHooks = {
  async beforeWrite(values, existing, ctx) {
    const m: Row = { ...(existing ?? {}), ...values };
    const companyId = (existing?.company_id as number | undefined) ?? ctx.auth.companyId;
    if (!existing && (values.esfera === undefined || values.esfera === null)) values.esfera = 'municipal';
    if (!existing) Object.assign(values, { situacao: 'vigente', vigencia: 'Vigente' });
    const keyChanged = !existing || ['type_id', 'numero', 'ano'].some((k) => values[k] !== undefined);
    if (!keyChanged) return;
    const type = await typeById(ctx.db, m.type_id);
    const ano = Number(m.ano);
    // a blank number on create was given by the engine (the `sequence` of `numero`, engine/sequences.ts)
    const numero = typeof m.numero === 'string' ? m.numero.trim() : '';
    if (existing && values.numero !== undefined && !numero) throw unprocessable({ numero: ['O campo Número é obrigatório.'] });
    values.numeracao = `${m.type_id}/${numberKey(numero)}/${ano}`;
    const conds = [eq(norms.company_id, companyId), eq(norms.numeracao, values.numeracao)];
    if (existing) conds.push(sql`${norms.id} <> ${existing.id}`);
    const [dup] = await ctx.db.select({ id: norms.id }).from(norms).where(and(...conds)).limit(1);
    const label = type?.label ?? 'Norma';
    if (dup) throw unprocessable({ numero: [`Já existe ${label} nº ${numero}/${ano}.`] }, `Já existe ${label} nº ${numero}/${ano}.`);
    values.identificacao = identification(label, numero, ano);
  },
  async afterWrite(row, existing, ctx) {
    // the norms this one acts on name it in their status ("Alterada por …"): renamed, they follow
    if (existing && existing.identificacao !== row.identificacao) {
      const targets = await ctx.db.select({ id: normRelations.related_norm_id }).from(normRelations).where(eq(normRelations.norm_id, row.id));
      for (const t of new Set(targets.map((x) => x.id))) await refreshNormStatus(ctx, t);
    }
  },
};

const relationHooks: ResourceHooks = {
  async beforeWrite(values, existing, ctx) {
    const m: Row = { ...(existing ?? {}), ...values };
    if (values.tipo !== undefined) values.inverso = values.tipo;
    if (m.norm_id === m.related_norm_id) throw unprocessable({ related_norm_id: ['Uma norma não se relaciona com ela mesma.'] });
    const conds = [eq(normRelations.norm_id, m.norm_id), eq(normRelations.related_norm_id, m.related_norm_id), eq(normRelations.tipo, m.tipo)];
    if (existing) conds.push(sql`${normRelations.id} <> ${existing.id}`);
    const [dup] = await ctx.db.select({ id: normRelations.id }).from(normRelations).where(and(...conds)).limit(1);
    if (dup) throw unprocessable({ related_norm_id: ['Esta relação já está registrada.'] });
    const both = await ctx.db.select({ id: norms.id, data: norms.data, identificacao: norms.identificacao }).from(norms).where(inArray(norms.id, [m.norm_id, m.related_norm_id]));
    const source = both.find((n) => n.id === m.norm_id);
    const target = both.find((n) => n.id === m.related_norm_id);
    // a norm acts on those before it (or of the same day)
    if (source && target && String(target.data) > String(source.data)) {
      const verb = NORM_RELATION_TYPES.find((t) => t.value === m.tipo)?.label.toLowerCase() ?? 'relaciona';
      throw unprocessable({ related_norm_id: [`Uma norma só ${verb} normas anteriores a ela: ${target.identificacao ?? 'a norma relacionada'} é de ${formatDate(String(target.data))}, depois desta (${formatDate(String(source.data))}).`] });
    }
  },
  async afterWrite(row, existing, ctx) {
    await refreshNormStatus(ctx, row.related_norm_id);
    if (existing && existing.related_norm_id !== row.related_norm_id) await refreshNormStatus(ctx, existing.related_norm_id);
  },
  async afterDelete(existing, ctx) {
    await refreshNormStatus(ctx, existing.related_norm_id);
  },
};

defineBehaviour(relationsDef, { hooks: relationHooks }, 'ciclo');

/* ---------------------------------------------------------------------------------------------------------------- */
/* The compiled text and the relations both ways                                                                    */

interface RelatedNorm { id: number; identificacao: string | null; data: string; ementa: string; vigencia: string | null }
interface RelationLine { id: number; tipo: string; rotulo: string; altera_texto: boolean; norma: RelatedNorm; obs: string | null }

const relatedColumns = { id: norms.id, identificacao: norms.identificacao, data: norms.data, ementa: norms.ementa, vigencia: norms.vigencia, dataPublicacao: norms.dataPublicacao };

/** The relations of a norm both ways: those it has (Altera …) and those it receives (Alterada por …); `visible`: a filter on the other norm. */
async function relationsOf(db: Db, normId: number, visible?: SQL): Promise<{ feitas: RelationLine[]; recebidas: RelationLine[] }> {
  const line = (r: { id: number; tipo: string; obs: string | null; n: RelatedNorm }, inverse: boolean): RelationLine => {
    const t = NORM_RELATION_TYPES.find((x) => x.value === r.tipo);
    return {
      id: r.id, tipo: r.tipo, rotulo: (inverse ? t?.inverse : t?.label) ?? r.tipo, altera_texto: AMENDING_RELATIONS.has(r.tipo), obs: r.obs,
      norma: { id: r.n.id, identificacao: r.n.identificacao, data: String(r.n.data), ementa: r.n.ementa, vigencia: r.n.vigencia },
    };
  };
  const made = await db.select({ id: normRelations.id, tipo: normRelations.tipo, obs: normRelations.obs, n: relatedColumns }).from(normRelations)
    .innerJoin(norms, eq(norms.id, normRelations.related_norm_id)).where(and(eq(normRelations.norm_id, normId), visible)).orderBy(asc(norms.data), asc(norms.id));
  const received = await db.select({ id: normRelations.id, tipo: normRelations.tipo, obs: normRelations.obs, n: relatedColumns }).from(normRelations)
    .innerJoin(norms, eq(norms.id, normRelations.norm_id)).where(and(eq(normRelations.related_norm_id, normId), visible)).orderBy(asc(norms.data), asc(norms.id));
  return { feitas: made.map((r) => line(r, false)), recebidas: received.map((r) => line(r, true)) };
}

/** A norm as its compiled text shows it: the text with a note for each norm that changed it (newest last), both ways. */
async function compiled(db: Db, norm: Row, visible?: SQL): Promise<Row> {
  const { feitas, recebidas } = await relationsOf(db, norm.id, visible);
  const [matter] = norm.matter_id ? await db.select({ id: matters.id, identificacao: matters.identificacao, ementa: matters.ementa }).from(matters).where(eq(matters.id, norm.matter_id)).limit(1) : [];
  const [type] = await db.select({ id: types.id, label: types.label }).from(types).where(eq(types.id, norm.type_id)).limit(1);
  return {
    id: norm.id, identificacao: norm.identificacao, tipo: type ?? null, numero: norm.numero, ano: norm.ano, data: norm.data, dataPublicacao: norm.dataPublicacao,
    ementa: norm.ementa, situacao: norm.situacao ?? 'vigente', vigencia: norm.vigencia ?? 'Vigente', sancao: norm.sancao ?? null, partes_vetadas: norm.partes_vetadas ?? null,
    texto: norm.texto ?? null, materia: matter ?? null,
    /** the notes at the top of the compiled text: the norms that altered, revoked or suspended it */
    notas: recebidas.filter((r) => r.altera_texto),
    relacoes: { feitas, recebidas },
  };
}

const PUBLIC_COLUMNS = {
  id: norms.id, identificacao: norms.identificacao, type_id: norms.type_id, numero: norms.numero, ano: norms.ano, data: norms.data,
  dataPublicacao: norms.dataPublicacao, ementa: norms.ementa, situacao: norms.situacao, vigencia: norms.vigencia,
};

/** The portal shows published norms (a publication date, not in the future). */
const published = (companyId: number): SQL => and(eq(norms.company_id, companyId), isNotNull(norms.dataPublicacao), lte(norms.dataPublicacao, todayInSaoPaulo()))!;

defineBehaviour(normsDef, {
  hooks: normHooks,
  actions: {
    async next_number(ctx) {
      const q = ctx.body as { type_id: number; data: string };
      const type = await typeById(ctx.db, q.type_id);
      const [own] = type ? await ctx.db.select({ type: types.type, company_id: types.company_id }).from(types).where(eq(types.id, type.id)).limit(1) : [];
      if (!type || own?.type !== 'norms' || (own.company_id !== null && own.company_id !== ctx.auth!.companyId)) throw unprocessable({ type_id: ['Tipo de norma: registro não encontrado.'] });
      const ano = Number(q.data.slice(0, 4));
      const next = await peekNumber(ctx, normsDef, 'numero', { type_id: type.id, ano }, ctx.auth!.companyId);
      return { data: { value: `${next}/${ano}` } };
    },
    async texto_compilado(ctx: ActionContext) {
      const norm = ctx.id ? await findOne(ctx.db, normsDef, ctx.auth, ctx.id) : null;
      if (!norm) throw notFoundOf(normsDef);
      return { data: await compiled(ctx.db, norm) };
    },
    async public_list(ctx) {
      const q = ctx.body as { company_id: number; q?: string; ano?: number; type_id?: number; page?: number; perPage?: number };
      const page = q.page ?? 1;
      const perPage = q.perPage ?? 15;
      const conds: (SQL | undefined)[] = [published(q.company_id)];
      if (q.ano) conds.push(eq(norms.ano, q.ano));
      if (q.type_id) conds.push(eq(norms.type_id, q.type_id));
      const text = q.q?.trim();
      if (text) conds.push(or(ilike(norms.identificacao, `%${text}%`), ilike(norms.ementa, `%${text}%`), ilike(norms.indexacao, `%${text}%`)));
      const where = and(...conds);
      const rows = await ctx.db.select(PUBLIC_COLUMNS).from(norms).where(where).orderBy(desc(norms.data), desc(norms.id)).limit(perPage).offset((page - 1) * perPage);
      const [{ total }] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(norms).where(where);
      return { data: rows, meta: { page, perPage, total } };
    },
    async public_show(ctx) {
      const { company_id } = ctx.body as { company_id: number };
      const [norm] = ctx.id ? await ctx.db.select().from(norms).where(and(eq(norms.id, ctx.id), published(company_id))).limit(1) : [];
      if (!norm) throw new HttpError(404, 'Norma jurídica não encontrada.');
      // relations to norms the portal shows too
      return { data: await compiled(ctx.db, norm as Row, published(company_id)) };
    },
  },
}, 'ciclo');
