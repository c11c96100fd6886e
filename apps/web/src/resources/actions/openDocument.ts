/**
 * Opens the document of an action that produces one (the process PDF, `ActionDef.produces`) in a new tab. The tab is
 * opened at the click (one opened after the download would be a blocked pop-up) and says the document is being
 * made; the document is fetched with the session's token (a link could not carry it) and shown from an object URL.
 */
import { ApiError, apiBlob } from '../../api/client';

/** how long the tab's document stays readable from its object URL (a reload, a save of the viewer) */
const KEEP_MS = 10 * 60_000;

export async function openDocument(path: string, title: string): Promise<void> {
  const tab = window.open('', '_blank');
  if (!tab) throw new ApiError(0, 'O navegador bloqueou a nova aba: permita janelas pop-up deste endereço para abrir o documento.');
  try {
    tab.document.title = title;
    tab.document.body.textContent = 'Gerando o documento…';
    const url = URL.createObjectURL(await apiBlob(path));
    tab.location.replace(url);
    window.setTimeout(() => URL.revokeObjectURL(url), KEEP_MS);
  } catch (e) {
    tab.close();
    throw e;
  }
}
