import { closeSnackbar, enqueueSnackbar, type SnackbarKey } from 'notistack';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { ERROR_TOAST_EXTRA_MS, ERROR_TOAST_MS, SUCCESS_TOAST_MS } from '@paco/domain/constants';
import { ApiError } from '../api/client';

const closeAction = (key: SnackbarKey) => (
  <IconButton size="small" color="inherit" aria-label="Fechar" onClick={() => closeSnackbar(key)}>
    <CloseIcon fontSize="small" />
  </IconButton>
);

/** Success toast: 3 s (spec 1 §8-9). */
export function notifySuccess(message: string): SnackbarKey {
  return enqueueSnackbar(message, { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS, action: closeAction });
}

/** Durations of stacked error toasts: 5 s plus 1 s per later message (the first one stays longest). */
export function errorToastDurations(count: number): number[] {
  return Array.from({ length: count }, (_, i) => ERROR_TOAST_MS + ERROR_TOAST_EXTRA_MS * (count - 1 - i));
}

/** One or several error messages, stacked, each closable; returns their keys. */
export function notifyErrors(messages: string[] | string): SnackbarKey[] {
  const list = (Array.isArray(messages) ? messages : [messages]).filter(Boolean);
  const durations = errorToastDurations(list.length);
  return list.map((message, i) =>
    enqueueSnackbar(message, { variant: 'error', autoHideDuration: durations[i], action: closeAction, preventDuplicate: false }),
  );
}

/** Messages of an API failure: the per-field messages of a 422, else its message. */
export function apiErrorMessages(e: unknown, fallback = 'Ocorreu um erro!'): string[] {
  if (e instanceof ApiError) {
    const fields = Object.values(e.errors ?? {}).flat();
    return fields.length ? fields : [e.message || fallback];
  }
  if (e instanceof Error && e.message) return [e.message];
  return [fallback];
}

export function notifyApiError(e: unknown, fallback?: string): void {
  notifyErrors(apiErrorMessages(e, fallback));
}
