/**
 * Sanção → norma (issue 13 §2; docs/workflows/ciclo-legislativo.md): "Registrar sanção / gerar norma", a record
 * action of a matter remetida à sanção (or aprovada, à promulgação; or already marked sancionada). Sancionada,
 * promulgada or sancionada com veto parcial: the norm is created — its number the next of its type in the year unless
 * given (normas.ts), its text the approved version's, its ementa the matter's, its origin the matter — and the matter
 * gets the step "Transformada em norma jurídica" and a link to it. Veto total: no norm, the step "Vetada".
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { formatDate } from '@paco/domain/format';
import { AWAITING_SANCTION, NORM_TYPE_OF_MATTER, SANCTION_KINDS, type SanctionKind } from '@paco/domain/resources/ciclo';
import { matters as mattersDef, norms as normsDef } from '@paco/domain/resources/materias';
import { labelOf } from '@paco/domain/plenary';
import { todayInSaoPaulo } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { matters, norms, plenaryMatters, tramitations, vottings } from '../../db/schema.generated.ts';
import { defineBehaviour } from '../../engine/behaviour.ts';
import type { Row } from '../../engine/context.ts';
import { create, update } from '../../engine/records.ts';
import { recordAnswer } from '../../engine/serialize.ts';
import { conflict, unprocessable } from '../../http/errors.ts';
import { addAutomaticStep, currentStatusOf } from '../materias/tramitacao.ts';
import { typeById, typeBySlug, writeScope } from './shared.ts';

/**
 * The text of the approved version: the last substitutivo of the matter approved in the plenary (its latest closed
 * voting proclaimed "aprovado"), which replaces the whole text; else the matter's own text. Approved amendments that
 * change parts of the text are not applied automatically: the staff edit the norm's text (the sanction's message
 * says so when there are any).
 */
async function approvedText(db: Db, matter: Row): Promise<{ texto: string | null; substitutivo: string | null; emendas: number }> {
  const approved = await db.select({ id: matters.id, identificacao: matters.identificacao, texto: matters.texto, especie: matters.emenda_especie, resultado: vottings.resultado })
    .from(matters)
    .innerJoin(plenaryMatters, eq(plenaryMatters.matter_id, matters.id))
    .innerJoin(vottings, and(eq(vottings.plenary_matter_id, plenaryMatters.id), eq(vottings.status, 'encerrada')))
    .where(and(eq(matters.principal_id, matter.id as number), eq(matters.company_id, matter.company_id as number)))
    .orderBy(desc(vottings.encerradaEm), desc(vottings.id));
  // each amendment's latest proclaimed result decides
  const latest = new Map<number, (typeof approved)[number]>();
  for (const r of approved) if (!latest.has(r.id)) latest.set(r.id, r);
  const passed = [...latest.values()].filter((r) => r.resultado === 'aprovado');
  const sub = passed.find((r) => r.especie === 'substitutivo' && typeof r.texto === 'string' && r.texto.trim());
  const own = typeof matter.texto === 'string' && matter.texto.trim() ? matter.texto : null;
  return {
    texto: sub ? sub.texto : own,
    substitutivo: sub ? sub.identificacao : null,
    emendas: passed.filter((r) => r.especie !== 'substitutivo').length,
  };
}

/**
 * Why the matter may not have its sanction registered now, or null: its current status (the latest step's, read with
 * the "Tramitar" button's) and the norm it made (`norma` is the reference's display in an answer's record).
 */
async function sanctionRefusal(db: Db, row: Row): Promise<string | null> {
  if (row.norma_id) {
    const shown = (row.norma as { identificacao?: string } | undefined)?.identificacao;
    const [n] = shown ? [{ identificacao: shown }] : await db.select({ identificacao: norms.identificacao }).from(norms).where(eq(norms.id, row.norma_id)).limit(1);
    return `A sanção desta matéria já foi registrada: ela gerou a norma ${n?.identificacao ?? `#${row.norma_id}`}.`;
  }
  const status = await currentStatusOf(db, row);
  if (status && (AWAITING_SANCTION as readonly string[]).includes(status.slug)) return null;
  return `Só uma matéria remetida à sanção (ou aprovada, à promulgação) tem a sanção registrada; o status atual é “${status?.label ?? 'sem tramitação'}”.`;
}

const WORD: Record<SanctionKind, string> = { sancionada: 'Sancionada', promulgada: 'Promulgada', veto_parcial: 'Sancionada com veto parcial', veto_total: 'Vetada totalmente' };

defineBehaviour(mattersDef, {
  actions: {
    async gerar_norma(ctx) {
      const b = ctx.body as { sancao: SanctionKind; data: string; type_id?: number | null; numero?: string | null; dataPublicacao?: string | null; partes_vetadas?: string | null; motivo?: string | null };
      // the matter's row held until the end: a second sanction of it waits, then finds its norm
      const [matter] = (await ctx.db.select().from(matters).where(eq(matters.id, ctx.record!.id)).for('update').limit(1)) as Row[];
      const refused = await sanctionRefusal(ctx.db, matter);
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
        return { ...(await recordAnswer(ctx, mattersDef, fresh)), message: 'Veto total registrado: a matéria foi vetada e nenhuma norma foi criada.' };
      }

      const approved = await approvedText(ctx.db, matter);
      const texto = approved.texto;
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
        ...(await recordAnswer(ctx, mattersDef, linked)),
        message: `${labelOf(SANCTION_KINDS, b.sancao)}: ${norm.identificacao} criada${!texto ? ' (a matéria não tem texto: informe-o na norma)' : approved.substitutivo ? ` com o texto do ${approved.substitutivo}, aprovado` : ' com o texto da matéria'}.${approved.emendas ? ` ${approved.emendas === 1 ? '1 emenda aprovada' : `${approved.emendas} emendas aprovadas`}: confira o texto da norma.` : ''}`,
      };
    },
  },
  available: {
    gerar_norma: (row, { db }) => sanctionRefusal(db, row),
  },
  prepare: {
    async gerar_norma(row, { db, auth }) {
      const status = await currentStatusOf(db, row);
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
