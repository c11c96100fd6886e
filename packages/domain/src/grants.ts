/**
 * Who may grant what (issue 10, decision 0010): a security rule shared by the server, which enforces it, and the
 * screens, which show what is allowed and why not. Pure functions over role names.
 *
 * Levels: superadmin (4) > admin (3) > module administrators (2: cm_admin, pm_cultura_admin, mananger) > module
 * operators and everyone else with a role (1) > no role (0). An account's level is the highest of its roles.
 *
 * - Nobody changes their own roles or, through the user screens, their own password or e-mail (that is done in
 *   "Gerenciar Perfil", which asks for the current password).
 * - An account may be changed (roles, password, e-mail, photo, deleted, restored) only by someone of a higher
 *   level; the superadmin may change every account but its own.
 * - A role may be granted or revoked only by someone who may grant it: the superadmin every role, an admin every
 *   role but superadmin, a module administrator the operator roles of its module, operators none.
 */
import { ROLES, type RoleName } from './roles.ts';

export const MODULE_ADMINS = ['cm_admin', 'pm_cultura_admin', 'mananger'] as const satisfies readonly RoleName[];

/** The operator roles each module administrator hands out. */
export const MODULE_GRANTS: Readonly<Record<(typeof MODULE_ADMINS)[number], readonly RoleName[]>> = {
  cm_admin: [
    'cm_parlamentar', 'cm_author', 'cm_operador', 'cm_operador_comissao', 'cm_operador_materias', 'cm_operador_norma',
    'cm_operador_painel', 'cm_painel_eletronico', 'cm_operador_protocolo', 'cm_operador_sessao',
  ],
  pm_cultura_admin: ['pm_cultura_artista', 'pm_cultura_grupo'],
  // the Gestor keeps the Site and Executivo content; these are the content roles of the spec's small modules
  mananger: ['publicacoes', 'carta'],
};

const isRole = (r: string): r is RoleName => (ROLES as readonly string[]).includes(r);

/** Level of one role. */
export function roleLevel(role: string): number {
  if (role === 'superadmin') return 4;
  if (role === 'admin') return 3;
  if ((MODULE_ADMINS as readonly string[]).includes(role)) return 2;
  return isRole(role) ? 1 : 0;
}

/** Level of an account: the highest of its roles (0 without roles). */
export const accountLevel = (roles: readonly string[]): number => roles.reduce((m, r) => Math.max(m, roleLevel(r)), 0);

/** Roles an account with these roles may grant and revoke. */
export function grantableRoles(roles: readonly string[]): ReadonlySet<RoleName> {
  if (roles.includes('superadmin')) return new Set(ROLES);
  if (roles.includes('admin')) return new Set(ROLES.filter((r) => r !== 'superadmin'));
  const out = new Set<RoleName>();
  for (const r of roles) for (const g of MODULE_GRANTS[r as (typeof MODULE_ADMINS)[number]] ?? []) out.add(g);
  return out;
}

/**
 * Roles "vincular todas" hands out: those the account may grant that are below its own level (an admin links
 * every operator and module role at once, but makes another admin only one role at a time, on purpose).
 */
export function bulkGrantableRoles(roles: readonly string[]): ReadonlySet<RoleName> {
  const level = accountLevel(roles);
  return new Set([...grantableRoles(roles)].filter((r) => roleLevel(r) < level));
}

export interface GrantSubject {
  id: number;
  roles: readonly string[];
}

export const REFUSALS = {
  ownRoles: 'Você não pode alterar as suas próprias funções.',
  ownCredentials: 'Altere a sua senha em "Gerenciar Perfil", que pede a senha atual. O e-mail da sua conta só pode ser alterado por um administrador.',
  ownAccount: 'Você não pode excluir a sua própria conta.',
  higher: 'Esta conta tem funções de nível igual ou superior às suas: só um administrador de nível acima pode alterá-la.',
  credentials: 'Somente administradores alteram a senha e o e-mail de outras contas.',
  role: (role: string) => `Você não pode atribuir nem retirar a função "${role}".`,
} as const;

/** Why `actor` may not change the account `target` (null when it may). Changing one's own roles is refused apart. */
export function accountRefusal(actor: GrantSubject, target: GrantSubject): string | null {
  if (actor.id === target.id) return null;
  if (actor.roles.includes('superadmin')) return null;
  return accountLevel(target.roles) >= accountLevel(actor.roles) ? REFUSALS.higher : null;
}

/** Why `actor` may not grant or revoke `role` on `target` (null when it may). */
export function grantRefusal(actor: GrantSubject, target: GrantSubject, role: string): string | null {
  if (actor.id === target.id) return REFUSALS.ownRoles;
  return accountRefusal(actor, target) ?? (grantableRoles(actor.roles).has(role as RoleName) ? null : REFUSALS.role(role));
}

/** Whether `actor` may set another account's password or e-mail (admins only, on lower accounts). */
export function credentialsRefusal(actor: GrantSubject, target: GrantSubject): string | null {
  if (actor.id === target.id) return REFUSALS.ownCredentials;
  if (!actor.roles.includes('superadmin') && !actor.roles.includes('admin')) return REFUSALS.credentials;
  return accountRefusal(actor, target);
}
