/** Toasts of the resource screens: the shell's helpers (notistack, durations of spec 1 §9). */
import { useMemo } from 'react';
import { enqueueSnackbar } from 'notistack';
import { ERROR_TOAST_MS } from '@paco/domain/constants';
import { ApiError } from '../api/client';
import { notifyErrors, notifySuccess } from '../shell/notify';

/** The server's message of a failed call (409 "still referenced", 403, ...), else a generic one. */
export function errorMessage(e: unknown): string {
  if (e instanceof ApiError) return e.message || 'Ocorreu um erro!';
  return 'Ocorreu um erro!';
}

export function useNotify() {
  return useMemo(
    () => ({
      success: (message: string) => notifySuccess(message),
      warning: (message: string) => enqueueSnackbar(message, { variant: 'warning', autoHideDuration: ERROR_TOAST_MS }),
      error: (e: unknown) => notifyErrors(typeof e === 'string' ? e : errorMessage(e)),
    }),
    [],
  );
}
