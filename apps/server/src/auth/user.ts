/** The signed-in user as the web app sees it (login, load-user, profile). */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, users } from '../db/schema.generated.ts';
import type { FileStorage, StoredFile } from '../storage/files.ts';
import { rolesAndPermissions } from './session.ts';

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  photo: { url: string } | null;
  company_id: number;
  company: { id: number; name: string; brasao: { url: string } | null };
  roles: { name: string }[];
  permissions: { name: string }[];
}

export async function sessionUser(db: Db, storage: FileStorage, userId: number, actingCompanyId: number): Promise<SessionUser> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  const [c] = await db.select().from(companies).where(eq(companies.id, actingCompanyId));
  const rp = await rolesAndPermissions(db, userId);
  const file = (f: unknown) => (f ? { url: storage.url(f as StoredFile) } : null);
  return {
    id: u.id, name: u.name, email: u.email, photo: file(u.photo), company_id: u.company_id,
    company: { id: c.id, name: c.name, brasao: file(c.brasao) },
    roles: rp.roles.map((name) => ({ name })),
    permissions: rp.permissions.map((name) => ({ name })),
  };
}
