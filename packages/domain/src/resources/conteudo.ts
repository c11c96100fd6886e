/**
 * Public content and settings (spec 2 §3 "Public content and settings"; calls of spec 2 §7 under the same heading):
 * secretariats and their sub-lists, portarias, publications, banners, posts, services (Carta de Serviços), events
 * and their photos, evaluations, FAQs, schools, vehicles, menus and links, files, themes, categories, and the
 * example module's watchlist and serie.
 *
 * Access (spec 1 §6):
 * - Site entries (banners, evaluations, events, faqs, posts, schools, secretariats, vehicles): superadmin, admin,
 *   mananger (`R.siteExecutivo`) read and write.
 * - Portarias and publications are also the Publicações module's records: + publicacoes.
 * - Services are also the Carta de Serviços module's records: + carta.
 * - Settings: categories and links: superadmin, admin, mananger; menus, themes, files: + cm_admin.
 * - Example module (watchlist, serie): superadmin, admin (the example menu's rule).
 *
 * Public portal: the back-office calls (the contract's paths) need a session. The portal reads published content
 * without one through `GET /public/{path}?company_id=` (list) and `GET /public/{path}/:id?company_id=` (one
 * record), declared below as actions of each public resource (the engine's generic list/show have no
 * public-company scope yet). They expose only published records and their public fields (see the server module).
 *
 * Fields the spec does not show are designed here; each is documented by its label and `help` (shown in OpenAPI).
 */
import { z } from 'zod';
import { f, type Field } from '../fields.ts';
import { defineResource, filterFields, listQuerySchema, type ActionDef, type ResourceDef } from '../resource.ts';
import { R, type RoleName } from '../roles.ts';

const IMAGE = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
const DOCUMENT = ['application/pdf', ...IMAGE] as const;

const SITE = R.siteExecutivo;
const PUBLICACOES = [...R.siteExecutivo, 'publicacoes'] as const satisfies readonly RoleName[];
const CARTA = [...R.siteExecutivo, 'carta'] as const satisfies readonly RoleName[];
const CATEGORIES_LINKS = R.settingsCategoriesLinks;
const SETTINGS = R.settingsMenusContactsThemesFilesEntidade;
const EXAMPLE = R.adminOnly;

const rw = (rule: readonly RoleName[]) => ({ read: rule, create: rule, update: rule, delete: rule });

/** A filter value in a search payload: the same values as the list's ?field= filters. */
const filterValue = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);

function filterShape(fields: Record<string, Field>): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const [k] of filterFields({ fields } as unknown as ResourceDef)) shape[k] = filterValue.optional();
  return shape;
}

/** `POST {path}/search` (query payload): q/search, page, perPage, sort and the list filters; `?page=` also read. */
const searchAction = (fields: Record<string, Field>, rule: readonly RoleName[]): ActionDef => ({
  method: 'POST', path: 'search', access: rule,
  summary: 'Pesquisa paginada (corpo: q, page, perPage, sort e os filtros da lista; ?page= também aceito)',
  input: z.object({
    q: z.string().max(200).optional(), search: z.string().max(200).optional(), sort: z.string().max(200).optional(),
    page: z.union([z.number(), z.string().max(12)]).optional(), perPage: z.union([z.number(), z.string().max(12)]).optional(),
    ...filterShape(fields),
  }),
});

const companyParam = z.coerce.number({ error: 'Informe a entidade (company_id).' })
  .int('Informe a entidade (company_id).').positive('Informe a entidade (company_id).').max(2_147_483_647, 'Entidade inválida.');

/** The public portal's reads of a resource: list and one record, for the company in ?company_id=. */
function publicActions(path: string, label: string, fields: Record<string, Field>): Record<string, ActionDef> {
  const stringFilters: Record<string, z.ZodType> = {};
  for (const k of Object.keys(filterShape(fields))) stringFilters[k] = z.string().max(200).optional();
  return {
    public_list: {
      method: 'GET', path: `/public/${path}`, access: 'public',
      summary: `${label}: lista pública (portal; ?company_id= obrigatório; só registros publicados)`,
      input: listQuerySchema.omit({ trashed: true }).extend({ company_id: companyParam, ...stringFilters }),
    },
    public_show: {
      method: 'GET', path: `/public/${path}/:id`, access: 'public',
      summary: `${label}: registro público (portal; ?company_id= obrigatório)`,
      input: z.object({ company_id: companyParam }),
    },
  };
}

