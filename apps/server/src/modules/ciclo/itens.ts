/**
 * The Mesa's decisions on an item of a plenary session (issue 13 §3; docs/workflows/ciclo-legislativo.md): pedido de
 * vista, retirada de pauta (a pedido do autor), adiamento (to a later session, where the item goes on the pauta) and
 * urgência — declared record actions of `plenary_matters`. Each changes the item's state on the session's pauta
 * (pushed to the control room and the panels by the item's hooks), and adds the matter's step where it applies.
 *
 * Every one holds the session's row lock (as the live plenary's calls do) and is refused, with the reason on the
 * button and a 409, while the item's voting is open, once it was voted (a reading apart), or after the session ended.
 */
import { and, asc, desc, eq, gt, inArray, or } from 'drizzle-orm';
import { OUTCOMES, labelOf } from '@paco/domain/plenary';
import { formatDate } from '@paco/domain/format';
import { matters as mattersDef, plenaryMatters as itemsDef } from '@paco/domain/resources/materias';
import type { Db } from '../../db/client.ts';
import { authors, matters, mattersAuthors, parliamentaries, plenaryMatters, plenarySessions, vottings } from '../../db/schema.generated.ts';
import { defineBehaviour } from '../../engine/behaviour.ts';
import type { ActionContext, Row } from '../../engine/context.ts';
import { create, update } from '../../engine/records.ts';
import { recordAnswer } from '../../engine/serialize.ts';
import { conflict, unprocessable } from '../../http/errors.ts';
import { addAutomaticStep } from '../materias/tramitacao.ts';
import { latestStepOf, typeById, typeBySlug, writeScope } from './shared.ts';

/** Why the item may not be taken off the pauta (or made urgent) now, or null. */
async function itemRefusal(db: Db, row: Row): Promise<string | null> {
  if (row.plenary_minute_id) return 'Item de aprovação de ata: vista, retirada, adiamento e urgência são de matérias. Para tirar a ata da pauta, exclua o item.';
  const [s] = await db.select({ finalizada: plenarySessions.finalizada }).from(plenarySessions).where(eq(plenarySessions.id, row.plenary_session_id)).limit(1);
  if (s?.finalizada) return 'A sessão plenária está finalizada: a pauta dela não muda mais.';
  const [v] = await db.select({ status: vottings.status, resultado: vottings.resultado }).from(vottings)
    .where(and(eq(vottings.plenary_matter_id, row.id), inArray(vottings.status, ['aberta', 'encerrada']))).orderBy(desc(vottings.id)).limit(1);
  if (v?.status === 'aberta') return 'A votação desta matéria está aberta: encerre-a ou cancele-a antes.';
  if (v && v.resultado !== 'lida') return `Esta matéria já foi votada nesta sessão (${labelOf(OUTCOMES, v.resultado)}). Para desfazer o resultado, use “Anular resultado”.`;
  return null;
}

/** The authors of the item's matter (who may ask for its retirada). */
const authorsOf = (db: Db, matterId: number) => db.select({ id: authors.id, name: authors.name }).from(mattersAuthors)
  .innerJoin(authors, eq(authors.id, mattersAuthors.author_id)).where(eq(mattersAuthors.matter_id, matterId)).orderBy(asc(authors.name));

/** The sessions an item may be postponed to: later than its own (or the same day, registered after), not finished. */
async function laterSessions(db: Db, row: Row): Promise<{ id: number; titulo: string | null }[]> {
  const [s] = await db.select({ abertura: plenarySessions.abertura, company_id: plenarySessions.company_id }).from(plenarySessions).where(eq(plenarySessions.id, row.plenary_session_id)).limit(1);
  if (!s) return [];
  return db.select({ id: plenarySessions.id, titulo: plenarySessions.titulo }).from(plenarySessions)
    .where(and(eq(plenarySessions.company_id, s.company_id), eq(plenarySessions.finalizada, false),
      or(gt(plenarySessions.abertura, s.abertura), and(eq(plenarySessions.abertura, s.abertura), gt(plenarySessions.id, row.plenary_session_id)))))
    .orderBy(asc(plenarySessions.abertura), asc(plenarySessions.id)).limit(50);
}

interface Held { item: Row; session: Row; matter: Row }

