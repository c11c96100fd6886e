/**
 * Matérias anexadas (SAPL's `Anexada`; decision 0058): the principal's "Anexar matéria" attaches another matter of
 * the same company to it, from a date, with an optional reason; the attachment's "Desanexar" ends it with its date,
 * the row kept (the history). Rules, held by the server for every caller:
 * - not the matter itself (422), a matter of the same company (another's: 422, as any reference of a dialog);
 * - one principal at a time (409; the unique `chave` holds it under concurrency too);
 * - no cycle: the principal may not be attached, directly or through others, to the matter being attached (422).
 * The company's attachments take an advisory lock for the transaction, so two attachments made at once (A→B and
 * B→A) are checked one after the other and never close a cycle together.
 * Steps are not copied to the attached matters: the principal lists them ("Anexadas") and its "Tramitar" answer names
 * them; each attached matter keeps its own tramitação.
 */
import { and, eq, sql } from 'drizzle-orm';
import { formatDate } from '@paco/domain/format';
import { matterAttachments as def, matters as mattersDef } from '@paco/domain/resources/materias';
import { todayInSaoPaulo } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { matterAttachments, matters } from '../../db/schema.generated.ts';
import { defineBehaviour } from '../../engine/behaviour.ts';
import type { Row } from '../../engine/context.ts';
import { findOne } from '../../engine/query.ts';
import { create, scopeOf, update } from '../../engine/records.ts';
import { recordAnswer } from '../../engine/serialize.ts';
import { conflict, unprocessable } from '../../http/errors.ts';

/** Advisory lock class of a company's attachments (second key: the company). */
const ATTACH_LOCK = 16_058;

interface Matter { id: number; identificacao: string | null; dataApresentacao: string }

const named = (m: { id: number; identificacao: string | null }): string => m.identificacao ?? `Matéria ${m.id}`;

async function matterOf(db: Db, companyId: number, id: number): Promise<Matter | null> {
  const [m] = await db.select({ id: matters.id, identificacao: matters.identificacao, dataApresentacao: matters.dataApresentacao }).from(matters)
    .where(and(eq(matters.id, id), eq(matters.company_id, companyId))).limit(1);
  return m ? { ...m, dataApresentacao: String(m.dataApresentacao) } : null;
}

/**
 * The principals above a matter, nearest first (its principal, that one's principal…): one principal at a time makes
 * it a chain; the depth bounds it, so even bad data cannot loop.
 */
export async function principalsAbove(db: Db, matterId: number): Promise<{ id: number; identificacao: string | null }[]> {
  const rows = await db.execute(sql`
    with recursive up(id, depth) as (
      select ${matterAttachments.principal_id}, 1 from ${matterAttachments}
       where ${matterAttachments.anexada_id} = ${matterId} and ${matterAttachments.situacao} = 'anexada'
      union
      select a.principal_id, up.depth + 1 from ${matterAttachments} a join up on a.anexada_id = up.id
       where a.situacao = 'anexada' and up.depth < 1000
    )
    select m.id, m.identificacao from up join ${matters} m on m.id = up.id order by up.depth`);
  const out = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { id: number; identificacao: string | null }[];
  return out.map((r) => ({ id: Number(r.id), identificacao: r.identificacao }));
}

/** The matters attached to this one now, by date of attachment (named in the "Tramitar" answer). */
export async function attachedNow(db: Db, principalId: number): Promise<string[]> {
  const rows = await db.select({ id: matters.id, identificacao: matters.identificacao }).from(matterAttachments)
    .innerJoin(matters, eq(matters.id, matterAttachments.anexada_id))
    .where(and(eq(matterAttachments.principal_id, principalId), eq(matterAttachments.situacao, 'anexada')))
    .orderBy(matterAttachments.data_anexacao, matterAttachments.id);
  return rows.map(named);
}