/* ---------------- settings: categories, themes, files, menus, links ---------------- */

const categoryFields = {
  name: f.text({ label: 'Nome', required: true, max: 100, unique: true }),
  description: f.text({ label: 'Descrição', max: 255 }),
};
export const categories = defineResource({
  name: 'categories', path: 'categories', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Categoria', many: 'Categorias', gender: 'f' },
  fields: categoryFields,
  list: { columns: ['name', 'description'], sort: 'name', search: ['name', 'description'] },
  display: 'name',
  // Licitação's menu shows categories too (spec 1 §2): its role reads them
  access: { ...rw(CATEGORIES_LINKS), read: [...CATEGORIES_LINKS, 'licitacao'] },
  actions: publicActions('categories', 'Categorias', categoryFields),
  screen: '/settings/categories',
});

const themeFields = {
  name: f.text({ label: 'Nome', required: true, max: 60 }),
  primary_color: f.color({ label: 'Cor primária', required: true, help: 'Formato #RRGGBB (padrão do produto: #1976d2).' }),
  secundary_color: f.color({ label: 'Cor secundária', help: 'Formato #RRGGBB (padrão do produto: #ff8f00).' }),
  active: f.bool({ label: 'Ativo', help: 'Tema em uso no portal; ativar um tema desativa os demais da entidade.' }),
  logo: f.file({ label: 'Logotipo', accept: IMAGE, maxMB: 5, public: true }),
};
export const themes = defineResource({
  name: 'themes', path: 'themes', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Tema', many: 'Temas', gender: 'm' },
  fields: themeFields,
  list: { columns: ['logo', 'name', 'primary_color', 'secundary_color', 'active'], sort: 'name', search: ['name'] },
  display: 'name',
  access: rw(SETTINGS),
  actions: publicActions('themes', 'Temas', themeFields),
  screen: '/settings/themes',
});

/** File: the spec's url, extension, originalName and type describe the stored file (set by the server on upload). */
export const files = defineResource({
  name: 'files', path: 'files', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Arquivo', many: 'Arquivos', gender: 'm' },
  fields: {
    file: f.file({ label: 'Arquivo', accept: DOCUMENT, maxMB: 20, public: true, help: 'PDF ou imagem (PNG, JPEG, WebP, GIF), até 20 MB; publicado no portal.' }),
    description: f.text({ label: 'Descrição', max: 255 }),
    url: f.text({ label: 'Endereço', max: 2048, readOnly: true, help: 'Endereço público do arquivo (gerado pelo servidor).' }),
    extension: f.text({ label: 'Extensão', max: 10, readOnly: true, filter: true }),
    originalName: f.text({ label: 'Nome original', max: 200, readOnly: true }),
    type: f.text({ label: 'Tipo (MIME)', max: 100, readOnly: true, filter: true }),
  },
  list: { columns: ['file', 'originalName', 'description', 'extension', 'created_at'], sort: '-created_at', search: ['originalName', 'description'] },
  display: 'originalName',
  access: rw(SETTINGS),
  actions: {
    upload_new: {
      method: 'POST', path: 'upload', access: SETTINGS,
      summary: 'Envia um arquivo e cria o registro (multipart: parte "file"; campo opcional "description")',
    },
  },
  screen: '/settings/files',
});

const menuFields = {
  name: f.text({ label: 'Nome', required: true, max: 100 }),
  description: f.text({ label: 'Descrição', max: 255 }),
};
export const menus = defineResource({
  name: 'menus', path: 'menus', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Menu', many: 'Menus', gender: 'm' },
  fields: menuFields,
  list: { columns: ['name', 'description'], sort: 'name', search: ['name', 'description'] },
  display: 'name',
  access: rw(SETTINGS),
  // the links of a menu go with it (cascade)
  children: { links: { resource: 'links', fk: 'menu_id', list: 'links', add: 'add_link' } },
  actions: publicActions('menus', 'Menus', menuFields),
  screen: '/settings/menus',
});

