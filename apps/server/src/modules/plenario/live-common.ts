/**
 * What the live plenary's calls share (live-session, presencas, falas, votacao, votos, configuracoes): the
 * definitions, the server-write scope of a live change, and the checks of who and what.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { type Phase } from '@paco/domain/plenary';
import { resourceByName } from '@paco/domain/resources';
import type { ResourceDef } from '@paco/domain/resource';
import type { Db } from '../../db/client.ts';
import { boards, parliamentaries, parliamentariesUsers } from '../../db/schema.generated.ts';
import { type ActionContext, type Row } from '../../engine/context.ts';
import type { AuthContext } from '../../auth/session.ts';
import { serialize } from '../../engine/serialize.ts';
import { audit } from '../../engine/audit.ts';
import { conflict, forbidden, unprocessable } from '../../http/errors.ts';
import { typeIdOf } from './state.ts';

export const def = (name: string): ResourceDef => resourceByName.get(name)!;
export const sessionsDef = def('plenary_sessions');
export const mattersDef = def('plenary_matters');
export const speakersDef = def('speakers');
export const vottingsDef = def('vottings');
export const settingsDef = def('plenary_settings');
export const boardsDef = def('boards');

export const PHASE_LABEL = (p: Phase) => (p === 'abertura' ? 'da abertura' : 'da ordem do dia');
export const listColumn = (p: Phase) => (p === 'abertura' ? 'lista_abertura' : 'lista_ordem_dia') as 'lista_abertura' | 'lista_ordem_dia';

export type Tx = Db;

export function requireRunning(session: Row): void {
  if (session.finalizada) throw conflict('A sessão plenária está finalizada.');
  if (!session.iniciada) throw conflict('A sessão plenária não foi iniciada.');
}

/** The parliamentarian linked to the signed-in user, or 403. */
export async function memberOf(db: Db, auth: AuthContext, what: string): Promise<number> {
  const [row] = await db.select({ id: parliamentaries.id }).from(parliamentariesUsers)
    .innerJoin(parliamentaries, eq(parliamentaries.id, parliamentariesUsers.parliamentary_id))
    .where(and(eq(parliamentariesUsers.user_id, auth.userId), eq(parliamentaries.company_id, auth.companyId)))
    .orderBy(asc(parliamentaries.id)).limit(1);
  if (!row) throw forbidden(`Somente vereadores vinculados a um parlamentar podem ${what}.`);
  return row.id;
}

export const many = async (ctx: ActionContext, r: ResourceDef, rows: Row[]) => ({ data: await serialize(ctx, r, rows, ctx.auth) });

export const logAction = (ctx: ActionContext, tx: Tx, r: ResourceDef, id: number, changes: Record<string, unknown> | null, description: string) =>
  audit(tx, ctx.req, ctx.auth, 'update', r, id, changes, `${ctx.auth!.name} ${description}`);

/** Ids of parliamentarians of the company among `ids` (forged or foreign ids → 422). */
export async function checkMembers(db: Db, companyId: number, ids: number[], field = 'parliamentary_ids'): Promise<void> {
  if (!ids.length) return;
  const found = await db.select({ id: parliamentaries.id }).from(parliamentaries).where(and(inArray(parliamentaries.id, ids), eq(parliamentaries.company_id, companyId)));
  if (found.length !== new Set(ids).size) throw unprocessable({ [field]: ['Parlamentar não encontrado nesta entidade.'] });
}

export async function presidentOf(db: Db, session: Row): Promise<number | null> {
  if (session.presidente_id) return session.presidente_id;
  if (!session.legislative_session_id) return null;
  const cargo = await typeIdOf(db, 'cargos_mesa', 'presidente', session.company_id);
  if (!cargo) return null;
  const [b] = await db.select({ pid: boards.parliamentary_id }).from(boards)
    .where(and(eq(boards.legislative_session_id, session.legislative_session_id), eq(boards.cargo_id, cargo))).limit(1);
  return b?.pid ?? null;
}
