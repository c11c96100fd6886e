/**
 * Committee work on a matter (issue 13 §1; docs/workflows/comissoes.md). A tramitation step that sends the matter to
 * a commission ("Tramitar" with a commission, or "Distribuir às comissões") opens a distribution, unless one is still
 * open there; the commission's operators designate the rapporteur — a member of the commission's composition in force
 * on the designation date — with the deadline for the opinion in business days (the holiday calendar: deadline.ts),
 * and register the commission's parecer with its document. The rapporteur (a councillor) is told, and finds the
 * matter in "Minhas pendências"; the operators see the opinions whose deadline is close.
 */
import { and, asc, eq, gte, isNull, lte, ne, or } from 'drizzle-orm';
import { formatDate } from '@paco/domain/format';
import { PARECERES, distributions as def } from '@paco/domain/resources/proposicao';
import { reports as reportsDef } from '@paco/domain/resources/materias';
import { todayInSaoPaulo } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { commissions, compositionPeriods, compositions, distributions, matters, parliamentaries, participants, reports, types } from '../../db/schema.generated.ts';
import { defineBehaviour } from '../../engine/behaviour.ts';
import { recordAnswer } from '../../engine/serialize.ts';
import type { HookContext, Row } from '../../engine/context.ts';
import { attach, create, hookScope, remove, scopeOf, update } from '../../engine/records.ts';
import { unprocessable } from '../../http/errors.ts';
import { addAutomaticStep } from './automatic-step.ts';
import { computeBusinessDeadline } from './deadline.ts';
import { tellMembers } from './requests.ts';

/** The rapporteur's deadline when the commission has none of its own (business days). */
export const DEFAULT_RAPPORTEUR_DAYS = 15;

/* ------------------------------------------------------------------ opened and closed by the tramitation's steps */

/** A step to a commission opens its distribution, unless the matter has one still open there (a status update). */
export async function openDistribution(step: Row, ctx: HookContext): Promise<void> {
  if (!step.commission_id) return;
  const [open] = await ctx.db.select({ id: distributions.id }).from(distributions).where(and(
    eq(distributions.matter_id, step.matter_id), eq(distributions.commission_id, step.commission_id), ne(distributions.situacao, 'parecer_emitido'),
  )).limit(1);
  if (open) return;
  await create(hookScope(ctx), def, { matter_id: step.matter_id, commission_id: step.commission_id, data: step.data },
    { set: { tramitation_id: step.id, situacao: 'aguardando_relator', descricao: await describe(ctx.db, step.matter_id, step.commission_id) }, action: 'distribui' });
}

/** "PL 12/2026 — CLJR" */
export async function describe(db: Db, matterId: number, commissionId: number): Promise<string> {
  const [m] = await db.select({ identificacao: matters.identificacao }).from(matters).where(eq(matters.id, matterId)).limit(1);
  const c = await commissionOf(db, commissionId);
  return `${m?.identificacao ?? `#${matterId}`} — ${c.sigla}`.slice(0, 120);
}

/** A step removed takes away the distribution it opened while nothing was done in it yet. */
export async function dropDistribution(step: Row, ctx: HookContext): Promise<void> {
  const rows = await ctx.db.select().from(distributions).where(and(eq(distributions.tramitation_id, step.id), eq(distributions.situacao, 'aguardando_relator')));
  for (const row of rows) await remove(hookScope(ctx), def, row as Row);
}

/* ------------------------------------------------------------------ the commission's members */

interface Member { id: number; nome: string; composition_id: number }

/** The members of the commission's composition in force on `day` (designated by then, not yet removed). */
export async function membersOn(db: Db, commissionId: number, day: string): Promise<Member[]> {
  const rows = await db.select({ id: parliamentaries.id, nome: parliamentaries.nome, composition_id: compositions.id }).from(participants)
    .innerJoin(compositions, eq(compositions.id, participants.composition_id))
    .innerJoin(compositionPeriods, eq(compositionPeriods.id, compositions.composition_period_id))
    .innerJoin(parliamentaries, eq(parliamentaries.id, participants.parliamentary_id))
    .where(and(
      eq(compositions.comission_id, commissionId), lte(compositionPeriods.inicio, day), gte(compositionPeriods.fim, day),
      lte(participants.designacao, day), or(isNull(participants.desligamento), gte(participants.desligamento, day)),
    ))
    .orderBy(asc(parliamentaries.nome));
  return [...new Map(rows.map((r) => [r.id, r])).values()];
}

