/**
 * The pauta of a plenary session (issue 13 §2; docs/legislativo.md): built from the session's items (expediente, then
 * ordem do dia, each in its order) with what the câmara reads of each — identification, ementa, authors, turno, voting
 * kind and the quorum rule that will decide it —, reordered by the staff in one transaction (the session's row lock
 * serialises reorders, and a reorder made against an order that changed meanwhile is refused), and published as a
 * dated, immutable version (plenary_pautas): republishing adds a version, the older ones stay.
 *
 * Public reads (`/api/public/entidade/:id/pautas...`) give only published versions, of the company in the path.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { labelOf, QUORUM_RULES, ruleRequirement } from '@paco/domain/plenary';
import { plenaryPautas as pautasDef } from '@paco/domain/resources/pauta-ata';
import { plenarySessions as sessionsDomainDef } from '@paco/domain/resources/materias';
import { formatDateTime } from '@paco/domain/format';
import type { Db } from '../../db/client.ts';
import { authors, companies, matters, mattersAuthors, plenaryMatters, plenaryMinutes, plenaryPautas, plenarySessions, types, users } from '../../db/schema.generated.ts';
import { itemAtaJoin, itemEmenta, itemIdentificacao, itemMatterJoin } from './item-subject.ts';
import { defineBehaviour } from '../../engine/behaviour.ts';
import type { ActionContext, Row } from '../../engine/context.ts';
import { audit } from '../../engine/audit.ts';
import { insertRows, txWrite, updateWithSql } from '../../engine/rows.ts';
import { iso, recordAnswer, serialize } from '../../engine/serialize.ts';
import { todayInSaoPaulo as todayIso } from '../../auth/session.ts';
import { conflict, HttpError, unprocessable } from '../../http/errors.ts';
import { pickRule, publish, rulesOf, settingsOf, totalOf } from './state.ts';
import { readSession, withSession } from './session.ts';
import { PAUTA_KIND_LABEL, PAUTA_KINDS, type Pauta, type PautaItem, type PautaKind } from '@paco/domain/pauta';

const labelsOf = async (db: Db, ids: (number | null | undefined)[]): Promise<Map<number, string>> => {
  const wanted = [...new Set(ids.filter((v): v is number => typeof v === 'number'))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: types.id, label: types.label }).from(types).where(inArray(types.id, wanted));
  return new Map(rows.map((r) => [r.id, r.label]));
};

/** The pauta of a session as it stands: its items in reading order, with everything shown of each. */
export async function pautaOf(db: Db, storage: ActionContext['storage'], session: Row): Promise<Pauta> {
  const rows = await db.select({
    id: plenaryMatters.id, kind: plenaryMatters.kind, numOrdem: plenaryMatters.numOrdem, matter_id: plenaryMatters.matter_id,
    tipo_meteria_id: plenaryMatters.tipo_meteria_id, tipo_votacao_id: plenaryMatters.tipo_votacao_id, turno_id: plenaryMatters.turno_id,
    polemica: plenaryMatters.polemica, obs: plenaryMatters.obs, plenary_minute_id: plenaryMatters.plenary_minute_id,
    identificacao: itemIdentificacao, ementa: itemEmenta,
  }).from(plenaryMatters).leftJoin(matters, itemMatterJoin).leftJoin(plenaryMinutes, itemAtaJoin)
    .where(eq(plenaryMatters.plenary_session_id, session.id))
    .orderBy(sql`${plenaryMatters.numOrdem} nulls last`, asc(plenaryMatters.id));
  const matterIds = [...new Set(rows.map((r) => r.matter_id).filter((v): v is number => v !== null))];
  const authorRows = matterIds.length
    ? await db.select({ matter_id: mattersAuthors.matter_id, name: authors.name }).from(mattersAuthors)
      .innerJoin(authors, eq(authors.id, mattersAuthors.author_id)).where(inArray(mattersAuthors.matter_id, matterIds)).orderBy(asc(authors.name))
    : [];
  const labels = await labelsOf(db, [session.type_id, ...rows.flatMap((r) => [r.tipo_meteria_id, r.tipo_votacao_id, r.turno_id])]);
  const rules = rows.length ? await rulesOf(db, session.company_id) : [];
  const total = rows.length ? await totalOf(db, storage, session, await settingsOf(db, session.company_id)) : 0;
  const item = (r: (typeof rows)[number], i: number): PautaItem => {
    const rule = pickRule(rules, r.tipo_meteria_id ?? null, r.turno_id ?? null);
    return {
      id: r.id, kind: r.kind as PautaKind, numOrdem: i + 1, matter_id: r.matter_id, plenary_minute_id: r.plenary_minute_id, identificacao: r.identificacao ?? `Matéria nº ${r.matter_id}`,
      ementa: r.ementa ?? null, autores: r.matter_id === null ? [] : authorRows.filter((a) => a.matter_id === r.matter_id).map((a) => a.name),
      tipo_materia: labels.get(r.tipo_meteria_id ?? -1) ?? null, turno: labels.get(r.turno_id ?? -1) ?? null,
      tipo_votacao: labels.get(r.tipo_votacao_id) ?? null,
      quorum: { regra: rule.regra, nome: labelOf(QUORUM_RULES, rule.regra), exigencia: ruleRequirement(rule.regra, total, rule.quorum_presenca, true), fundamento: rule.fundamento },
      polemica: !!r.polemica, obs: r.obs ?? null,
    };
  };
  return {
    sessao: {
      id: session.id, titulo: session.titulo ?? `Sessão plenária nº ${session.numero}`, numero: session.numero, tipo: labels.get(session.type_id) ?? null,
      data: String(session.abertura), horario: session.horarioInicio ? String(session.horarioInicio).slice(0, 5) : null,
      iniciada: !!session.iniciada, finalizada: !!session.finalizada,
    },
    // numbered 1..n in each phase, in the stored order (an order number left empty goes last)
    expediente: rows.filter((r) => r.kind === 'expediente').map(item),
    ordem_dia: rows.filter((r) => r.kind === 'ordem_dia').map(item),
  };
}