export const links = defineResource({
  name: 'links', path: 'links', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Link', many: 'Links', gender: 'm' },
  fields: {
    description: f.text({ label: 'Texto', required: true, max: 150 }),
    // a menu item may be a contact ("Fale conosco" → mailto:, "Ouvidoria" → tel:)
    url: f.url({ label: 'Endereço', schemes: ['http', 'https', 'mailto', 'tel'], help: 'https://…, ou mailto:e-mail / tel:número para contato.' }),
    order: f.int({ label: 'Ordem', min: 0, max: 9999 }),
    menu_id: f.ref({ label: 'Menu', to: 'menus', display: 'name', onDelete: 'cascade' }),
    links_id: f.ref({ label: 'Link superior', to: 'links', display: 'description', onDelete: 'cascade', help: 'Para submenus: o link ao qual este pertence.' }),
  },
  list: { columns: ['description', 'url', 'menu_id', 'links_id', 'order'], sort: 'order', search: ['description', 'url'] },
  display: 'description',
  access: rw(CATEGORIES_LINKS),
  screen: '/settings/links',
});

/* ---------------- secretariats and their sub-lists ---------------- */

const secretariaFields = {
  nome: f.text({ label: 'Nome', required: true, max: 150 }),
  abreviacao: f.text({ label: 'Sigla', max: 30 }),
  cnpj: f.cnpj({ label: 'CNPJ' }),
  funcionamento: f.text({ label: 'Horário de funcionamento', max: 255 }),
  dataInicio: f.date({ label: 'Início' }),
  dataFim: f.date({ label: 'Fim' }),
  missao: f.longtext({ label: 'Missão', max: 5000 }),
  visao: f.longtext({ label: 'Visão', max: 5000 }),
  valores: f.longtext({ label: 'Valores', max: 5000 }),
  maps: f.url({ label: 'Mapa', help: 'Endereço do mapa (Google Maps ou OpenStreetMap) da sede.' }),
  mostrar_no_site: f.bool({ label: 'Mostrar no site', default: true }),
  type_id: f.type('secretarias', { label: 'Tipo' }),
  theme_id: f.ref({ label: 'Tema', to: 'themes', display: 'name', onDelete: 'set null' }),
  categoria_id: f.ref({ label: 'Categoria', to: 'categories', display: 'name' }),
};
export const secretarias = defineResource({
  name: 'secretarias', path: 'secretarias', tenant: { column: 'company_id' }, audit: true,
  order: [{ from: 'dataInicio', to: 'dataFim' }],
  label: { one: 'Secretaria', many: 'Secretarias', gender: 'f' },
  fields: secretariaFields,
  list: { columns: ['nome', 'abreviacao', 'type_id', 'funcionamento', 'mostrar_no_site'], sort: 'nome', search: ['nome', 'abreviacao'] },
  display: 'nome',
  access: rw(SITE),
  // secretários, funções and ordenadores go with their secretariat (cascade); contacts are linked (pivot)
  children: {
    secretarios: { resource: 'secretarios', fk: 'secretaria_id', list: 'secretarios', add: 'add_secretario' },
    funcoes: { resource: 'funcaos', fk: 'secretaria_id', list: 'funcoes', add: 'add_funcao' },
    // spec: "An ordenadores sub-list with find, add and delete exists; paths not shown" — paths of our design
    ordenadores: { resource: 'ordenadores', fk: 'secretaria_id', list: 'ordenadores', add: 'add_ordenador', remove: 'delete_ordenador' },
  },
  links: { contacts: { target: 'contacts', list: 'contacts', remove: 'remove_contact', removeById: true, create: { action: 'add_contact', omit: ['user_id'] } } },
  actions: {
    search: searchAction(secretariaFields, SITE),
    add_contact: {
      method: 'POST', path: ':id/add_contact', access: SITE,
      summary: 'Cria um contato (campos de Contato) e o vincula à secretaria; ou vincula um existente com { contact_id }',
    },
    add_secretario_post: {
      method: 'POST', path: ':id/secretarios', access: SITE,
      summary: 'Adiciona um secretário à secretaria (o mesmo que add_secretario)',
    },
    ...publicActions('secretarias', 'Secretarias', secretariaFields),
  },
  screen: '/site/secretariats',
});

