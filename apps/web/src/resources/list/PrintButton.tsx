/**
 * "Imprimir lista": for a definition that declares a `print` call (`GET {path}/print`, e.g. `artists/print`), the
 * list's printable page with the list's current search and filters, opened in a new tab and sent to the printer.
 * The page is fetched with the session's token (a link could not carry it) and written into the new tab.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import PrintIcon from '@mui/icons-material/Print';
import type { ResourceDef } from '@paco/domain/resource';
import { ApiError, buildUrl, getToken } from '../../api/client';
import { canRunAction } from '../access';
import { actionUrl, type ListQuery } from '../defs';
import { useNotify } from '../useNotify';
import { useSessionUser } from '../useSessionUser';

async function fetchPage(path: string, query: ListQuery): Promise<string> {
  const token = getToken();
  const res = await fetch(buildUrl(path, query), { headers: { Accept: 'text/html', ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  const text = await res.text();
  if (!res.ok) {
    let message = 'Não foi possível gerar a lista para impressão.';
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? message;
    } catch { /* not JSON */ }
    throw new ApiError(res.status, message);
  }
  return text;
}

export default function PrintButton({ def, query }: { def: ResourceDef; query: ListQuery }) {
  const user = useSessionUser();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const action = def.actions?.print;
  if (!action || action.method !== 'GET' || action.path !== 'print' || !canRunAction(action, user, def)) return null;

  const print = async () => {
    // opened now, while the click counts as the user's: a window opened after the fetch would be a blocked pop-up
    const tab = window.open('', '_blank');
    if (!tab) {
      notify.error('O navegador bloqueou a nova aba: permita janelas pop-up deste endereço para imprimir.');
      return;
    }
    setBusy(true);
    try {
      const html = await fetchPage(actionUrl(def, action), query);
      tab.document.open();
      tab.document.write(html);
      tab.document.close();
      tab.focus();
      tab.print();
    } catch (e) {
      tab.close();
      notify.error(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button startIcon={<PrintIcon />} onClick={print} loading={busy} disabled={busy}>
      Imprimir lista
    </Button>
  );
}
