/**
 * The routes of spec 1 §2, written out from the spec text (not from packages/domain): module homes, hand-written
 * pages, list screens, create forms and the live plenary screens. routes.spec.ts opens the homes, forms and live
 * screens as the superadmin; a11y-routes.spec.ts checks that its walk (built from the app's own route data) covers every
 * home, page, list and form here, and walks each list and its create form with the load checks.
 */
export const homes = [
  '/', '/admin', '/autarquia', '/carta', '/conselhos', '/consorcio', '/convenio', '/cotacao', '/culture', '/diario', '/empresa',
  '/example', '/executive', '/ged', '/instituto', '/legislativo', '/legislativo-parlamentar', '/licitacao', '/notifications', '/obras',
  '/ouvidoria', '/processo-seletivo', '/protocol', '/publication', '/saae', '/settings', '/sic', '/sindicato', '/site', '/sobre',
  '/turismo', '/veiculos',
];
export const pages = ['/auth/profile', '/auth/company', '/culture/profile', '/legislativo/pauta'];
/** Only for cm_parlamentar (spec 1 §6 "Votar Materia"): the superadmin sees the forbidden notice, not an error. */
export const parliamentarianOnly = ['/legislativo/votar'];

/** List screens (resource screens and filtered views): the list, then `/new`. */
export const lists = [
  ...['companies', 'institutions', 'liberations', 'permissions', 'roles', 'users'].map((x) => `/admin/${x}`),
  '/carta/services', '/convenio/convenios', '/example/post', '/example/watchlist',
  '/culture/artist', '/culture/cultureGroup', '/culture/cultureUser', '/culture/equipament',
  '/executive/associacoes', '/executive/conselhos', '/executive/constructions', '/executive/convenios', '/executive/gestores',
  '/legislativo-parlamentar/matters', '/legislativo-parlamentar/solicitation',
  ...['agents', 'ata', 'audiences', 'boards', 'comissions', 'legislatures', 'links', 'matters', 'norms', 'parliamentarians', 'parties',
    'plenarySessions', 'presence', 'propositions', 'registered', 'solicitation', 'matters/received'].map((x) => `/legislativo/${x}`),
  ...['agents', 'categories', 'contracts', 'credors', 'licitacoes', 'places'].map((x) => `/licitacao/${x}`),
  '/ouvidoria/manifestacoes',
  ...['movements', 'procedures', 'processes', 'responsibles', 'sectors'].map((x) => `/protocol/${x}`),
  ...['diarias', 'leis', 'lrf', 'outras', 'portarias', 'prestacao'].map((x) => `/publication/${x}`),
  ...['bankAccounts', 'banks', 'categories', 'companies', 'contacts', 'files', 'historics', 'items', 'links', 'logs', 'measures', 'menus',
    'people', 'places', 'themes', 'types', 'unityTramitations', 'users'].map((x) => `/settings/${x}`),
  ...['banners', 'evaluations', 'events', 'faqs', 'portarias', 'posts', 'publications', 'schools', 'secretariats', 'services', 'vehicles']
    .map((x) => `/site/${x}`),
];
/** Lists whose records are created elsewhere (read-only lists, or items added through their parent's tab). */
export const noCreate = new Set(['/settings/logs']);

/** Create forms and option pages that are not lists. */
export const forms = [
  '/legislativo/matters/received/options', '/legislativo/solicitation/options', '/legislativo-parlamentar/menu',
  ...['indicacao', 'mocaoaplauso', 'mocaopesar', 'projetosdecreto', 'projetoslei', 'projetosresolucao', 'requerimento']
    .map((x) => `/legislativo/matters/received/forms/${x}`),
  '/legislativo/solicitation/forms/diaria', '/legislativo/solicitation/forms/veiculo',
  '/legislativo-parlamentar/matters/form/indicacao', '/legislativo-parlamentar/solicitation/form/diaria',
];
/** Screens of the live plenary session: each opens its own screen (control room, voting, electronic panel). */
export const live = [
  '/legislativo/newPainel', '/legislativo/newPainel/1', '/legislativo/votacao', '/legislativo/votacao/1', '/legislativo-parlamentar/NewPainel',
  '/legislativo/painel-eletronico', '/legislativo/painel-eletronico/1',
  ...['Oradores', 'PainelPresence', 'PainelVotation', 'PresenceCard', 'Votacao', 'Votada', 'VotationCard'].map((x) => `/legislativo/painel-eletronico/${x}`),
];
