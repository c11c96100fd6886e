/**
 * Modules and menus of spec 1 §1, §2 and §6, written once. Pure data + two helpers; no React.
 *
 * Rule of a menu item or module (spec §6): the user needs ANY of its roles (empty = no restriction) AND ANY
 * of its permissions (empty = no restriction) — `allows()` of roles.ts.
 *
 * Decisions where the spec is silent or ambiguous:
 * - A module's own rule is the spec's module row WIDENED by the roles of its menu entries, otherwise an
 *   entry listed for a role would be unreachable (ouvidoria → Ouvidoria; mananger → Site, Executivo and the
 *   Configurações entries; pm_cultura_artista/pm_cultura_grupo → Cultural "Meu Cadastro"). The spec's rows
 *   are kept in `specRoles` for reference.
 * - Small modules with no role list in §6: superadmin, admin + the module's own role (/saae → 'saae',
 *   /diario → 'dom', /convenio → 'convenios'); /empresa has no own role, so superadmin and admin.
 * - Icons are names of @mui/icons-material exports; the web maps them to components.
 */
import { R, allows, type PermissionName, type RoleName } from './roles.ts';
import { readers, W_SESSIONS } from './resources/legislative-access.ts';

export interface MenuItem {
  title: string;
  icon: string;
  to: string;
  roles: readonly RoleName[];
  permissions: readonly PermissionName[];
}

export type ModuleKey =
  | 'admin' | 'autarquia' | 'carta' | 'conselhos' | 'consorcio' | 'convenio' | 'cotacao' | 'culture' | 'diario'
  | 'empresa' | 'example' | 'executive' | 'ged' | 'instituto' | 'legislativo' | 'legislativo-parlamentar'
  | 'licitacao' | 'notifications' | 'obras' | 'ouvidoria' | 'processo-seletivo' | 'protocol' | 'publication'
  | 'saae' | 'settings' | 'sic' | 'sindicato' | 'site' | 'sobre' | 'turismo' | 'veiculos';

export interface ModuleDef {
  key: ModuleKey;
  /** pt-BR title, shown in the launcher, the apps drawer and the module's top bar */
  title: string;
  /** home route */
  to: string;
  icon: string;
  /** who may open the module (spec row widened by the menu entries' roles, see above) */
  roles: readonly RoleName[];
  /** the role list the spec gives for the module itself */
  specRoles: readonly RoleName[];
  permissions: readonly PermissionName[];
  /** short pt-BR description for the launcher card */
  description: string;
  /** which shell renders it: the standard module layout or the example layout (orange bar) */
  layout: 'module' | 'example';
  /** shown as a card in the launcher and in the apps drawer ("Sobre" is a home-menu entry instead) */
  launcher: boolean;
  menu: readonly MenuItem[];
}

/** Anything carrying role and permission names: the API user ({ name } objects) or plain strings. */
export interface AccessSubject {
  roles?: readonly (string | { name: string })[] | null;
  permissions?: readonly (string | { name: string })[] | null;
}

const names = (list: AccessSubject['roles']): string[] =>
  (list ?? []).map((x) => (typeof x === 'string' ? x : x.name));

export function accessOf(user: AccessSubject | null | undefined): { roles: string[]; permissions: string[] } {
  return { roles: names(user?.roles), permissions: names(user?.permissions) };
}

/** True when `user` passes the rule (no user: only unrestricted rules pass). */
export function userAllows(
  rule: { roles?: readonly string[]; permissions?: readonly string[] },
  user: AccessSubject | null | undefined,
): boolean {
  return allows(rule, accessOf(user));
}

const item = (
  title: string,
  icon: string,
  to: string,
  roles: readonly RoleName[],
  permissions: readonly PermissionName[] = [],
): MenuItem => ({ title, icon, to, roles, permissions });

const own = (role: RoleName): readonly RoleName[] => ['superadmin', 'admin', role];

