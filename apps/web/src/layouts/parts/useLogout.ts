import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../session/store';
import { notifyErrors } from '../../shell/notify';

/** Sign-out (spec 1 §4): success → login; failure → an alert with the server's text or "Não foi possível deslogar!". */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const r = await logout();
    if (r.ok) await navigate('/auth/login', { replace: true });
    else notifyErrors([r.message]);
  }, [navigate]);
}
