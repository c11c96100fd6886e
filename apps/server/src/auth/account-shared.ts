/** Pieces shared by the account routes: the self-audit row and small helpers (the inputs are declared in @paco/domain/account). */
import type { FastifyRequest } from 'fastify';
import { logs } from '../db/schema.generated.ts';
import { insertRows, type ServerWrite } from '../engine/rows.ts';

/** Audit row for something a person did to their own account (also when there is no session yet). */
export async function auditSelf(
  w: ServerWrite,
  req: FastifyRequest,
  user: { id: number; company_id: number },
  action: string,
  description: string,
  changes: Record<string, unknown> | null = null,
): Promise<void> {
  await insertRows(w, logs, {
    company_id: user.company_id, user_id: user.id, action, resource: 'users', record_id: user.id, ip: req.ip, changes,
    actionDescription: description.slice(0, 500),
  });
}

/** PostgreSQL unique violation (also when wrapped by drizzle). */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } } | null;
  return err?.code === '23505' || err?.cause?.code === '23505';
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The client's IP as a rate-limit key. */
export const ipKey = (req: FastifyRequest): string => `ip:${req.ip}`;