/** JSON with object keys sorted (a jsonb column gives its keys back in its own order). */
const canonical = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) =>
  (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : x));

/** What a published version keeps of the items, to tell whether the pauta changed since. */
export const comparable = (p: Pick<Pauta, 'expediente' | 'ordem_dia'>): string => canonical(PAUTA_KINDS.map((k) => p[k]));

export async function versionsOf(db: Db, sessionId: number): Promise<Row[]> {
  return db.select({
    id: plenaryPautas.id, versao: plenaryPautas.versao, publicadaEm: plenaryPautas.publicadaEm, itens: plenaryPautas.itens,
    publicada_por: plenaryPautas.publicada_por_id, publicada_por_nome: users.name, conteudo: plenaryPautas.conteudo,
  }).from(plenaryPautas).leftJoin(users, eq(users.id, plenaryPautas.publicada_por_id))
    .where(eq(plenaryPautas.plenary_session_id, sessionId)).orderBy(desc(plenaryPautas.versao));
}

const versionInfo = (v: Row, withAuthor: boolean): Row => ({
  id: v.id, versao: v.versao, publicadaEm: iso(v.publicadaEm), itens: v.itens,
  ...(withAuthor ? { publicada_por: v.publicada_por ? { id: v.publicada_por, name: v.publicada_por_nome } : null } : {}),
});

/** The order of each phase now (item ids), read in the caller's transaction. */
async function currentOrder(tx: Db, sessionId: number): Promise<Record<PautaKind, number[]>> {
  const rows = await tx.select({ id: plenaryMatters.id, kind: plenaryMatters.kind }).from(plenaryMatters)
    .where(eq(plenaryMatters.plenary_session_id, sessionId)).orderBy(sql`${plenaryMatters.numOrdem} nulls last`, asc(plenaryMatters.id));
  return { expediente: rows.filter((r) => r.kind === 'expediente').map((r) => r.id), ordem_dia: rows.filter((r) => r.kind === 'ordem_dia').map((r) => r.id) };
}

const sameList = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

async function pautaAnswer(ctx: ActionContext, session: Row): Promise<unknown> {
  const pauta = await pautaOf(ctx.db, ctx.storage, session);
  const versions = await versionsOf(ctx.db, session.id);
  const last = versions[0];
  return {
    data: {
      ...pauta,
      publicacoes: versions.map((v) => versionInfo(v, true)),
      // null: never published
      alterada: last ? comparable(last.conteudo as Pauta) !== comparable(pauta) : null,
    },
  };
}

