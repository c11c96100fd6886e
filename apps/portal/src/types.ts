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

/** A cell or list entry: text, with a link when it names another public record. */
export interface RelatedText { text: string; url?: string }

/**
 * A group below a record's fields on its detail page: a list (linked records, photos, people; `ordered`: steps to
 * follow, their detail in plain text) or a table (a voting's nominal votes, a session's presence; `stack`: on a phone,
 * each row is shown as a block of "column: value" lines instead of scrolling sideways). `note` is one line under the
 * heading (a result, a count).
 */
export type RelatedGroup =
  | { title: string; note?: string; ordered?: boolean; items: { text: string; url?: string; image?: string; detail?: string }[] }
  | { title: string; note?: string; table: { head: string[]; rows: RelatedText[][]; stack?: boolean } };

/**
 * A bancada or bloco parlamentar in force, for the Mesa Diretora page's "Lideranças" (decision 0057): its parties (a
 * bancada's one), its líder and vice-líderes today; `url` is the councillor's page (null when not public).
 */
export interface LiderancaView {
  kind: 'bancada' | 'bloco';
  nome: string;
  partidos: string[];
  lideres: { cargo: string; nome: string; url: string | null }[];
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
  | { kind: 'detail'; site: PortalSite; section: SectionRef; record: RecordView; related: RelatedGroup[]; follow?: FollowBoxData | null }
  | { kind: 'search'; site: PortalSite; q: string; groups: { section: SectionRef; total: number; records: RecordView[] }[] }
  | { kind: 'hub'; site: PortalSite; hub: 'transparencia' | 'mapa'; updatedAt: Record<string, string | null> }
  | { kind: 'open-data'; site: PortalSite; datasets: { section: SectionRef; fields: { name: string; label: string; type: string; help: string | null }[] }[] }
  | { kind: 'text'; site: PortalSite; title: string; text: string; links: { text: string; url: string }[]; liderancas?: LiderancaView[] }
  | CidadaoPage
  | StatsPage
  | AcompanhamentoPage
  | { kind: 'not-found'; site: PortalSite | null };

export const portalBase = (slug: string): string => `/portal/${slug}`;

/* ------------------------------------------------------------------ the citizen's Ouvidoria and E-SIC (issue 12 §2) */

/** A form as it was sent: what was typed (kept on errors) and the pt-BR messages by field. */
export interface FormState { values: Record<string, string>; errors: Record<string, string[]> }
export const emptyForm = (): FormState => ({ values: {}, errors: {} });

/** A manifestação or request followed by protocol and code: values already formatted in pt-BR. */
export interface FollowView {
  protocolo: string;
  codigo: string;
  assunto: string;
  tipo: string | null;
  situacao: string;
  registradoEm: string;
  prazo: string | null;
  emAtraso: boolean;
  prorrogacao: string | null;
  anexos: string[];
  /** the answer, the denial, the appeals and their decisions, in order */
  andamento: { titulo: string; data: string | null; texto: string; anexo?: { name: string; url: string } | null }[];
  /** E-SIC: whether an appeal may be filed now, to which instance, until when */
  recurso: { instancia: number; ate: string } | null;
}

export interface CidadaoPage {
  kind: 'cidadao';
  site: PortalSite;
  service: 'ouvidoria' | 'sic';
  /** select options: the manifestação's kinds or the request's subjects */
  options: { value: string; label: string }[];
  filing: FormState;
  /** the filing just accepted: its protocol and code, shown once */
  filed: { protocolo: string; codigo: string; prazo: string | null } | null;
  following: FormState;
  followed: FollowView | null;
  appeal: FormState;
  /** a message about the last action (an appeal registered), for the live region */
  notice: string | null;
  limits: { files: number; mb: number };
}

export interface StatsRow { chave: string; rotulo: string; recebidos: number; respondidos: number; negados: number; noPrazo: number; recursos: number; emAberto: number }
export interface StatsPage {
  kind: 'sic-estatisticas';
  site: PortalSite;
  ano: number;
  anos: number[];
  atualizadoEm: string;
  pedidos: { totais: StatsRow; porMes: StatsRow[]; porTema: StatsRow[] };
  manifestacoes: { totais: StatsRow; porMes: StatsRow[]; porTipo: StatsRow[] };
  csv: string;
  json: string;
}

/* ------------------------------------------------------------------ "Acompanhar matéria" (decision 0055) */

/** The form on a matter's page: where it posts, and what was typed with its errors (a refused request). */
export interface FollowBoxData { action: string; form: FormState }

/**
 * The pages of following a matter by e-mail: the request's answer (`pedido`: check your e-mail; `form`: the form again
 * with its errors), the confirmation link's page (`confirmar`: the button; `confirmado`), the link to stop's
 * (`sair`: the button; `saiu`) and a link that is not valid (`invalido`).
 */
export interface AcompanhamentoPage {
  kind: 'acompanhamento';
  site: PortalSite;
  step: 'pedido' | 'form' | 'confirmar' | 'confirmado' | 'sair' | 'saiu' | 'invalido';
  /** the matter, with its page */
  materia: { title: string; ementa: string | null; url: string } | null;
  message: string | null;
  /** the token the button posts (never in the page's address after the e-mail's link) */
  token: string | null;
  follow: FollowBoxData | null;
}
