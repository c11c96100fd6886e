/**
 * Sanção → norma (issue 13 §2; docs/workflows/ciclo-legislativo.md): "Registrar sanção / gerar norma", a record
 * action of a matter remetida à sanção (or aprovada, à promulgação; or already marked sancionada). Sancionada,
 * promulgada or sancionada com veto parcial: the norm is created — its number the next of its type in the year unless
 * given (normas.ts), its text the approved version's, its ementa the matter's, its origin the matter — and the matter
 * gets the step "Transformada em norma jurídica" and a link to it. Veto total: no norm, the step "Vetada".
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { formatDate } from '@paco/domain/format';
import { AWAITING_SANCTION, NORM_TYPE_OF_MATTER, SANCTION_KINDS, type SanctionKind } from '@paco/domain/resources/ciclo';
import { matters as mattersDef, norms as normsDef } from '@paco/domain/resources/materias';
import { labelOf } from '@paco/domain/plenary';
import { todayInSaoPaulo } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { matters, norms, tramitations, types } from '../../db/schema.generated.ts';
import { gather, gathering } from '../../engine/statements.ts';
import { defineBehaviour } from '../../engine/behaviour.ts';
import type { Row } from '../../engine/context.ts';
import { create, update } from '../../engine/records.ts';
import { serialize } from '../../engine/serialize.ts';
import { conflict, unprocessable } from '../../http/errors.ts';
import { addAutomaticStep } from '../materias/tramitacao.ts';
import { typeById, typeBySlug, writeScope } from './shared.ts';

/**
 * The text of the approved version: the matter's own text. (Substitutivos and amendments attached to the matter are
 * issue 13 §1's; once they exist, the last approved substitutivo's text comes first here.)
 */
async function approvedText(_db: Db, matter: Row): Promise<string | null> {
  return typeof matter.texto === 'string' && matter.texto.trim() ? matter.texto : null;
}

interface SanctionState { slug: string | null; label: string | null; norma_id: number | null; norma: string | null }

