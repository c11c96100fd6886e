/**
 * The app's public paths and the safe return path after login (spec 1 §4), shared by the route guard (app/guard.ts)
 * and the login page.
 */
export const LOGIN_PATH = '/auth/login';

const PANEL_ROUTES = [/^\/legislativo\/painel-eletronico(?:\/[^/]+)?\/?$/, /^\/legislativo\/newPainel\/[^/]+\/?$/];
const GUEST_ROUTES = ['/auth/register', '/auth/reset-password'];

export const isPanelPath = (p: string): boolean => PANEL_ROUTES.some((r) => r.test(p));
const strip = (p: string): string => (p.length > 1 ? p.replace(/\/+$/, '') : p);
export const isLoginPath = (p: string): boolean => strip(p) === LOGIN_PATH;
export const isGuestPath = (p: string): boolean => isLoginPath(p) || GUEST_ROUTES.includes(strip(p));
/** Paths that work without a session. */
export const isPublicPath = (p: string): boolean => isPanelPath(p) || isGuestPath(p);

/** A safe in-app path to return to after login (never another origin). */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (isLoginPath(next.split('?')[0])) return '/';
  return next;
}