/** The session a pauta screen shows first: the one in progress, else the next one (today on), else the last one. */
async function defaultSession(db: Db, companyId: number): Promise<Row | null> {
  const company = eq(plenarySessions.company_id, companyId);
  const [running] = await db.select().from(plenarySessions).where(and(company, eq(plenarySessions.iniciada, true), eq(plenarySessions.finalizada, false)))
    .orderBy(desc(plenarySessions.iniciadaEm)).limit(1);
  if (running) return running as Row;
  const [next] = await db.select().from(plenarySessions)
    .where(and(company, gte(plenarySessions.abertura, todayIso()), or(isNull(plenarySessions.finalizada), eq(plenarySessions.finalizada, false))))
    .orderBy(asc(plenarySessions.abertura), sql`${plenarySessions.horarioInicio} nulls last`, asc(plenarySessions.id)).limit(1);
  if (next) return next as Row;
  const [last] = await db.select().from(plenarySessions).where(and(company, lte(plenarySessions.abertura, todayIso())))
    .orderBy(desc(plenarySessions.abertura), desc(plenarySessions.id)).limit(1);
  return (last as Row) ?? null;
}

const publicationOf = (pauta: Pauta): number => pauta.expediente.length + pauta.ordem_dia.length;

/** A company of the public path (404 for an unknown one). */
async function publicCompany(db: Db, id: number | null): Promise<number> {
  const [c] = id ? await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).limit(1) : [];
  if (!c) throw new HttpError(404, 'Entidade não encontrada.');
  return c.id;
}
const publicParam = (ctx: ActionContext, name: string): number | null => {
  const v = Number((ctx.req.params as Record<string, string>)[name]);
  return Number.isInteger(v) && v > 0 && v <= 2_147_483_647 ? v : null;
};

defineBehaviour(sessionsDomainDef, {
  actions: {
    async pauta(ctx) {
      return pautaAnswer(ctx, await readSession(ctx, ctx.id));
    },

    async pauta_session(ctx) {
      const s = await defaultSession(ctx.db, ctx.auth!.companyId);
      return { data: s ? (await serialize(ctx, sessionsDomainDef, [s], ctx.auth, undefined, false))[0] : null };
    },

    async pauta_order(ctx) {
      const b = ctx.body as { expediente?: number[]; ordem_dia?: number[]; antes?: Partial<Record<PautaKind, number[]>> };
      const given = PAUTA_KINDS.filter((k) => b[k] !== undefined);
      if (!given.length) throw unprocessable({ expediente: ['Informe a nova ordem dos itens do expediente ou da ordem do dia.'] });
      for (const k of given) {
        if (new Set(b[k]).size !== b[k]!.length) throw unprocessable({ [k]: [`${PAUTA_KIND_LABEL[k]}: um item aparece mais de uma vez.`] });
      }
      const session = await withSession(ctx, ctx.id, async (tx, s) => {
        if (s.finalizada) throw conflict('A sessão já foi finalizada: a pauta não pode mais ser reordenada.');
        const now = await currentOrder(tx, s.id);
        for (const k of given) {
          if (b.antes?.[k] && !sameList(b.antes[k]!, now[k])) {
            throw conflict('A pauta foi alterada por outra pessoa enquanto você a reordenava. Recarregue para ver a ordem atual.');
          }
          if (b[k]!.length !== now[k].length || !b[k]!.every((id) => now[k].includes(id))) {
            throw conflict(`${PAUTA_KIND_LABEL[k]}: a lista enviada não é a dos itens da pauta (algum item foi incluído ou retirado). Recarregue a pauta.`);
          }
        }
        const changed: Record<string, number[]> = {};
        for (const k of given) {
          if (sameList(b[k]!, now[k])) continue;
          changed[k] = b[k]!;
          // one statement per phase: every item takes its position (1..n); the ids are integers checked by the schema
          await updateWithSql(txWrite(ctx, tx), plenaryMatters, sql`update ${plenaryMatters} set "numOrdem" = o.pos, updated_at = now()
            from unnest(${sql.raw(`ARRAY[${b[k]!.map(Number).join(',')}]::int[]`)}) with ordinality as o(id, pos)
            where ${plenaryMatters.id} = o.id and ${plenaryMatters.plenary_session_id} = ${s.id}`);
        }
        if (Object.keys(changed).length) {
          await audit(tx, ctx.req, ctx.auth, 'reordena', sessionsDomainDef, s.id, { pauta: changed }, `${ctx.auth!.name} reordenou a pauta da sessão ${s.titulo}`);
          await publish(tx, ctx, s.id, ['agenda']);
        }
        return s;
      });
      return pautaAnswer(ctx, session);
    },

    async publish_pauta(ctx) {
      const version = await withSession(ctx, ctx.id, async (tx, s) => {
        const pauta = await pautaOf(tx, ctx.storage, s);
        if (!publicationOf(pauta)) throw conflict('A pauta está vazia: inclua matérias na sessão antes de publicar.');
        const [{ last }] = await tx.select({ last: sql<number>`coalesce(max(${plenaryPautas.versao}), 0)` }).from(plenaryPautas).where(eq(plenaryPautas.plenary_session_id, s.id));
        const versao = Number(last) + 1;
        const [row] = await insertRows(txWrite(ctx, tx), plenaryPautas, {
          company_id: s.company_id, plenary_session_id: s.id, versao, chave: `${s.id}:${versao}`, titulo: pauta.sessao.titulo,
          publicadaEm: sql`now()`, publicada_por_id: ctx.auth!.userId, itens: publicationOf(pauta), conteudo: pauta,
        });
        await audit(tx, ctx.req, ctx.auth, 'publica', pautasDef, row.id, { versao, itens: row.itens }, `${ctx.auth!.name} publicou a pauta da sessão ${s.titulo} (versão ${versao})`);
        return row as Row;
      });
      ctx.reply.status(201);
      return {
        ...(await recordAnswer(ctx, pautasDef, version)),
        message: `Pauta publicada (versão ${version.versao}) em ${formatDateTime(iso(version.publicadaEm))}.`,
      };
    },
  },
  available: {
    async publish_pauta(row, { db }) {
      const [one] = await db.select({ id: plenaryMatters.id }).from(plenaryMatters).where(eq(plenaryMatters.plenary_session_id, row.id)).limit(1);
      return one ? null : 'A pauta está vazia: inclua matérias na sessão antes de publicar.';
    },
  },
}, 'plenario');

