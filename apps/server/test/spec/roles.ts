/**
 * Spec 1 §6 ("Roles and permissions"), written out by hand from ../shared/spec/01-backoffice-screens-roles-session.md
 * as test data. On purpose NOT imported from packages/domain (roles.ts, modules.ts, the resource definitions): the
 * role tests compare what the product does with what the spec says, not with our own tables.
 *
 * Where Paço deliberately gives a role more than its spec row, the difference is listed in BEYOND_SPEC with the
 * reason, and recorded in docs/decisions/0013-grants-and-role-matrix.md. Anything else that differs is a defect.
 */

/** "Roles seen" of §6, in the spec's order. */
export const SPEC_ROLES = [
  'superadmin', 'admin', 'mananger', 'cm_admin', 'cm_parlamentar', 'cm_author', 'cm_operador', 'cm_operador_comissao',
  'cm_operador_materias', 'cm_operador_norma', 'cm_operador_painel', 'cm_painel_eletronico', 'cm_operador_protocolo',
  'cm_operador_sessao', 'licitacao', 'ouvidoria', 'protocolo', 'pessoal', 'publicacoes', 'carta', 'pm_cultura_admin',
  'pm_cultura_artista', 'pm_cultura_grupo', 'sic', 'saae', 'processo_seletivo', 'turismo', 'conselhos', 'convenios',
  'sindicato', 'veiculos', 'instituto', 'autarquia', 'cotacao', 'obras', 'consorcio', 'dom', 'ged',
] as const;
export type SpecRole = (typeof SPEC_ROLES)[number];

const SA_ADMIN = ['superadmin', 'admin'] as const;

/** The rows of the §6 table and of its "Settings entries" list, as the spec words them. */
export const SPEC_ROWS = {
  'Legislativo module': [...SA_ADMIN, 'cm_admin', 'cm_parlamentar', 'cm_author', 'cm_operador', 'cm_operador_comissao', 'cm_operador_materias',
    'cm_operador_norma', 'cm_operador_painel', 'cm_painel_eletronico', 'cm_operador_protocolo', 'cm_operador_sessao'],
  'Legislaturas and Partidos entries': [...SA_ADMIN, 'cm_admin'],
  'Other Legislativo entries': [...SA_ADMIN, 'cm_admin', 'cm_parlamentar'],
  'Ouvidoria (menu)': [...SA_ADMIN, 'ouvidoria'],
  'Site menu': [...SA_ADMIN, 'mananger'],
  'Executivo menu': [...SA_ADMIN, 'mananger'],
  'Administrativo, GED': [...SA_ADMIN],
  'Configuracoes module': [...SA_ADMIN, 'protocolo', 'pessoal', 'cm_admin'],
  'Protocolo': [...SA_ADMIN, 'protocolo'],
  'Cultural module and items': [...SA_ADMIN, 'pm_cultura_admin'],
  'Culture "Meu Cadastro"': [...SA_ADMIN, 'pm_cultura_artista', 'pm_cultura_grupo'],
  'Licitacao': [...SA_ADMIN, 'licitacao'],
  'Carta services': [...SA_ADMIN, 'carta'],
  'Admin items': [...SA_ADMIN],
  'Publicacoes': [...SA_ADMIN, 'publicacoes'],
  'Notificacoes': [...SA_ADMIN],
  'Settings: Categories and Links': [...SA_ADMIN, 'mananger'],
  'Settings: Menus, Contacts, Themes, Files and Entidade': [...SA_ADMIN, 'mananger', 'cm_admin'],
  'Settings: Users': [...SA_ADMIN, 'protocolo', 'cm_admin', 'mananger', 'ouvidoria'],
  'Settings: Banks, BankAccounts, Items, Measures, Logs': [...SA_ADMIN, 'protocolo', 'mananger'],
  'Settings: People': [...SA_ADMIN, 'protocolo', 'mananger', 'cm_admin', 'licitacao'],
  'Settings: Unidades de Tramitacao': [...SA_ADMIN, 'cm_admin'],
  'Settings: Historico': [...SA_ADMIN, 'protocolo'],
} as const satisfies Record<string, readonly SpecRole[]>;
export type SpecRow = keyof typeof SPEC_ROWS;