function mod(
  def: Omit<ModuleDef, 'roles' | 'specRoles' | 'permissions' | 'layout' | 'launcher' | 'menu'> & {
    roles: readonly RoleName[];
    menu?: readonly MenuItem[];
    layout?: ModuleDef['layout'];
    launcher?: boolean;
  },
): ModuleDef {
  const menu = def.menu ?? [];
  const widened = [...new Set<RoleName>([...def.roles, ...menu.flatMap((m) => m.roles)])];
  return {
    ...def,
    roles: widened,
    specRoles: def.roles,
    permissions: [],
    layout: def.layout ?? 'module',
    launcher: def.launcher ?? true,
    menu,
  };
}

/* ---------------- menus (spec §2 routes, §6 rules) ---------------- */

const LEG = '/legislativo';
/** who reads a session's pauta and ata: the legislative readers and the sessions' operators */
const SESSION_DOCS = readers(W_SESSIONS);
const legislativoMenu: MenuItem[] = [
  item('Legislaturas', 'CalendarMonth', `${LEG}/legislatures`, R.legislaturasPartidos),
  item('Parlamentares', 'Person', `${LEG}/parliamentarians`, R.legislativoEntries, ['view_parliamentary']),
  item('Sessões Plenárias', 'EventSeat', `${LEG}/plenarySessions`, R.legislativoEntries, ['view_plenary_session']),
  // the session's documents (issue 13): the spec's pauta and ata routes, for their readers and the sessions' operators
  item('Pauta', 'FormatListNumbered', `${LEG}/pauta`, SESSION_DOCS, ['view_plenary_session']),
  item('Atas', 'HistoryEdu', `${LEG}/ata`, SESSION_DOCS, ['view_plenary_session']),
  item('Audiências', 'Campaign', `${LEG}/audiences`, R.legislativoEntries, ['view_audience']),
  item('Comissões', 'Groups', `${LEG}/comissions`, R.legislativoEntries, ['view_commission']),
  item('Normas Jurídicas', 'Balance', `${LEG}/norms`, R.legislativoEntries, ['view_norm']),
  item('Partidos', 'Flag', `${LEG}/parties`, R.legislaturasPartidos, ['view_party']),
  // beyond the spec: SAPL's bancadas and blocos with their posts (decision 0057), for who manages the parties
  item('Bancadas', 'Diversity3', `${LEG}/bancadas`, R.legislaturasPartidos, ['view_party']),
  item('Blocos Parlamentares', 'Workspaces', `${LEG}/blocos`, R.legislaturasPartidos, ['view_party']),
  item('Proposições', 'Lightbulb', `${LEG}/propositions`, R.legislativoEntries, ['view_proposition']),
  item('Matérias', 'Description', `${LEG}/matters`, R.legislativoEntries, ['view_matter']),
  item('Matérias Recebidas', 'MoveToInbox', `${LEG}/matters/received`, R.legislativoEntries, ['view_matter']),
  // beyond the spec: the commissions' work on each matter (relator, prazo, parecer), issue 13
  item('Pareceres das Comissões', 'RateReview', `${LEG}/distributions`, [...R.legislativoEntries, 'cm_operador', 'cm_operador_comissao', 'cm_operador_materias'], ['view_commission', 'view_matter']),
  item('Solicitações', 'Assignment', `${LEG}/solicitation`, R.legislativoEntries),
  item('Mesa Diretora', 'TableRestaurant', `${LEG}/boards`, R.legislativoEntries, ['view_board']),
  // spec §6: "Presenca has no permission check"
  item('Presença', 'HowToReg', `${LEG}/presence`, R.legislativoEntries),
  // beyond the spec: the live plenary's control room and quorum rules per matter type and turno (issue 4)
  item('Sala de Controle', 'Tv', `${LEG}/newPainel`, ['superadmin', 'admin', 'cm_admin', 'cm_operador', 'cm_operador_sessao', 'cm_operador_painel']),
  item('Regras de Quórum', 'Rule', `${LEG}/quorum`, ['superadmin', 'admin', 'cm_admin']),
];

const legislativoParlamentarMenu: MenuItem[] = [
  item('Matérias', 'Description', '/legislativo-parlamentar/matters', R.legislativoEntries),
  item('Solicitações', 'Assignment', '/legislativo-parlamentar/solicitation', R.legislativoEntries),
  item('Painel Eletrônico', 'Tv', '/legislativo-parlamentar/NewPainel', R.legislativoEntries),
];