defineBehaviour(mattersDef, {
  actions: {
    async anexar(ctx) {
      const principal = ctx.record!;
      const b = ctx.body as { anexada_id: number; data_anexacao: string; motivo?: string | null };
      const companyId = principal.company_id as number;
      // the company's attachments one at a time: the checks below see every attachment committed before
      await ctx.db.execute(sql`select pg_advisory_xact_lock(${ATTACH_LOCK}, ${companyId})`);
      if (b.anexada_id === principal.id) throw unprocessable({ anexada_id: ['Uma matéria não pode ser anexada a ela mesma.'] });
      const other = await matterOf(ctx.db, companyId, b.anexada_id);
      if (!other) throw unprocessable({ anexada_id: ['Matéria não encontrada.'] });
      const me = { id: principal.id as number, identificacao: (principal.identificacao as string | null) ?? null };
      const latest = [String(principal.dataApresentacao), other.dataApresentacao].sort().at(-1)!;
      if (b.data_anexacao < latest) {
        throw unprocessable({ data_anexacao: [`A data da anexação não pode ser anterior à apresentação das matérias (${formatDate(latest)}).`] });
      }
      const [current] = await ctx.db.select({ principal_id: matterAttachments.principal_id, data: matterAttachments.data_anexacao, ident: matters.identificacao })
        .from(matterAttachments).innerJoin(matters, eq(matters.id, matterAttachments.principal_id))
        .where(and(eq(matterAttachments.anexada_id, other.id), eq(matterAttachments.situacao, 'anexada'))).limit(1);
      if (current) {
        throw conflict(current.principal_id === principal.id
          ? `${named(other)} já está anexada a esta matéria.`
          : `${named(other)} já está anexada a ${current.ident ?? `Matéria ${current.principal_id}`} desde ${formatDate(String(current.data))}: desanexe-a de lá antes.`);
      }
      const above = await principalsAbove(ctx.db, me.id);
      const at = above.findIndex((m) => m.id === other.id);
      if (at >= 0) {
        const through = above.slice(0, at).map(named);
        throw unprocessable({
          anexada_id: [`${named(other)} não pode ser anexada a ${named(me)}: ${named(me)} já está anexada a ${named(other)}${through.length ? ` (por meio de ${through.join(', ')})` : ''}, e as anexações formariam um ciclo.`],
        });
      }
      const scope = scopeOf(ctx, ctx.req);
      await create(scope, def, { principal_id: me.id, anexada_id: other.id, data_anexacao: b.data_anexacao, motivo: b.motivo ?? null }, {
        set: { situacao: 'anexada', chave: String(other.id), anexada_por_id: scope.auth.userId, descricao: `${named(other)} anexada a ${named(me)}`.slice(0, 140) },
        action: 'anexa',
      });
      const fresh = (await findOne(ctx.db, mattersDef, ctx.auth, me.id)) ?? principal;
      return recordAnswer(ctx, mattersDef, fresh, `${named(other)} anexada a ${named(me)}.`);
    },
  },
  prepare: {
    async anexar() {
      return { values: { data_anexacao: todayInSaoPaulo() } };
    },
  },
}, 'materias');

defineBehaviour(def, {
  actions: {
    async desanexar(ctx) {
      const row = ctx.record!;
      const b = ctx.body as { data_desanexacao: string };
      if (b.data_desanexacao < String(row.data_anexacao)) {
        throw unprocessable({ data_desanexacao: [`A desanexação não pode ser anterior à anexação (${formatDate(String(row.data_anexacao))}).`] });
      }
      const scope = scopeOf(ctx, ctx.req);
      const ended = await update(scope, def, row as Row, {
        situacao: 'desanexada', chave: null, data_desanexacao: b.data_desanexacao, desanexada_por_id: scope.auth.userId,
      }, { action: 'desanexa', where: eq(matterAttachments.situacao, 'anexada') });
      return recordAnswer(ctx, def, ended, `${String(row.descricao ?? 'Matéria').replace(/ anexada a /, ' desanexada de ')}.`);
    },
  },
  prepare: {
    async desanexar() {
      return { values: { data_desanexacao: todayInSaoPaulo() } };
    },
  },
}, 'materias');
