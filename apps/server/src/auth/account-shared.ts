/** Pieces shared by the account routes: field schemas with pt-BR messages, the self-audit row, small helpers. */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { logs } from '../db/schema.generated.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const nameField = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'Informe o nome.' : 'Nome inválido.') })
  .trim()
  .min(1, 'Informe o nome.')
  .max(150, 'O nome deve ter no máximo 150 caracteres.');

export const emailField = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'Informe o e-mail.' : 'E-mail inválido.') })
  .trim()
  .toLowerCase()
  .min(1, 'Informe o e-mail.')
  .max(191, 'O e-mail deve ter no máximo 191 caracteres.')
  .pipe(z.email('Informe um e-mail válido.'));

export const passwordField = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'Informe a senha.' : 'Senha inválida.') })
  .min(1, { message: 'Informe a senha.', abort: true })
  .min(PASSWORD_MIN, `A senha deve ter no mínimo ${PASSWORD_MIN} caracteres.`)
  .max(PASSWORD_MAX, `A senha deve ter no máximo ${PASSWORD_MAX} caracteres.`);

export const confirmationField = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'Confirme a senha.' : 'Confirmação de senha inválida.') })
  .min(1, { message: 'Confirme a senha.', abort: true })
  .max(PASSWORD_MAX, 'A confirmação da senha não confere.');

export const CONFIRMATION_MISMATCH = 'A confirmação da senha não confere.';

/**
 * Object-level check that password_confirmation equals password. Runs even when other fields failed (`when`),
 * so the form gets every message at once.
 */
export function withConfirmation<T extends z.ZodObject>(schema: T, opts: { optional?: boolean } = {}): T {
  return schema.superRefine((v: Record<string, unknown>, ctx) => {
    const pw = v.password;
    const conf = v.password_confirmation;
    if (pw === undefined || pw === null || pw === '') return;
    if (conf === undefined || conf === null || conf === '') {
      // the required variant already says "Confirme a senha." on the field itself
      if (opts.optional) ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'Confirme a nova senha.' });
      return;
    }
    if (conf !== pw) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: CONFIRMATION_MISMATCH });
    }
  }, {
    when: (payload) => {
      const v = payload.value as Record<string, unknown> | null;
      return !!v && typeof v === 'object' && typeof v.password === 'string' && (v.password_confirmation === undefined || v.password_confirmation === null || typeof v.password_confirmation === 'string');
    },
  }) as unknown as T;
}

/** '' and null count as "not sent" (form payloads). */
export const blankToUndefined = (v: unknown): unknown => (v === '' || v === null ? undefined : v);

/** Audit row for something a person did to their own account (also when there is no session yet). */
export async function auditSelf(
  db: Db,
  req: FastifyRequest,
  user: { id: number; company_id: number },
  action: string,
  description: string,
  changes: Record<string, unknown> | null = null,
): Promise<void> {
  await db.insert(logs).values({
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