const adminMenu: MenuItem[] = [
  item('Liberações', 'LockOpen', '/admin/liberations', R.adminOnly),
  item('Permissões', 'Key', '/admin/permissions', R.adminOnly),
  item('Funções', 'Badge', '/admin/roles', R.adminOnly),
  item('Instituições', 'AccountBalance', '/admin/institutions', R.adminOnly),
  item('Usuários', 'People', '/admin/users', R.adminOnly),
  item('Entidades', 'Business', '/admin/companies', R.adminOnly),
];

const settingsMenu: MenuItem[] = [
  item('Categorias', 'Category', '/settings/categories', R.settingsCategoriesLinks),
  item('Links', 'Link', '/settings/links', R.settingsCategoriesLinks),
  item('Menus', 'Menu', '/settings/menus', R.settingsMenusContactsThemesFilesEntidade),
  item('Contatos', 'ContactPhone', '/settings/contacts', R.settingsMenusContactsThemesFilesEntidade),
  item('Temas', 'Palette', '/settings/themes', R.settingsMenusContactsThemesFilesEntidade),
  item('Arquivos', 'AttachFile', '/settings/files', R.settingsMenusContactsThemesFilesEntidade),
  item('Entidade', 'Business', '/settings/companies', R.settingsMenusContactsThemesFilesEntidade),
  item('Usuários', 'People', '/settings/users', R.settingsUsers),
  item('Bancos', 'AccountBalance', '/settings/banks', R.settingsBanksItemsLogs),
  item('Contas Bancárias', 'Savings', '/settings/bankAccounts', R.settingsBanksItemsLogs),
  item('Itens', 'Inventory', '/settings/items', R.settingsBanksItemsLogs),
  item('Medidas', 'Straighten', '/settings/measures', R.settingsBanksItemsLogs),
  item('Logs', 'History', '/settings/logs', R.settingsBanksItemsLogs),
  item('Pessoas', 'Contacts', '/settings/people', R.settingsPeople),
  item('Unidades de Tramitação', 'AccountTree', '/settings/unityTramitations', R.settingsUnityTramitations),
  item('Fluxo de Tramitação', 'Rule', '/settings/tramitationFlows', R.settingsUnityTramitations),
  item('Efeitos da Votação', 'HowToVote', '/settings/voteEffects', R.settingsUnityTramitations),
  item('Histórico', 'ManageHistory', '/settings/historics', R.settingsHistorico),
  item('Tipos', 'ListAlt', '/settings/types', R.settingsTypes),
  item('Feriados', 'CalendarMonth', '/settings/holidays', R.settingsHolidays),
  item('Numeração de Processos', 'FormatListNumbered', '/settings/protocolNumbering', R.adminOnly),
];

const convenios = own('convenios');

const cultureMenu: MenuItem[] = [
  item('Artistas', 'Brush', '/culture/artist', R.cultura),
  item('Grupos Culturais', 'Groups', '/culture/cultureGroup', R.cultura),
  item('Usuários da Cultura', 'People', '/culture/cultureUser', R.cultura),
  item('Equipamentos Culturais', 'Museum', '/culture/equipament', R.cultura),
  // not in spec 1 §6: the funding calls with quotas (resources/fomento.ts, decision 0053)
  item('Editais de Fomento', 'Campaign', '/culture/editais', [...R.cultura, ...R.culturaCadastrantes]),
  item('Inscrições em Editais', 'HowToReg', '/culture/inscricoes', R.cultura),
  item('Minhas Inscrições', 'HowToReg', '/culture/inscricoes', R.culturaCadastrantes),
  item('Meu Cadastro', 'AccountCircle', '/culture/profile', R.culturaMeuCadastro),
];

const executiveMenu: MenuItem[] = [
  item('Associações', 'Diversity3', '/executive/associacoes', R.siteExecutivo),
  item('Conselhos', 'Groups', '/executive/conselhos', R.siteExecutivo),
  item('Obras', 'Construction', '/executive/constructions', R.siteExecutivo),
  item('Convênios', 'Handshake', '/executive/convenios', R.siteExecutivo),
  item('Gestores', 'ManageAccounts', '/executive/gestores', R.siteExecutivo),
];