defineBehaviour(pautasDef, {
  actions: {
    /** The company's published pautas: the last version of each session, most recent sessions first (50 a page). */
    async public_list(ctx) {
      const company = await publicCompany(ctx.db, ctx.id);
      const page = (ctx.body as { page?: number })?.page ?? 1;
      const rows = await ctx.db.execute(sql`select distinct on (p.plenary_session_id) p.plenary_session_id, p.versao, p."publicadaEm", p.titulo, p.itens, s.abertura
        from ${plenaryPautas} p join ${plenarySessions} s on s.id = p.plenary_session_id
        where p.company_id = ${company} order by p.plenary_session_id, p.versao desc`);
      const all = (rows as unknown as { rows: Row[] }).rows
        .sort((a, b) => String(b.abertura).localeCompare(String(a.abertura)) || b.plenary_session_id - a.plenary_session_id);
      return {
        data: all.slice((page - 1) * 50, page * 50).map((r) => ({
          sessao: { id: r.plenary_session_id, titulo: r.titulo, data: String(r.abertura).slice(0, 10) }, versao: r.versao, publicadaEm: iso(r.publicadaEm), itens: r.itens,
        })),
        meta: { page, perPage: 50, total: all.length },
      };
    },

    /** A session's published pauta: the last version (or ?versao=N) and the list of versions. */
    async public_show(ctx) {
      const company = await publicCompany(ctx.db, ctx.id);
      const sessionId = publicParam(ctx, 'session');
      const [s] = sessionId ? await ctx.db.select({ id: plenarySessions.id }).from(plenarySessions)
        .where(and(eq(plenarySessions.id, sessionId), eq(plenarySessions.company_id, company))).limit(1) : [];
      const versions = s ? await versionsOf(ctx.db, s.id) : [];
      if (!versions.length) throw new HttpError(404, 'Pauta publicada não encontrada.');
      const wanted = (ctx.body as { versao?: number })?.versao;
      const v = wanted ? versions.find((x) => x.versao === wanted) : versions[0];
      if (!v) throw new HttpError(404, 'Versão da pauta não encontrada.');
      return { data: { ...versionInfo(v, false), conteudo: v.conteudo, versoes: versions.map((x) => versionInfo(x, false)) } };
    },
  },
}, 'plenario');