/** Where each matter stands for its sanction: its current status and the norm it made, one statement for many matters. */
async function sanctionStates(db: Db, ids: readonly number[]): Promise<Map<number, SanctionState>> {
  const rows = await db.select({ id: matters.id, slug: types.slug, label: types.label, norma_id: matters.norma_id, norma: norms.identificacao }).from(matters)
    .leftJoin(types, eq(types.id, matters.status_atual_id)).leftJoin(norms, eq(norms.id, matters.norma_id)).where(inArray(matters.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** A matter's state, read together with the other records shown in this turn (a list's rows, many screens at once). */
const stateByRow = new WeakMap<Row, Promise<SanctionState | null>>();
function stateOf(db: Db, row: Row): Promise<SanctionState | null> {
  let p = stateByRow.get(row);
  if (!p) {
    const id = row.id as number;
    const read = gathering(db) ? gather(db, 'ciclo:sancao', id, (ids) => sanctionStates(db, [...new Set(ids)])) : sanctionStates(db, [id]);
    stateByRow.set(row, (p = read.then((m) => m.get(id) ?? null)));
  }
  return p;
}

/** Why the matter may not have its sanction registered now, or null. */
async function sanctionRefusal(db: Db, row: Row): Promise<string | null> {
  const st = await stateOf(db, row);
  if (st?.norma_id) return `A sanção desta matéria já foi registrada: ela gerou a norma ${st.norma ?? `#${st.norma_id}`}.`;
  if (st?.slug && (AWAITING_SANCTION as readonly string[]).includes(st.slug)) return null;
  return `Só uma matéria remetida à sanção (ou aprovada, à promulgação) tem a sanção registrada; o status atual é “${st?.label ?? 'sem tramitação'}”.`;
}

const WORD: Record<SanctionKind, string> = { sancionada: 'Sancionada', promulgada: 'Promulgada', veto_parcial: 'Sancionada com veto parcial', veto_total: 'Vetada totalmente' };

defineBehaviour(mattersDef, {
  actions: {
    async gerar_norma(ctx) {
      const b = ctx.body as { sancao: SanctionKind; data: string; type_id?: number | null; numero?: string | null; dataPublicacao?: string | null; partes_vetadas?: string | null; motivo?: string | null };
      // the matter's row held until the end: a second sanction of it waits, then finds its norm
      const [matter] = (await ctx.db.select().from(matters).where(eq(matters.id, ctx.record!.id)).for('update').limit(1)) as Row[];
      const refused = await sanctionRefusal(ctx.db, { id: matter.id });
      if (refused) throw conflict(refused);
      const errors: Record<string, string[]> = {};
      if (b.sancao !== 'veto_total' && !b.type_id) errors.type_id = ['Informe o tipo de norma.'];
      if (b.sancao === 'veto_parcial' && !b.partes_vetadas?.trim()) errors.partes_vetadas = ['Informe as partes vetadas (os dispositivos do veto parcial).'];
      if (b.sancao === 'veto_total' && !b.motivo?.trim()) errors.motivo = ['Informe as razões do veto.'];
      const [last] = await ctx.db.select({ data: sql<string | null>`max(${tramitations.data})::text` }).from(tramitations).where(eq(tramitations.matter_id, matter.id));
      if (last?.data && b.data < last.data) errors.data = [`A data não pode ser anterior ao último passo da tramitação (${formatDate(last.data)}).`];
      if (b.dataPublicacao && b.dataPublicacao < b.data) errors.dataPublicacao = ['A publicação não pode ser anterior à sanção.'];
      if (Object.keys(errors).length) throw unprocessable(errors);

      const scope = writeScope(ctx);
      const when = formatDate(b.data);
      if (b.sancao === 'veto_total') {
        const vetada = await typeBySlug(ctx.db, 'tramitation_status', 'vetada', matter.company_id);
        if (!vetada) throw conflict('O status “Vetada” não está cadastrado nos tipos de status de tramitação.');
        await addAutomaticStep(scope, { matter_id: matter.id, data: b.data, status_id: vetada.id, acao: `Vetada totalmente em ${when}. Razões do veto: ${b.motivo!.trim()}` });
        const fresh = (await ctx.db.select().from(matters).where(eq(matters.id, matter.id)).limit(1))[0] as Row;
        return { data: (await serialize(ctx, mattersDef, [fresh], ctx.auth, undefined, false))[0], message: 'Veto total registrado: a matéria foi vetada e nenhuma norma foi criada.' };
      }

      const texto = await approvedText(ctx.db, matter);
      const norm = await create(scope, normsDef, {
        type_id: b.type_id, numero: b.numero?.trim() || null, ano: Number(b.data.slice(0, 4)), data: b.data, dataPublicacao: b.dataPublicacao ?? null,
        ementa: matter.ementa, indexacao: matter.indexacao ?? null, texto, sancao: b.sancao, partes_vetadas: b.sancao === 'veto_parcial' ? b.partes_vetadas!.trim() : null,
        complementar: !!matter.complementar, matter_id: matter.id, type_materia_id: matter.type_id, numero_materia: String(matter.numero ?? ''), ano_materia: matter.ano,
        obs: b.motivo?.trim() || null,
      }, { action: 'sanciona' });
      const status = await typeBySlug(ctx.db, 'tramitation_status', 'transformada_norma', matter.company_id);
      if (!status) throw conflict('O status “Transformada em norma jurídica” não está cadastrado nos tipos de status de tramitação.');
      const vetoed = b.sancao === 'veto_parcial' ? ` Partes vetadas: ${b.partes_vetadas!.trim()}` : '';
      await addAutomaticStep(scope, { matter_id: matter.id, data: b.data, status_id: status.id, acao: `${WORD[b.sancao]} em ${when}: ${norm.identificacao}.${vetoed}`.slice(0, 5000) });
      const [current] = (await ctx.db.select().from(matters).where(eq(matters.id, matter.id)).limit(1)) as Row[];
      const linked = await update(scope, mattersDef, current, { norma_id: norm.id }, { hooks: false, action: 'gera_norma' });
      return {
        data: (await serialize(ctx, mattersDef, [linked], ctx.auth, undefined, false))[0],
        message: `${labelOf(SANCTION_KINDS, b.sancao)}: ${norm.identificacao} criada${texto ? ' com o texto da matéria' : ' (a matéria não tem texto: informe-o na norma)'}.`,
      };
    },
  },
  available: {
    gerar_norma: (row, { db }) => sanctionRefusal(db, row),
  },
  prepare: {
    async gerar_norma(row, { db, auth }) {
      const status = await typeById(db, row.status_atual_id ?? null);
      const matterType = await typeById(db, row.type_id ?? null);
      const normSlug = matterType ? NORM_TYPE_OF_MATTER[matterType.slug] : undefined;
      const normType = normSlug ? await typeBySlug(db, 'norms', normSlug, auth.companyId) : null;
      return {
        values: {
          sancao: status?.slug === 'a_promulgar' ? 'promulgada' : 'sancionada',
          data: todayInSaoPaulo(),
          ...(normType ? { type_id: normType.id, type: { id: normType.id, label: normType.label } } : {}),
        },
      };
    },
  },
}, 'ciclo');
