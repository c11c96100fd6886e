/**
 * Administrativo (protocol, tenders, contracts, agreements, councils, works, finance lookups, people): behaviour
 * beyond the generic engine.
 *  - processes: numbered in the company's mask (NUP by default, numbering.ts) when `number` is omitted, a typed
 *    number checked against it; date defaults to today,
 *    finalize / reopen, removal of the last movement through DELETE processes/:id/movements.
 *  - movements: a movement leaves the process's current sector and enters `destino_id`; the receiving sector
 *    accepts it (POST movements/:id/accept) before the process can move again or be finalized. The process row's
 *    `aguardandoAceite` flag is taken with a compare-and-set, so two simultaneous sends cannot both succeed.
 *  - POST {resource}/search (query payload), GET conselhos/associacoes, GET public/banks, POST people/:id/add_contact.
 */
import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { createSchema } from '@paco/domain/resource';
import { contacts as contactsDef } from '@paco/domain/resources/admin';
import {
  banks, movements, processes, sectors, historics,
} from '../../db/schema.generated.ts';
import type { Db } from '../../db/client.ts';
import type { ActionContext, ActionHandler, ResourceHooks, Row } from '../../engine/context.ts';
import { findOne, list, parseListQuery, type ListQuery } from '../../engine/query.ts';
import { create, link, remove, scopeOf } from '../../engine/records.ts';
import { updateRows, type ServerWrite } from '../../engine/rows.ts';
import { iso, notFoundOf, recordAnswer, serialize } from '../../engine/serialize.ts';
import { formatDate, formatDateTime } from '@paco/domain/format';
import { conflict, forbidden, issuesToErrors, notFound, unprocessable } from '../../http/errors.ts';
import { todayInSaoPaulo } from '../../auth/session.ts';
import { acceptMovement, actsFor } from './protocol.ts';
import { allocateProcessNumber, settingsActions, typedProcessNumber } from './numbering.ts';
import { recordPhase } from './licitacao.ts';
import './process-pdf.ts';
import { movements as movementsDef } from '@paco/domain/resources/administrativo';
import { notify, notifyScope } from '../notificacoes/notify.ts';

/* ------------------------------------------------------------------ helpers */

/** Today (yyyy-mm-dd) in São Paulo. */
export const today = todayInSaoPaulo;

const first = async <T>(q: Promise<T[]>): Promise<T | undefined> => (await q)[0];

/* ------------------------------------------------------------------ processes and movements */

const lastMovement = (db: Db, processId: number) =>
  first(db.select().from(movements).where(eq(movements.process_id, processId)).orderBy(desc(movements.sequence), desc(movements.id)).limit(1));

const processHooks: ResourceHooks = {
  async beforeWrite(values, existing, ctx) {
    const { db, auth } = ctx;
    if (existing?.finalizado) throw conflict('O processo está finalizado. Reabra-o para alterar.');
    const bruto = values.valorBruto !== undefined ? values.valorBruto : existing?.valorBruto;
    const liquido = values.valorLiquido !== undefined ? values.valorLiquido : existing?.valorLiquido;
    if (bruto != null && liquido != null && Number(liquido) > Number(bruto)) throw unprocessable({ valorLiquido: ['O valor líquido não pode ser maior que o valor bruto.'] });
    needsLegalBasis(values, existing);
    // a number typed by hand follows the company's mask; a process keeps the number it has (a mask changed since)
    if (values.number && values.number !== existing?.number) values.number = await typedProcessNumber(db, auth.companyId, String(values.number));
    if (existing) return;
    if (values.sector_id && !(await actsFor(db, auth, values.sector_id))) throw unprocessable({ sector_id: ['Escolha um setor pelo qual você é responsável.'] });
    values.date ??= today();
    const sector = await first(db.select({ id: sectors.id, code: sectors.code }).from(sectors).where(eq(sectors.id, values.sector_id)).limit(1));
    if (!sector) throw unprocessable({ sector_id: ['Setor de origem: registro não encontrado.'] });
    values.current_sector_id = sector.id;
    values.aguardandoAceite = false;
    values.finalizado = false;
    if (!values.number) values.number = await allocateProcessNumber(ctx, auth.companyId, sector, Number(String(values.date).slice(0, 4)));
  },
  // a process with movements is not deleted: the movements' reference refuses it (http/errors.ts, stillReferenced)
};

/** How far ahead of the server's clock a typed entry may be (the minute typed, a clock slightly ahead). */
const CLOCK_SLACK_MS = 60_000;
const instant = (v: unknown): number => (v === null || v === undefined || v === '' ? NaN : Date.parse(iso(v) ?? ''));

