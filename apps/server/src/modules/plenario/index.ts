/**
 * The live plenary (issue 4; contract in docs/plenary.md): starting and finishing a session, presence lists per
 * phase with the council members' check-in, speakers with the server-kept timer, votings with the result computed
 * from the quorum rule and the presiding officer's rule, and the push of every change to the panel, the tablets and
 * the control room.
 *
 * Every live change runs in one transaction that first locks the plenary session's row (`for update`): changes of
 * one session are serialised, so a vote can never slip in after the voting was closed and counted, and each pushed
 * event carries the state as of its commit.
 *
 * The calls live one file per part: live-session.ts, presencas.ts, falas.ts (and oradores.ts), votacao.ts, votos.ts
 * and configuracoes.ts, with live-common.ts; this file wires them to the resources, with the hooks that push generic
 * writes to the live screens.
 */
import { and, eq, ne } from 'drizzle-orm';
import { type LiveSection } from '@paco/domain/plenary';
import { plenarySessions, vottings } from '../../db/schema.generated.ts';
import { interventionActions } from './oradores.ts';
import { plenaryMatterHooks, presenceHooks, sessionHooks } from './records.ts';
import { chainHooks, type ActionHandler, type HookContext, type ResourceHooks, type Row, type Services } from '../../engine/context.ts';
import { conflict } from '../../http/errors.ts';
import { provideSnapshots, publish } from './state.ts';
import { sessionActions } from './live-session.ts';
import { presenceActions, secretPresenceGuard } from './presencas.ts';
import { speakerActions, speakerListActions } from './falas.ts';
import { blockActions, matterActions } from './votacao.ts';
import { vottingActions } from './votos.ts';
import { settingsActions } from './configuracoes.ts';

/* ---------------------------------------------------------------------------------------------------------------- */
/* Hooks: generic writes (agenda edits, presence tabs, speaker records, settings) are pushed too                     */

/** Publishes after a generic write of a record that belongs to a session, holding the session's lock. */
const pushing = (sections: LiveSection[], sessionOf: (row: Row) => number | null = (r) => r.plenary_session_id): ResourceHooks => {
  const push = async (row: Row, ctx: HookContext) => {
    const id = sessionOf(row);
    if (!id || !ctx.services) return;
    await ctx.db.select({ id: plenarySessions.id }).from(plenarySessions).where(eq(plenarySessions.id, id)).for('update');
    await publish(ctx.db, ctx.services, id, sections);
  };
  return {
    async afterWrite(row, existing, ctx) {
      await push(row, ctx);
      if (existing && sessionOf(existing) !== sessionOf(row)) await push(existing, ctx);
    },
    afterDelete: push,
  };
};

const votedGuard: ResourceHooks = {
  async beforeDelete(existing, ctx) {
    const [v] = await ctx.db.select({ id: vottings.id }).from(vottings).where(and(eq(vottings.plenary_matter_id, existing.id), ne(vottings.status, 'cancelada'))).limit(1);
    if (v) throw conflict('Não é possível retirar da pauta uma matéria que já foi votada; anule a votação antes.');
  },
};

const quorumKey: ResourceHooks = {
  async beforeWrite(values, existing) {
    const m = { ...existing, ...values };
    values.chave = `${m.type_id}:${m.turno_id ?? ''}`;
  },
};

/** The session tables' record rules (records.ts: titles, order numbers, phases) run first, then the live plenary's. */
export const hooks: Record<string, ResourceHooks> = {
  presences: chainHooks(presenceHooks, { ...secretPresenceGuard, ...pushing(['presence', 'voting']) }),
  speakers: pushing(['speakers']),
  plenary_matters: chainHooks(plenaryMatterHooks, { ...votedGuard, ...pushing(['agenda']) }),
  plenary_sessions: chainHooks(sessionHooks, pushing(['session', 'members', 'agenda'], (r) => r.id)),
  quorum_rules: quorumKey,
};

export const actions: Record<string, Record<string, ActionHandler>> = {
  plenary_sessions: { ...sessionActions, ...presenceActions, ...speakerListActions, ...interventionActions, ...blockActions },
  plenary_matters: matterActions,
  speakers: speakerActions,
  vottings: vottingActions,
  plenary_settings: settingsActions,
};

export function setup(services: Services): void {
  provideSnapshots(services);
}