async function commissionOf(db: Db, id: number): Promise<{ nome: string; sigla: string; prazoRelator: number | null }> {
  const [c] = await db.select({ nome: commissions.nome, sigla: commissions.sigla, prazoRelator: commissions.prazoRelator }).from(commissions).where(eq(commissions.id, id)).limit(1);
  return c ?? { nome: `#${id}`, sigla: `#${id}`, prazoRelator: null };
}

async function motivoFim(db: Db, companyId: number, slug: string): Promise<number | null> {
  const [t] = await db.select({ id: types.id }).from(types)
    .where(and(eq(types.type, 'motivo_fim_relatoria'), eq(types.slug, slug), or(isNull(types.company_id), eq(types.company_id, companyId)))).limit(1);
  return t?.id ?? null;
}

/* ------------------------------------------------------------------ the actions */

defineBehaviour(def, {
  actions: {
    async designar_relator(ctx) {
      const dist = ctx.record!;
      const b = ctx.body as { relator_id: number; designacao: string; diasPrazo: number };
      if (b.designacao < String(dist.data)) throw unprocessable({ designacao: [`A designação não pode ser anterior à distribuição (${formatDate(String(dist.data))}).`] });
      const commission = await commissionOf(ctx.db, dist.commission_id);
      const members = await membersOn(ctx.db, dist.commission_id, b.designacao);
      if (!members.length) {
        throw unprocessable({ relator_id: [`A ${commission.sigla} não tem composição vigente em ${formatDate(b.designacao)}: cadastre-a em Legislativo › Comissões.`] });
      }
      const member = members.find((m) => m.id === b.relator_id);
      if (!member) {
        throw unprocessable({ relator_id: [`O relator deve ser membro da composição vigente da ${commission.sigla}: ${members.map((m) => m.nome).join(', ')}.`] });
      }
      if (dist.relator_id === member.id) throw unprocessable({ relator_id: [`${member.nome} já é o(a) relator(a) desta matéria na ${commission.sigla}.`] });
      const scope = scopeOf(ctx, ctx.req);
      // a rapporteur replaced: their rapporteurship ends on the new one's designation
      if (dist.report_id) {
        const [old] = await ctx.db.select().from(reports).where(eq(reports.id, dist.report_id)).limit(1);
        if (old) await update(scope, reportsDef, old as Row, { destituicao: b.designacao, motivo_fim_id: await motivoFim(ctx.db, dist.company_id, 'substituicao') }, { action: 'substitui_relator' });
      }
      const report = await create(scope, reportsDef, {
        matter_id: dist.matter_id, parliamentary_id: member.id, commission_id: dist.commission_id, composition_id: member.composition_id, designacao: b.designacao,
      }, { action: 'designa_relator' });
      const prazoParecer = await computeBusinessDeadline(ctx.db, dist.company_id, b.designacao, b.diasPrazo);
      const moved = await update(scope, def, dist, {
        situacao: 'com_relator', relator_id: member.id, report_id: report.id, designacao: b.designacao, diasPrazo: b.diasPrazo, prazoParecer,
      }, { action: 'designa_relator', where: eq(distributions.situacao, dist.situacao) });
      const [matter] = await ctx.db.select({ identificacao: matters.identificacao, ementa: matters.ementa }).from(matters).where(eq(matters.id, dist.matter_id)).limit(1);
      await tellMembers(ctx, [member.id], {
        kind: 'relatoria_designada', title: `Você é relator(a) de ${matter?.identificacao ?? 'uma matéria'} na ${commission.sigla}`,
        body: [String(matter?.ementa ?? '').slice(0, 200), `Prazo para o parecer: ${formatDate(prazoParecer)} (${b.diasPrazo} dias úteis).`].join('\n'),
        link: `${def.screen}/${dist.id}`,
      });
      return recordAnswer(ctx, def, moved, `Relator(a) designado(a): ${member.nome}; parecer até ${formatDate(prazoParecer)}.`);
    },
    async registrar_parecer(ctx) {
      const dist = ctx.record!;
      const b = ctx.body as { parecer: string; parecer_data: string; votos_favoraveis?: number | null; votos_contrarios?: number | null; abstencoes?: number | null; parecer_obs?: string | null };
      const file = ctx.files?.parecer_documento;
      const errors: Record<string, string[]> = {};
      if (!file) errors.parecer_documento = ['Anexe o documento do parecer (PDF).'];
      if (dist.designacao && b.parecer_data < String(dist.designacao)) errors.parecer_data = [`O parecer não pode ser anterior à designação do relator (${formatDate(String(dist.designacao))}).`];
      if (b.parecer_data > todayInSaoPaulo()) errors.parecer_data = ['A data do parecer não pode ser futura.'];
      if (Object.keys(errors).length) throw unprocessable(errors);
      const scope = scopeOf(ctx, ctx.req);
      const moved = await update(scope, def, dist, {
        situacao: 'parecer_emitido', parecer: b.parecer, parecer_data: b.parecer_data, parecer_obs: b.parecer_obs ?? null,
        votos_favoraveis: b.votos_favoraveis ?? null, votos_contrarios: b.votos_contrarios ?? null, abstencoes: b.abstencoes ?? null,
      }, { action: 'registra_parecer', where: eq(distributions.situacao, dist.situacao) });
      const stored = await attach(scope, def, moved, 'parecer_documento', file!);
      const commission = await commissionOf(ctx.db, dist.commission_id);
      const label = PARECERES.find((p) => p.value === b.parecer)?.label ?? b.parecer;
      // the matter's tramitação records it: "Parecer emitido", with the commission and its vote (automatic, decision 0030)
      const [emitido] = await ctx.db.select({ id: types.id }).from(types)
        .where(and(eq(types.type, 'tramitation_status'), eq(types.slug, 'parecer_emitido'), or(isNull(types.company_id), eq(types.company_id, dist.company_id)))).limit(1);
      if (emitido) {
        const votes = [[b.votos_favoraveis, 'favorável', 'favoráveis'], [b.votos_contrarios, 'contrário', 'contrários'], [b.abstencoes, 'abstenção', 'abstenções']] as const;
        const tally = votes.filter(([n]) => typeof n === 'number').map(([n, one, many]) => `${n} ${n === 1 ? one : many}`).join(', ');
        await addAutomaticStep(scope, {
          matter_id: dist.matter_id, data: b.parecer_data, status_id: emitido.id,
          acao: `Parecer da ${commission.nome} (${commission.sigla}): ${label}${tally ? ` — ${tally}` : ''}.`,
        });
      }
      return recordAnswer(ctx, def, stored, `Parecer registrado: ${label} (${commission.sigla}).`);
    },
  },
  available: {
    async designar_relator(row, { db }) {
      const members = await membersOn(db, row.commission_id, todayInSaoPaulo());
      return members.length ? null : 'A comissão não tem composição vigente hoje: cadastre-a em Legislativo › Comissões antes de designar o relator.';
    },
  },
  prepare: {
    async designar_relator(row, { db }) {
      const members = await membersOn(db, row.commission_id, todayInSaoPaulo());
      const commission = await commissionOf(db, row.commission_id);
      return {
        values: { designacao: todayInSaoPaulo(), diasPrazo: commission.prazoRelator ?? DEFAULT_RAPPORTEUR_DAYS },
        choices: { relator_id: members.filter((m) => m.id !== row.relator_id).map((m) => ({ value: m.id, label: m.nome })) },
      };
    },
    async registrar_parecer() {
      return { values: { parecer_data: todayInSaoPaulo() } };
    },
  },
}, 'materias');