/**
 * A typed entry (`entrada`) records when the process entered the sector: not in the future, not before what happened
 * before it (the previous movement's acceptance or refusal, or its entry; for the first movement, the process's date), and, once
 * accepted, not after its own acceptance. Without one, the server sets it (now).
 */
async function checkEntrada(db: Db, entrada: unknown, process: Row, mv: Row | null): Promise<void> {
  const at = instant(entrada);
  if (Number.isNaN(at)) return;
  if (at > Date.now() + CLOCK_SLACK_MS) throw unprocessable({ entrada: ['A entrada não pode ser posterior ao momento atual.'] });
  const [prev] = await db.select().from(movements)
    .where(and(eq(movements.process_id, process.id), mv ? sql`${movements.sequence} < ${mv.sequence}` : sql`true`))
    .orderBy(desc(movements.sequence), desc(movements.id)).limit(1);
  // what happened last before it: the previous movement's acceptance, or its refusal (the process came back), or its entry
  const refused = prev?.devolvida ? prev.dataHoraSaida : null;
  const previous = prev?.dataHoraAceito ?? refused ?? prev?.entrada;
  if (prev && at < instant(previous)) {
    const what = prev.dataHoraAceito ? 'ao aceite da movimentação anterior' : refused ? 'à recusa da movimentação anterior' : 'à entrada da movimentação anterior';
    throw unprocessable({ entrada: [`A entrada não pode ser anterior ${what} (${formatDateTime(iso(previous))}).`] });
  }
  if (!prev && process.date && at < Date.parse(`${String(process.date)}T00:00:00-03:00`)) {
    throw unprocessable({ entrada: [`A entrada não pode ser anterior à data do processo (${formatDate(String(process.date))}).`] });
  }
  if (mv?.dataHoraAceito && at > instant(mv.dataHoraAceito)) {
    throw unprocessable({ entrada: [`A entrada não pode ser posterior ao aceite desta movimentação (${formatDateTime(iso(mv.dataHoraAceito))}).`] });
  }
}

const movementHooks: ResourceHooks = {
  async beforeWrite(values, existing, { db, auth, afterCommit }) {
    const w: ServerWrite = { db, afterCommit };
    if (existing && values.entrada !== undefined && values.entrada !== null && instant(values.entrada) !== instant(existing.entrada)) {
      const process = await first(db.select().from(processes).where(eq(processes.id, existing.process_id)).limit(1));
      if (process) await checkEntrada(db, values.entrada, process, existing);
    }
    if (existing) {
      if (values.process_id !== undefined && values.process_id !== existing.process_id) {
        throw unprocessable({ process_id: ['Não é possível transferir a movimentação para outro processo.'] });
      }
      if (values.destino_id !== undefined && values.destino_id !== existing.destino_id) {
        if (existing.dataHoraAceito || existing.transferida) throw conflict('A movimentação já foi aceita; o destino não pode mais ser alterado.');
        if (values.destino_id === existing.origem_id) throw unprocessable({ destino_id: ['O setor de destino deve ser diferente do setor de origem.'] });
        await updateRows(w, processes, eq(processes.id, existing.process_id), { current_sector_id: values.destino_id });
      }
      return;
    }
    const process = await first(db.select().from(processes).where(eq(processes.id, values.process_id)).limit(1));
    if (!process) throw unprocessable({ process_id: ['Processo: registro não encontrado.'] });
    if (process.finalizado) throw conflict('O processo está finalizado. Reabra-o para tramitar.');
    if (process.aguardandoAceite) throw conflict('A movimentação anterior ainda não foi aceita pelo setor de destino.');
    if (values.entrada !== undefined && values.entrada !== null) await checkEntrada(db, values.entrada, process, null);
    const origem = process.current_sector_id ?? process.sector_id;
    if (!(await actsFor(db, auth, origem))) throw forbidden('O processo está em outro setor; só os responsáveis pelo setor atual podem enviá-lo.');
    if (values.prazo && String(values.prazo) < today()) throw unprocessable({ prazo: ['O prazo não pode ser anterior a hoje.'] });
    if (values.destino_id === origem) throw unprocessable({ destino_id: ['O setor de destino deve ser diferente do setor atual do processo.'] });
    if (values.historic_id && !values.historicoSetor) {
      const h = await first(db.select({ d: historics.description, n: historics.name }).from(historics).where(eq(historics.id, values.historic_id)).limit(1));
      values.historicoSetor = h?.d || h?.n || null;
    }
    // compare-and-set on the process: only one pending movement at a time, even under concurrent requests
    const taken = await updateRows(w, processes, and(eq(processes.id, process.id), eq(processes.aguardandoAceite, false), eq(processes.finalizado, false),
      process.current_sector_id === null ? isNull(processes.current_sector_id) : eq(processes.current_sector_id, process.current_sector_id)),
    { aguardandoAceite: true, current_sector_id: values.destino_id });
    if (!taken.length) throw conflict('A movimentação anterior ainda não foi aceita pelo setor de destino.');
    const last = await lastMovement(db, process.id);
    const now = new Date().toISOString();
    if (last) await updateRows(w, movements, eq(movements.id, last.id), { transferida: true, dataHoraSaida: now });
    Object.assign(values, {
      origem_id: origem, sequence: (last?.sequence ?? 0) + 1, entrada: values.entrada ?? now, user_id: auth.userId,
      dataHoraAceito: null, dataHoraSaida: null, transferida: false, finalizada: false, accepted_by_id: null,
    });
  },
  async beforeDelete(existing, ctx) {
    await undoMovement(ctx, existing);
  },
};

