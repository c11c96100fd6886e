/** The portal's pages of text and links (kind `text`): the accessibility statement and the Mesa Diretora (with the Lideranças). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DocumentOptions } from '@paco/portal/render.tsx';
import type { PageData } from '@paco/portal/types.ts';
import type { Services } from '../engine/context.ts';
import { todayInSaoPaulo } from '../auth/session.ts';
import { liderancas, mesaDiretora } from './related/index.ts';
import { pageSite, type Site } from './site.ts';

/** Pages, not API calls: left out of the OpenAPI document. */
export const PAGE = { schema: { hide: true } } as const;

type P = { slug: string; section?: string; id?: string; file?: string };
type Made = { status: number; type: string; body: string; filename?: string };
interface Helpers {
  withSite: (fn: (site: Site, req: FastifyRequest<{ Params: P }>) => Promise<Made>) => (req: FastifyRequest<{ Params: P }>, reply: FastifyReply) => Promise<FastifyReply>;
  html: (data: PageData, o: Omit<DocumentOptions, 'script'>, status?: number) => Made;
  titleOf: (site: Site, t: string) => string;
  originOf: (req: FastifyRequest) => string;
  services: Services;
}

/** Routes of text pages, declared before `/:slug/:section` so they win. */
export function registerTextPages(app: FastifyInstance, h: Helpers): void {
  const page = (title: string, text: (site: Site) => string, links: (site: Site) => { text: string; url: string }[] = () => []) =>
    h.withSite(async (site, req) => h.html({ kind: 'text', site: pageSite(site), title, text: text(site), links: links(site) },
      { title: h.titleOf(site, title), url: `${h.originOf(req)}${req.url}`, colors: site.colors }));

  app.get<{ Params: P }>('/portal/:slug/acessibilidade', PAGE, page('Acessibilidade',
    () => 'Este portal segue o eMAG 3.1 e a ABNT NBR 17225:2025 (WCAG 2.2 nível AA).\nAtalhos de teclado: Alt+1 vai ao conteúdo, Alt+2 ao menu, Alt+3 à busca e Alt+4 ao rodapé (no Firefox, Alt+Shift+número).\nNa barra do topo, "Alto contraste" troca as cores e os botões A−, A e A+ mudam o tamanho do texto; as escolhas ficam guardadas neste navegador.\nTodas as páginas funcionam só com o teclado e também sem JavaScript.'));
  app.get<{ Params: P }>('/portal/:slug/mesa-diretora', PAGE, h.withSite(async (site, req) => {
    const today = todayInSaoPaulo();
    const mesa = await mesaDiretora(h.services, site.id, today);
    const text = mesa.seats.length ? `Composição da Mesa Diretora na ${mesa.session}.` : 'A composição da Mesa Diretora ainda não foi publicada.';
    const links = mesa.seats.map((x) => ({ text: `${x.cargo}: ${x.nome}`, url: `/portal/${site.slug}/vereadores/${x.id}` }));
    return h.html({ kind: 'text', site: pageSite(site), title: 'Mesa Diretora', text, links, liderancas: await liderancas(h.services, site.id, today, `/portal/${site.slug}`) },
      { title: h.titleOf(site, 'Mesa Diretora'), url: `${h.originOf(req)}${req.url}`, colors: site.colors });
  }));
}
