/** Server side: the page's HTML document (content rendered by React, data embedded for the client to hydrate). */
import { renderToString } from 'react-dom/server';
import { Page } from './Pages.tsx';
import { PORTAL_CSS } from './styles.ts';
import type { PageData } from './types.ts';

export interface DocumentOptions {
  title: string;
  description?: string | null;
  /** absolute or root-relative canonical address */
  url: string;
  /** Open Graph (detail pages) */
  og?: { type: 'article' | 'website'; image?: string | null } | null;
  /** the company's theme colours */
  colors?: { primary: string; onPrimary: string; secondary: string } | null;
  /** the client bundle's address (absent: the page stays server-rendered only) */
  script?: string | null;
  noindex?: boolean;
}

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** JSON inside a <script> element: nothing may close it or open a comment. */
const jsonInHtml = (v: unknown): string => JSON.stringify(v).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

export function renderDocument(data: PageData, o: DocumentOptions): string {
  const body = renderToString(<Page data={data} />);
  const c = o.colors;
  const vars = c ? `:root{--primary:${c.primary};--on-primary:${c.onPrimary};--secondary:${c.secondary}}` : '';
  const meta = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${esc(o.title)}</title>`,
    o.description ? `<meta name="description" content="${esc(o.description.slice(0, 300))}">` : '',
    `<link rel="canonical" href="${esc(o.url)}">`,
    o.noindex ? `<meta name="robots" content="noindex">` : '',
    c ? `<meta name="theme-color" content="${esc(c.primary)}">` : '',
    ...(o.og ? [
      `<meta property="og:type" content="${o.og.type}">`,
      `<meta property="og:title" content="${esc(o.title)}">`,
      o.description ? `<meta property="og:description" content="${esc(o.description.slice(0, 300))}">` : '',
      `<meta property="og:url" content="${esc(o.url)}">`,
      `<meta property="og:locale" content="pt_BR">`,
      o.og.image ? `<meta property="og:image" content="${esc(o.og.image)}">` : '',
    ] : []),
  ].filter(Boolean).join('');
  return `<!doctype html><html lang="pt-BR"><head>${meta}<style>${PORTAL_CSS}${vars}</style></head><body>`
    + `<div id="portal-root">${body}</div>`
    + (o.script ? `<script type="application/json" id="portal-data">${jsonInHtml(data)}</script><script type="module" src="${esc(o.script)}"></script>` : '')
    + `</body></html>`;
}
