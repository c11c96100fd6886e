/**
 * The review of the culture registry (issue 11; docs/workflows/cadastro-cultural.md): the culture staff's record
 * actions on artists and groups (analisar, ativar, recusar, devolver, inativar), declared with the states they run
 * from in packages/domain (resources/cultura.ts `REVIEW`), and add_progress (spec 2) through the same transitions.
 * A refused registration corrected by its registrant goes back to pendente (`reopenOnCorrection`, run by the
 * registration hooks). Every change writes the registration, its history row (culture_progress) and the audit row
 * in the action's transaction, and tells the people concerned (`notifyReview`).
 */
import { sql } from 'drizzle-orm';
import type { ResourceDef } from '@paco/domain/resource';
import { labelOf } from '@paco/domain/format';
import {
  artistGroups as groupsDef, artists as artistsDef, cultureProgress as progressDef,
  NEEDS_REASON, NEXT_STEP, REVIEW, SITUACOES, TRANSITIONS, type ReviewStep, type Situacao,
} from '@paco/domain/resources/cultura';
import { defineBehaviour } from '../../engine/behaviour.ts';
import type { ActionContext, ActionHandler, HookContext, Row } from '../../engine/context.ts';
import { findOne, tableFor } from '../../engine/query.ts';
import { create, scopeOf, update, type WriteScope } from '../../engine/records.ts';
import { notFoundOf, recordAnswer } from '../../engine/serialize.ts';
import { unprocessable } from '../../http/errors.ts';
import { notify, notifyScope, type NotifyContext } from '../notificacoes/notify.ts';

const FK: Record<string, 'artist_id' | 'artist_group_id'> = { artists: 'artist_id', artist_groups: 'artist_group_id' };
const label = (v: unknown): string => labelOf(SITUACOES, v);

/** A change of a registration's state. */
export interface ReviewChange { de: Situacao | null; para: Situacao; motivo: string | null; by: 'equipe' | 'cadastrante' }

const TOLD: Partial<Record<Situacao, string>> = {
  ativo: 'Seu cadastro foi ativado', recusado: 'Seu cadastro foi recusado', pendente: 'Seu cadastro foi devolvido para correção', inativo: 'Seu cadastro foi inativado',
};

/** The notification point of the review, in one place (notify: the bell, and e-mail for people outside the staff). */
async function notifyReview(tell: NotifyContext, r: ResourceDef, row: Row, change: ReviewChange): Promise<void> {
  const name = String(row[r.display] ?? `#${row.id}`);
  // notify: a refused registration corrected by its registrant → the culture staff, to review it again
  if (change.by === 'cadastrante') {
    await notify(tell, {
      kind: 'cadastro_situacao', roles: ['pm_cultura_admin'], title: `Cadastro corrigido: ${name}`.slice(0, 200),
      body: 'O cadastro recusado foi corrigido pelo responsável e aguarda nova análise.', link: `${r.screen}/${row.id}`,
    });
    return;
  }
  // notify: the staff decided → the registrant (an artist or group: by e-mail too), with the reason; "em análise" is not news
  const title = TOLD[change.para];
  if (!title || !row.user_id) return;
  await notify(tell, {
    kind: 'cadastro_situacao', userIds: [row.user_id], title: `${title}: ${name}`.slice(0, 200),
    body: [`${r.label.one}: ${name}. Situação: ${label(change.para)}.`, change.motivo ? `Motivo: ${change.motivo}` : ''].filter(Boolean).join('\n'),
    link: '/culture/profile',
  });
}

/** Writes the history row of a change and sends its notification (in the caller's transaction). */
async function recorded(scope: WriteScope, tell: NotifyContext, r: ResourceDef, row: Row, change: ReviewChange): Promise<void> {
  await create(scope, progressDef, { [FK[r.name]]: row.id, de: change.de, para: change.para, motivo: change.motivo, user_id: scope.auth.userId });
  await notifyReview(tell, r, row, change);
}