const siteMenu: MenuItem[] = [
  item('Banners', 'ViewCarousel', '/site/banners', R.siteExecutivo),
  item('Avaliações', 'StarRate', '/site/evaluations', R.siteExecutivo),
  item('Eventos', 'Event', '/site/events', R.siteExecutivo),
  item('Perguntas Frequentes', 'Quiz', '/site/faqs', R.siteExecutivo),
  item('Portarias', 'Gavel', '/site/portarias', R.siteExecutivo),
  item('Notícias', 'Newspaper', '/site/posts', R.siteExecutivo),
  item('Publicações', 'Article', '/site/publications', R.siteExecutivo),
  item('Escolas', 'School', '/site/schools', R.siteExecutivo),
  item('Secretarias', 'Apartment', '/site/secretariats', R.siteExecutivo),
  item('Serviços', 'MiscellaneousServices', '/site/services', R.siteExecutivo),
  item('Veículos', 'DirectionsCar', '/site/vehicles', R.siteExecutivo),
];

const licitacaoMenu: MenuItem[] = [
  // spec §2: "Menu: /licitacao, contracts, categories"; the licitações list lives at /licitacao/licitacoes
  item('Licitações', 'Storefront', '/licitacao/licitacoes', R.licitacao),
  item('Contratos', 'Description', '/licitacao/contracts', R.licitacao),
  item('Categorias', 'Category', '/licitacao/categories', R.licitacao),
];

const protocolMenu: MenuItem[] = [
  item('Processos', 'FolderOpen', '/protocol/processes', R.protocolo),
  item('Movimentações', 'SwapHoriz', '/protocol/movements', R.protocolo),
  item('Procedimentos', 'ListAlt', '/protocol/procedures', R.protocolo),
  item('Responsáveis', 'SupervisorAccount', '/protocol/responsibles', R.protocolo),
  item('Setores', 'AccountTree', '/protocol/sectors', R.protocolo),
];

const publicationMenu: MenuItem[] = [
  item('Diárias', 'Payments', '/publication/diarias', R.publicacoes),
  item('Leis', 'Gavel', '/publication/leis', R.publicacoes),
  item('LRF', 'Assessment', '/publication/lrf', R.publicacoes),
  item('Outras Publicações', 'Article', '/publication/outras', R.publicacoes),
  item('Portarias', 'Description', '/publication/portarias', R.publicacoes),
  item('Prestação de Contas', 'ReceiptLong', '/publication/prestacao', R.publicacoes),
];

const exampleMenu: MenuItem[] = [
  item('Painel Principal', 'Dashboard', '/example', R.adminOnly),
  item('Postagens', 'Article', '/example/post', R.adminOnly),
  item('Lista de Acompanhamento', 'Visibility', '/example/watchlist', R.adminOnly),
];

/* ---------------- modules (spec §1, §2 home routes) ---------------- */