/** Secretário (head of a secretariat): shape not shown in the spec. */
export const secretarios = defineResource({
  name: 'secretarios', path: 'secretarios', tenant: { column: 'company_id' }, audit: true,
  order: [{ from: 'inicio', to: 'fim' }],
  label: { one: 'Secretário', many: 'Secretários', gender: 'm' },
  fields: {
    nome: f.text({ label: 'Nome', required: true, max: 150 }),
    cargo: f.text({ label: 'Cargo', max: 100, help: 'Ex.: Secretário Municipal, Secretária Adjunta.' }),
    email: f.email({ label: 'E-mail' }),
    telefone: f.phone({ label: 'Telefone' }),
    inicio: f.date({ label: 'Início' }),
    fim: f.date({ label: 'Fim' }),
    biografia: f.longtext({ label: 'Biografia', max: 5000 }),
    foto: f.file({ label: 'Foto', accept: IMAGE, maxMB: 5, public: true }),
    secretaria_id: f.ref({ label: 'Secretaria', to: 'secretarias', display: 'nome', required: true, onDelete: 'cascade' }),
  },
  list: { columns: ['foto', 'nome', 'cargo', 'secretaria_id', 'inicio', 'fim'], sort: 'nome', search: ['nome', 'cargo'] },
  display: 'nome',
  access: rw(SITE),
});

/** Função of a secretariat (its duties/positions): shape not shown; path spelled `funcaos` as the contract does. */
export const funcaos = defineResource({
  name: 'funcaos', path: 'funcaos', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Função', many: 'Funções', gender: 'f' },
  fields: {
    nome: f.text({ label: 'Nome', required: true, max: 150 }),
    descricao: f.longtext({ label: 'Atribuições', max: 5000 }),
    secretaria_id: f.ref({ label: 'Secretaria', to: 'secretarias', display: 'nome', required: true, onDelete: 'cascade' }),
  },
  list: { columns: ['nome', 'secretaria_id'], sort: 'nome', search: ['nome', 'descricao'] },
  display: 'nome',
  access: rw(SITE),
});

/** Ordenador de despesa of a secretariat: shape not shown. */
export const ordenadores = defineResource({
  name: 'ordenadores', path: 'ordenadores', tenant: { column: 'company_id' }, audit: true,
  order: [{ from: 'inicio', to: 'fim' }],
  label: { one: 'Ordenador de despesa', many: 'Ordenadores de despesa', gender: 'm' },
  fields: {
    nome: f.text({ label: 'Nome', required: true, max: 150 }),
    cpf: f.cpf({ label: 'CPF' }),
    cargo: f.text({ label: 'Cargo', max: 100 }),
    ato: f.text({ label: 'Ato de designação', max: 100, help: 'Ex.: Portaria nº 12/2025.' }),
    inicio: f.date({ label: 'Início' }),
    fim: f.date({ label: 'Fim' }),
    secretaria_id: f.ref({ label: 'Secretaria', to: 'secretarias', display: 'nome', required: true, onDelete: 'cascade' }),
  },
  list: { columns: ['nome', 'cargo', 'secretaria_id', 'inicio', 'fim'], sort: 'nome', search: ['nome', 'cargo'] },
  display: 'nome',
  access: rw(SITE),
});

/* ---------------- portarias and publications ---------------- */

const portariaFields = {
  numero: f.int({ label: 'Número', required: true, min: 1, max: 999_999 }),
  exercicio: f.int({ label: 'Exercício', required: true, min: 1900, max: 2100, filter: true }),
  data: f.date({ label: 'Data', required: true }),
  coletiva: f.bool({ label: 'Coletiva' }),
  descricao: f.longtext({ label: 'Descrição', required: true, max: 10_000 }),
  type_id: f.type('portarias', { label: 'Tipo' }),
  secretaria_id: f.ref({ label: 'Secretaria', to: 'secretarias', display: 'nome' }),
  process_id: f.ref({ label: 'Processo', to: 'processes', display: 'number' }),
  arquivo: f.file({ label: 'Arquivo', accept: DOCUMENT, maxMB: 20, public: true, help: 'O ato publicado (PDF), até 20 MB.' }),
};
export const portarias = defineResource({
  name: 'portarias', path: 'portarias', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Portaria', many: 'Portarias', gender: 'f' },
  fields: portariaFields,
  list: { columns: ['numero', 'exercicio', 'data', 'type_id', 'descricao', 'secretaria_id'], sort: '-data', search: ['descricao', 'numero'] },
  display: 'numero',
  access: rw(PUBLICACOES),
  actions: { search: searchAction(portariaFields, PUBLICACOES), ...publicActions('portarias', 'Portarias', portariaFields) },
  screen: '/site/portarias',
  alsoAt: [{ path: '/publication/portarias', title: 'Portarias' }],
});

