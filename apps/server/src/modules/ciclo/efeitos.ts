/**
 * Results flow back (issue 13 §2; docs/workflows/ciclo-legislativo.md; decision 0030): closing a voting adds to the
 * matter the tramitation step its result implies, in the close's transaction, linked to the session, the voting and
 * the item; annulling (or renewing, or reopening) that result takes the step back.
 *
 * The step is the company's rule for the matter's type (Configurações › Efeitos da votação: the rule of the turno
 * voted, else the type's rule for any turno), else the national default (`defaultVoteEffect`). It is an automatic
 * step: recorded even when the flow does not allow it, with the reason in its text (tramitacao.ts `noteOffFlow`).
 */
import { and, eq } from 'drizzle-orm';
import { labelOf, VOTING_KINDS } from '@paco/domain/plenary';
import { formatDate } from '@paco/domain/format';
import { defaultVoteEffect, voteEffects as effectsDef, type VoteResult } from '@paco/domain/resources/ciclo';
import { matters as mattersDef, tramitations as stepsDef } from '@paco/domain/resources/materias';
import type { Db } from '../../db/client.ts';
import { matters, tramitations, voteEffects } from '../../db/schema.generated.ts';
import { defineBehaviour } from '../../engine/behaviour.ts';
import type { Row } from '../../engine/context.ts';
import { audit } from '../../engine/audit.ts';
import { remove, update, type WriteScope } from '../../engine/records.ts';
import { addAutomaticStep } from '../materias/tramitacao.ts';
import { applyAtaVote, undoAtaVote } from '../plenario/ata-item.ts';
import { latestStepOf, typeById, typeBySlug } from './shared.ts';

/** One rule per type, turno and result (the unique key). */
defineBehaviour(effectsDef, {
  hooks: {
    async beforeWrite(values, existing) {
      const m: Row = { ...(existing ?? {}), ...values };
      values.chave = `${m.type_id}:${m.turno_id ?? ''}:${m.resultado}`;
    },
  },
}, 'ciclo');

interface Effect { status_id: number; turno_id: number | null; destino_id: number | null }

/** The step a result implies for this type and turno: the company's rule, else the national default. */
export async function effectOf(db: Db, companyId: number, typeId: number | null, turnoId: number | null, resultado: VoteResult): Promise<Effect | null> {
  if (typeId) {
    const rows = await db.select({ turno_id: voteEffects.turno_id, status_id: voteEffects.status_id, turno_passo_id: voteEffects.turno_passo_id, destino_id: voteEffects.destino_id })
      .from(voteEffects).where(and(eq(voteEffects.company_id, companyId), eq(voteEffects.type_id, typeId), eq(voteEffects.resultado, resultado)));
    const rule = (turnoId ? rows.find((r) => r.turno_id === turnoId) : undefined) ?? rows.find((r) => r.turno_id === null);
    if (rule) return { status_id: rule.status_id, turno_id: rule.turno_passo_id ?? turnoId, destino_id: rule.destino_id };
  }
  const def = defaultVoteEffect((await typeById(db, typeId))?.slug ?? null, (await typeById(db, turnoId))?.slug ?? null, resultado);
  const status = await typeBySlug(db, 'tramitation_status', def.status, companyId);
  if (!status) return null;
  const turno = def.turno ? await typeBySlug(db, 'turno', def.turno, companyId) : null;
  return { status_id: status.id, turno_id: turno?.id ?? turnoId, destino_id: null };
}

/** What the step says after the result: where the matter goes. */
function sequel(statusSlug: string, statusLabel: string, turnoLabel: string | null): string {
  switch (statusSlug) {
    case 'remetida_sancao': return 'Ao Executivo para sanção.';
    case 'a_promulgar': return 'À promulgação.';
    case 'aprovada_1turno': return turnoLabel ? `Segue para o ${turnoLabel.toLowerCase()}.` : 'Segue para o turno seguinte.';
    case 'arquivada': return 'Arquivada.';
    default: return `${statusLabel}.`;
  }
}

