/**
 * The public portal (issue 12, decision 0031): server-rendered pages under /portal, hydrated by a small bundle
 * (apps/portal). Pages and open data carry an ETag and `Cache-Control: public, no-cache`; rendered answers are
 * kept in memory and dropped whenever one of the portal's tables changes (the change feed, db/changes.ts).
 *
 *   /portal                                  the entities with a published portal
 *   /portal/:slug                            home (banners, latest news and events, services)
 *   /portal/:slug/:section[?q&ano&tipo&pagina]   a section's list; /portal/:slug/:section/:id a record
 *   /portal/:slug/transparencia | mapa-do-site | dados-abertos | busca?q= | acessibilidade
 *   /portal/:slug/dados-abertos/:section.csv|.json   open data (same filters as the list)
 *   /portal/:slug/ouvidoria | sic[/acompanhar | /recurso | /estatisticas]   the citizen's forms (cidadao.ts)
 *   /portal/:slug/sitemap.xml | robots.txt, and /robots.txt
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { LRUCache } from 'lru-cache';
import { PORTAL_SECTIONS, sectionByKey } from '@paco/domain/portal';
import { renderDocument, type DocumentOptions } from '@paco/portal/render.tsx';
import type { PageData } from '@paco/portal/types.ts';
import { ALL_TABLES, PORTAL_TABLES } from '../db/changes.ts';
import { banners } from '../db/schema.generated.ts';
import type { ChangeFeed } from '../db/changes.ts';
import type { Services } from '../engine/context.ts';
import { todayInSaoPaulo } from '../auth/session.ts';
import { loadSite, pageSite, publishedPortals, type Site } from './site.ts';
import { defOf, enrich, facets, readList, readOne, recordView, sectionRef } from './sections.ts';
import { relatedOf } from './related/index.ts';
import { openData, openDataPage } from './open-data.ts';
import { PAGE, registerTextPages } from './text-pages.ts';
import { registerCidadao } from './cidadao.ts';
import { registerAcompanhamento } from './acompanhamento.ts';

/** The client bundle's file (dist/.vite/manifest.json of apps/portal), when built. */
function clientScript(): { dir: string; file: string } | null {
  const dirs = [...(process.env.PORTAL_DIR ? [process.env.PORTAL_DIR] : []), join(process.cwd(), 'apps/portal/dist'), new URL('../../portal/dist', import.meta.url).pathname, new URL('../../../portal/dist', import.meta.url).pathname];
  for (const dir of dirs) {
    const manifest = join(dir, '.vite/manifest.json');
    if (!existsSync(manifest)) continue;
    const m = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, { file: string; isEntry?: boolean }>;
    const entry = Object.values(m).find((e) => e.isEntry);
    if (entry) return { dir, file: entry.file };
  }
  return null;
}

interface Answer { status: number; type: string; body: string; etag: string; filename?: string }
const PORTAL_TABLE_SET = new Set<string>([...PORTAL_TABLES, 'companies', 'types', 'institutions']);