/** Publication sections: the Publicações menu entries (a fixed classification); the fine type is tipo_publicacao_id. */
export const PUBLICATION_SECTIONS = [
  { value: 'diarias', label: 'Diárias' },
  { value: 'leis', label: 'Leis' },
  { value: 'lrf', label: 'LRF' },
  { value: 'portarias', label: 'Portarias' },
  { value: 'prestacao', label: 'Prestação de contas' },
  { value: 'outras', label: 'Outras' },
] as const;

const publicacaoFields = {
  numero: f.text({ label: 'Número', max: 30, sortAs: 'identification' }),
  exercicio: f.int({ label: 'Exercício', min: 1900, max: 2100, filter: true }),
  descricao: f.longtext({ label: 'Descrição', required: true, max: 10_000 }),
  inicio: f.date({ label: 'Início', help: 'Início do período a que se refere (ou da vigência).' }),
  fim: f.date({ label: 'Fim' }),
  secao: f.select({
    label: 'Seção', options: PUBLICATION_SECTIONS,
    help: 'Seção do menu Publicações; derivada do tipo de publicação quando não informada (padrão: Outras).',
  }),
  tipo_publicacao_id: f.type('publications', { label: 'Tipo de publicação' }),
  tipo_documento_id: f.type('documents', { label: 'Tipo de documento' }),
  category_id: f.ref({ label: 'Categoria', to: 'categories', display: 'name' }),
  competencia_id: f.type('competencias', { label: 'Competência', help: 'Período de referência (mês, bimestre, quadrimestre, semestre ou ano).' }),
  secretaria_id: f.ref({ label: 'Secretaria', to: 'secretarias', display: 'nome' }),
  arquivo: f.file({ label: 'Arquivo', accept: DOCUMENT, maxMB: 20, public: true, help: 'O documento publicado (PDF), até 20 MB.' }),
};
const section = (value: string, title: string) => ({ path: `/publication/${value}`, title, filter: { secao: value } });
export const publicacaos = defineResource({
  name: 'publicacaos', path: 'publicacaos', tenant: { column: 'company_id' }, audit: true,
  order: [{ from: 'inicio', to: 'fim' }],
  label: { one: 'Publicação', many: 'Publicações', gender: 'f' },
  fields: publicacaoFields,
  list: {
    columns: ['secao', 'numero', 'exercicio', 'descricao', 'tipo_publicacao_id', 'inicio', 'arquivo'], sort: '-exercicio',
    search: ['descricao', 'numero'], fts: ['descricao', 'numero'],
  },
  display: 'descricao',
  access: rw(PUBLICACOES),
  actions: { search: searchAction(publicacaoFields, PUBLICACOES), ...publicActions('publicacaos', 'Publicações', publicacaoFields) },
  screen: '/site/publications',
  alsoAt: [
    section('diarias', 'Diárias'), section('leis', 'Leis'), section('lrf', 'LRF'), section('outras', 'Outras Publicações'),
    section('prestacao', 'Prestação de Contas'),
  ],
});

/* ---------------- site content ---------------- */

