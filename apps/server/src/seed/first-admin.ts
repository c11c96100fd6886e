/**
 * The first accounts of an installation without demo data (production): an entity with a one-year licence and a
 * superadmin. `npm run admin:create` runs it (apps/server/scripts/create-admin.ts).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, liberations, roles, users } from '../db/schema.generated.ts';
import { roleUser } from '../db/schema.base.ts';
import { hashPassword } from '../auth/password.ts';
import { PASSWORD_MIN } from '@paco/domain/account';
import { insertRows } from '../engine/rows.ts';

export interface FirstAdmin {
  email: string;
  name: string;
  /** the entity the superadmin belongs to (created when no entity has this name) */
  company: string;
  /** at least PASSWORD_MIN characters; generated when absent */
  password?: string;
}

export async function createFirstAdmin(db: Db, a: FirstAdmin, scryptN: number): Promise<{ userId: number; companyId: number; password: string; generated: boolean }> {
  const email = a.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error('Informe um e-mail válido (--email).');
  if (!a.name.trim()) throw new Error('Informe o nome (--name).');
  if (!a.company.trim()) throw new Error('Informe a entidade (--company).');
  const generated = !a.password;
  const password = a.password ?? randomBytes(12).toString('base64url');
  if (password.length < PASSWORD_MIN) throw new Error(`A senha deve ter no mínimo ${PASSWORD_MIN} caracteres.`);
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (taken) throw new Error(`Já existe uma conta com o e-mail ${email}.`);
    let [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.name, a.company.trim())).limit(1);
    if (!company) {
      [company] = await insertRows({ db: tx }, companies, { name: a.company.trim() });
      const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
      await insertRows({ db: tx }, liberations, { company_id: company.id, date_end: inAYear });
    }
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'superadmin'));
    if (!role) throw new Error('As funções não foram criadas: inicie o servidor uma vez antes.');
    const [user] = await insertRows({ db: tx }, users, { name: a.name.trim(), email, password: await hashPassword(password, scryptN), company_id: company.id });
    await insertRows({ db: tx }, roleUser, { user_id: user.id, role_id: role.id });
    return { userId: user.id, companyId: company.id, password, generated };
  });
}
