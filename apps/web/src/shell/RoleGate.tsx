import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import { useSession } from '../session/SessionProvider';
import { allowedFor } from './handle';
import { Forbidden } from './Forbidden';

/**
 * Renders the page only when the user passes every matched route's rule; otherwise "Acesso não permitido".
 * Without a session (the moment of signing out, before the redirect) a restricted page renders nothing.
 */
export function RoleGate({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const { user } = useSession();
  if (allowedFor(matches, user)) return <>{children}</>;
  return user ? <Forbidden /> : null;
}