const bannerFields = {
  title: f.text({ label: 'Título', required: true, max: 150 }),
  description: f.text({ label: 'Descrição', max: 500 }),
  link: f.url({ label: 'Link', help: 'Endereço aberto ao clicar no banner.' }),
  order: f.int({ label: 'Ordem', min: 0, max: 9999 }),
  active: f.bool({ label: 'Ativo', default: true }),
  inicio: f.date({ label: 'Exibir a partir de' }),
  fim: f.date({ label: 'Exibir até' }),
  image: f.file({ label: 'Imagem', accept: IMAGE, maxMB: 5, public: true, help: 'PNG, JPEG, WebP ou GIF, até 5 MB (sugestão: 1920×600).' }),
};
export const banners = defineResource({
  name: 'banners', path: 'banners', tenant: { column: 'company_id' }, audit: true,
  order: [{ from: 'inicio', to: 'fim' }],
  label: { one: 'Banner', many: 'Banners', gender: 'm' },
  fields: bannerFields,
  list: { columns: ['image', 'title', 'order', 'active', 'inicio', 'fim'], sort: 'order', search: ['title', 'description'] },
  display: 'title',
  access: rw(SITE),
  actions: { search: searchAction(bannerFields, SITE), ...publicActions('banners', 'Banners', bannerFields) },
  screen: '/site/banners',
});

const postFields = {
  title: f.text({ label: 'Título', required: true, max: 200 }),
  description: f.text({ label: 'Resumo', max: 500 }),
  content: f.longtext({ label: 'Conteúdo', max: 100_000 }),
  type_id: f.type('posts', { label: 'Tipo', help: 'Notícia, artigo, aviso... (GET posts_of/{slug do tipo}).' }),
  category_id: f.ref({ label: 'Categoria', to: 'categories', display: 'name' }),
  published: f.bool({ label: 'Publicado', default: true }),
  published_at: f.date({ label: 'Data de publicação', help: 'No portal a partir desta data (vazio: imediatamente).' }),
  image: f.file({ label: 'Imagem', accept: IMAGE, maxMB: 5, public: true }),
};
export const posts = defineResource({
  name: 'posts', path: 'posts', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Notícia', many: 'Notícias', gender: 'f' },
  fields: postFields,
  list: {
    columns: ['image', 'title', 'type_id', 'category_id', 'published', 'published_at'], sort: '-published_at',
    search: ['title', 'description'], fts: ['title', 'content'],
  },
  display: 'title',
  access: rw(SITE),
  actions: {
    search: searchAction(postFields, SITE),
    posts_of: {
      method: 'GET', path: '/posts_of/:type', access: 'public',
      summary: 'Notícias de um tipo (slug), mais recentes primeiro. Com sessão: equipe do site; sem sessão: publicadas, com ?company_id=',
      input: z.object({ company_id: companyParam.optional(), page: listQuerySchema.shape.page, perPage: listQuerySchema.shape.perPage }),
    },
    ...publicActions('posts', 'Notícias', postFields),
  },
  screen: '/site/posts',
  alsoAt: [{ path: '/example/post', title: 'Postagens' }],
});

const serviceFields = {
  title: f.text({ label: 'Serviço', required: true, max: 200 }),
  description: f.longtext({ label: 'Descrição', max: 10_000, help: 'O que é o serviço (Lei 13.460/2017, art. 7º).' }),
  secretaria_id: f.ref({ label: 'Secretaria responsável', to: 'secretarias', display: 'nome' }),
  publico_alvo: f.text({ label: 'Público-alvo', max: 255 }),
  requisitos: f.longtext({ label: 'Requisitos e documentos', max: 10_000 }),
  etapas: f.longtext({ label: 'Etapas', max: 10_000 }),
  prazo: f.text({ label: 'Prazo máximo', max: 100 }),
  custo: f.text({ label: 'Custo', max: 100, help: 'Ex.: Gratuito.' }),
  forma: f.select({ label: 'Forma de prestação', options: [{ value: 'presencial', label: 'Presencial' }, { value: 'online', label: 'On-line' }, { value: 'ambas', label: 'Presencial e on-line' }] }),
  local: f.text({ label: 'Local de atendimento', max: 255 }),
  horario: f.text({ label: 'Horário de atendimento', max: 255 }),
  link: f.url({ label: 'Link do serviço on-line' }),
  active: f.bool({ label: 'Ativo', default: true }),
};
export const services = defineResource({
  name: 'services', path: 'services', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Serviço', many: 'Serviços', gender: 'm' },
  fields: serviceFields,
  list: { columns: ['title', 'secretaria_id', 'forma', 'prazo', 'active'], sort: 'title', search: ['title', 'description', 'publico_alvo'] },
  display: 'title',
  access: rw(CARTA),
  actions: { search: searchAction(serviceFields, CARTA), ...publicActions('services', 'Serviços', serviceFields) },
  screen: '/site/services',
  alsoAt: [{ path: '/carta/services', title: 'Serviços' }],
});