/** The session's row lock, then the item and its matter as they are now; refused when the item may no longer change. */
async function hold(ctx: ActionContext): Promise<Held> {
  const [session] = (await ctx.db.select().from(plenarySessions).where(eq(plenarySessions.id, ctx.record!.plenary_session_id)).for('update').limit(1)) as Row[];
  const [item] = (await ctx.db.select().from(plenaryMatters).where(eq(plenaryMatters.id, ctx.record!.id)).limit(1)) as Row[];
  if ((item.situacao ?? 'em_pauta') !== 'em_pauta') throw conflict('A matéria já saiu da pauta desta sessão.');
  const refused = await itemRefusal(ctx.db, item);
  if (refused) throw conflict(refused);
  const [matter] = (await ctx.db.select().from(matters).where(eq(matters.id, item.matter_id)).limit(1)) as Row[];
  return { item, session, matter };
}

const answer = async (ctx: ActionContext, item: Row, message: string) => ({ ...(await recordAnswer(ctx, itemsDef, item)), message });
const withReason = (text: string, motivo?: string | null) => (motivo?.trim() ? `${text} Motivo: ${motivo.trim()}` : text);

async function statusId(db: Db, slug: string, companyId: number): Promise<number> {
  const t = await typeBySlug(db, 'tramitation_status', slug, companyId);
  if (!t) throw conflict(`O status de tramitação “${slug}” não está cadastrado nos tipos.`);
  return t.id;
}

