/**
 * Record rules of the plenary session's tables (sessions, the matters of a session, presences): titles, order
 * numbers, phases and duplicates. Run before the live plenary's own hooks (index.ts).
 */
import { and, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { formatDate } from '@paco/domain/format';
import { sessionNumbering } from '@paco/domain/plenary';
import { legislativeSessions, matters, plenaryMatters, plenarySessions, presences } from '../../db/schema.generated.ts';
import type { Db } from '../../db/client.ts';
import type { ResourceHooks, Row } from '../../engine/context.ts';
import { referencedRow } from '../../engine/records.ts';
import { unprocessable } from '../../http/errors.ts';

const merged = (values: Row, existing: Row | null): Row => ({ ...(existing ?? {}), ...values });
const companyOf = (existing: Row | null, ctx: { auth: { companyId: number } }): number => existing?.company_id ?? ctx.auth.companyId;

/** The company's legislative session whose period holds the session's opening (of its legislature, when given). */
async function legislativeSessionOf(db: Db, companyId: number, m: Row): Promise<number | null> {
  if (typeof m.abertura !== 'string') return null;
  const conds = [eq(legislativeSessions.company_id, companyId), lte(legislativeSessions.inicio, m.abertura), gte(legislativeSessions.fim, m.abertura)];
  if (m.legislature_id) conds.push(eq(legislativeSessions.legislature_id, Number(m.legislature_id)));
  const [found] = await db.select({ id: legislativeSessions.id }).from(legislativeSessions).where(and(...conds)).orderBy(desc(legislativeSessions.inicio)).limit(1);
  return found?.id ?? null;
}

export const sessionHooks: ResourceHooks = {
  async beforeWrite(values, existing, ctx) {
    const m = merged(values, existing);
    const keyed = ['numero', 'type_id', 'abertura', 'legislative_session_id', 'legislature_id'].some((k) => values[k] !== undefined);
    if (!existing || keyed) {
      const type = await referencedRow(ctx, 'type_id', m.type_id);
      const name = `${m.numero}ª Sessão ${type?.label ?? 'Plenária'}`;
      values.titulo = `${name} de ${formatDate(String(m.abertura))}`.slice(0, 200);
      // one session per number, type and period; the unique index keeps it under concurrent writes. Without its
      // legislative session, the one whose period holds the opening (SAPL asks for it; here it may be left blank)
      const held = m.legislative_session_id ? null : await legislativeSessionOf(ctx.db, companyOf(existing, ctx), m);
      const { key: numeracao, words } = sessionNumbering(held ? { ...m, legislative_session_id: held } : m);
      const conds = [eq(plenarySessions.company_id, companyOf(existing, ctx)), eq(plenarySessions.numeracao, numeracao)];
      if (existing) conds.push(ne(plenarySessions.id, existing.id));
      const [dup] = await ctx.db.select({ abertura: plenarySessions.abertura }).from(plenarySessions).where(and(...conds)).limit(1);
      if (dup) {
        const message = `Já existe a ${name} ${words}: a de ${formatDate(String(dup.abertura))}. Escolha outro número.`;
        throw unprocessable({ numero: [message] }, message);
      }
      values.numeracao = numeracao;
    }
  },
};

export const plenaryMatterHooks: ResourceHooks = {
  async beforeWrite(values, existing, ctx) {
    const m = merged(values, existing);
    // a matter, or the ata of an earlier session for approval (ata-item.ts): exactly one (a CHECK keeps it too)
    if (m.plenary_minute_id && m.matter_id) throw unprocessable({ matter_id: ['Um item de aprovação de ata não tem matéria.'] });
    if (!m.plenary_minute_id && !m.matter_id) throw unprocessable({ matter_id: ['Informe a matéria.'] });
    if (m.matter_id && (values.matter_id !== undefined || values.plenary_session_id !== undefined || values.kind !== undefined)) {
      const conds = [eq(plenaryMatters.plenary_session_id, m.plenary_session_id), eq(plenaryMatters.kind, m.kind), eq(plenaryMatters.matter_id, m.matter_id)];
      if (existing) conds.push(ne(plenaryMatters.id, existing.id));
      const [dup] = await ctx.db.select({ id: plenaryMatters.id }).from(plenaryMatters).where(and(...conds)).limit(1);
      if (dup) throw unprocessable({ matter_id: ['Esta matéria já está nesta fase da sessão.'] });
    }
    if (m.matter_id && (!existing || values.matter_id !== undefined)) {
      const [matter] = await ctx.db.select({ type_id: matters.type_id, dataApresentacao: matters.dataApresentacao }).from(matters).where(eq(matters.id, m.matter_id)).limit(1);
      if (matter) {
        if (values.tipo_meteria_id === undefined || values.tipo_meteria_id === null) values.tipo_meteria_id = matter.type_id;
        if (values.dataApresentacao === undefined || values.dataApresentacao === null) values.dataApresentacao = matter.dataApresentacao;
      }
    }
    // on the session's pauta until one of its actions takes it off (modules/ciclo/itens.ts)
    if (!existing) values.situacao = 'em_pauta';
    if (!existing && (values.numOrdem === undefined || values.numOrdem === null)) {
      // the session's row lock: items added at once, and a reorder of the pauta, take their turns (no repeated number)
      await ctx.db.select({ id: plenarySessions.id }).from(plenarySessions).where(eq(plenarySessions.id, m.plenary_session_id)).for('update');
      const [{ next }] = await ctx.db.select({ next: sql<number>`coalesce(max(${plenaryMatters.numOrdem}), 0) + 1` }).from(plenaryMatters)
        .where(and(eq(plenaryMatters.plenary_session_id, m.plenary_session_id), eq(plenaryMatters.kind, m.kind)));
      values.numOrdem = Number(next);
    }
  },
  async decorate(records, { db }) {
    const ids = [...new Set(records.map((r) => r.matter_id).filter((v): v is number => typeof v === 'number'))];
    if (!ids.length) return;
    const rows = await db.select({ id: matters.id, identificacao: matters.identificacao, ementa: matters.ementa, numero: matters.numero, ano: matters.ano, type_id: matters.type_id })
      .from(matters).where(inArray(matters.id, ids));
    for (const r of records) r.matter = rows.find((x) => x.id === r.matter_id) ?? r.matter ?? null;
  },
};

export const presenceHooks: ResourceHooks = {
  async beforeWrite(values, existing, ctx) {
    const m = merged(values, existing);
    const type = await referencedRow(ctx, 'type_id', m.type_id);
    if (type && type.type !== 'presences') throw unprocessable({ type_id: ['Fase: registro não encontrado.'] });
    values.chave = `${m.plenary_session_id}:${m.type_id}:${m.parliamentary_id}`;
    const conds = [eq(presences.company_id, companyOf(existing, ctx)), eq(presences.chave, values.chave)];
    if (existing) conds.push(ne(presences.id, existing.id));
    const [dup] = await ctx.db.select({ id: presences.id }).from(presences).where(and(...conds)).limit(1);
    if (dup) throw unprocessable({ parliamentary_id: ['A presença deste parlamentar já foi registrada nesta fase da sessão.'] });
  },
};
