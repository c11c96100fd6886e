/** The portal's client bundle: hydrates the server-rendered page with the data embedded in it (no MUI, no back office). */
import { hydrateRoot } from 'react-dom/client';
import { Page } from './Pages.tsx';
import type { PageData } from './types.ts';

const root = document.getElementById('portal-root');
const json = document.getElementById('portal-data');
if (root && json?.textContent) {
  const data = JSON.parse(json.textContent) as PageData;
  hydrateRoot(root, <Page data={data} />);
  document.documentElement.dataset.hydrated = 'true';
}
