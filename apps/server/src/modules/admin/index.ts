/** Administrativo: behaviour beyond the generic engine (role links, user protections, states' cities, company calls). */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ROLES } from '@paco/domain/roles';
import { companies as companiesDef } from '@paco/domain/resources/admin';
import { updateSchema } from '@paco/domain/resource';
import { cities, companies, permissions, roles, users } from '../../db/schema.generated.ts';
import { permissionRole, roleUser } from '../../db/schema.base.ts';
import { accountRefusal, bulkGrantableRoles, credentialsRefusal, grantRefusal, REFUSALS, type GrantSubject } from '@paco/domain/grants';
import type { ActionContext, ActionHandler, ResourceHooks, Row } from '../../engine/context.ts';
import { audit } from '../../engine/audit.ts';
import { findOne } from '../../engine/query.ts';
import { checkRefs, scopeOf, update } from '../../engine/records.ts';
import { deleteRows, insertRows, txWrite } from '../../engine/rows.ts';
import { notFoundOf, serialize } from '../../engine/serialize.ts';
import { forbidden, HttpError, notFound, unprocessable } from '../../http/errors.ts';
import { revokeSessions, type AuthContext } from '../../auth/session.ts';
import type { StoredFile } from '../../storage/files.ts';
import { resourceByName } from '@paco/domain/resources';

const ids = (body: Row, key: string): number[] => {
  const out = [...(Array.isArray(body?.[`${key}s`]) ? body[`${key}s`] : []), ...(body?.[key] !== undefined ? [body[key]] : [])];
  return [...new Set(out.map(Number).filter((n) => Number.isInteger(n) && n > 0))];
};

/** Role names of an account (for the grant hierarchy of grants.ts). */
async function rolesOf(db: ActionContext['db'], userId: number): Promise<string[]> {
  const rows = await db.select({ name: roles.name }).from(roleUser).innerJoin(roles, eq(roles.id, roleUser.role_id)).where(eq(roleUser.user_id, userId));
  return rows.map((r) => r.name);
}

const actorOf = (auth: AuthContext): GrantSubject => ({ id: auth.userId, roles: auth.roles });

/** Refuses (403) a change to an account the acting user may not touch: one of equal or higher level. */
async function guardAccount(db: ActionContext['db'], auth: AuthContext, userId: number): Promise<string[]> {
  const targetRoles = await rolesOf(db, userId);
  const refusal = accountRefusal(actorOf(auth), { id: userId, roles: targetRoles });
  if (refusal) throw forbidden(refusal);
  return targetRoles;
}

async function loadUser(ctx: ActionContext, withTrashed = false): Promise<Row> {
  const row = await findOne(ctx.db, ctx.resource, ctx.auth, ctx.id!, withTrashed, { write: true });
  if (!row) throw notFoundOf(ctx.resource);
  return row;
}

async function showUser(ctx: ActionContext, row: Row) {
  return { data: (await serialize(ctx, ctx.resource, [row], ctx.auth, userHooks, false))[0] };
}

const userHooks: ResourceHooks = {
  async decorate(records, { db }) {
    if (!records.length) return;
    const rows = await db.select({ user_id: roleUser.user_id, id: roles.id, name: roles.name }).from(roleUser)
      .innerJoin(roles, eq(roles.id, roleUser.role_id)).where(inArray(roleUser.user_id, records.map((r) => r.id))).orderBy(asc(roles.name));
    for (const rec of records) rec.roles = rows.filter((x) => x.user_id === rec.id).map(({ id, name }) => ({ id, name }));
  },
  async guard(existing, ctx) {
    await guardAccount(ctx.db, ctx.auth, existing.id);
  },
  async beforeWrite(values, existing, ctx) {
    if (!existing) return;
    const credentials = (values.password !== undefined && values.password !== null) || (values.email !== undefined && values.email !== existing.email);
    if (credentials) {
      const refusal = credentialsRefusal(actorOf(ctx.auth), { id: existing.id, roles: await rolesOf(ctx.db, existing.id) });
      if (refusal) {
        if (existing.id === ctx.auth.userId) throw unprocessable({ [values.password !== undefined ? 'password' : 'email']: [refusal] }, refusal);
        throw forbidden(refusal);
      }
    }
  },
  async afterWrite(row, existing, ctx) {
    // someone else set this account's password or e-mail: whoever held its sessions is out
    if (existing && (row.password !== existing.password || row.email !== existing.email)) await revokeSessions(ctx.db, row.id);
  },
  async beforeDelete(existing, ctx) {
    if (existing.id === ctx.auth.userId) throw new HttpError(409, REFUSALS.ownAccount);
    await guardAccount(ctx.db, ctx.auth, existing.id);
  },
  async afterDelete(existing, ctx) {
    // a deleted account's tokens die now, so a restore does not bring them back
    await revokeSessions(ctx.db, existing.id);
  },
};

