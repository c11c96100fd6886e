/**
 * The protocol workflow (issue 11; docs/workflows/protocolo.md): who sees which process (the row filters named by the
 * definitions' `rows.filter`), and the record actions of a process — send to a sector, accept, refuse the receipt,
 * finalize, reopen. Their states and reasons are declared in packages/domain (resources/administrativo.ts); each
 * handler runs in the action's transaction, writes through the engine's write path (audit rows included) and gets
 * its row already checked against the declaration.
 */
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AuthContext } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { movements as movementsTable, processes as processesTable } from '../../db/schema.generated.ts';
import { movements as movementsDef, processes as processesDef } from '@paco/domain/resources/administrativo';
import { defineBehaviour } from '../../engine/behaviour.ts';
import type { ActionContext, Row } from '../../engine/context.ts';
import { create, scopeOf, update } from '../../engine/records.ts';
import { defineRowFilter, factSql, loadFacts, restricted } from '../../engine/rowscope.ts';
import { recordAnswer } from '../../engine/serialize.ts';
import { conflict, forbidden } from '../../http/errors.ts';

/* ------------------------------------------------------------------ who sees what */

/**
 * The process whose id, opening sector and current sector are these columns passed through one of the session's
 * sectors: opened there, is there, or was sent to or from it.
 */
const passedMine = (auth: AuthContext, p: { id: SQL; sector: SQL; current: SQL }): SQL => {
  const mine = factSql('sectors', auth);
  return sql`(${p.sector} in ${mine} or ${p.current} in ${mine}
    or exists (select 1 from movements mm where mm.process_id = ${p.id} and (mm.destino_id in ${mine} or mm.origem_id in ${mine})))`;
};
const publicLevel = (level: SQL): SQL => sql`coalesce(${level}, 'publico') = 'publico'`;
const pv = { id: sql`pv.id`, sector: sql`pv.sector_id`, current: sql`pv.current_sector_id` };
/** The process `processId` is visible to the session (and, when given, so is a record of its own access level). */
const processVisible = (auth: AuthContext, processId: SQL, ownLevel?: SQL): SQL =>
  sql`exists (select 1 from processes pv where pv.id = ${processId} and (${publicLevel(sql`pv."nivelAcesso"`)} or ${passedMine(auth, pv)})
    ${ownLevel ? sql`and (${publicLevel(ownLevel)} or ${passedMine(auth, pv)})` : sql``})`;

defineRowFilter('process_access', (auth, cols) =>
  sql`(${publicLevel(sql`${cols.nivelAcesso}`)} or ${passedMine(auth, { id: sql`${cols.id}`, sector: sql`${cols.sector_id}`, current: sql`${cols.current_sector_id}` })})`);
defineRowFilter('movement_access', (auth, cols) => processVisible(auth, sql`${cols.process_id}`));
defineRowFilter('process_document_access', (auth, cols) => processVisible(auth, sql`${cols.process_id}`, sql`${cols.nivelAcesso}`));

/** Whether the session acts for the sector (a responsible today; administrators always). */
export async function actsFor(db: Db, auth: AuthContext, sectorId: number | null): Promise<boolean> {
  if (!restricted(processesDef, auth)) return true;
  const { sectors = [] } = await loadFacts(db, auth, ['sectors']);
  return sectorId !== null && sectors.includes(sectorId);
}

/* ------------------------------------------------------------------ the actions */

const lastMovement = async (db: Db, processId: number): Promise<Row | undefined> =>
  (await db.select().from(movementsTable).where(eq(movementsTable.process_id, processId)).orderBy(desc(movementsTable.sequence), desc(movementsTable.id)).limit(1))[0];

const answer = async (ctx: ActionContext, row: Row) => recordAnswer(ctx, processesDef, row);

/** The receiving sector accepts the pending movement of a process (from the process, or movements/:id/accept). */
export async function acceptMovement(ctx: ActionContext, mv: Row): Promise<Row> {
  if (mv.dataHoraAceito) throw conflict('Esta movimentação já foi aceita.');
  if (mv.devolvida) throw conflict('Esta movimentação foi recusada pelo setor de destino.');
  if (!(await actsFor(ctx.db, ctx.auth!, mv.destino_id))) throw forbidden('Somente os responsáveis pelo setor de destino podem aceitar esta movimentação.');
  const scope = scopeOf(ctx, ctx.req);
  const accepted = await update(scope, movementsDef, mv, { dataHoraAceito: new Date().toISOString(), accepted_by_id: ctx.auth!.userId },
    { hooks: false, action: 'aceita', where: isNull(movementsTable.dataHoraAceito) });
  const process = (await ctx.db.select().from(processesTable).where(eq(processesTable.id, mv.process_id)))[0] as Row;
  await update(scope, processesDef, process, { aguardandoAceite: false }, { hooks: false, action: 'aceita' });
  return accepted;
}

async function pendingMovement(ctx: ActionContext, process: Row): Promise<Row> {
  const mv = await lastMovement(ctx.db, process.id);
  if (!mv || mv.dataHoraAceito || mv.devolvida) throw conflict('Não há envio aguardando aceite.');
  return mv;
}

defineBehaviour(processesDef, {
  actions: {
    async send(ctx) {
      const mv = await create(scopeOf(ctx, ctx.req), movementsDef, { ...(ctx.body as Row), process_id: ctx.record!.id });
      ctx.reply.status(201);
      return recordAnswer(ctx, movementsDef, mv);
    },
    async accept(ctx) {
      await acceptMovement(ctx, await pendingMovement(ctx, ctx.record!));
      return answer(ctx, (await ctx.db.select().from(processesTable).where(eq(processesTable.id, ctx.record!.id)))[0] as Row);
    },
    async return(ctx) {
      const process = ctx.record!;
      const mv = await pendingMovement(ctx, process);
      const scope = scopeOf(ctx, ctx.req);
      const motivo = String((ctx.body as { motivo: string }).motivo);
      await update(scope, movementsDef, mv, { devolvida: true, motivoDevolucao: motivo, dataHoraSaida: new Date().toISOString() },
        { hooks: false, action: 'recusa', where: and(isNull(movementsTable.dataHoraAceito), eq(movementsTable.devolvida, false)) });
      // back to the sector that sent it, which may send it again (elsewhere, or the same after correcting it)
      const back = await update(scope, processesDef, process, { aguardandoAceite: false, current_sector_id: mv.origem_id ?? process.sector_id },
        { hooks: false, action: 'recusa' });
      return answer(ctx, back);
    },
    async finalize(ctx) {
      const process = ctx.record!;
      const scope = scopeOf(ctx, ctx.req);
      const row = await update(scope, processesDef, process, { finalizado: true }, { hooks: false, action: 'finaliza', where: and(eq(processesTable.finalizado, false), eq(processesTable.aguardandoAceite, false)) });
      const last = await lastMovement(ctx.db, process.id);
      if (last) await update(scope, movementsDef, last, { finalizada: true }, { hooks: false, action: 'finaliza' });
      return answer(ctx, row);
    },
    async reopen(ctx) {
      const process = ctx.record!;
      const scope = scopeOf(ctx, ctx.req);
      const motivo = String((ctx.body as { motivo: string }).motivo);
      const row = await update(scope, processesDef, process, { finalizado: false }, { hooks: false, action: 'reabre', auditExtra: { motivo } });
      const last = await lastMovement(ctx.db, process.id);
      if (last?.finalizada) await update(scope, movementsDef, last, { finalizada: false }, { hooks: false, action: 'reabre' });
      return answer(ctx, row);
    },
  },
}, 'protocolo');