export function registerPortal(app: FastifyInstance, sv: Services, changes: ChangeFeed): void {
  const client = clientScript();
  if (client) {
    void app.register(fastifyStatic, {
      root: join(client.dir, 'assets'), prefix: '/portal/assets/', decorateReply: false, wildcard: true, index: false,
      setHeaders: (res) => { res.header('Cache-Control', 'public, max-age=31536000, immutable'); },
    });
  }
  const script = client ? `/portal/${client.file}` : null;

  // rendered answers, dropped when the portal's data changes; the key carries the day (publication dates) and the hour
  // (signed file addresses are valid for hours, rounded to the hour)
  const cache = new LRUCache<string, Answer>({ max: 500, maxSize: 32 * 1024 * 1024, sizeCalculation: (a) => a.body.length + 100 });
  let generation = 0;
  changes.on((table) => {
    if (table === ALL_TABLES || PORTAL_TABLE_SET.has(table)) { generation++; cache.clear(); }
  });

  const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

  /** Serves an answer from the cache or `make`, with its ETag (304 when the client has it). */
  async function serve(req: FastifyRequest, reply: FastifyReply, make: () => Promise<Omit<Answer, 'etag'>>): Promise<FastifyReply> {
    const now = new Date();
    const key = `${req.url}|${todayInSaoPaulo()}|${now.getUTCHours()}|${originOf(req)}`;
    let a = cache.get(key);
    if (!a) {
      const g = generation;
      const made = await make();
      a = { ...made, etag: `"p${createHash('sha1').update(made.body).digest('base64url').slice(0, 22)}"` };
      if (g === generation && a.status === 200) cache.set(key, a);
    }
    reply.header('Cache-Control', a.status === 200 ? 'public, no-cache' : 'no-store').header('ETag', a.etag).header('Vary', 'Accept-Encoding');
    const inm = req.headers['if-none-match'];
    if (a.status === 200 && typeof inm === 'string' && inm.split(',').map((x) => x.trim().replace(/^W\//, '')).includes(a.etag)) return reply.status(304).send();
    if (a.filename) reply.header('Content-Disposition', `attachment; filename="${a.filename}"`);
    return reply.status(a.status).type(a.type).send(a.body);
  }

  const html = (data: PageData, o: Omit<DocumentOptions, 'script'>, status = 200) => ({ status, type: 'text/html; charset=utf-8', body: renderDocument(data, { ...o, script }) });
  const notFound = (site: Site | null, req: FastifyRequest) => html({ kind: 'not-found', site: site ? pageSite(site) : null }, { title: 'Página não encontrada', url: req.url, colors: site?.colors, noindex: true }, 404);
  const titleOf = (site: Site, t: string) => `${t} | ${site.name}`;

  app.get('/portal', PAGE, (req, reply) => serve(req, reply, async () => html({ kind: 'index', entities: await publishedPortals(sv) }, { title: 'Portais das entidades', url: `${originOf(req)}/portal` })));

  app.get('/robots.txt', PAGE, (req, reply) => serve(req, reply, async () => {
    const portals = await publishedPortals(sv);
    const body = ['User-agent: *', 'Allow: /portal/', 'Allow: /api/files/', 'Disallow: /api/', '', ...portals.map((p) => `Sitemap: ${originOf(req)}/portal/${p.slug}/sitemap.xml`)].join('\n');
    return { status: 200, type: 'text/plain; charset=utf-8', body: `${body}\n` };
  }));

  type P = { slug: string; section?: string; id?: string; file?: string };
  const withSite = (fn: (site: Site, req: FastifyRequest<{ Params: P }>) => Promise<Omit<Answer, 'etag'>>) =>
    (req: FastifyRequest<{ Params: P }>, reply: FastifyReply) => serve(req, reply, async () => {
      const site = await loadSite(sv, req.params.slug);
      if (!site) return notFound(null, req);
      return fn(site, req);
    });

  const base = (site: Site) => `/portal/${site.slug}`;

  app.get<{ Params: P }>('/portal/:slug', PAGE, withSite(async (site, req) => {
    const blocks: Extract<PageData, { kind: 'home' }>['blocks'] = [];
    for (const s of PORTAL_SECTIONS.filter((x) => x.onHome)) {
      const { rows } = await readList(sv, s, site.id, { perPage: s.onHome });
      if (rows.length) blocks.push({ section: sectionRef(s), records: rows.map((r) => ({ ...recordView(s, r, false, base(site)), fields: [] })) });
    }
    const banners = await homeBanners(sv, site.id);
    return html({ kind: 'home', site: pageSite(site), banners, blocks }, { title: site.name, description: site.sobre, url: `${originOf(req)}${base(site)}`, colors: site.colors, og: { type: 'website', image: site.brasao ? `${originOf(req)}${site.brasao}` : null } });
  }));

  app.get<{ Params: P }>('/portal/:slug/transparencia', PAGE, withSite(async (site, req) => html({ kind: 'hub', site: pageSite(site), hub: 'transparencia', updatedAt: site.updatedAt }, { title: titleOf(site, 'Transparência'), url: `${originOf(req)}${req.url}`, colors: site.colors })));
  app.get<{ Params: P }>('/portal/:slug/mapa-do-site', PAGE, withSite(async (site, req) => html({ kind: 'hub', site: pageSite(site), hub: 'mapa', updatedAt: site.updatedAt }, { title: titleOf(site, 'Mapa do site'), url: `${originOf(req)}${req.url}`, colors: site.colors })));
  app.get<{ Params: P }>('/portal/:slug/dados-abertos', PAGE, withSite(async (site, req) => html(openDataPage(site), { title: titleOf(site, 'Dados abertos'), url: `${originOf(req)}${req.url}`, colors: site.colors })));
  app.get<{ Params: P }>('/portal/:slug/dados-abertos/:file', PAGE, withSite(async (site, req) => (await openData(sv, site, req.params.file!, req.query as Record<string, string>, originOf(req))) ?? notFound(site, req)));

  app.get<{ Params: P }>('/portal/:slug/busca', PAGE, withSite(async (site, req) => {
    const q = String((req.query as { q?: string }).q ?? '').trim().slice(0, 200);
    const groups: Extract<PageData, { kind: 'search' }>['groups'] = [];
    if (q) {
      for (const s of PORTAL_SECTIONS) {
        const { rows, total } = await readList(sv, s, site.id, { q, perPage: 5 });
        await enrich(sv, s, rows);
        if (total) groups.push({ section: sectionRef(s), total, records: rows.map((r) => recordView(s, r, false, base(site))) });
      }
    }
    return html({ kind: 'search', site: pageSite(site), q, groups }, { title: titleOf(site, q ? `Busca: ${q}` : 'Busca'), url: `${originOf(req)}${req.url}`, colors: site.colors, noindex: true });
  }));

  app.get<{ Params: P }>('/portal/:slug/sitemap.xml', PAGE, withSite(async (site, req) => {
    const origin = originOf(req);
    const urls = [base(site), `${base(site)}/transparencia`, `${base(site)}/dados-abertos`, `${base(site)}/mapa-do-site`, `${base(site)}/ouvidoria`, `${base(site)}/sic`];
    for (const s of PORTAL_SECTIONS) {
      if (!site.sections.some((x) => x.key === s.key)) continue;
      urls.push(`${base(site)}/${s.key}`);
      for (let page = 1; page <= 50; page++) {
        const { rows, total } = await readList(sv, s, site.id, { page, perPage: 200 });
        for (const r of rows) urls.push(`${base(site)}/${s.key}/${r.id}`);
        if (page * 200 >= total) break;
      }
    }
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.map((u) => `<url><loc>${origin}${u}</loc></url>`).join('\n')}\n</urlset>\n`;
    return { status: 200, type: 'application/xml; charset=utf-8', body: xml };
  }));
  app.get<{ Params: P }>('/portal/:slug/robots.txt', PAGE, withSite(async (site, req) => ({
    status: 200, type: 'text/plain; charset=utf-8', body: `User-agent: *\nAllow: ${base(site)}/\nDisallow: ${base(site)}/busca\nSitemap: ${originOf(req)}${base(site)}/sitemap.xml\n`,
  })));

  registerCidadao(app, sv, { html, titleOf, originOf, notFound });
  registerAcompanhamento(app, sv, { html, titleOf, originOf, notFound });
  registerTextPages(app, { withSite, html, titleOf, originOf, services: sv });

  app.get<{ Params: P }>('/portal/:slug/:section', PAGE, withSite(async (site, req) => {
    const s = sectionByKey.get(req.params.section!);
    if (!s) return notFound(site, req);
    const query = req.query as Record<string, string | undefined>;
    const filters = { q: String(query.q ?? '').trim().slice(0, 200), ano: String(query.ano ?? ''), tipo: String(query.tipo ?? '') };
    const page = /^\d{1,4}$/.test(query.pagina ?? '') ? Math.max(1, Number(query.pagina)) : 1;
    const perPage = 20;
    const [{ rows, total }, f] = [await readList(sv, s, site.id, { ...filters, page, perPage }), await facets(sv, s, site.id)];
    await enrich(sv, s, rows);
    const typeField = s.typeField ? defOf(s).fields[s.typeField] : null;
    return html({
      kind: 'list', site: pageSite(site), section: sectionRef(s), records: rows.map((r) => recordView(s, r, false, base(site))), total, page,
      pages: Math.max(1, Math.ceil(total / perPage)), filters, years: f.years, types: f.types, typeLabel: typeField?.label ?? null, updatedAt: f.updatedAt,
    }, { title: titleOf(site, s.title), description: s.description, url: `${originOf(req)}${base(site)}/${s.key}`, colors: site.colors });
  }));

  app.get<{ Params: P }>('/portal/:slug/:section/:id', PAGE, withSite(async (site, req) => {
    const s = sectionByKey.get(req.params.section!);
    const id = /^\d{1,9}$/.test(req.params.id ?? '') ? Number(req.params.id) : null;
    if (!s || !id) return notFound(site, req);
    const rec = await readOne(sv, s, site.id, id);
    if (!rec) return notFound(site, req);
    await enrich(sv, s, [rec]);
    const view = recordView(s, rec, true, base(site));
    const related = await relatedOf(sv, s, rec, site.id, base(site));
    const origin = originOf(req);
    // a matter's page offers to follow it by e-mail (acompanhamento.ts, decision 0055)
    const follow = s.key === 'materias' ? { action: `${base(site)}/materias/${id}/acompanhar`, form: { values: {}, errors: {} } } : null;
    return html({ kind: 'detail', site: pageSite(site), section: sectionRef(s), record: view, related, follow }, {
      title: titleOf(site, view.title.length > 90 ? `${view.title.slice(0, 87)}…` : view.title), description: view.summary ?? view.fields.find((x) => x.long)?.value ?? s.description,
      url: `${origin}${base(site)}/${s.key}/${id}`, colors: site.colors, og: { type: 'article', image: view.image ? `${origin}${view.image}` : site.brasao ? `${origin}${site.brasao}` : null },
    });
  }));
}

/** The home's banners: active, within their display dates (the same rule as the public API's banners). */
async function homeBanners(sv: Services, companyId: number) {
  const today = todayInSaoPaulo();
  const rows = await sv.db.select().from(banners).where(and(eq(banners.company_id, companyId), eq(banners.active, true),
    or(isNull(banners.inicio), lte(banners.inicio, today)), or(isNull(banners.fim), gte(banners.fim, today)))).orderBy(asc(banners.order), asc(banners.id)).limit(3);
  return rows.map((b) => ({ title: b.title, description: b.description, link: b.link, image: b.image ? sv.storage.url(b.image as never) : null }));
}

/** The 404 page of an address under /portal that no route serves. */
export const portalNotFound = (): string => renderDocument({ kind: 'not-found', site: null }, { title: 'Página não encontrada', url: '/portal', noindex: true });