/**
 * The API list call behind each §6 entry (the screens of §2: /legislativo/matters lists /api/matters, ...). A call
 * shown by several entries (a publication under Site and under Publicações) is open to the roles of all of them.
 */
export const ENTRY_CALLS: Record<string, readonly SpecRow[]> = {
  '/api/legislatures': ['Legislaturas and Partidos entries'],
  '/api/parties': ['Legislaturas and Partidos entries'],
  '/api/parliamentaries': ['Other Legislativo entries'],
  '/api/plenary_sessions': ['Other Legislativo entries'],
  '/api/audiences': ['Other Legislativo entries'],
  '/api/commissions': ['Other Legislativo entries'],
  '/api/norms': ['Other Legislativo entries'],
  '/api/propositions': ['Other Legislativo entries'],
  '/api/matters': ['Other Legislativo entries'],
  '/api/matters/matterapplication': ['Other Legislativo entries'],
  '/api/solicitations': ['Other Legislativo entries'],
  '/api/boards': ['Other Legislativo entries'],
  '/api/presences': ['Other Legislativo entries'],
  '/api/manifestacoes': ['Ouvidoria (menu)'],
  '/api/banners': ['Site menu'],
  '/api/evaluations': ['Site menu'],
  '/api/events': ['Site menu'],
  '/api/faqs': ['Site menu'],
  '/api/portarias': ['Site menu', 'Publicacoes'],
  '/api/posts': ['Site menu'],
  '/api/publicacaos': ['Site menu', 'Publicacoes'],
  '/api/schools': ['Site menu'],
  '/api/secretarias': ['Site menu'],
  '/api/services': ['Site menu', 'Carta services'],
  '/api/vehicles': ['Site menu'],
  '/api/conselhos': ['Executivo menu'],
  '/api/constructions': ['Executivo menu'],
  '/api/convenios': ['Executivo menu'],
  '/api/institutions': ['Admin items'],
  '/api/liberations': ['Admin items'],
  '/api/permissions': ['Admin items'],
  '/api/roles': ['Admin items'],
  '/api/admin/users': ['Admin items'],
  '/api/companies': ['Admin items', 'Settings: Menus, Contacts, Themes, Files and Entidade'],
  '/api/processes': ['Protocolo'],
  '/api/movements': ['Protocolo'],
  '/api/procedures': ['Protocolo'],
  '/api/responsibles': ['Protocolo'],
  '/api/sectors': ['Protocolo'],
  '/api/artists': ['Cultural module and items'],
  '/api/artist_groups': ['Cultural module and items'],
  '/api/places': ['Cultural module and items'],
  '/api/artists/mine': ['Culture "Meu Cadastro"'],
  '/api/artist_groups/mine': ['Culture "Meu Cadastro"'],
  '/api/licitacaos': ['Licitacao'],
  '/api/contratos': ['Licitacao'],
  '/api/categories': ['Settings: Categories and Links', 'Licitacao'],
  '/api/links': ['Settings: Categories and Links'],
  '/api/menus': ['Settings: Menus, Contacts, Themes, Files and Entidade'],
  '/api/contacts': ['Settings: Menus, Contacts, Themes, Files and Entidade'],
  '/api/themes': ['Settings: Menus, Contacts, Themes, Files and Entidade'],
  '/api/files': ['Settings: Menus, Contacts, Themes, Files and Entidade'],
  '/api/users': ['Settings: Users'],
  '/api/banks': ['Settings: Banks, BankAccounts, Items, Measures, Logs'],
  '/api/bank_accounts': ['Settings: Banks, BankAccounts, Items, Measures, Logs'],
  '/api/items': ['Settings: Banks, BankAccounts, Items, Measures, Logs'],
  '/api/measures': ['Settings: Banks, BankAccounts, Items, Measures, Logs'],
  '/api/logs': ['Settings: Banks, BankAccounts, Items, Measures, Logs'],
  '/api/people': ['Settings: People'],
  '/api/tramitation_unities': ['Settings: Unidades de Tramitacao'],
  '/api/historics': ['Settings: Historico'],
  // Paço's own entries, not in the spec (the live plenary's control room and quorum rules): readers in BEYOND_SPEC
  '/api/quorum_rules': [],
  '/api/plenary_settings': [],
  // E-SIC has only its home route in the spec (§2); its requests for information are Paço's own (issue 11)
  '/api/pedidos_informacao': [],
  // the appeal instances of the E-SIC, per company (issue 12)
  '/api/sic_instancias': [],
};

