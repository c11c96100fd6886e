/**
 * Route guard of spec 1 §4. The login route and the two public panel routes pass without a token; visiting
 * login with a (valid) token goes to the index; anything else without a token in memory runs the token check
 * and goes to login when it fails. Register and reset-password are guest pages too (they exist for people
 * without a session).
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { checkToken, hasSavedToken, sessionStore } from '../session/store';
import { LOGIN_PATH, isGuestPath, isLoginPath, isPanelPath, safeNext } from '../session/paths';

export { LOGIN_PATH, isGuestPath, isLoginPath, isPanelPath, isPublicPath, safeNext } from '../session/paths';

/** Where to send the visitor instead, or null to continue. */
export async function guard(pathname: string, search = ''): Promise<string | null> {
  if (isPanelPath(pathname)) return null;
  if (isLoginPath(pathname)) {
    if (sessionStore.get().token) return '/';
    if (hasSavedToken()) {
      try {
        await checkToken();
        return safeNext(new URLSearchParams(search).get('next'));
      } catch {
        return null;
      }
    }
    return null;
  }
  if (isGuestPath(pathname)) return null;
  if (sessionStore.get().token) return null;
  try {
    await checkToken();
    return null;
  } catch {
    const here = pathname + search;
    return here === '/' ? LOGIN_PATH : `${LOGIN_PATH}?next=${encodeURIComponent(here)}`;
  }
}

export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const to = await guard(url.pathname, url.search);
  if (to) throw redirect(to);
  return null;
}