/** A restricted or secret record (process, document) states its legal basis (LAI arts. 23–31, LGPD art. 7). */
function needsLegalBasis(values: Row, existing: Row | null): void {
  const nivel = values.nivelAcesso !== undefined ? values.nivelAcesso : existing?.nivelAcesso;
  const base = values.baseLegal !== undefined ? values.baseLegal : existing?.baseLegal;
  if (nivel && nivel !== 'publico' && !base) throw unprocessable({ baseLegal: ['Informe a hipótese legal da restrição de acesso.'] });
}

/** A document: who added it (from the session), its legal basis; added while the process is in the user's sector. */
const documentHooks: ResourceHooks = {
  async beforeWrite(values, existing, { db, auth }) {
    needsLegalBasis(values, existing);
    // a number typed by hand follows the company's mask; a process keeps the number it has (a mask changed since)
    if (values.number && values.number !== existing?.number) values.number = await typedProcessNumber(db, auth.companyId, String(values.number));
    if (existing) return;
    values.user_id = auth.userId;
    const process = await first(db.select().from(processes).where(eq(processes.id, values.process_id)).limit(1));
    if (!process) throw unprocessable({ process_id: ['Processo: registro não encontrado.'] });
    if (process.finalizado) throw conflict('O processo está finalizado. Reabra-o para incluir documentos.');
    if (!(await actsFor(db, auth, process.current_sector_id ?? process.sector_id))) throw forbidden('Só os responsáveis pelo setor atual do processo podem incluir documentos.');
  },
};

/** A process arrived in a sector (a new movement, or a pending one sent elsewhere): the sector's people are told (issue 11 §3). */
const tellDestination: ResourceHooks['afterWrite'] = async (row, existing, ctx) => {
  if (existing && existing.destino_id === row.destino_id) return;
  const process = await first(ctx.db.select({ number: processes.number, object: processes.object }).from(processes).where(eq(processes.id, row.process_id)).limit(1));
  const names = await ctx.db.select({ id: sectors.id, name: sectors.name }).from(sectors).where(or(eq(sectors.id, row.destino_id), eq(sectors.id, row.origem_id ?? row.destino_id)));
  const name = (id: number | null) => names.find((x) => x.id === id)?.name ?? '';
  await notify(notifyScope(ctx), {
    kind: 'processo_recebido', sectorId: row.destino_id,
    title: `Processo ${process?.number ?? `#${row.process_id}`} enviado para ${name(row.destino_id)}`,
    body: [`Enviado por ${ctx.auth.name}${row.origem_id ? ` (${name(row.origem_id)})` : ''}. Aguarda o aceite do setor.`, row.historicoSetor ? `Despacho: ${String(row.historicoSetor).slice(0, 500)}` : '', process?.object ? `Objeto: ${String(process.object).slice(0, 300)}` : '']
      .filter(Boolean).join('\n'),
    link: `/protocol/processes/${row.process_id}`,
  });
};

/** Removing a movement is an undo of the last send, before the receiving sector accepted it. */
async function undoMovement(w: ServerWrite, mv: Row): Promise<void> {
  const { db } = w;
  const last = await lastMovement(db, mv.process_id);
  if (!last || last.id !== mv.id || mv.dataHoraAceito) {
    throw conflict('Somente a última movimentação, ainda não aceita pelo setor de destino, pode ser excluída.');
  }
  const [prev] = await db.select().from(movements).where(and(eq(movements.process_id, mv.process_id), sql`${movements.id} <> ${mv.id}`))
    .orderBy(desc(movements.sequence), desc(movements.id)).limit(1);
  const process = await first(db.select().from(processes).where(eq(processes.id, mv.process_id)).limit(1));
  if (prev) await updateRows(w, movements, eq(movements.id, prev.id), { transferida: false, dataHoraSaida: null });
  await updateRows(w, processes, eq(processes.id, mv.process_id), { aguardandoAceite: false, current_sector_id: prev?.destino_id ?? mv.origem_id ?? process?.sector_id });
}