/** The roles asked for, each checked against the grant hierarchy (422 naming the refused ones). */
async function grantable(ctx: ActionContext, user: Row, wanted: number[] | 'all'): Promise<{ id: number; name: string }[]> {
  const targetRoles = await rolesOf(ctx.db, user.id);
  const actor = actorOf(ctx.auth!);
  const target = { id: user.id, roles: targetRoles };
  if (actor.id === target.id) throw forbidden(REFUSALS.ownRoles);
  const refusal = accountRefusal(actor, target);
  if (refusal) throw forbidden(refusal);
  if (wanted === 'all') {
    const mine = bulkGrantableRoles(actor.roles);
    const all = await ctx.db.select({ id: roles.id, name: roles.name }).from(roles);
    return all.filter((r) => mine.has(r.name as never));
  }
  if (!wanted.length) throw unprocessable({ role_id: ['Informe a função.'] });
  const found = await ctx.db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, wanted));
  if (found.length !== wanted.length) throw unprocessable({ role_id: ['Função não encontrada.'] });
  const refused = found.filter((r) => grantRefusal(actor, target, r.name));
  if (refused.length) throw forbidden(refused.length === 1 ? REFUSALS.role(refused[0].name) : `Você não pode atribuir nem retirar as funções ${refused.map((r) => `"${r.name}"`).join(', ')}.`);
  return found;
}

const roleHooks: ResourceHooks = {
  async decorate(records, { db, many }) {
    if (many || !records.length) return;
    const rows = await db.select({ id: permissions.id, name: permissions.name, description: permissions.description }).from(permissionRole)
      .innerJoin(permissions, eq(permissions.id, permissionRole.permission_id)).where(eq(permissionRole.role_id, records[0].id)).orderBy(asc(permissions.name));
    records[0].permissions = rows;
  },
  async beforeWrite(values, existing) {
    if (existing && ROLES.includes(existing.name) && values.name && values.name !== existing.name) {
      throw unprocessable({ name: ['As funções do sistema não podem ser renomeadas.'] });
    }
  },
  async beforeDelete(existing) {
    if (ROLES.includes(existing.name)) throw new HttpError(409, 'As funções do sistema não podem ser excluídas.');
  },
};

const userActions: Record<string, ActionHandler> = {
  async vincula(ctx) {
    const user = await loadUser(ctx);
    const found = await grantable(ctx, user, ids(ctx.body, 'role_id'));
    await ctx.db.transaction(async (tx) => {
      await insertRows(txWrite(ctx, tx), roleUser, found.map((r) => ({ user_id: user.id, role_id: r.id })), { onConflict: 'nothing' });
      await audit(tx as never, ctx.req, ctx.auth, 'vincula', ctx.resource, user.id, { roles: found.map((r) => r.name) }, `${ctx.auth!.name} vinculou ${found.map((r) => r.name).join(', ')} ao usuário #${user.id}`);
    });
    return showUser(ctx, user);
  },
  async desvincula(ctx) {
    const user = await loadUser(ctx);
    const found = await grantable(ctx, user, ids(ctx.body, 'role_id'));
    await ctx.db.transaction(async (tx) => {
      await deleteRows(txWrite(ctx, tx), roleUser, and(eq(roleUser.user_id, user.id), inArray(roleUser.role_id, found.map((r) => r.id))));
      await audit(tx as never, ctx.req, ctx.auth, 'desvincula', ctx.resource, user.id, { roles: found.map((r) => r.name) }, `${ctx.auth!.name} desvinculou ${found.map((r) => r.name).join(', ')} do usuário #${user.id}`);
    });
    return showUser(ctx, user);
  },
  async vincula_all(ctx) {
    const user = await loadUser(ctx);
    const all = await grantable(ctx, user, 'all');
    await ctx.db.transaction(async (tx) => {
      await insertRows(txWrite(ctx, tx), roleUser, all.map((r) => ({ user_id: user.id, role_id: r.id })), { onConflict: 'nothing' });
      await audit(tx as never, ctx.req, ctx.auth, 'vincula', ctx.resource, user.id, { roles: all.map((r) => r.name) }, `${ctx.auth!.name} vinculou todas as funções que pode atribuir ao usuário #${user.id}`);
    });
    return showUser(ctx, user);
  },
  async desvincula_all(ctx) {
    const user = await loadUser(ctx);
    const all = await grantable(ctx, user, 'all');
    await ctx.db.transaction(async (tx) => {
      if (all.length) await deleteRows(txWrite(ctx, tx), roleUser, and(eq(roleUser.user_id, user.id), inArray(roleUser.role_id, all.map((r) => r.id))));
      await audit(tx as never, ctx.req, ctx.auth, 'desvincula', ctx.resource, user.id, { roles: all.map((r) => r.name) }, `${ctx.auth!.name} removeu do usuário #${user.id} todas as funções que pode atribuir`);
    });
    return showUser(ctx, user);
  },
};

