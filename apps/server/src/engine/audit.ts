import type { FastifyRequest } from 'fastify';
import type { ResourceDef } from '@paco/domain/resource';
import type { Db } from '../db/client.ts';
import type { AuthContext } from '../auth/session.ts';
import { logs } from '../db/schema.generated.ts';

const VERB: Record<string, string> = {
  create: 'criou', update: 'alterou', delete: 'excluiu', restore: 'restaurou', upload: 'enviou arquivo para',
};

/** Writes one audit row: who, when (created_at), what, from which IP. */
export async function audit(
  db: Db,
  req: Pick<FastifyRequest, 'ip'> | null,
  auth: AuthContext | null,
  action: string,
  r: Pick<ResourceDef, 'name' | 'label'> | null,
  recordId: number | null,
  changes: Record<string, unknown> | null,
  description?: string,
): Promise<void> {
  if (!auth) return;
  const what = r ? `${r.label.one.toLowerCase()}${recordId ? ` #${recordId}` : ''}` : '';
  await db.insert(logs).values({
    company_id: auth.companyId,
    user_id: auth.userId,
    action,
    resource: r?.name ?? null,
    record_id: recordId,
    ip: req?.ip ?? null,
    changes,
    actionDescription: (description ?? `${auth.name} ${VERB[action] ?? action} ${what}`).slice(0, 500),
  });
}
