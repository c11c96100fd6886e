/**
 * Amendments (issue 13 §1; docs/workflows/emendas.md): emendas (aditiva, modificativa, supressiva, substitutiva),
 * subemendas and substitutivos are matters attached to their main matter (`principal_id`), presented from it
 * ("Apresentar emenda"), numbered in its own sequence per type — "Emenda nº 1 ao PL 12/2026", "Substitutivo nº 1 ao
 * PL 12/2026", "Subemenda nº 1 à Emenda nº 2 ao PL 12/2026" — by the same atomic allocation as every matter number
 * (numbering.ts), and listed with it: the main matter's "Emendas e substitutivos" tab (its sub-list) and
 * `GET matters/amendments?matter_ids=` for the pauta, which shows them under the main item.
 */
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { orList } from '@paco/domain/fields';
import { formatDate, labelOf } from '@paco/domain/format';
import { AMENDMENT_TYPES, ESPECIES_EMENDA, amendmentType, matters as mattersDef, type EspecieEmenda } from '@paco/domain/resources/materias';
import { todayInSaoPaulo } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { matters, types } from '../../db/schema.generated.ts';
import { defineBehaviour } from '../../engine/behaviour.ts';
import type { HookContext, Row } from '../../engine/context.ts';
import { list } from '../../engine/query.ts';
import { attach, create, link, scopeOf } from '../../engine/records.ts';
import { recordAnswer, serialize } from '../../engine/serialize.ts';
import { unprocessable } from '../../http/errors.ts';

const EMENDAS: readonly EspecieEmenda[] = ['aditiva', 'modificativa', 'supressiva', 'substitutiva'];
const especieLabel = (e: string): string => labelOf(ESPECIES_EMENDA, e);

/** The espécies a matter may receive: a main matter any emenda or a substitutivo; an emenda subemendas; a substitutivo emendas. */
export function especiesFor(principal: Row): readonly EspecieEmenda[] {
  const e = principal.emenda_especie as string | null;
  if (!principal.principal_id || !e) return [...EMENDAS, 'substitutivo'];
  if (e === 'substitutivo') return EMENDAS;
  if (e === 'subemenda') return [];
  return ['subemenda'];
}

/** "ao PL 12/2026", "à Emenda nº 2 ao PL 12/2026", "à IND 3/2026": the article of the main matter's type. */
function preposition(typeLabel: string): 'ao' | 'à' {
  const word = typeLabel.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  return word.endsWith('a') || word.endsWith('ção') || word.endsWith('são') ? 'à' : 'ao';
}

/**
 * "Emenda nº 2 ao PL 12/2026"; an amendment deep in the tree ("Subemenda nº 1 à Emenda nº 3 ao Substitutivo nº 1 ao
 * PLC 123/2026") names its main matters by their abbreviations to fit the identification's 60 characters.
 */
function titleOf(own: string, prep: string, principal: string): string {
  const full = `${own} ${prep} ${principal}`;
  if (full.length <= 60) return full;
  const short = principal.replace(/\bSubstitutivo\b/g, 'Subst.').replace(/\bSubemenda\b/g, 'Subem.').replace(/\bEmenda\b/g, 'Em.');
  return `${own} ${prep} ${short}`.slice(0, 60);
}

const NUMBERED = 'A emenda é numerada na sequência da matéria principal; o número não é informado nem muda.';
const NOT_HERE = 'Emendas, subemendas e substitutivos são apresentados pela matéria principal (botão “Apresentar emenda”).';

/**
 * The matters hook's part for amendments (index.ts): a new amendment has the next number of its type in its main
 * matter (the `sequence` of `numero`, given by the engine) and its identification; its type and number never change.
 * A matter of an amendment type without a main matter is refused. Answers whether the matter is an amendment.
 */
export async function numberAmendment(ctx: HookContext, companyId: number, values: Row, existing: Row | null, type: Row | null): Promise<boolean> {
  const principalId = (existing ? existing.principal_id : values.principal_id) as number | null;
  if (!principalId) {
    if (type && AMENDMENT_TYPES.includes(String(type.slug)) && (!existing || values.type_id !== undefined)) throw unprocessable({ type_id: [NOT_HERE] }, NOT_HERE);
    return false;
  }
  if (existing) {
    if (values.type_id !== undefined && values.type_id !== existing.type_id) throw unprocessable({ type_id: ['O tipo de uma emenda vem da sua espécie e não muda.'] });
    if (values.numero !== undefined && values.numero !== existing.numero) throw unprocessable({ numero: [NUMBERED] });
    return true;
  }
  if (!ctx.numbered?.has('numero')) throw unprocessable({ numero: [NUMBERED] });
  const [principal] = await ctx.db.select({ identificacao: matters.identificacao, type: types.label }).from(matters)
    .leftJoin(types, eq(types.id, matters.type_id)).where(and(eq(matters.id, principalId), eq(matters.company_id, companyId))).limit(1);
  if (!principal || !type) throw unprocessable({ principal_id: ['Matéria principal não encontrada.'] });
  const numero = values.numero as number;
  values.numeracao = `${type.id}/${numero}/p${principalId}`;
  values.identificacao = titleOf(`${type.label} nº ${numero}`, preposition(String(principal.type ?? '')), String(principal.identificacao));
  return true;
}

