/** The portal's entity: the company by its slug (only with a published portal), its theme, menus and footer data. */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { PORTAL_SECTIONS } from '@paco/domain/portal';
import type { PortalLink, PortalSite } from '@paco/portal/types.ts';
import { companies, institutions, links, menus, themes } from '../db/schema.generated.ts';
import type { Services } from '../engine/context.ts';
import type { StoredFile } from '../storage/files.ts';
import { facets } from './sections.ts';

export interface Site extends PortalSite { id: number; colors: { primary: string; onPrimary: string; secondary: string }; updatedAt: Record<string, string | null> }

const phone = (v: string | null): string | null => {
  if (!v) return null;
  const d = v.replace(/\D/g, '');
  return d.length === 11 ? `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}` : d.length === 10 ? `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}` : v;
};

/** Relative luminance (WCAG) of #rrggbb. */
function luminance(hex: string): number {
  const n = /^#[0-9a-f]{6}$/i.test(hex) ? hex.slice(1) : '1f4e79';
  const ch = [0, 2, 4].map((i) => parseInt(n.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}
const contrast = (a: number, b: number): number => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** The theme's colours, with the text colour (white or near-black) that reads best on the primary one. */
export function themeColors(primary: string | null | undefined, secondary: string | null | undefined): Site['colors'] {
  const p = primary && /^#[0-9a-f]{6}$/i.test(primary) ? primary : '#1f4e79';
  const l = luminance(p);
  return { primary: p, onPrimary: contrast(l, 1) >= contrast(l, luminance('#1b1b1b')) ? '#ffffff' : '#1b1b1b', secondary: secondary && /^#[0-9a-f]{6}$/i.test(secondary) ? secondary : '#ff8f00' };
}

export async function publishedPortals(sv: Services): Promise<{ slug: string; name: string; brasao: string | null }[]> {
  const rows = await sv.db.select({ slug: companies.slug, name: companies.name, brasao: companies.brasao }).from(companies)
    .where(and(eq(companies.portal_publicado, true), isNotNull(companies.slug))).orderBy(asc(companies.name));
  return rows.map((r) => ({ slug: r.slug!, name: r.name, brasao: r.brasao ? sv.storage.url(r.brasao as StoredFile) : null }));
}

export async function loadSite(sv: Services, slug: string): Promise<Site | null> {
  if (!/^[a-z0-9-]{1,60}$/.test(slug)) return null;
  const [c] = await sv.db.select({ c: companies, inst: institutions.name }).from(companies).leftJoin(institutions, eq(institutions.id, companies.institution_id))
    .where(and(eq(companies.slug, slug), eq(companies.portal_publicado, true)));
  if (!c) return null;
  const company = c.c;
  const [theme] = await sv.db.select().from(themes).where(and(eq(themes.company_id, company.id), eq(themes.active, true))).limit(1);
  const menuRows = await sv.db.select().from(menus).where(eq(menus.company_id, company.id)).orderBy(asc(menus.id));
  const linkRows = menuRows.length ? await sv.db.select().from(links).where(eq(links.company_id, company.id)).orderBy(asc(links.order), asc(links.id)) : [];
  const linkOf = (l: typeof linkRows[number]): PortalLink => ({
    text: l.description, url: l.url ?? '', children: linkRows.filter((x) => x.links_id === l.id).map((x) => ({ text: x.description, url: x.url ?? '' })),
  });
  const updatedAt: Record<string, string | null> = {};
  const sections: PortalSite['sections'] = [];
  for (const s of PORTAL_SECTIONS) {
    const f = await facets(sv, s, company.id);
    updatedAt[s.key] = f.updatedAt;
    if (f.count > 0) sections.push({ key: s.key, title: s.title, group: s.group });
  }
  const isCamara = /c[âa]mara/i.test(c.inst ?? '') || /^c[âa]mara/i.test(company.name);
  return {
    id: company.id, slug, name: company.name, abreviacao: company.abreviacao, sobre: company.sobre,
    brasao: company.brasao ? sv.storage.url(company.brasao as StoredFile) : null,
    endereco: company.endereco, telefone: phone(company.telefone), email: company.email_atendimento, horario: company.horario_atendimento,
    painel: isCamara ? `/legislativo/painel-eletronico?entidade=${company.id}` : null,
    menus: menuRows.map((m) => ({ name: m.name, links: linkRows.filter((l) => l.menu_id === m.id && !l.links_id).map(linkOf) })).filter((m) => m.links.length),
    sections, colors: themeColors(theme?.primary_color, theme?.secundary_color), updatedAt,
  };
}

/** What the page component needs of the site (the server-only parts left out of the embedded JSON). */
export const pageSite = (s: Site): PortalSite => {
  const { id: _id, colors: _c, updatedAt: _u, ...rest } = s;
  return rest;
};
