/** Roles and permissions of spec 1 §6, written once. Role names keep the contract's spelling ("mananger"). */
export const ROLES = [
  'superadmin', 'admin', 'mananger',
  'cm_admin', 'cm_parlamentar', 'cm_author', 'cm_operador', 'cm_operador_comissao', 'cm_operador_materias',
  'cm_operador_norma', 'cm_operador_painel', 'cm_painel_eletronico', 'cm_operador_protocolo', 'cm_operador_sessao',
  'licitacao', 'ouvidoria', 'protocolo', 'pessoal', 'publicacoes', 'carta',
  'pm_cultura_admin', 'pm_cultura_artista', 'pm_cultura_grupo',
  'sic', 'saae', 'processo_seletivo', 'turismo', 'conselhos', 'convenios', 'sindicato', 'veiculos', 'instituto',
  'autarquia', 'cotacao', 'obras', 'consorcio', 'dom', 'ged',
] as const;
export type RoleName = (typeof ROLES)[number];

export const ROLE_DESCRIPTIONS: Record<RoleName, string> = {
  superadmin: 'Superadministrador (todas as entidades)',
  admin: 'Administrador da entidade',
  mananger: 'Gestor',
  cm_admin: 'Câmara: administrador',
  cm_parlamentar: 'Câmara: vereador(a)',
  cm_author: 'Câmara: autor',
  cm_operador: 'Câmara: operador',
  cm_operador_comissao: 'Câmara: operador de comissões',
  cm_operador_materias: 'Câmara: operador de matérias',
  cm_operador_norma: 'Câmara: operador de normas',
  cm_operador_painel: 'Câmara: operador do painel',
  cm_painel_eletronico: 'Câmara: painel eletrônico',
  cm_operador_protocolo: 'Câmara: operador de protocolo',
  cm_operador_sessao: 'Câmara: operador de sessão',
  licitacao: 'Licitação',
  ouvidoria: 'Ouvidoria',
  protocolo: 'Protocolo',
  pessoal: 'Pessoal',
  publicacoes: 'Publicações',
  carta: 'Carta de Serviços',
  pm_cultura_admin: 'Cultura: administrador',
  pm_cultura_artista: 'Cultura: artista',
  pm_cultura_grupo: 'Cultura: grupo cultural',
  sic: 'E-SIC',
  saae: 'SAAE',
  processo_seletivo: 'Processo Seletivo',
  turismo: 'Turismo',
  conselhos: 'Conselhos',
  convenios: 'Convênios',
  sindicato: 'Sindicato',
  veiculos: 'Veículos',
  instituto: 'Instituto',
  autarquia: 'Autarquia',
  cotacao: 'Cotação',
  obras: 'Obras',
  consorcio: 'Consórcio',
  dom: 'Diário Oficial',
  ged: 'GED',
};

export const PERMISSIONS = [
  'view_parliamentary', 'view_plenary_session', 'view_audience', 'view_commission', 'view_norm', 'view_party',
  'view_proposition', 'view_matter', 'view_board',
] as const;
export type PermissionName = (typeof PERMISSIONS)[number];

export const PERMISSION_DESCRIPTIONS: Record<PermissionName, string> = {
  view_parliamentary: 'Ver parlamentares',
  view_plenary_session: 'Ver sessões plenárias',
  view_audience: 'Ver audiências',
  view_commission: 'Ver comissões',
  view_norm: 'Ver normas',
  view_party: 'Ver partidos',
  view_proposition: 'Ver proposições',
  view_matter: 'Ver matérias',
  view_board: 'Ver mesas diretoras',
};

/**
 * Which permissions each role carries by default (seeded; editable by the superadmin). Since the API holds the
 * resources named by a permission to it (decision 0039), every role that a definition lets read or write such a
 * resource carries its permission here, so a new installation loses nothing (checked by roles-permissions.test.ts);
 * the menus, gated by roles first, are the same as before.
 */
export const DEFAULT_ROLE_PERMISSIONS: Partial<Record<RoleName, readonly PermissionName[]>> = {
  superadmin: PERMISSIONS,
  admin: PERMISSIONS,
  cm_admin: PERMISSIONS,
  cm_parlamentar: PERMISSIONS,
  cm_operador: PERMISSIONS,
  cm_operador_sessao: ['view_parliamentary', 'view_plenary_session', 'view_matter', 'view_board'],
  cm_operador_painel: ['view_parliamentary', 'view_plenary_session', 'view_matter'],
  cm_operador_materias: ['view_matter', 'view_norm', 'view_proposition', 'view_parliamentary'],
  cm_operador_norma: ['view_norm', 'view_parliamentary', 'view_matter'],
  cm_operador_comissao: ['view_commission', 'view_matter', 'view_parliamentary', 'view_audience'],
  cm_author: ['view_matter', 'view_proposition', 'view_parliamentary'],
  cm_painel_eletronico: ['view_parliamentary', 'view_plenary_session'],
  cm_operador_protocolo: ['view_parliamentary', 'view_matter'],
};