async function amendmentTypeId(db: Db, companyId: number, slug: string): Promise<number | null> {
  const [t] = await db.select({ id: types.id }).from(types)
    .where(and(eq(types.type, 'matters'), eq(types.slug, slug), or(isNull(types.company_id), eq(types.company_id, companyId)))).limit(1);
  return t?.id ?? null;
}

/** Every amendment under these matters (subemendas under their emendas), in the order presented, by main matter. */
export async function amendmentsOf(db: Db, companyId: number, ids: readonly number[]): Promise<Map<number, { id: number; nivel: number }[]>> {
  const out = new Map<number, { id: number; nivel: number }[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const res = await db.execute(sql`with recursive tree(id, raiz, nivel, caminho) as (
      select m.id, m.principal_id, 1, array[m.id] from matters m where m.company_id = ${companyId} and m.principal_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})
      union all
      select m.id, t.raiz, t.nivel + 1, t.caminho || m.id from matters m join tree t on m.principal_id = t.id where t.nivel < 5
    ) select id, raiz, nivel from tree order by raiz, caminho`);
  const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as { id: number; raiz: number; nivel: number }[];
  for (const r of rows) out.get(Number(r.raiz))?.push({ id: Number(r.id), nivel: Number(r.nivel) });
  return out;
}

defineBehaviour(mattersDef, {
  actions: {
    async apresentar_emenda(ctx) {
      const principal = ctx.record!;
      const b = ctx.body as { emenda_especie: EspecieEmenda; dataApresentacao: string; author_id: number; ementa: string; texto?: string | null; justificativa?: string | null };
      const allowed = especiesFor(principal);
      if (!allowed.includes(b.emenda_especie)) {
        throw unprocessable({ emenda_especie: [`${principal.identificacao} recebe: ${orList(allowed.map((e) => `“${especieLabel(e)}”`))}.`] });
      }
      if (b.dataApresentacao < String(principal.dataApresentacao)) {
        throw unprocessable({ dataApresentacao: [`A emenda não pode ser anterior à apresentação de ${principal.identificacao} (${formatDate(String(principal.dataApresentacao))}).`] });
      }
      const typeId = await amendmentTypeId(ctx.db, principal.company_id, amendmentType(b.emenda_especie));
      if (!typeId) throw unprocessable({ emenda_especie: ['Cadastre o tipo de matéria “Emenda” (Configurações › Tipos) antes de apresentar emendas.'] });
      const scope = scopeOf(ctx, ctx.req);
      const created = await create(scope, mattersDef, {
        type_id: typeId, dataApresentacao: b.dataApresentacao, ementa: b.ementa, texto: b.texto ?? undefined, justificativa: b.justificativa ?? undefined,
        regime_tramitacao_id: principal.regime_tramitacao_id ?? undefined,
      }, { set: { principal_id: principal.id, emenda_especie: b.emenda_especie }, action: 'apresenta_emenda' });
      await link(scope, mattersDef, 'authors', created, [b.author_id]);
      const file = ctx.files?.texto_original;
      if (file) await attach(scope, mattersDef, created, 'texto_original', file);
      return {
        ...(await recordAnswer(ctx, mattersDef, principal)),
        message: `Apresentada: ${created.identificacao}.`,
        amendment: { id: created.id, identificacao: created.identificacao },
      };
    },
    async amendments_of(ctx) {
      const ids = [...new Set(String((ctx.body as { matter_ids: string }).matter_ids).split(',').map(Number))];
      const tree = await amendmentsOf(ctx.db, ctx.auth!.companyId, ids);
      const all = [...tree.values()].flat();
      // read through the engine (company and row scope, the authors embedded), then put back in the tree's order
      const { rows } = all.length ? await list(ctx.db, mattersDef, ctx.auth, { page: 1, perPage: 1000 }, {}, [inArray(matters.id, all.map((a) => a.id))]) : { rows: [] };
      const shown = new Map((await serialize(ctx, mattersDef, rows, ctx.auth)).map((r) => [r.id as number, r]));
      const data: Record<string, Row[]> = {};
      for (const [id, items] of tree) data[String(id)] = items.flatMap((a) => (shown.has(a.id) ? [{ ...shown.get(a.id)!, nivel: a.nivel }] : []));
      return { data };
    },
  },
  available: {
    async apresentar_emenda(row) {
      if (row.emenda_especie === 'subemenda') return 'Uma subemenda não recebe emendas.';
      if (row.emTramitacao === false) return `${row.identificacao} não está em tramitação: não recebe emendas.`;
      return null;
    },
  },
  prepare: {
    async apresentar_emenda(row) {
      const choices = especiesFor(row).map((e) => ({ value: e, label: especieLabel(e) }));
      return { values: { dataApresentacao: todayInSaoPaulo(), emenda_especie: choices[0]?.value }, choices: { emenda_especie: choices } };
    },
  },
}, 'materias');
