/**
 * A tender's phases (issue 12, PNTP "licitações com fases e documentos"): every change of its situação — the first
 * one when it is created — adds a row to its history in the same transaction, with the moment and the session's user.
 * The portal shows the history as the tender's phases (portal/related/licitacao.ts).
 */
import { licitacaoFases } from '@paco/domain/resources/administrativo';
import type { ResourceHooks } from '../../engine/context.ts';
import { create, hookScope } from '../../engine/records.ts';

export const recordPhase: NonNullable<ResourceHooks['afterWrite']> = async (row, existing, ctx) => {
  if (existing && existing.situacao === row.situacao) return;
  await create(hookScope(ctx), licitacaoFases, { licitacao_id: row.id }, {
    set: { situacao: row.situacao ?? 'em_andamento', data: new Date().toISOString(), user_id: ctx.auth.userId },
  });
};
