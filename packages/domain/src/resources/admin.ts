/** Administrativo resources (spec 2 §3 "Administrative area": companies, institutions, liberations, permissions, roles, users) and the audit log. */
import { z } from 'zod';
import { f, IMAGE_TYPES } from '../fields.ts';
import { defineResource } from '../resource.ts';
import { R } from '../roles.ts';

const IMAGE = IMAGE_TYPES;

export const states = defineResource({
  name: 'states', path: 'states', tenant: false,
  label: { one: 'Estado', many: 'Estados', gender: 'm' },
  fields: {
    sigla: f.text({ label: 'Sigla', required: true, max: 2, unique: 'global' }),
    nome: f.text({ label: 'Nome', required: true, max: 60 }),
    regiao: f.text({ label: 'Região', max: 20, filter: true }),
  },
  list: { columns: ['sigla', 'nome', 'regiao'], sort: 'nome', search: ['nome', 'sigla'] },
  display: 'nome',
  access: { read: 'authenticated' },
  actions: {
    cities: { method: 'GET', path: ':id/cities', summary: 'Municípios do estado (todos, por nome)', access: 'authenticated' },
  },
});

export const cities = defineResource({
  name: 'cities', path: 'cities', tenant: false,
  label: { one: 'Município', many: 'Municípios', gender: 'm' },
  fields: {
    nome: f.text({ label: 'Nome', required: true, max: 80 }),
    state_id: f.ref({ label: 'Estado', to: 'states', display: 'sigla', required: true }),
  },
  list: { columns: ['nome', 'state_id'], sort: 'nome', search: ['nome'] },
  display: 'nome',
  access: { read: 'authenticated' },
});

export const institutions = defineResource({
  name: 'institutions', path: 'institutions', tenant: false, audit: true,
  label: { one: 'Instituição', many: 'Instituições', gender: 'f' },
  fields: {
    name: f.text({ label: 'Nome', required: true, max: 150, unique: 'global' }),
    description: f.longtext({ label: 'Descrição', max: 2000 }),
    email: f.email({ label: 'E-mail' }),
  },
  list: { columns: ['name', 'email'], sort: 'name', search: ['name', 'email'] },
  display: 'name',
  access: { read: R.adminOnly, create: R.superadmin, update: R.superadmin, delete: R.superadmin },
  screen: '/admin/institutions',
});

/**
 * The sites a company lets embed its public electronic panel (companies.painel_origens: origins separated by spaces
 * or commas). Each entry is a web origin, `https://camara.gov.br` or `http://host:port`; a trailing `/` is
 * tolerated, nothing else: no path, query, credentials, wildcard or CSP keyword. The server sends the origins
 * (normalized: lower case, punycode, no default port) in the panel's `Content-Security-Policy: frame-ancestors`.
 */
