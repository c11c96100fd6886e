/**
 * Solicitations (issue 11; docs/workflows/solicitacoes.md): a parliamentarian's request (diária, veículo) is sent
 * when created and read-only for its author from then on; the staff analyses it, grants it (with an optional note)
 * or refuses it (with the reason); the author or the staff may cancel it while undecided. States, reasons and who
 * may act are declared in packages/domain (resources/materias.ts).
 */
import { eq } from 'drizzle-orm';
import { solicitations as def } from '@paco/domain/resources/materias';
import { solicitations as table } from '../../db/schema.generated.ts';
import { defineBehaviour } from '../../engine/behaviour.ts';
import { recordAnswer } from '../../engine/serialize.ts';
import type { ActionContext, Row } from '../../engine/context.ts';
import { scopeOf, update, type WriteOptions } from '../../engine/records.ts';
import { listActions, requestHooks, situationLabel, situationVia, tellOwner, type NotifyContext } from './requests.ts';

/** The councillor hears of the house's decision on their solicitation (granted, refused, cancelled), with the note or reason. */
async function notifySolicitation(ctx: NotifyContext, row: Row): Promise<void> {
  if (!['deferida', 'indeferida', 'cancelada'].includes(String(row.situacao))) return;
  const label = situationLabel(def, row.situacao).toLowerCase();
  await tellOwner(ctx, def, row, 'solicitacao_decidida', `Sua solicitação foi ${label}: ${String(row.destino ?? '').slice(0, 120)}`, row.situacao_obs ? `Observação: ${String(row.situacao_obs)}` : null);
}

/** Sets the situation (the server's own change: the author's edit rules do not apply), then notifies. */
async function moveTo(ctx: ActionContext, values: Row, action: string, extra?: WriteOptions['auditExtra']): Promise<Row> {
  const row = ctx.record!;
  const moved = await update(scopeOf(ctx, ctx.req), def, row, values, { hooks: false, action, auditExtra: extra, where: eq(table.situacao, row.situacao) });
  await notifySolicitation(ctx, moved);
  return moved;
}

defineBehaviour(def, {
  hooks: requestHooks(def, { own: 'pendente', staff: 'pendente' }, {
    // a new solicitation reached the house
    async afterWrite(row, existing, ctx) { if (!existing) await notifySolicitation(ctx, row); },
  }),
  actions: {
    ...listActions(def),
    situation: situationVia({
      pendente: { refuse: 'Uma solicitação não volta a ficar pendente.' },
      em_analise: { action: 'analyse' },
      deferida: { action: 'grant', note: 'observacao' },
      indeferida: { action: 'deny', note: 'motivo' },
      cancelada: { action: 'cancel' },
    }),
    async analyse(ctx) {
      return recordAnswer(ctx, def, await moveTo(ctx, { situacao: 'em_analise' }, 'analisa'));
    },
    async grant(ctx) {
      const obs = (ctx.body as { observacao?: string | null }).observacao ?? null;
      return recordAnswer(ctx, def, await moveTo(ctx, { situacao: 'deferida', situacao_obs: obs }, 'defere'), 'Solicitação deferida.');
    },
    async deny(ctx) {
      const motivo = String((ctx.body as { motivo: string }).motivo);
      return recordAnswer(ctx, def, await moveTo(ctx, { situacao: 'indeferida', situacao_obs: motivo }, 'indefere', { motivo }), 'Solicitação indeferida.');
    },
    async cancel(ctx) {
      return recordAnswer(ctx, def, await moveTo(ctx, { situacao: 'cancelada' }, 'cancela'), 'Solicitação cancelada.');
    },
  },
}, 'materias');