/**
 * Deliberate differences from §6 (docs/decisions/0013): roles that also read a call, and why. Nothing else may
 * read more than the spec says.
 */
export const BEYOND_SPEC: Record<string, { roles: readonly SpecRole[]; why: string }> = {
  // The spec opens the Legislativo module to its operator roles but lists its entries only for four roles, which
  // would leave an operator an empty module: each operator reads the entries of its specialty.
  '/api/plenary_sessions': { roles: ['cm_operador', 'cm_operador_sessao'], why: 'operadores de sessão conduzem o plenário' },
  '/api/presences': { roles: ['cm_operador', 'cm_operador_sessao'], why: 'operadores de sessão registram a presença' },
  '/api/matters': { roles: ['cm_operador', 'cm_operador_materias'], why: 'operadores de matérias cadastram matérias' },
  '/api/matters/matterapplication': { roles: ['cm_operador', 'cm_operador_materias', 'cm_operador_protocolo'], why: 'o protocolo da câmara recebe as matérias dos vereadores' },
  '/api/propositions': { roles: ['cm_operador', 'cm_operador_materias'], why: 'operadores de matérias cadastram proposições' },
  '/api/norms': { roles: ['cm_operador', 'cm_operador_norma'], why: 'operadores de normas cadastram normas' },
  '/api/audiences': { roles: ['cm_operador', 'cm_operador_comissao'], why: 'operadores de comissões cadastram audiências' },
  '/api/commissions': { roles: ['cm_operador', 'cm_operador_comissao'], why: 'operadores de comissões mantêm as comissões' },
  '/api/solicitations': { roles: ['cm_operador'], why: 'o operador geral atende as solicitações dos vereadores' },
  // The roles tab of a user lists role names to whoever manages users (the grant hierarchy decides what each may grant).
  '/api/roles': { roles: ['protocolo', 'cm_admin', 'mananger', 'ouvidoria'], why: 'a aba Funções de um usuário mostra os nomes das funções' },
  // Small modules without a §6 row open to their own role (modules.ts): Convênios, Conselhos, Obras.
  '/api/convenios': { roles: ['convenios'], why: 'módulo Convênios (/convenio) da própria função' },
  '/api/conselhos': { roles: ['conselhos'], why: 'módulo Conselhos da própria função' },
  '/api/constructions': { roles: ['obras'], why: 'módulo Obras da própria função' },
  // The live plenary (decision 0007): its staff runs sessions by quorum rules and settings; members vote from the
  // live state and need neither list.
  '/api/quorum_rules': { roles: ['admin', 'cm_admin', 'cm_operador', 'cm_operador_sessao', 'cm_operador_painel'], why: 'Regras de Quórum e Sala de Controle' },
  '/api/plenary_settings': { roles: ['admin', 'cm_admin', 'cm_operador', 'cm_operador_sessao', 'cm_operador_painel'], why: 'configurações da Sala de Controle' },
  // Places are also listed under Licitação (/licitacao/places) and Configurações (/settings/places) in §2.
  '/api/places': { roles: ['mananger', 'cm_admin', 'licitacao'], why: 'locais aparecem em Licitação e Configurações (§2)' },
  // Artists and groups reach their own registration through the generic routes too; the row scope limits them to it.
  '/api/artists': { roles: ['pm_cultura_artista', 'pm_cultura_grupo'], why: 'cada artista ou grupo lê só o próprio cadastro (escopo de linhas)' },
  '/api/artist_groups': { roles: ['pm_cultura_artista', 'pm_cultura_grupo'], why: 'cada artista ou grupo lê só o próprio cadastro (escopo de linhas)' },
  // The Ouvidoria forwards manifestações to a sector: it reads the sectors (their picker), without writing them.
  '/api/sectors': { roles: ['ouvidoria', 'sic'], why: 'a Ouvidoria e o E-SIC encaminham manifestações e pedidos de informação aos setores' },
  // E-SIC (a small module without a §6 row: superadmin, admin and its own role): the LAI requests for information
  '/api/pedidos_informacao': { roles: ['admin', 'sic'], why: 'módulo E-SIC (/sic) da própria função: pedidos de acesso à informação (LAI)' },
  '/api/sic_instancias': { roles: ['admin', 'sic'], why: 'E-SIC: as instâncias de recurso da entidade (quem decide os recursos); só os administradores as configuram' },
};