/** Role lists of spec 1 §6, the single source for menus (web) and access rules (server). */
export const R = {
  legislativoModule: ['superadmin', 'admin', 'cm_admin', 'cm_parlamentar', 'cm_author', 'cm_operador', 'cm_operador_comissao',
    'cm_operador_materias', 'cm_operador_norma', 'cm_operador_painel', 'cm_painel_eletronico', 'cm_operador_protocolo', 'cm_operador_sessao'],
  legislaturasPartidos: ['superadmin', 'admin', 'cm_admin'],
  legislativoEntries: ['superadmin', 'admin', 'cm_admin', 'cm_parlamentar'],
  ouvidoriaModule: ['superadmin', 'admin'],
  ouvidoriaMenu: ['superadmin', 'admin', 'ouvidoria'],
  adminOnly: ['superadmin', 'admin'],
  siteExecutivo: ['superadmin', 'admin', 'mananger'],
  configuracoesModule: ['superadmin', 'admin', 'protocolo', 'pessoal', 'cm_admin'],
  protocolo: ['superadmin', 'admin', 'protocolo'],
  cultura: ['superadmin', 'admin', 'pm_cultura_admin'],
  culturaMeuCadastro: ['superadmin', 'admin', 'pm_cultura_artista', 'pm_cultura_grupo'],
  /** the artists' and groups' own accounts (self-registration): their registration, the funding calls they apply to */
  culturaCadastrantes: ['pm_cultura_artista', 'pm_cultura_grupo'],
  licitacao: ['superadmin', 'admin', 'licitacao'],
  carta: ['superadmin', 'admin', 'carta'],
  publicacoes: ['superadmin', 'admin', 'publicacoes'],
  /** E-SIC (spec 1 §6 has no row for it: superadmin, admin and its own role, like the other small modules) */
  sic: ['superadmin', 'admin', 'sic'],
  perfil: ['superadmin', 'admin', 'mananger', 'cm_admin', 'cm_parlamentar', 'licitacao', 'protocolo', 'pessoal', 'carta',
    'pm_cultura_admin', 'pm_cultura_artista', 'pm_cultura_grupo', 'ouvidoria', 'publicacoes', 'sic', 'saae', 'processo_seletivo',
    'turismo', 'conselhos', 'convenios', 'sindicato', 'veiculos', 'instituto', 'autarquia', 'cotacao', 'obras', 'consorcio', 'dom', 'ged'],
  sobre: ['superadmin', 'admin', 'cm_admin', 'cm_parlamentar', 'mananger', 'licitacao'],
  settingsCategoriesLinks: ['superadmin', 'admin', 'mananger'],
  settingsMenusContactsThemesFilesEntidade: ['superadmin', 'admin', 'mananger', 'cm_admin'],
  settingsUsers: ['superadmin', 'admin', 'protocolo', 'cm_admin', 'mananger', 'ouvidoria'],
  settingsBanksItemsLogs: ['superadmin', 'admin', 'protocolo', 'mananger'],
  settingsPeople: ['superadmin', 'admin', 'protocolo', 'mananger', 'cm_admin', 'licitacao'],
  settingsUnityTramitations: ['superadmin', 'admin', 'cm_admin'],
  settingsHistorico: ['superadmin', 'admin', 'protocolo'],
  /** not in spec 1 §6: the holiday calendar moves deadlines of every module, so every role of the Configurações module keeps it */
  settingsHolidays: ['superadmin', 'admin', 'protocolo', 'pessoal', 'cm_admin'],
  /** not in spec 1 §6: the types lookup's writers (the Menus/Contatos/Temas/Arquivos/Entidade row) */
  settingsTypes: ['superadmin', 'admin', 'mananger', 'cm_admin'],
  votarMateria: ['cm_parlamentar'],
  notificationBell: ['superadmin', 'admin'],
  superadmin: ['superadmin'],
} as const satisfies Record<string, readonly RoleName[]>;

/** The menu rule of spec 1 §6: any of the roles (empty = no restriction) and any of the permissions (empty = none). */
export function allows(
  rule: { roles?: readonly string[]; permissions?: readonly string[] },
  user: { roles: readonly string[]; permissions: readonly string[] },
): boolean {
  const roleOk = !rule.roles?.length || rule.roles.some((r) => user.roles.includes(r));
  const permOk = !rule.permissions?.length || rule.permissions.some((p) => user.permissions.includes(p));
  return roleOk && permOk;
}