const processActions: Record<string, ActionHandler> = {
  async remove_movement(ctx) {
    const process = await findOne(ctx.db, ctx.resource, ctx.auth, ctx.id!, false, { write: true });
    if (!process) throw notFoundOf(ctx.resource);
    const body = (ctx.body ?? {}) as Row;
    const query = (ctx.req.query ?? {}) as Row;
    const id = Number(body.movement_id ?? body.id ?? query.movement_id ?? query.id);
    if (!Number.isInteger(id) || id <= 0) throw unprocessable({ movement_id: ['Informe a movimentação.'] });
    const mv = await first(ctx.db.select().from(movements).where(and(eq(movements.id, id), eq(movements.process_id, process.id))).limit(1));
    if (!mv) throw notFound('Movimentação', 'f');
    // the engine's delete: the sending sector's rule (row scope), the undo (beforeDelete) and the audit row
    await remove(scopeOf(ctx, ctx.req), movementsDef, mv);
    ctx.reply.status(204);
    return undefined;
  },
};

const movementActions: Record<string, ActionHandler> = {
  async accept(ctx) {
    const mv = await findOne(ctx.db, ctx.resource, ctx.auth, ctx.id!, false, { write: true });
    if (!mv) throw notFoundOf(ctx.resource);
    const row = await acceptMovement(ctx, mv);
    return { data: (await serialize(ctx, ctx.resource, [row], ctx.auth, movementHooks, false))[0] };
  },
};

/* ------------------------------------------------------------------ search, associations, public banks, contacts */

/** POST {resource}/search: the list query in the body (q/search, page, perPage, sort, filters); ?page= also read. */
async function searchList(ctx: ActionContext, extra: SQL[] = [], fixed: Row = {}) {
  const q: ListQuery = { ...parseListQuery([ctx.req.query, ctx.body], ctx.resource), ...fixed };
  const { rows, total } = await list(ctx.db, ctx.resource, ctx.auth, q, {}, extra);
  return { data: await serialize(ctx, ctx.resource, rows, ctx.auth), meta: { page: q.page, perPage: q.perPage, total } };
}

const search: Record<string, ActionHandler> = { search: (ctx) => searchList(ctx) };

const peopleActions: Record<string, ActionHandler> = {
  async add_contact(ctx) {
    const person = await findOne(ctx.db, ctx.resource, ctx.auth, ctx.id!, false, { write: true });
    if (!person) throw notFoundOf(ctx.resource);
    const parsed = createSchema(contactsDef, ['user_id']).safeParse(ctx.body ?? {});
    if (!parsed.success) throw unprocessable(issuesToErrors(parsed.error.issues as never));
    const contact = await create(scopeOf(ctx, ctx.req), contactsDef, parsed.data as Row);
    await link(scopeOf(ctx, ctx.req), ctx.resource, 'contacts', person, [contact.id]);
    ctx.reply.status(201);
    return recordAnswer(ctx, contactsDef, contact);
  },
};

const bankActions: Record<string, ActionHandler> = {
  /** national banks (no company), plus the company's own when ?company_id= is given */
  async public_banks(ctx) {
    const cid = Number((ctx.req.query as Row)?.company_id);
    const own = Number.isInteger(cid) && cid > 0 && cid <= 2_147_483_647 ? cid : null;
    const rows = await ctx.db.select({ id: banks.id, code: banks.code, name: banks.name }).from(banks)
      .where(own ? or(isNull(banks.company_id), eq(banks.company_id, own)) : isNull(banks.company_id))
      .orderBy(asc(banks.name)).limit(1000);
    return { data: rows };
  },
};

/* ------------------------------------------------------------------ registry */

/**
 * The area's tables with behaviour of their own (declared defaults, `order` and min/max are the engine's; a sector or
 * a process still referenced by processes or movements is refused by its foreign keys, named in pt-BR).
 */
export const hooks: Record<string, ResourceHooks> = {
  processes: processHooks,
  movements: { ...movementHooks, afterWrite: tellDestination },
  process_documents: documentHooks,
  licitacaos: { afterWrite: recordPhase },
};

export const actions: Record<string, Record<string, ActionHandler>> = {
  processes: processActions,
  protocol_settings: settingsActions,
  movements: movementActions,
  people: peopleActions,
  banks: bankActions,
  licitacaos: search,
  contratos: search,
  convenios: search,
  constructions: search,
  conselhos: {
    ...search,
    associacoes: (ctx) => searchList(ctx, [], { tipo: 'associacao' }),
  },
};