export function parseEmbedOrigins(text: string | null | undefined): { origins: string[]; invalid: { entry: string; reason: 'wildcard' | 'path' | 'address' }[] } {
  const origins: string[] = [];
  const invalid: { entry: string; reason: 'wildcard' | 'path' | 'address' }[] = [];
  for (const entry of (text ?? '').split(/[\s,]+/).filter(Boolean)) {
    if (entry.includes('*')) { invalid.push({ entry, reason: 'wildcard' }); continue; }
    let url: URL;
    try { url = new URL(entry); } catch { invalid.push({ entry, reason: 'address' }); continue; }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !/^https?:\/\/[^/?#@\s'";\\]+(?:[/?#]|$)/i.test(entry)) {
      invalid.push({ entry, reason: 'address' });
    } else if (!/^https?:\/\/[^/?#@\s'";\\]+\/?$/i.test(entry)) {
      invalid.push({ entry, reason: 'path' });
    } else if (!origins.includes(url.origin)) {
      origins.push(url.origin);
    }
  }
  return { origins, invalid };
}

/** The field rule of companies.painel_origens: the first entry that is not a site's origin, explained. */
function checkEmbedOrigins(value: string): string | null {
  const bad = parseEmbedOrigins(value).invalid[0];
  if (!bad) return null;
  if (bad.reason === 'wildcard') return 'Curingas (*) não são aceitos: informe cada site, como https://camara.gov.br.';
  if (bad.reason === 'path') {
    let origin = '';
    try { origin = new URL(bad.entry).origin; } catch { /* unreachable: the entry parsed */ }
    return `Informe só o endereço do site, sem caminho: "${bad.entry}" deve ser "${origin}".`;
  }
  return `"${bad.entry}" não é o endereço de um site: use endereços que comecem com https:// (ou http://), como https://camara.gov.br, separados por espaço ou vírgula.`;
}

/** The portal's address: lower-case letters without accents, digits and single hyphens (not at the ends). */
export const PORTAL_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Addresses the portal itself uses under /portal. */
const RESERVED_SLUGS = new Set(['assets']);
function checkSlug(value: string): string | null {
  if (!PORTAL_SLUG.test(value)) return 'Use só letras minúsculas sem acento, números e hífens (ex.: camara-vila-serena).';
  return RESERVED_SLUGS.has(value) ? `"${value}" é reservado pelo portal: escolha outro endereço.` : null;
}

export const companies = defineResource({
  name: 'companies', path: 'companies', tenant: { column: 'id', superadminAll: true }, audit: true,
  label: { one: 'Entidade', many: 'Entidades', gender: 'f' },
  fields: {
    name: f.text({ label: 'Nome', required: true, max: 150 }),
    abreviacao: f.text({ label: 'Abreviação', max: 30 }),
    cnpj: f.cnpj({ label: 'CNPJ', unique: 'global' }),
    url: f.url({ label: 'Site' }),
    sobre: f.longtext({ label: 'Sobre', max: 5000 }),
    institution_id: f.ref({ label: 'Instituição', to: 'institutions', display: 'name' }),
    state_id: f.ref({ label: 'Estado', to: 'states', display: 'sigla' }),
    city_id: f.ref({ label: 'Município', to: 'cities', display: 'nome' }),
    brasao: f.file({ label: 'Brasão', accept: IMAGE, maxMB: 5, public: true }),
    autocadastro: f.bool({
      label: 'Autocadastro de artistas e grupos aberto',
      help: 'Permite que artistas e grupos culturais criem a própria conta pela internet (cadastro cultural).',
    }),
    painel_origens: f.text({
      label: 'Sites que podem incorporar o painel público',
      max: 1000,
      help: 'Endereços (https://…) separados por espaço ou vírgula, autorizados a exibir o painel eletrônico dentro das suas páginas.',
      check: checkEmbedOrigins,
    }),
    // the public portal (/portal/{slug}): its address, whether it is open, and the footer's service data
    slug: f.text({
      label: 'Endereço do portal', max: 60, unique: 'global', check: checkSlug,
      help: 'O portal público fica em /portal/{endereço}: letras minúsculas sem acento, números e hífens (ex.: camara-vila-serena).',
    }),
    portal_publicado: f.bool({ label: 'Portal publicado', help: 'Abre o portal público da entidade (/portal/{endereço}) e o lista em /portal.' }),
    endereco: f.text({ label: 'Endereço da sede', max: 255, help: 'Mostrado no rodapé do portal (rua, número, bairro, CEP, cidade).' }),
    telefone: f.phone({ label: 'Telefone de atendimento' }),
    email_atendimento: f.email({ label: 'E-mail de atendimento', help: 'E-mail institucional mostrado no portal (não use e-mail pessoal).' }),
    horario_atendimento: f.text({ label: 'Horário de atendimento', max: 255, help: 'Ex.: Segunda a sexta, das 8h às 17h.' }),
  },
  list: { columns: ['brasao', 'name', 'abreviacao', 'cnpj', 'city_id'], sort: 'name', search: ['name', 'abreviacao', 'cnpj'] },
  display: 'name',
  access: { read: R.settingsMenusContactsThemesFilesEntidade, create: R.superadmin, update: R.settingsMenusContactsThemesFilesEntidade, delete: R.superadmin },
  actions: {
    update_company: { method: 'POST', path: 'update_company', summary: 'Atualiza a entidade da sessão', access: R.settingsMenusContactsThemesFilesEntidade },
    public: { method: 'GET', path: '/companypublic/:id', summary: 'Dados públicos da entidade (nome e brasão)', access: 'public' },
  },
  screen: '/admin/companies',
  alsoAt: ['/settings/companies'],
});

export const liberations = defineResource({
  name: 'liberations', path: 'liberations', tenant: { column: 'company_id', superadminAll: true }, audit: true,
  label: { one: 'Liberação', many: 'Liberações', gender: 'f' },
  fields: {
    company_id: f.ref({ label: 'Entidade', to: 'companies', display: 'name', required: true, onDelete: 'cascade' }),
    date_end: f.date({ label: 'Liberado até', required: true }),
  },
  list: { columns: ['company_id', 'date_end'], sort: '-date_end', search: [] },
  display: 'date_end',
  access: { read: R.adminOnly, create: R.superadmin, update: R.superadmin, delete: R.superadmin },
  screen: '/admin/liberations',
});

export const permissions = defineResource({
  name: 'permissions', path: 'permissions', tenant: false, audit: true,
  label: { one: 'Permissão', many: 'Permissões', gender: 'f' },
  fields: {
    name: f.text({ label: 'Nome', required: true, max: 100, unique: 'global' }),
    description: f.text({ label: 'Descrição', max: 255 }),
  },
  list: { columns: ['name', 'description'], sort: 'name', search: ['name', 'description'] },
  display: 'name',
  access: { read: R.adminOnly, create: R.superadmin, update: R.superadmin, delete: R.superadmin },
  screen: '/admin/permissions',
});

const linkIds = (key: string, label: string) =>
  z.object({
    [key]: z.coerce.number({ error: `Informe ${label}.` }).int().positive(`Informe ${label}.`).optional(),
    [`${key}s`]: z.array(z.coerce.number().int().positive(), { error: `Informe uma lista de ${label}.` }).max(500).optional(),
  });

export const roles = defineResource({
  name: 'roles', path: 'roles', tenant: false, audit: true,
  label: { one: 'Função', many: 'Funções', gender: 'f' },
  fields: {
    name: f.text({ label: 'Nome', required: true, max: 100, unique: 'global' }),
    description: f.text({ label: 'Descrição', max: 255 }),
  },
  list: { columns: ['name', 'description'], sort: 'name', search: ['name', 'description'] },
  display: 'name',
  // read also by who manages users: the roles tab of a user lists the role names (decision 0010)
  access: { read: R.settingsUsers, create: R.superadmin, update: R.superadmin, delete: R.superadmin },
  actions: {
    vincula: { method: 'POST', path: ':id/vincula', summary: 'Vincula permissões à função', input: linkIds('permission_id', 'a permissão'), access: R.superadmin },
    desvincula: { method: 'DELETE', path: ':id/desvincula', summary: 'Desvincula permissões da função', input: linkIds('permission_id', 'a permissão'), access: R.superadmin },
  },
  screen: '/admin/roles',
});

const userFields = {
  name: f.text({ label: 'Nome', required: true, max: 150 }),
  email: f.email({ label: 'E-mail', required: true, unique: 'global' }),
  password: f.password({ label: 'Senha', required: true }),
  photo: f.file({ label: 'Foto', accept: IMAGE, maxMB: 5 }),
};
/**
 * Role links of a user. The route's rule lets in who may grant something; which roles, on which accounts, is the
 * grant hierarchy of grants.ts, checked per role by the server and shown per role by the screen.
 */
const userActions = (rule: readonly (typeof R.adminOnly)[number][] | typeof R.settingsUsers) => ({
  vincula: { method: 'POST', path: ':id/vincula', summary: 'Vincula funções ao usuário (somente as que você pode atribuir)', input: linkIds('role_id', 'a função'), access: rule },
  desvincula: { method: 'POST', path: ':id/desvincula', summary: 'Desvincula funções do usuário (somente as que você pode atribuir)', input: linkIds('role_id', 'a função'), access: rule },
  vincula_all: { method: 'POST', path: ':id/vincula_all', summary: 'Vincula todas as funções que você pode atribuir', access: rule },
  desvincula_all: { method: 'POST', path: ':id/desvincula_all', summary: 'Remove do usuário todas as funções que você pode atribuir', access: rule },
} as const);

/**
 * Configurações › Usuários: every role of the spec's row reads the users and their contacts; only admins create,
 * edit and delete accounts (credentials are theirs to set), and module administrators grant their module's roles.
 */
export const users = defineResource({
  name: 'users', path: 'users', tenant: { column: 'company_id' }, softDelete: true, audit: true,
  label: { one: 'Usuário', many: 'Usuários', gender: 'm' },
  fields: userFields,
  list: { columns: ['photo', 'name', 'email'], sort: 'name', search: ['name', 'email'] },
  display: 'name',
  access: { read: R.settingsUsers, create: R.adminOnly, update: R.adminOnly, delete: R.adminOnly },
  actions: userActions(R.settingsUsers),
  children: { contacts: { resource: 'contacts', fk: 'user_id', list: 'contacts', add: 'add_contact', read: R.settingsUsers } },
  screen: '/settings/users',
});

export const adminUsers = defineResource({
  ...users,
  name: 'admin_users', path: 'admin/users', table: 'users',
  access: { read: R.adminOnly, create: R.adminOnly, update: R.adminOnly, delete: R.adminOnly },
  actions: {
    ...userActions(R.adminOnly),
    restore: { method: 'POST', path: ':id/restore', summary: 'Restaura um usuário excluído', access: R.adminOnly },
  },
  screen: '/admin/users',
});

/**
 * Cultural › Usuários da Cultura (spec 1 §2 and §6: the culture staff's entry): the accounts of the artists and
 * culture groups who registered themselves, read by the culture staff. A view of the users' table limited, for
 * every session, to accounts holding a culture role (`culture_accounts`, modules/cultura); no writes: an account
 * is made by its owner's sign-up and kept by the admins (Configurações › Usuários), a registration is reviewed on
 * its artist or group.
 */
export const cultureUsers = defineResource({
  ...users,
  name: 'culture_users', path: 'culture_users', table: 'users',
  label: { one: 'Usuário da Cultura', many: 'Usuários da Cultura', gender: 'm' },
  list: { columns: ['photo', 'name', 'email', 'created_at'], sort: 'name', search: ['name', 'email'] },
  access: { read: R.cultura, create: 'nobody', update: 'nobody', delete: 'nobody' },
  routes: { create: false, update: false, delete: false },
  rows: { all: R.cultura, view: 'culture_accounts' },
  actions: {},
  children: undefined,
  screen: '/culture/cultureUser',
});

export const contacts = defineResource({
  name: 'contacts', path: 'contacts', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Contato', many: 'Contatos', gender: 'm' },
  fields: {
    description: f.text({ label: 'Descrição', max: 255 }),
    email: f.email({ label: 'E-mail' }),
    phone: f.phone({ label: 'Telefone' }),
    whatsapp: f.phone({ label: 'WhatsApp' }),
    endereco: f.text({ label: 'Endereço', max: 255 }),
    numero: f.text({ label: 'Número', max: 20 }),
    bairro: f.text({ label: 'Bairro', max: 100 }),
    cep: f.cep({ label: 'CEP' }),
    cidade: f.text({ label: 'Cidade', max: 100 }),
    estado: f.text({ label: 'Estado', max: 2 }),
    website: f.url({ label: 'Site' }),
    horario_atendimento: f.text({ label: 'Horário de atendimento', max: 255 }),
    facebook: f.url({ label: 'Facebook' }),
    instagram: f.url({ label: 'Instagram' }),
    youtube: f.url({ label: 'YouTube' }),
    twitter: f.url({ label: 'Twitter/X' }),
    linkedin: f.url({ label: 'LinkedIn' }),
    user_id: f.ref({ label: 'Usuário', to: 'users', display: 'name', onDelete: 'cascade' }),
  },
  list: { columns: ['description', 'email', 'phone', 'cidade'], sort: 'description', search: ['description', 'email', 'cidade'] },
  display: 'description',
  access: { read: R.settingsMenusContactsThemesFilesEntidade, create: R.settingsMenusContactsThemesFilesEntidade, update: R.settingsMenusContactsThemesFilesEntidade, delete: R.settingsMenusContactsThemesFilesEntidade },
  screen: '/settings/contacts',
});

export const logs = defineResource({
  name: 'logs', path: 'logs', tenant: { column: 'company_id' },
  label: { one: 'Registro', many: 'Registros de atividade', gender: 'm' },
  fields: {
    actionDescription: f.text({ label: 'Descrição', max: 500, readOnly: true }),
    action: f.text({ label: 'Ação', max: 40, readOnly: true, filter: true }),
    resource: f.text({ label: 'Recurso', max: 60, readOnly: true, filter: true }),
    record_id: f.int({ label: 'Registro', readOnly: true, filter: true }),
    user_id: f.ref({ label: 'Usuário', to: 'users', display: 'name', readOnly: true, onDelete: 'set null' }),
    ip: f.text({ label: 'IP', max: 64, readOnly: true }),
    changes: f.json({ label: 'Alterações', readOnly: true }),
  },
  list: { columns: ['created_at', 'actionDescription', 'user_id', 'ip'], sort: '-created_at', search: ['actionDescription'] },
  display: 'actionDescription',
  // the audit trail is written only by the server: create/update/delete answer 403 to everyone
  access: { read: R.settingsBanksItemsLogs },
  screen: '/settings/logs',
});
