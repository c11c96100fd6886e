/** The `types` lookup calls of the contract (types_of, public/types_of, types_company_of, type/...). */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { createSchema, updateSchema } from '@paco/domain/resource';
import { isTypeCategory, types as typesDef } from '@paco/domain/resources/types';
import { types } from '../../db/schema.generated.ts';
import type { ActionContext, ActionHandler, Row } from '../../engine/context.ts';
import { findOne, list, parseListQuery, scopeConditions } from '../../engine/query.ts';
import { create, scopeOf, update } from '../../engine/records.ts';
import { notFoundOf, recordAnswer, serialize } from '../../engine/serialize.ts';
import { issuesToErrors, unprocessable } from '../../http/errors.ts';

const category = (ctx: ActionContext): string => {
  const t = String((ctx.req.params as { type?: string }).type ?? '');
  if (!/^[a-z0-9_-]{1,60}$/i.test(t)) throw unprocessable({ type: ['Categoria inválida.'] });
  return t;
};

const collection = async (ctx: ActionContext, rows: Row[]) => ({ data: await serialize(ctx, typesDef, rows, ctx.auth) });

export const lookupActions: Record<string, Record<string, ActionHandler>> = {
  types: {
    async types_of(ctx) {
      const rows = await ctx.db.select().from(types).where(and(eq(types.type, category(ctx)), ...scopeConditions(typesDef, ctx.auth))).orderBy(asc(types.label)).limit(1000);
      return collection(ctx, rows as Row[]);
    },
    async public_types_of(ctx) {
      const rows = await ctx.db.select().from(types).where(and(eq(types.type, category(ctx)), isNull(types.company_id))).orderBy(asc(types.label)).limit(1000);
      return collection(ctx, rows as Row[]);
    },
    async types_company_of(ctx) {
      const rows = await ctx.db.select().from(types).where(and(eq(types.type, category(ctx)), eq(types.company_id, ctx.auth!.companyId))).orderBy(asc(types.label)).limit(1000);
      return collection(ctx, rows as Row[]);
    },
    async type_list(ctx) {
      const q = parseListQuery([ctx.req.query]);
      const { rows, total } = await list(ctx.db, typesDef, ctx.auth, q, {}, [eq(types.type, category(ctx))]);
      return { data: await serialize(ctx, typesDef, rows, ctx.auth), meta: { page: q.page, perPage: q.perPage, total } };
    },
    async type_add(ctx) {
      const parsed = createSchema(typesDef, ['type']).safeParse(ctx.body);
      if (!parsed.success) throw unprocessable(issuesToErrors(parsed.error.issues as never));
      const type = category(ctx);
      if (!isTypeCategory(type)) throw unprocessable({ type: [`Categoria desconhecida: ${type}.`] });
      const row = await create(scopeOf(ctx, ctx.req), typesDef, { ...(parsed.data as Row), type });
      ctx.reply.status(201);
      return recordAnswer(ctx, typesDef, row);
    },
    async type_show(ctx) {
      const row = await findOne(ctx.db, typesDef, ctx.auth, ctx.id!);
      if (!row) throw notFoundOf(typesDef);
      return recordAnswer(ctx, typesDef, row);
    },
    async type_update(ctx) {
      const row = await findOne(ctx.db, typesDef, ctx.auth, ctx.id!, false, { write: true });
      if (!row) throw notFoundOf(typesDef);
      const parsed = updateSchema(typesDef).safeParse(ctx.body);
      if (!parsed.success) throw unprocessable(issuesToErrors(parsed.error.issues as never));
      const values = Object.fromEntries(Object.entries(parsed.data as Row).filter(([, v]) => v !== undefined));
      const updated = await update(scopeOf(ctx, ctx.req), typesDef, row, values);
      return recordAnswer(ctx, typesDef, updated);
    },
  },
};