defineBehaviour(itemsDef, {
  actions: {
    async pedir_vista(ctx) {
      const b = ctx.body as { parliamentary_id: number; dias: number; motivo?: string | null };
      const { item, session, matter } = await hold(ctx);
      const [member] = await ctx.db.select({ nome: parliamentaries.nome }).from(parliamentaries).where(eq(parliamentaries.id, b.parliamentary_id)).limit(1);
      const scope = writeScope(ctx);
      const step = await addAutomaticStep(scope, {
        matter_id: matter.id, data: String(session.abertura), status_id: await statusId(ctx.db, 'vista', session.company_id), diasPrazo: b.dias,
        acao: withReason(`Pedido de vista de ${member.nome} na ${session.titulo}.`, b.motivo), plenary_session_id: session.id, plenary_matter_id: item.id,
      });
      const prazo = step.fimPrazo ? String(step.fimPrazo) : null;
      const obs = `Vista a ${member.nome}${prazo ? ` até ${formatDate(prazo)}` : ''}`;
      const updated = await update(scope, itemsDef, item, { situacao: 'vista', situacao_obs: obs, vista_parlamentar_id: b.parliamentary_id, vista_prazo: prazo }, { action: 'pedido_vista', auditExtra: { motivo: b.motivo ?? null } });
      return answer(ctx, updated, `Pedido de vista registrado: ${obs}. A matéria saiu da pauta desta sessão.`);
    },

    async retirar_pauta(ctx) {
      const b = ctx.body as { author_id: number; motivo: string };
      const { item, session, matter } = await hold(ctx);
      const author = (await authorsOf(ctx.db, matter.id)).find((a) => a.id === b.author_id);
      if (!author) throw unprocessable({ author_id: ['A retirada de pauta é a pedido do autor: escolha um dos autores da matéria.'] });
      const scope = writeScope(ctx);
      await addAutomaticStep(scope, {
        matter_id: matter.id, data: String(session.abertura), status_id: await statusId(ctx.db, 'retirada_pauta', session.company_id),
        acao: withReason(`Retirada da pauta da ${session.titulo} a pedido do autor (${author.name}).`, b.motivo), plenary_session_id: session.id, plenary_matter_id: item.id,
      });
      const obs = `Retirada a pedido de ${author.name}: ${b.motivo.trim()}`.slice(0, 500);
      const updated = await update(scope, itemsDef, item, { situacao: 'retirada', situacao_obs: obs }, { action: 'retira_pauta', auditExtra: { motivo: b.motivo } });
      return answer(ctx, updated, 'Matéria retirada de pauta a pedido do autor.');
    },

    async adiar(ctx) {
      const b = ctx.body as { plenary_session_id: number; motivo: string };
      const { item, session, matter } = await hold(ctx);
      const target = (await laterSessions(ctx.db, item)).find((s) => s.id === b.plenary_session_id);
      if (!target) throw unprocessable({ plenary_session_id: ['Escolha uma sessão plenária posterior a esta e ainda não finalizada.'] });
      const scope = writeScope(ctx);
      // the matter goes on the chosen session's pauta, at the end of the same phase (its hooks: duplicates, order, push)
      await create(scope, itemsDef, {
        plenary_session_id: target.id, kind: item.kind, matter_id: item.matter_id, tipo_meteria_id: item.tipo_meteria_id, tipo_votacao_id: item.tipo_votacao_id,
        turno_id: item.turno_id, dataApresentacao: item.dataApresentacao, polemica: item.polemica, obs: withReason(`Adiada da ${session.titulo}.`, b.motivo).slice(0, 5000),
      });
      await addAutomaticStep(scope, {
        matter_id: matter.id, data: String(session.abertura), status_id: await statusId(ctx.db, 'adiada', session.company_id),
        acao: withReason(`Discussão e votação adiadas da ${session.titulo} para a ${target.titulo}.`, b.motivo), plenary_session_id: session.id, plenary_matter_id: item.id,
      });
      const obs = `Adiada para a ${target.titulo}`.slice(0, 500);
      const updated = await update(scope, itemsDef, item, { situacao: 'adiada', situacao_obs: obs, adiada_para_id: target.id }, { action: 'adia', auditExtra: { motivo: b.motivo } });
      return answer(ctx, updated, `${obs}. A matéria entrou na pauta dessa sessão.`);
    },

    async urgencia(ctx) {
      const b = ctx.body as { regime_tramitacao_id: number; motivo?: string | null };
      const { item, session, matter } = await hold(ctx);
      const regime = await typeById(ctx.db, b.regime_tramitacao_id);
      const scope = writeScope(ctx);
      await update(scope, mattersDef, matter, { regime_tramitacao_id: b.regime_tramitacao_id }, { action: 'urgencia', auditExtra: { motivo: b.motivo ?? null } });
      // an urgent step of the status the matter is in (no step for a matter without tramitação yet)
      const current = await latestStepOf(ctx.db, matter.id);
      if (current) {
        await addAutomaticStep(scope, {
          matter_id: matter.id, data: String(session.abertura), status_id: current.status_id, urgente: true, turno_id: current.turno_id ?? null,
          acao: withReason(`Aprovado o regime de ${regime?.label.toLowerCase() ?? 'urgência'} na ${session.titulo}.`, b.motivo), plenary_session_id: session.id, plenary_matter_id: item.id,
        });
      }
      const updated = await update(scope, itemsDef, item, { urgente: true, situacao_obs: `Urgência aprovada (${regime?.label ?? 'urgência'})` }, { action: 'urgencia' });
      return answer(ctx, updated, `Urgência registrada: a matéria passou ao regime de ${regime?.label.toLowerCase() ?? 'urgência'}.`);
    },
  },
  available: {
    pedir_vista: (row, { db }) => itemRefusal(db, row),
    async retirar_pauta(row, { db }) {
      const refused = await itemRefusal(db, row);
      if (refused) return refused;
      return (await authorsOf(db, row.matter_id)).length ? null : 'A matéria não tem autores cadastrados: a retirada de pauta é a pedido do autor.';
    },
    async adiar(row, { db }) {
      const refused = await itemRefusal(db, row);
      if (refused) return refused;
      return (await laterSessions(db, row)).length ? null : 'Não há sessão plenária posterior a esta, ainda não finalizada: cadastre a próxima sessão para adiar a matéria para ela.';
    },
    urgencia: (row, { db }) => itemRefusal(db, row),
  },
  prepare: {
    async retirar_pauta(row, { db }) {
      const list = await authorsOf(db, row.matter_id);
      return { choices: { author_id: list.map((a) => ({ value: a.id, label: a.name })) }, ...(list.length === 1 ? { values: { author_id: list[0].id, author: list[0] } } : {}) };
    },
    async adiar(row, { db }) {
      return { choices: { plenary_session_id: (await laterSessions(db, row)).map((s) => ({ value: s.id, label: s.titulo ?? `Sessão #${s.id}` })) } };
    },
    async urgencia(_row, { db, auth }) {
      const t = await typeBySlug(db, 'regime_tramitacao', 'urgencia', auth.companyId);
      return t ? { values: { regime_tramitacao_id: t.id, regime_tramitacao: { id: t.id, label: t.label } } } : {};
    },
  },
}, 'ciclo');