/**
 * The step of a voting's result (aprovado or rejeitado; "sem quórum" and a reading add none), in the caller's
 * transaction (the close's). Answers the step, or null.
 */
export async function applyVoteEffect(scope: WriteScope, session: Row, item: Row, voting: Row): Promise<Row | null> {
  const resultado = voting.resultado as string;
  if (resultado !== 'aprovado' && resultado !== 'rejeitado') return null;
  // an ata on the pauta: approved (or not) by the vote, no tramitação (plenario/ata-item.ts)
  if (item.plenary_minute_id) {
    await applyAtaVote(scope, session, item, voting);
    return null;
  }
  const db = scope.db;
  const [matter] = await db.select({ id: matters.id, type_id: matters.type_id }).from(matters).where(eq(matters.id, item.matter_id)).limit(1);
  if (!matter) return null;
  const effect = await effectOf(db, session.company_id, item.tipo_meteria_id ?? matter.type_id, item.turno_id ?? null, resultado);
  if (!effect) return null;
  const status = await typeById(db, effect.status_id);
  const voted = await typeById(db, item.turno_id ?? null);
  const next = effect.turno_id && effect.turno_id !== item.turno_id ? await typeById(db, effect.turno_id) : null;
  const acao = `${resultado === 'aprovado' ? 'Aprovada' : 'Rejeitada'}${voted ? ` em ${voted.label.toLowerCase()}` : ''} na ${session.titulo} `
    + `(votação ${labelOf(VOTING_KINDS, voting.tipo).toLowerCase()}${voting.bloco_id ? ' em bloco' : ''}): ${voting.explicacao ?? ''}. ${sequel(status?.slug ?? '', status?.label ?? '', next?.label ?? null)}`;
  return addAutomaticStep(scope, {
    matter_id: matter.id, data: String(session.abertura), status_id: effect.status_id, turno_id: effect.turno_id, destino_id: effect.destino_id,
    acao, plenary_session_id: session.id, votting_id: voting.id, plenary_matter_id: item.id,
  });
}

/**
 * A result annulled (or renewed by "Nova votação", or reopened): the step it added goes. Removed while it is the
 * matter's latest step (the matter returns to where it was); once the matter moved on from it (a later step), it
 * stays, marked with the annulment, and the staff decide what follows. Recorded in the matter's history either way.
 */
export async function undoVoteEffect(scope: WriteScope, votingId: number, why: string): Promise<void> {
  const db = scope.db;
  await undoAtaVote(scope, votingId, why);
  const steps = await db.select().from(tramitations).where(eq(tramitations.votting_id, votingId));
  for (const step of steps as Row[]) {
    const latest = await latestStepOf(db, step.matter_id);
    const status = await typeById(db, step.status_id);
    const when = formatDate(String(step.data));
    if (latest?.id === step.id) {
      await remove(scope, stepsDef, step, { action: 'anula' });
      await audit(db, scope.req, scope.auth, 'update', mattersDef, step.matter_id, { passo_removido: { id: step.id, data: step.data, status: status?.label ?? null }, motivo: why },
        `${scope.auth.name} anulou o resultado da votação #${votingId}: o passo de ${when} (${status?.label ?? 'status'}) foi removido da tramitação. ${why}`);
    } else {
      const acao = `${String(step.acao ?? '')} [Resultado da votação anulado: ${why}]`.trim().slice(0, 5000);
      await update(scope, stepsDef, step, { acao }, { hooks: false, action: 'anula', auditExtra: { motivo: why } });
      await audit(db, scope.req, scope.auth, 'update', mattersDef, step.matter_id, { passo_anulado: { id: step.id, data: step.data }, motivo: why },
        `${scope.auth.name} anulou o resultado da votação #${votingId}; o passo de ${when} (${status?.label ?? 'status'}) ficou na tramitação, marcado, porque a matéria já teve passos depois dele. ${why}`);
    }
  }
}