const eventFields = {
  title: f.text({ label: 'Título', required: true, max: 200 }),
  description: f.longtext({ label: 'Descrição', max: 20_000 }),
  dataInicio: f.datetime({ label: 'Início', required: true }),
  dataFim: f.datetime({ label: 'Fim' }),
  local: f.text({ label: 'Local', max: 255 }),
  image: f.file({ label: 'Imagem de capa', accept: IMAGE, maxMB: 5, public: true }),
};
export const events = defineResource({
  name: 'events', path: 'events', tenant: { column: 'company_id' }, audit: true,
  order: [{ from: 'dataInicio', to: 'dataFim' }],
  label: { one: 'Evento', many: 'Eventos', gender: 'm' },
  fields: eventFields,
  list: { columns: ['image', 'title', 'dataInicio', 'dataFim', 'local'], sort: '-dataInicio', search: ['title', 'local'] },
  display: 'title',
  access: rw(SITE),
  actions: {
    add_photo: { method: 'POST', path: ':id/add_photo', access: SITE, summary: 'Adiciona uma foto ao evento (multipart: parte "photo"; campo opcional "description")' },
    get_photos: { method: 'GET', path: ':id/get_photos', access: SITE, summary: 'Fotos do evento' },
    photo: { method: 'GET', path: ':event/photos/:id', access: SITE, summary: 'Uma foto do evento' },
    delete_photo: { method: 'DELETE', path: ':event/delete_photos/:id', access: SITE, summary: 'Exclui uma foto do evento' },
    ...publicActions('events', 'Eventos', eventFields),
  },
  // the "Fotos" tab: the photo and its caption sent together (multipart), served by the actions above
  children: { photos: { resource: 'event_photos', fk: 'event_id', calls: { list: 'get_photos', add: 'add_photo', remove: 'delete_photo', multipart: true } } },
  screen: '/site/events',
});

/** A photo of an event: reached only through the event's calls (add_photo, get_photos, photos/:id, delete_photos/:id). */
export const eventPhotos = defineResource({
  name: 'event_photos', path: 'event_photos', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Foto', many: 'Fotos', gender: 'f' },
  fields: {
    event_id: f.ref({ label: 'Evento', to: 'events', display: 'title', required: true, onDelete: 'cascade' }),
    description: f.text({ label: 'Legenda', max: 255 }),
    photo: f.file({ label: 'Foto', accept: IMAGE, maxMB: 8, public: true }),
  },
  list: { columns: ['photo', 'description', 'created_at'], sort: 'created_at', search: ['description'] },
  display: 'description',
  access: rw(SITE),
  routes: { list: false, show: false, create: false, update: false, delete: false },
});

export const evaluations = defineResource({
  name: 'evaluations', path: 'evaluations', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Avaliação', many: 'Avaliações', gender: 'f' },
  fields: {
    rate: f.int({ label: 'Nota', required: true, min: 1, max: 5, filter: true, help: 'De 1 (muito insatisfeito) a 5 (muito satisfeito).' }),
    comment: f.longtext({ label: 'Comentário', max: 2000 }),
    pagina: f.text({ label: 'Página ou serviço avaliado', max: 255, filter: true }),
    service_id: f.ref({ label: 'Serviço', to: 'services', display: 'title', onDelete: 'set null' }),
  },
  list: { columns: ['created_at', 'rate', 'pagina', 'service_id', 'comment'], sort: '-created_at', search: ['comment', 'pagina'] },
  display: 'pagina',
  access: rw(SITE),
  screen: '/site/evaluations',
});