export const MODULES: readonly ModuleDef[] = [
  mod({ key: 'legislativo', title: 'Legislativo', to: '/legislativo', icon: 'Gavel', roles: R.legislativoModule,
    description: 'Sessões, matérias, parlamentares, painel eletrônico e votação.', menu: legislativoMenu }),
  mod({ key: 'legislativo-parlamentar', title: 'Área do Parlamentar', to: '/legislativo-parlamentar', icon: 'RecordVoiceOver',
    roles: R.legislativoEntries, description: 'Matérias, solicitações e painel do vereador.', menu: legislativoParlamentarMenu }),
  mod({ key: 'ouvidoria', title: 'Ouvidoria', to: '/ouvidoria', icon: 'SupportAgent', roles: R.ouvidoriaModule,
    description: 'Manifestações dos cidadãos.', menu: [item('Manifestações', 'Forum', '/ouvidoria/manifestacoes', R.ouvidoriaMenu)] }),
  mod({ key: 'site', title: 'Site Governamental', to: '/site', icon: 'Language', roles: R.adminOnly,
    description: 'Conteúdo do portal: notícias, eventos, serviços.', menu: siteMenu }),
  mod({ key: 'admin', title: 'Administrativo', to: '/admin', icon: 'AdminPanelSettings', roles: R.adminOnly,
    description: 'Entidades, instituições, liberações, funções, permissões e usuários.', menu: adminMenu }),
  mod({ key: 'settings', title: 'Configurações', to: '/settings', icon: 'Settings', roles: R.configuracoesModule,
    description: 'Cadastros gerais, usuários, contatos e registros de atividade.', menu: settingsMenu }),
  mod({ key: 'protocol', title: 'Protocolo', to: '/protocol', icon: 'Inventory2', roles: R.protocolo,
    description: 'Protocolo de documentos e processos.', menu: protocolMenu }),
  mod({ key: 'ged', title: 'GED', to: '/ged', icon: 'FolderShared', roles: R.adminOnly,
    description: 'Gestão eletrônica de documentos.' }),
  mod({ key: 'culture', title: 'Cultural', to: '/culture', icon: 'TheaterComedy', roles: R.cultura,
    description: 'Cadastro cultural: artistas, grupos, equipamentos e editais de fomento.', menu: cultureMenu }),
  mod({ key: 'licitacao', title: 'Licitação', to: '/licitacao', icon: 'Storefront', roles: R.licitacao,
    description: 'Licitações, contratos e credores.', menu: licitacaoMenu }),
  mod({ key: 'executive', title: 'Executivo', to: '/executive', icon: 'Apartment', roles: R.adminOnly,
    description: 'Associações, conselhos, obras, convênios e gestores.', menu: executiveMenu }),
  mod({ key: 'autarquia', title: 'Autarquia', to: '/autarquia', icon: 'AccountBalance', roles: own('autarquia'),
    description: 'Gestão da autarquia.' }),
  mod({ key: 'carta', title: 'Carta de Serviços', to: '/carta', icon: 'MenuBook', roles: R.carta,
    description: 'Serviços oferecidos ao cidadão.', menu: [item('Serviços', 'MiscellaneousServices', '/carta/services', R.carta)] }),
  // the councils' and the works' own roles keep them from their own module (the same screens as Executivo's)
  mod({ key: 'conselhos', title: 'Conselhos', to: '/conselhos', icon: 'Groups', roles: own('conselhos'),
    description: 'Conselhos municipais.', menu: [
      item('Conselhos', 'Groups', '/conselhos/conselhos', own('conselhos')),
      item('Associações', 'Diversity3', '/conselhos/associacoes', own('conselhos')),
    ] }),
  mod({ key: 'consorcio', title: 'Consórcio', to: '/consorcio', icon: 'Handshake', roles: own('consorcio'),
    description: 'Consórcios intermunicipais.' }),
  mod({ key: 'convenio', title: 'Convênios', to: '/convenio', icon: 'Assignment', roles: convenios,
    description: 'Convênios e parcerias.', menu: [item('Convênios', 'Assignment', '/convenio/convenios', convenios)] }),
  mod({ key: 'cotacao', title: 'Cotação', to: '/cotacao', icon: 'RequestQuote', roles: own('cotacao'),
    description: 'Cotações de preços.' }),
  mod({ key: 'diario', title: 'Diário Oficial', to: '/diario', icon: 'Newspaper', roles: own('dom'),
    description: 'Diário oficial eletrônico.' }),
  mod({ key: 'empresa', title: 'Empresa', to: '/empresa', icon: 'Business', roles: R.adminOnly,
    description: 'Dados da empresa.' }),
  mod({ key: 'instituto', title: 'Instituto', to: '/instituto', icon: 'School', roles: own('instituto'),
    description: 'Instituto de previdência.' }),
  mod({ key: 'notifications', title: 'Notificações', to: '/notifications', icon: 'Notifications', roles: R.adminOnly,
    description: 'Notificações e avisos.' }),
  mod({ key: 'obras', title: 'Obras', to: '/obras', icon: 'Construction', roles: own('obras'),
    description: 'Acompanhamento de obras públicas.', menu: [item('Obras', 'Construction', '/obras/obras', own('obras'))] }),
  mod({ key: 'processo-seletivo', title: 'Processo Seletivo', to: '/processo-seletivo', icon: 'HowToReg',
    roles: own('processo_seletivo'), description: 'Processos seletivos e inscrições.' }),
  mod({ key: 'publication', title: 'Publicações', to: '/publication', icon: 'Article', roles: R.publicacoes,
    description: 'Leis, portarias, LRF e prestação de contas.', menu: publicationMenu }),
  mod({ key: 'saae', title: 'Saae', to: '/saae', icon: 'WaterDrop', roles: own('saae'),
    description: 'Serviço autônomo de água e esgoto.' }),
  // beyond the spec (its E-SIC has only the home route): the requests for information of the LAI (issue 11)
  mod({ key: 'sic', title: 'E-SIC', to: '/sic', icon: 'QuestionAnswer', roles: R.sic,
    description: 'Serviço de informação ao cidadão: pedidos de acesso à informação (LAI).',
    menu: [item('Pedidos de informação', 'QuestionAnswer', '/sic/pedidos', R.sic), item('Instâncias de recurso', 'Gavel', '/sic/instancias', R.sic)] }),
  mod({ key: 'sindicato', title: 'Sindicato', to: '/sindicato', icon: 'Diversity3', roles: own('sindicato'),
    description: 'Gestão do sindicato.' }),
  mod({ key: 'turismo', title: 'Turismo', to: '/turismo', icon: 'TravelExplore', roles: own('turismo'),
    description: 'Pontos turísticos e eventos.' }),
  mod({ key: 'veiculos', title: 'Veículos', to: '/veiculos', icon: 'DirectionsCar', roles: own('veiculos'),
    description: 'Frota e veículos.' }),
  mod({ key: 'example', title: 'Painel Principal', to: '/example', icon: 'Dashboard', roles: R.adminOnly,
    description: 'Módulo de exemplo.', menu: exampleMenu, layout: 'example', launcher: false }),
  mod({ key: 'sobre', title: 'Sobre', to: '/sobre', icon: 'Info', roles: R.sobre,
    description: 'Sobre o sistema.', launcher: false }),
];