/** Moves a registration to `para`, from the state it was read in (409 if someone changed it meanwhile). */
async function changeSituacao(ctx: ActionContext, r: ResourceDef, existing: Row, para: Situacao, motivo: string | null, action: string): Promise<Row> {
  const scope = scopeOf(ctx, ctx.req);
  const { cols } = tableFor(r);
  const de = (existing.situacao ?? null) as Situacao | null;
  const row = await update(scope, r, existing, { situacao: para, motivoSituacao: motivo }, {
    hooks: false, action, where: sql`${cols.situacao} is not distinct from ${de}`,
  });
  await recorded(scope, ctx, r, row, { de, para, motivo, by: 'equipe' });
  return row;
}

function reviewHandlers(r: ResourceDef): Record<string, ActionHandler> {
  const out: Record<string, ActionHandler> = {};
  for (const name of Object.keys(REVIEW) as ReviewStep[]) {
    // the engine checked the state (`when`) and the motivo of the steps that ask for it (the form's schema); the
    // others take no input, whatever the body holds
    const asks = 'motivo' in REVIEW[name];
    out[name] = async (ctx) => {
      const motivo = asks ? String((ctx.body as { motivo: string }).motivo).trim() : null;
      return recordAnswer(ctx, r, await changeSituacao(ctx, r, ctx.record!, REVIEW[name].to, motivo, name));
    };
  }
  /** spec 2's call: a target state (or the next natural step), through the same transitions; 422 when not allowed */
  out.add_progress = async (ctx) => {
    const existing = await findOne(ctx.db, r, ctx.auth, ctx.id!, false, { write: true });
    if (!existing) throw notFoundOf(r);
    const body = (ctx.body ?? {}) as { situacao?: Situacao; motivo?: string };
    const from = (existing.situacao ?? 'pendente') as Situacao;
    const to = body.situacao ?? NEXT_STEP[from];
    if (!to) throw unprocessable({ situacao: ['Informe a nova situação.'] });
    if (!TRANSITIONS[from].includes(to)) throw unprocessable({ situacao: [`Não é possível passar de "${label(from)}" para "${label(to)}".`] });
    const motivo = body.motivo?.trim() || null;
    if (NEEDS_REASON.has(to) && !motivo) throw unprocessable({ motivo: [`Informe o motivo para "${label(to)}".`] });
    return recordAnswer(ctx, r, await changeSituacao(ctx, r, existing, to, motivo, 'add_progress'));
  };
  return out;
}

defineBehaviour(artistsDef, { actions: reviewHandlers(artistsDef) }, 'cultura-review');
defineBehaviour(groupsDef, { actions: reviewHandlers(groupsDef) }, 'cultura-review');

/* ------------------------------------------------------------------ the registrant corrects */

const CORRECTED = 'Cadastro corrigido pelo responsável.';

/**
 * Before a write of a registration: its registrant changing a refused registration sends it back to pendente (the
 * staff reviews it again). Edits by the staff leave the state alone.
 */
export function reopenOnCorrection(values: Row, existing: Row | null, ctx: HookContext): void {
  if (!existing || existing.situacao !== 'recusado' || existing.user_id !== ctx.auth.userId) return;
  values.situacao = 'pendente';
  values.motivoSituacao = null;
}

/** After it: the history row of that return (recusado → pendente is made by nothing else). */
export async function recordCorrection(r: ResourceDef, row: Row, existing: Row | null, ctx: HookContext): Promise<void> {
  if (existing?.situacao !== 'recusado' || row.situacao !== 'pendente') return;
  const services = ctx.services!;
  const scope: WriteScope = { db: ctx.db, config: services.config, storage: services.storage, auth: ctx.auth, req: null, afterCommit: ctx.afterCommit };
  await recorded(scope, notifyScope(ctx), r, row, { de: 'recusado', para: 'pendente', motivo: CORRECTED, by: 'cadastrante' });
}