const faqFields = {
  question: f.text({ label: 'Pergunta', required: true, max: 500 }),
  answer: f.longtext({ label: 'Resposta', required: true, max: 10_000 }),
  type_id: f.type('faqs', { label: 'Tipo' }),
  order: f.int({ label: 'Ordem', min: 0, max: 9999 }),
};
export const faqs = defineResource({
  name: 'faqs', path: 'faqs', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Pergunta frequente', many: 'Perguntas frequentes', gender: 'f' },
  fields: faqFields,
  list: { columns: ['question', 'type_id', 'order'], sort: 'order', search: ['question', 'answer'] },
  display: 'question',
  access: rw(SITE),
  actions: publicActions('faqs', 'Perguntas frequentes', faqFields),
  screen: '/site/faqs',
});

const schoolFields = {
  name: f.text({ label: 'Nome', required: true, max: 200 }),
  inep: f.text({ label: 'Código INEP', max: 8, unique: true, help: '8 dígitos (Censo Escolar).' }),
  endereco: f.text({ label: 'Endereço', max: 255 }),
  bairro: f.text({ label: 'Bairro', max: 100 }),
  cep: f.cep({ label: 'CEP' }),
  phone: f.phone({ label: 'Telefone' }),
  email: f.email({ label: 'E-mail' }),
  diretor: f.text({ label: 'Diretor(a)', max: 150 }),
};
export const schools = defineResource({
  name: 'schools', path: 'schools', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Escola', many: 'Escolas', gender: 'f' },
  fields: schoolFields,
  list: { columns: ['name', 'inep', 'bairro', 'phone'], sort: 'name', search: ['name', 'inep', 'bairro'] },
  display: 'name',
  access: rw(SITE),
  actions: publicActions('schools', 'Escolas', schoolFields),
  screen: '/site/schools',
});

export const vehicles = defineResource({
  name: 'vehicles', path: 'vehicles', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Veículo', many: 'Veículos', gender: 'm' },
  fields: {
    board: f.text({ label: 'Placa', required: true, max: 8, unique: true, help: 'Padrão Mercosul (ABC1D23) ou antigo (ABC-1234).' }),
    marca: f.text({ label: 'Marca', max: 60 }),
    modelo: f.text({ label: 'Modelo', max: 100 }),
    ano: f.int({ label: 'Ano', min: 1950, max: 2100 }),
    cor: f.text({ label: 'Cor', max: 30 }),
    renavam: f.text({ label: 'Renavam', max: 11 }),
    secretaria_id: f.ref({ label: 'Secretaria', to: 'secretarias', display: 'nome' }),
    photo: f.file({ label: 'Foto', accept: IMAGE, maxMB: 5 }),
  },
  list: { columns: ['photo', 'board', 'marca', 'modelo', 'ano', 'secretaria_id'], sort: 'board', search: ['board', 'marca', 'modelo'] },
  display: 'board',
  access: rw(SITE),
  screen: '/site/vehicles',
});

/* ---------------- example module ---------------- */

export const watchlists = defineResource({
  name: 'watchlists', path: 'watchlist', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Lista de acompanhamento', many: 'Listas de acompanhamento', gender: 'f' },
  fields: {
    name: f.text({ label: 'Nome', required: true, max: 150 }),
    description: f.text({ label: 'Descrição', max: 500 }),
  },
  list: { columns: ['name', 'description'], sort: 'name', search: ['name', 'description'] },
  display: 'name',
  access: rw(EXAMPLE),
  links: { posts: { target: 'posts', list: 'posts', add: 'add_post', remove: 'remove_post', removeById: true } },
  screen: '/example/watchlist',
});

export const series = defineResource({
  name: 'series', path: 'serie', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Série', many: 'Séries', gender: 'f' },
  fields: {
    title: f.text({ label: 'Título', required: true, max: 150 }),
    description: f.text({ label: 'Descrição', max: 500 }),
  },
  list: { columns: ['title', 'description'], sort: 'title', search: ['title', 'description'] },
  display: 'title',
  access: rw(EXAMPLE),
  // GET, POST, DELETE serie/:id/posts — POST and DELETE take { post_id } or { post_ids: [...] }
  links: { posts: { target: 'posts', list: 'posts', add: 'posts', remove: 'posts' } },
});

export const RESOURCES: readonly ResourceDef[] = [
  categories, themes, files, menus, links,
  secretarias, secretarios, funcaos, ordenadores,
  portarias, publicacaos,
  banners, posts, services, events, eventPhotos, evaluations, faqs, schools, vehicles,
  watchlists, series,
];
