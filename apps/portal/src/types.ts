/**
 * What the server hands the portal's pages (rendered on the server, embedded as JSON, hydrated in the browser).
 * Values are already formatted in pt-BR by the server, so the server's HTML and the browser's render agree.
 */
export interface PortalLink { text: string; url: string; children?: PortalLink[] }

export interface PortalSite {
  slug: string;
  name: string;
  abreviacao: string | null;
  brasao: string | null;
  sobre: string | null;
  endereco: string | null;
  telefone: string | null;
  email: string | null;
  horario: string | null;
  /** the câmara's live panel, when the entity is one */
  painel: string | null;
  menus: { name: string; links: PortalLink[] }[];
  /** the sections with content, for the navigation: key, title, group */
  sections: { key: string; title: string; group: string }[];
}

export interface FieldView { label: string; value: string; long?: boolean; link?: string }
export interface FileView { label: string; name: string; url: string; size: string }

export interface RecordView {
  id: number;
  title: string;
  summary: string | null;
  date: string | null;
  image: string | null;
  fields: FieldView[];
  files: FileView[];
  updatedAt: string;
}

export interface SectionRef { key: string; title: string; one: string; group: string; description: string }

export interface ListFilters { q: string; ano: string; tipo: string }

export type PageData =
  | { kind: 'index'; entities: { slug: string; name: string; brasao: string | null }[] }
  | { kind: 'home'; site: PortalSite; banners: { title: string; description: string | null; image: string | null; link: string | null }[]; blocks: { section: SectionRef; records: RecordView[] }[] }
  | {
    kind: 'list'; site: PortalSite; section: SectionRef; records: RecordView[]; total: number; page: number; pages: number;
    filters: ListFilters; years: string[]; types: { value: string; label: string }[]; typeLabel: string | null; updatedAt: string | null;
  }
  | { kind: 'detail'; site: PortalSite; section: SectionRef; record: RecordView; related: { title: string; items: { text: string; url?: string; image?: string; detail?: string }[] }[] }
  | { kind: 'search'; site: PortalSite; q: string; groups: { section: SectionRef; total: number; records: RecordView[] }[] }
  | { kind: 'hub'; site: PortalSite; hub: 'transparencia' | 'mapa'; updatedAt: Record<string, string | null> }
  | { kind: 'open-data'; site: PortalSite; datasets: { section: SectionRef; fields: { name: string; label: string; type: string; help: string | null }[] }[] }
  | { kind: 'placeholder'; site: PortalSite; title: string; text: string; links: { text: string; url: string }[] }
  | { kind: 'not-found'; site: PortalSite | null };

export const portalBase = (slug: string): string => `/portal/${slug}`;