/** Entries of the launcher's own menu (spec §6 "Home menu"). */
export const HOME_MENU: readonly MenuItem[] = [
  item('Perfil', 'AccountCircle', '/auth/profile', R.perfil),
  item('Sobre', 'Info', '/sobre', R.sobre),
];

export const moduleByKey: ReadonlyMap<ModuleKey, ModuleDef> = new Map(MODULES.map((m) => [m.key, m]));

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });
export const byTitle = <T extends { title: string }>(a: T, b: T): number => collator.compare(a.title, b.title);

/** The launcher's modules the user may open, sorted by title. */
export function visibleModules(user: AccessSubject | null | undefined): ModuleDef[] {
  return MODULES.filter((m) => m.launcher && userAllows(m, user)).sort(byTitle);
}

/** The module's menu items the user may see, sorted by title (pt-BR collation). */
export function visibleMenu(moduleKey: ModuleKey | string, user: AccessSubject | null | undefined): MenuItem[] {
  const m = moduleByKey.get(moduleKey as ModuleKey);
  if (!m) return [];
  return m.menu.filter((i) => userAllows(i, user)).sort(byTitle);
}

export function visibleHomeMenu(user: AccessSubject | null | undefined): MenuItem[] {
  return HOME_MENU.filter((i) => userAllows(i, user)).sort(byTitle);
}

/** The module a path belongs to (longest home-route prefix on a segment boundary). */
export function moduleForPath(pathname: string): ModuleDef | undefined {
  let best: ModuleDef | undefined;
  for (const m of MODULES) {
    if (pathname === m.to || pathname.startsWith(`${m.to}/`)) {
      if (!best || m.to.length > best.to.length) best = m;
    }
  }
  return best;
}

/** The menu item whose route is exactly `to`. */
export function menuItemFor(to: string): MenuItem | undefined {
  for (const m of MODULES) for (const i of m.menu) if (i.to === to) return i;
  return undefined;
}