export const adminHooks: Record<string, ResourceHooks> = { users: userHooks, roles: roleHooks };

export const adminActions: Record<string, Record<string, ActionHandler>> = {
  users: userActions,
  admin_users: {
    ...userActions,
    async restore(ctx) {
      const user = await loadUser(ctx, true);
      await guardAccount(ctx.db, ctx.auth!, user.id);
      if (!user.deleted_at) return showUser(ctx, user);
      const [clash] = await ctx.db.select({ id: users.id }).from(users).where(and(eq(users.email, user.email), sql`${users.deleted_at} is null`)).limit(1);
      if (clash) throw new HttpError(409, 'Já existe outro usuário ativo com este e-mail.');
      const row = await update(scopeOf(ctx, ctx.req), ctx.resource, user, { deleted_at: null }, { action: 'restore', hooks: false });
      return showUser(ctx, row);
    },
  },
  roles: {
    async vincula(ctx) {
      const role = await findOne(ctx.db, ctx.resource, ctx.auth, ctx.id!);
      if (!role) throw notFound('Função', 'f');
      const wanted = ids(ctx.body, 'permission_id');
      if (!wanted.length) throw unprocessable({ permission_id: ['Informe a permissão.'] });
      const found = await ctx.db.select({ id: permissions.id, name: permissions.name }).from(permissions).where(inArray(permissions.id, wanted));
      if (found.length !== wanted.length) throw unprocessable({ permission_id: ['Permissão não encontrada.'] });
      await ctx.db.transaction(async (tx) => {
        await insertRows(txWrite(ctx, tx), permissionRole, found.map((p) => ({ role_id: role.id, permission_id: p.id })), { onConflict: 'nothing' });
        await audit(tx as never, ctx.req, ctx.auth, 'vincula', ctx.resource, role.id, { permissions: found.map((p) => p.name) }, `${ctx.auth!.name} vinculou ${found.map((p) => p.name).join(', ')} à função ${role.name}`);
      });
      return { data: (await serialize(ctx, ctx.resource, [role], ctx.auth, roleHooks, false))[0] };
    },
    async desvincula(ctx) {
      const role = await findOne(ctx.db, ctx.resource, ctx.auth, ctx.id!);
      if (!role) throw notFound('Função', 'f');
      const q = ctx.req.query as Row;
      const wanted = ids({ ...q, ...ctx.body }, 'permission_id');
      if (!wanted.length) throw unprocessable({ permission_id: ['Informe a permissão.'] });
      await ctx.db.transaction(async (tx) => {
        await deleteRows(txWrite(ctx, tx), permissionRole, and(eq(permissionRole.role_id, role.id), inArray(permissionRole.permission_id, wanted)));
        await audit(tx as never, ctx.req, ctx.auth, 'desvincula', ctx.resource, role.id, { permission_ids: wanted }, `${ctx.auth!.name} desvinculou permissões da função ${role.name}`);
      });
      return { data: (await serialize(ctx, ctx.resource, [role], ctx.auth, roleHooks, false))[0] };
    },
  },
  states: {
    async cities(ctx) {
      const rows = await ctx.db.select({ id: cities.id, nome: cities.nome, state_id: cities.state_id }).from(cities).where(eq(cities.state_id, ctx.id!)).orderBy(asc(cities.nome));
      if (!rows.length) throw notFound('Estado');
      return { data: rows };
    },
  },
  companies: {
    async update_company(ctx) {
      const r = resourceByName.get('companies')!;
      const parsed = updateSchema(r).safeParse(ctx.body);
      if (!parsed.success) throw unprocessable(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? '_'), [i.message]])));
      const values = Object.fromEntries(Object.entries(parsed.data as Row).filter(([, v]) => v !== undefined));
      const id = ctx.auth!.companyId;
      const [before] = await ctx.db.select().from(companies).where(eq(companies.id, id));
      await checkRefs(ctx.db, r, values, id, ctx.auth!);
      const row = await update(scopeOf(ctx, ctx.req), r, before as Row, values);
      return { data: (await serialize(ctx, companiesDef, [row], ctx.auth))[0] };
    },
    async public(ctx) {
      const [c] = await ctx.db.select({ id: companies.id, name: companies.name, abreviacao: companies.abreviacao, url: companies.url, brasao: companies.brasao })
        .from(companies).where(eq(companies.id, ctx.id!));
      if (!c) throw notFound('Entidade', 'f');
      return { data: { id: c.id, name: c.name, abreviacao: c.abreviacao, url: c.url, brasao: c.brasao ? { url: ctx.storage.url(c.brasao as StoredFile) } : null } };
    },
  },
};