/**
 * Calls whose readers may not all create (spec §6 says nothing about writes: "Which role may perform which action
 * on records: not shown"). Everyone outside a call's readers must get 403 on create; inside, these may not create.
 */
export const READ_ONLY: Record<string, readonly SpecRole[]> = {
  // members read the legislative records; they create only their own drafts and solicitations
  '/api/parliamentaries': ['cm_parlamentar'], '/api/plenary_sessions': ['cm_parlamentar'], '/api/audiences': ['cm_parlamentar'],
  '/api/commissions': ['cm_parlamentar'], '/api/norms': ['cm_parlamentar'], '/api/propositions': ['cm_parlamentar'],
  '/api/matters': ['cm_parlamentar'], '/api/boards': ['cm_parlamentar'], '/api/presences': ['cm_parlamentar'],
  '/api/matters/matterapplication': ['cm_operador', 'cm_operador_materias', 'cm_operador_protocolo'],
  '/api/solicitations': ['cm_operador'],
  // who manages users below the admins reads accounts and their contacts; only admins create them (decision 0011)
  '/api/users': ['protocolo', 'cm_admin', 'mananger', 'ouvidoria'],
  '/api/roles': ['admin', 'protocolo', 'cm_admin', 'mananger', 'ouvidoria'],
  '/api/institutions': ['admin'], '/api/liberations': ['admin'], '/api/permissions': ['admin'], '/api/companies': ['admin', 'mananger', 'cm_admin'],
  '/api/quorum_rules': ['cm_operador', 'cm_operador_sessao', 'cm_operador_painel'],
  '/api/plenary_settings': ['superadmin', 'admin', 'cm_admin', 'cm_operador', 'cm_operador_sessao', 'cm_operador_painel'],
  // the audit trail is written by the server only
  '/api/logs': ['superadmin', 'admin', 'protocolo', 'mananger'],
  // Licitação reads the categories of the Configurações screen; their keepers are the Site managers
  '/api/categories': ['licitacao'],
  // the Ouvidoria and the E-SIC pick a sector to forward to; the protocol keeps them
  '/api/sectors': ['ouvidoria', 'sic'],
  // the SIC reads who decides the appeals; the administrators configure them
  '/api/sic_instancias': ['sic'],
};
// "Meu Cadastro" (/api/artists/mine, /api/artist_groups/mine) creates for each of its four roles: self-registration
// gives pm_cultura_artista, and a group registered that way then creates its group record.

/** Expected readers of a call: the spec rows of its entries, plus the documented differences. */
export function readersOf(call: string): Set<SpecRole> {
  const out = new Set<SpecRole>();
  for (const row of ENTRY_CALLS[call] ?? []) for (const r of SPEC_ROWS[row]) out.add(r);
  for (const r of BEYOND_SPEC[call]?.roles ?? []) out.add(r);
  return out;
}
