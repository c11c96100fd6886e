import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/client';

/**
 * Puts a 422's per-field messages on the form's fields; returns the message to show above the form
 * (the API message, or null when every problem landed on a field).
 */
export function applyApiErrors<T extends FieldValues>(e: unknown, setError: UseFormSetError<T>, fields: readonly string[]): string | null {
  if (e instanceof ApiError) {
    const entries = Object.entries(e.errors ?? {});
    const rest: string[] = [];
    for (const [k, msgs] of entries) {
      if (fields.includes(k)) setError(k as Path<T>, { type: 'server', message: msgs[0] });
      else rest.push(...msgs);
    }
    if (entries.length && !rest.length) return null;
    return rest.length ? rest.join(' ') : e.message;
  }
  return 'Não foi possível concluir. Tente novamente.';
}

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** react-hook-form `register()` for MUI TextField: the ref goes to the real <input> (inputRef). */
export function mui<T extends { ref: unknown }>(registration: T): Omit<T, 'ref'> & { inputRef: T['ref'] } {
  const { ref, ...rest } = registration;
  return { ...rest, inputRef: ref };
}
