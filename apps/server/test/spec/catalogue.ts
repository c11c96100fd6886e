/**
 * Machine-readable catalogue of every call listed in spec 2 §7 ("The calls"), in the spec's order and grouped by
 * its headings. Paths are relative to the API base (`/api`), spelled as the spec spells them, with named `:params`.
 *
 * Reading rules (spec 2 §7 and docs/api.md):
 *  - "CRUD" expands to GET r (list), POST r (create), GET r/:id, PUT r/:id (update), DELETE r/:id.
 *  - A bare sub-call named under a resource ("GET get_dependents", "POST {id}/upload") is a per-record call:
 *    `<resource>/:id/<name>`. Paths the spec writes in full are kept as written.
 *  - Query strings (`?page=`, `?search=`, `?_method=PUT`) are not part of `path`; they are recorded in `note`.
 *  - A call that appears twice in the spec is listed once, at its first appearance (see the note there).
 *  - Calls whose path the spec does not show are not invented: they are listed in `UNSPECIFIED`.
 */

export interface CatalogueCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** path under /api, with :params, e.g. 'parliamentaries/:id/get_dependents' */
  path: string;
  /** no token needed */
  public?: boolean;
  /** the section of spec 2 §7 it comes from, e.g. 'Parliamentarians' */
  group: string;
  /** kind of answer: 'list' ({data, meta}), 'record' ({data}), 'collection' ({data: [...]} without meta), 'action', 'auth', 'file' */
  answer: 'list' | 'record' | 'collection' | 'action' | 'auth' | 'file';
  note?: string;
}

/** The headings of spec 2 §7, in order. */
export const CATALOGUE_GROUPS = [
  'Auth and session',
  'Types and lookups',
  'Culture',
  'Parliamentarians',
  'Legislatures, sessions and other legislative resources',
  'Plenary sessions',
  'Matters',
  'Administrative',
  'Users, roles, companies',
  'Public content and settings',
] as const;

type Group = (typeof CATALOGUE_GROUPS)[number];
type Method = CatalogueCall['method'];
type Answer = CatalogueCall['answer'];
type Extra = { public?: boolean; note?: string };

const call = (group: Group, method: Method, path: string, answer: Answer, extra: Extra = {}): CatalogueCall => ({
  method,
  path,
  ...(extra.public ? { public: true } : {}),
  group,
  answer,
  ...(extra.note ? { note: extra.note } : {}),
});

type CrudPart = 'list' | 'create' | 'show' | 'update' | 'delete';

/** The common pattern: GET list, POST create, GET show, PUT update, DELETE (minus parts already listed elsewhere). */
const crud = (group: Group, r: string, opts: { skip?: readonly CrudPart[]; notes?: Partial<Record<CrudPart, string>> } = {}): CatalogueCall[] => {
  const skip = new Set(opts.skip ?? []);
  const n = opts.notes ?? {};
  const all: [CrudPart, CatalogueCall][] = [
    ['list', call(group, 'GET', r, 'list', { note: n.list })],
    ['create', call(group, 'POST', r, 'record', { note: n.create })],
    ['show', call(group, 'GET', `${r}/:id`, 'record', { note: n.show })],
    ['update', call(group, 'PUT', `${r}/:id`, 'record', { note: n.update })],
    ['delete', call(group, 'DELETE', `${r}/:id`, 'action', { note: n.delete })],
  ];
  return all.filter(([part]) => !skip.has(part)).map(([, c]) => c);
};

/** POST <resource>/:id/upload: multipart form (docs/api.md) answering { data: record }. */
const upload = (group: Group, r: string, note?: string): CatalogueCall =>
  call(group, 'POST', `${r}/:id/upload`, 'record', { note });

// ---------------------------------------------------------------------------------------------------------------
const AUTH: Group = 'Auth and session';
const auth: CatalogueCall[] = [
  call(AUTH, 'POST', 'login', 'auth', { public: true, note: 'credentials; answer holds user and token' }),
  call(AUTH, 'POST', 'load-session', 'auth', { note: 'answer holds a fresh token' }),
  call(AUTH, 'GET', 'load-user', 'auth'),
  call(AUTH, 'GET', 'is-parliamentary', 'auth'),
  call(AUTH, 'GET', 'is-artist', 'auth'),
  call(AUTH, 'POST', 'logfront', 'action', {
    note: 'front-end error log when signed in; body timestamp, type (error, uncaught, promise), url, useAgent, message; answer only logged',
  }),
  call(AUTH, 'POST', 'logfrontPublic', 'action', {
    public: true,
    note: 'front-end error log when nobody is signed in; same body as logfront',
  }),
];

// ---------------------------------------------------------------------------------------------------------------
const TYPES: Group = 'Types and lookups';
const types: CatalogueCall[] = [
  call(TYPES, 'GET', 'public/types_of/:type', 'collection', { public: true }),
  call(TYPES, 'GET', 'public/banks', 'collection', { public: true }),
  call(TYPES, 'GET', 'types_of/:resource', 'collection', {
    note:
      'resource is one of authors, dependents, subjects, commissions, norms, propositions, matters, sectors, faqs, people; ' +
      'the spec also lists "GET types_of/{type}", the same path pattern, so it is this one entry. ' +
      'Faq and bank account type lookups go through the type calls.',
  }),
  call(TYPES, 'GET', 'types_company_of/:type', 'collection'),
  call(TYPES, 'GET', 'type/:type/list', 'collection'),
  call(TYPES, 'POST', 'type/:type/add', 'record', { note: 'form payload' }),
  call(TYPES, 'PUT', 'type/:id', 'record'),
  call(TYPES, 'GET', 'type/:id', 'record'),
  call(TYPES, 'POST', 'types', 'record', {
    note: 'spec: "POST, PUT, DELETE types and types/{id}" — only these three are listed (no GET types or GET types/{id}; reads go through type/...)',
  }),
  call(TYPES, 'PUT', 'types/:id', 'record'),
  call(TYPES, 'DELETE', 'types/:id', 'action'),
];

// ---------------------------------------------------------------------------------------------------------------
const CULTURE: Group = 'Culture';
const culture: CatalogueCall[] = [
  ...crud(CULTURE, 'artists'),
  call(CULTURE, 'POST', 'artists/:id/add_progress', 'action', { note: 'activates the artist' }),
  call(CULTURE, 'GET', 'artists/print', 'file', {
    note: 'answer shape not shown; read as a printable document. Must be routed before GET artists/:id',
  }),
  ...crud(CULTURE, 'artist_groups'),
  call(CULTURE, 'POST', 'artist_groups/:id/add_progress', 'action', { note: 'activates the culture group' }),
  call(CULTURE, 'GET', 'places_of/culture_place', 'list', { note: 'sent as places_of/culture_place?page={page} (paged)' }),
  ...crud(CULTURE, 'places', {
    notes: { list: 'places CRUD is listed again under "Public content and settings"; kept here, at its first appearance' },
  }),
  call(CULTURE, 'GET', 'places_of/school_place', 'collection'),
  call(CULTURE, 'GET', 'places_of/:place', 'collection', {
    note: 'general form; places_of/culture_place and places_of/school_place are listed separately as the spec does',
  }),
  call(CULTURE, 'POST', 'places/search', 'list', {
    note: 'also listed under "Public content and settings" (POST {resource}/search, query payload); kept here',
  }),
  upload(CULTURE, 'places'),
];

// ---------------------------------------------------------------------------------------------------------------
const PARL: Group = 'Parliamentarians';
const perParliamentarian: [Method, string, Answer][] = [
  ['GET', 'get_dependents', 'collection'],
  ['POST', 'add_dependent', 'record'],
  ['GET', 'get_mandates', 'collection'],
  ['POST', 'add_mandates', 'record'],
  ['GET', 'get_affiliations', 'collection'],
  ['POST', 'add_affiliation', 'record'],
  ['GET', 'get_users', 'collection'],
  ['POST', 'add_user', 'record'],
  ['GET', 'get_matters', 'collection'],
  ['POST', 'add_matter', 'record'],
  ['GET', 'propositions', 'collection'],
  ['POST', 'add_proposition', 'record'],
  ['GET', 'reports', 'collection'],
  ['POST', 'add_report', 'record'],
  ['GET', 'get_comissions', 'collection'],
  ['POST', 'add_comission', 'record'],
];
const parliamentarians: CatalogueCall[] = [
  call(PARL, 'GET', 'parliamentariesCompany/:id', 'collection', {
    public: true,
    note: 'the parliamentarians of company {id}, for the public portal',
  }),
  call(PARL, 'GET', 'parliamentaries', 'list'),
  call(PARL, 'GET', 'parliamentaries/active', 'collection', { note: 'must be routed before GET parliamentaries/:id' }),
  call(PARL, 'POST', 'parliamentaries', 'record'),
  call(PARL, 'POST', 'parliamentaries/:id', 'record', {
    note:
      'update: sent as POST parliamentaries/{id}?_method=PUT with a form payload carrying id (method override; ' +
      'docs/api.md: same as PUT parliamentaries/:id, which the spec does not list)',
  }),
  call(PARL, 'GET', 'parliamentaries/:id', 'record'),
  call(PARL, 'DELETE', 'parliamentaries/:id', 'action'),
  ...perParliamentarian.map(([m, name, a]) => call(PARL, m, `parliamentaries/:id/${name}`, a)),
  call(PARL, 'POST', 'parliamentaries/:parliamentary_id/remove_user/:id', 'action'),
  upload(PARL, 'parliamentaries'),
];

// ---------------------------------------------------------------------------------------------------------------
const LEG: Group = 'Legislatures, sessions and other legislative resources';
const legislativeCrud: [string, boolean][] = [
  ['mandates', false],
  ['coalitions', false],
  ['dependents', false],
  ['authors', false],
  ['absences', false],
  ['affiliations', true],
  ['audiences', true],
  ['participants', false],
  ['presences', false],
  ['speakers', false],
  ['subjects', false],
  ['norms', false],
  ['propositions', true],
  ['reports', false],
  ['tramitations', true],
  ['composition_periods', false],
  ['boards', false],
  ['meetings', false],
];
const legislative: CatalogueCall[] = [
  ...crud(LEG, 'legislatures'),
  call(LEG, 'GET', 'legislatures/:id/legislative_sections', 'collection', {
    note: 'spelled "legislative_sections" in the spec (the resource itself is legislative_sessions)',
  }),
  ...crud(LEG, 'legislative_sessions'),
  call(LEG, 'GET', 'legislative_sessions/:id/boards', 'collection'),
  call(LEG, 'POST', 'legislative_sessions/:id/boards', 'record'),
  ...legislativeCrud.flatMap(([r, withUpload]) => [...crud(LEG, r), ...(withUpload ? [upload(LEG, r)] : [])]),
  ...crud(LEG, 'compositions'),
  call(LEG, 'GET', 'compositions/:id/get_participants', 'collection'),
  call(LEG, 'POST', 'compositions/:id/add_participants', 'record'),
  call(LEG, 'GET', 'parties', 'list', {
    note: 'sent as parties?page={page} (paged); also the list of "CRUD parties" (one entry)',
  }),
  call(LEG, 'GET', 'parties/all', 'collection', { note: 'unpaged; must be routed before GET parties/:id' }),
  ...crud(LEG, 'parties', { skip: ['list'] }),
  ...crud(LEG, 'commissions', {
    notes: {
      list:
        'resource path not spelled in §7 ("Commissions: CRUD"); "commissions" as in the types_of list and the heading. ' +
        'The original may spell it "comissions" (cf. get_comissions and the /legislativo/comissions screen)',
    },
  }),
  call(LEG, 'GET', 'commissions/:id/get_compositions', 'collection'),
  call(LEG, 'POST', 'commissions/:id/add_compositions', 'record'),
  call(LEG, 'POST', 'commissions/:id/delete_compositions', 'action', { note: 'a POST that removes compositions' }),
  call(LEG, 'GET', 'commissions/:id/get_meetings', 'collection'),
  call(LEG, 'POST', 'commissions/:id/add_meetings', 'record'),
  call(LEG, 'GET', 'commissions/:id/tramitation_matters', 'collection'),
  upload(LEG, 'commissions'),
];

// ---------------------------------------------------------------------------------------------------------------
const PLEN: Group = 'Plenary sessions';
const ps = (m: Method, name: string, a: Answer, note?: string) => call(PLEN, m, `plenary_sessions/:id/${name}`, a, { note });
const plenary: CatalogueCall[] = [
  ...crud(PLEN, 'plenary_sessions'),
  call(PLEN, 'POST', 'plenary_sessions/filter', 'list', { note: 'filter payload' }),
  call(PLEN, 'GET', 'plenary_sessions/:id/:type', 'collection', {
    note: 'the session matters of kind {type} (expediente, ordem do dia); must be routed after the named plenary_sessions/:id/... calls',
  }),
  call(PLEN, 'GET', 'plenary_matters/:id', 'record'),
  call(PLEN, 'PUT', 'plenary_matters/:id', 'record'),
  call(PLEN, 'DELETE', 'plenary_matters/:id', 'action'),
  call(PLEN, 'POST', 'plenary_matters/:id/add_matter', 'record', {
    note:
      'spec: "GET, PUT, DELETE plenary_matters/{id}; POST {id}/add_matter" — {id}/ read against the resource named on the same ' +
      'line, as elsewhere in the spec. There is no POST plenary_matters, so this creates a plenary matter and {id} is most ' +
      'likely the plenary session id; the alternative reading is plenary_sessions/:id/add_matter',
  }),
  ps('GET', 'get_absences', 'collection'),
  ps('POST', 'add_absence', 'record'),
  ps('GET', 'get_presences_abertura', 'collection'),
  ps('GET', 'get_presences_ordem_dia', 'collection'),
  ps('POST', 'add_presences', 'record'),
  ps(
    'GET',
    'speakers/orador-explicacoes',
    'collection',
    'the explanation speakers of the session. Spec: "GET speakers/orador-explicacoes; GET speakers/{type}" on the ' +
      'per-session line (with add_speakers, update_diversos, boards), so read as plenary_sessions/:id/speakers/... ' +
      '(alternative reading: top-level speakers/..., which would clash with GET speakers/:id). Must be routed before ' +
      'plenary_sessions/:id/speakers/:type',
  ),
  ps('GET', 'speakers/:type', 'collection'),
  ps('POST', 'add_speakers', 'record'),
  ps('POST', 'update_diversos', 'action'),
  ps('GET', 'boards', 'collection'),
  ps('POST', 'boards', 'record'),
  ps('POST', 'add_checkin', 'action', 'spec: "POST {id}/add_checkin (id is plenary_session_id)"'),
  ps('GET', 'get_presence_list_status', 'record'),
  ps('POST', 'change_presence_list_status', 'action', 'the same call opens and finishes the presence list'),
  call(PLEN, 'GET', 'status/active', 'record', {
    note:
      'the active plenary session; path kept exactly as the spec writes it ("GET status/active"), although its sibling is ' +
      'plenary_sessions/status/closed/last — the original may be plenary_sessions/status/active',
  }),
  call(PLEN, 'GET', 'plenary_sessions/status/closed/last', 'record', {
    note: 'the last closed plenary session',
  }),
  upload(PLEN, 'plenary_sessions'),
  ps('POST', 'save_link_midia', 'action'),
  call(PLEN, 'GET', 'speaker/:id', 'record', { note: 'speaker timer data: id, tempo, play (starts at 0, play off)' }),
  call(PLEN, 'PUT', 'speaker/finish', 'action'),
  call(PLEN, 'PUT', 'speaker/pause', 'action'),
  call(PLEN, 'PUT', 'speaker/start', 'action'),
  call(PLEN, 'PUT', 'speaker/updateTime', 'action'),
  upload(PLEN, 'speakers'),
  call(PLEN, 'POST', 'plenary_matters/:id/add_votting', 'record', { note: 'opens the voting of a plenary matter' }),
  call(PLEN, 'PUT', 'plenary_matters/:id/close_votting', 'action', { note: 'closes the voting of a plenary matter' }),
  call(PLEN, 'GET', 'vottings/:id', 'record'),
  call(PLEN, 'POST', 'vottings/:id/vote', 'action'),
  call(PLEN, 'GET', 'last_vottation', 'record'),
  call(PLEN, 'GET', 'last_vottation/:id', 'record'),
];

// ---------------------------------------------------------------------------------------------------------------
const MAT: Group = 'Matters';
/** Matter application and solicitations: the same six calls under two bases. */
const applicationSet = (base: string, note: string): CatalogueCall[] => [
  call(MAT, 'POST', base, 'record', { note }),
  call(MAT, 'PUT', `${base}/:id`, 'record'),
  call(MAT, 'PUT', `${base}/:id/situation`, 'record', { note: 'sets the situation (values not shown)' }),
  call(MAT, 'GET', `${base}/list`, 'list', { note: `must be routed before GET ${base}/:id` }),
  call(MAT, 'GET', `${base}/:id`, 'record'),
  call(MAT, 'GET', `${base}/list/all`, 'collection', { note: `sent as ${base}/list/all?search={search}` }),
];
const matters: CatalogueCall[] = [
  ...crud(MAT, 'matters', {
    notes: {
      list: 'sent as matters?search={search} (search text URL-encoded when a string); search= is an alias of q= (docs/api.md)',
    },
  }),
  call(MAT, 'GET', 'matters/:id/subjects', 'collection'),
  call(MAT, 'POST', 'matters/:id/add_subject', 'record'),
  call(MAT, 'GET', 'matters/:id/authors', 'collection'),
  call(MAT, 'POST', 'matters/:id/add_author', 'record'),
  call(MAT, 'GET', 'matters/:id/tramitations', 'collection'),
  call(MAT, 'POST', 'matters/:id/tramitations', 'record'),
  call(MAT, 'GET', 'matters/:id/reports', 'collection'),
  call(MAT, 'POST', 'matters/:id/add_reports', 'record'),
  call(MAT, 'POST', 'matters/:matter_id/remove_author/:id', 'action'),
  ...applicationSet(
    'matters/matterapplication',
    'matter application; spec writes the other five as ".../{id}", ".../list" etc. relative to matters/matterapplication. ' +
      'Must be routed before the matters/:id calls',
  ),
  ...applicationSet(
    'solicitations',
    'spec: "Solicitations: the same set under solicitations" — read as the six matter-application calls with ' +
      'matters/matterapplication replaced by solicitations (alternative reading: matters/solicitations/...)',
  ),
];

// ---------------------------------------------------------------------------------------------------------------
const ADM: Group = 'Administrative';
const administrative: CatalogueCall[] = [
  ...crud(ADM, 'sectors'),
  call(ADM, 'GET', 'sectors/:id/procedures', 'collection'),
  call(ADM, 'POST', 'sectors/:id/procedures', 'record'),
  call(ADM, 'GET', 'sectors/:id/historics', 'collection'),
  call(ADM, 'POST', 'sectors/:id/historics', 'record'),
  call(ADM, 'GET', 'sectors/:id/processes', 'collection'),
  call(ADM, 'GET', 'sectors/:id/responsibles', 'collection'),
  call(ADM, 'POST', 'sectors/:id/responsibles', 'record'),
  ...crud(ADM, 'movements'),
  ...crud(ADM, 'procedures'),
  ...crud(ADM, 'responsibles'),
  ...crud(ADM, 'liberations'),
  ...crud(ADM, 'processes'),
  ...(['people', 'items', 'movements'] as const).flatMap((sub) => [
    call(ADM, 'GET', `processes/:id/${sub}`, 'collection'),
    call(ADM, 'POST', `processes/:id/${sub}`, 'record'),
    call(ADM, 'DELETE', `processes/:id/${sub}`, 'action', {
      note: `spec: "GET, POST, DELETE {id}/${sub}" — the DELETE has no item id in the path; which ${sub} to remove goes in the body`,
    }),
  ]),
];

// ---------------------------------------------------------------------------------------------------------------
const USR: Group = 'Users, roles, companies';
const users: CatalogueCall[] = [
  ...crud(USR, 'users'),
  ...crud(USR, 'admin/users', {
    notes: { list: 'the all-users (admin) variant; users are soft-deleted (restore below), so trashed=with|only applies' },
  }),
  call(USR, 'POST', 'users/:id/vincula', 'action', { note: 'links the user to a role' }),
  call(USR, 'POST', 'users/:id/desvincula', 'action', { note: 'unlinks the user from a role (POST, unlike roles/:id/desvincula)' }),
  call(USR, 'POST', 'admin/users/:id/vincula', 'action'),
  call(USR, 'POST', 'admin/users/:id/desvincula', 'action'),
  call(USR, 'POST', 'users/:id/add_contact', 'record', {
    note: 'spec: "POST and GET add_contact and contacts" — read respectively: POST add_contact, GET contacts; no admin variant listed',
  }),
  call(USR, 'GET', 'users/:id/contacts', 'collection'),
  call(USR, 'POST', 'admin/users/:id/restore', 'record', { note: 'restores a deleted user' }),
  call(USR, 'POST', 'roles/:id/vincula', 'action', {
    note: 'links the role to a permission. §7 lists no CRUD calls for roles (only vincula and desvincula), so none are catalogued',
  }),
  call(USR, 'DELETE', 'roles/:id/desvincula', 'action', { note: 'unlinks the role from a permission' }),
  ...crud(USR, 'companies'),
  call(USR, 'GET', 'states', 'collection'),
  call(USR, 'GET', 'states/:id/cities', 'collection'),
  upload(USR, 'companies', 'form with id (the brasao file)'),
  call(USR, 'POST', 'companies/update_company', 'record', { note: "updates the session's own company" }),
  call(USR, 'GET', 'companypublic/:id', 'record', { public: true, note: 'the public view of a company' }),
  ...crud(USR, 'permissions'),
  ...crud(USR, 'institutions'),
];

// ---------------------------------------------------------------------------------------------------------------
const PUB: Group = 'Public content and settings';
const searchable = [
  'portarias',
  'publicacaos',
  'banners',
  'posts',
  'places',
  'contratos',
  'licitacaos',
  'conselhos',
  'constructions',
  'convenios',
  'services',
] as const;
const uploadable = ['vehicles', 'publicacaos', 'banners', 'posts', 'themes', 'people', 'contratos', 'convenios'] as const;
const publicCrud = [
  'evaluations',
  'faqs',
  'schools',
  'vehicles',
  'banks',
  'bank_accounts',
  'items',
  'logs',
  'measures',
  'tramitation_unities',
  'historics',
  'categories',
  'contacts',
  'links',
  'themes',
] as const;
const sec = (m: Method, name: string, a: Answer, note?: string) => call(PUB, m, `secretarias/:id/${name}`, a, { note });
const publicContent: CatalogueCall[] = [
  // Secretariats
  ...crud(PUB, 'secretarias'),
  call(PUB, 'POST', 'secretarias/search', 'list', { note: 'sent as secretarias/search?page={page} (paged); query payload' }),
  sec('GET', 'contacts', 'collection'),
  sec('POST', 'add_contact', 'record'),
  sec('GET', 'secretarios', 'collection'),
  sec('POST', 'secretarios', 'record'),
  sec('POST', 'add_secretario', 'record'),
  call(PUB, 'DELETE', 'secretarios/:id', 'action', {
    note: 'spec writes it in full as "DELETE secretarios/{id}" (a top-level path, not under secretarias/:id)',
  }),
  sec('GET', 'funcoes', 'collection'),
  sec('POST', 'add_funcao', 'record'),
  call(PUB, 'DELETE', 'funcaos/:id', 'action', {
    note: 'spec writes it in full as "DELETE funcaos/{id}" (top-level, spelled funcaos while the list is funcoes)',
  }),
  // portarias ... services: CRUD plus POST {resource}/search
  ...searchable.flatMap((r) =>
    r === 'places'
      ? [] // places CRUD and places/search: already catalogued under Culture
      : [
        ...crud(PUB, r),
        call(PUB, 'POST', `${r}/search`, 'list', { note: 'query payload' }),
        ...(r === 'conselhos'
          ? [
            call(PUB, 'GET', 'conselhos/associacoes', 'collection', {
              note:
                'spec: "councils (conselhos; GET associacoes)" — read as a collection-level list (an /executive/associacoes ' +
                    'screen exists beside conselhos); alternative reading conselhos/:id/associacoes. Must be routed before GET conselhos/:id',
            }),
          ]
          : []),
      ],
  ),
  ...uploadable.map((r) => upload(PUB, r, 'form with id')),
  // Posts, watchlist, serie
  call(PUB, 'GET', 'posts_of/:type', 'collection'),
  call(PUB, 'GET', 'categories', 'list', {
    note: 'spec: "Posts: ... GET categories" — the categories list, the same call as the list of "CRUD: categories" below (one entry)',
  }),
  call(PUB, 'GET', 'watchlist/:id/posts', 'collection', {
    note: 'spec: "Watchlist: GET posts"; resource path not spelled, taken from the name as written (original may be plural)',
  }),
  call(PUB, 'GET', 'serie/:id/posts', 'collection', {
    note: 'spec: "Serie: GET, POST, DELETE posts"; resource path not spelled, taken from the name as written (original may be plural)',
  }),
  call(PUB, 'POST', 'serie/:id/posts', 'record'),
  call(PUB, 'DELETE', 'serie/:id/posts', 'action', { note: 'no post id in the path as listed; which post goes in the body' }),
  // Events
  ...crud(PUB, 'events'),
  call(PUB, 'POST', 'events/:id/add_photo', 'record'),
  call(PUB, 'GET', 'events/:id/get_photos', 'collection'),
  call(PUB, 'GET', 'events/:event/photos/:id', 'record'),
  call(PUB, 'DELETE', 'events/:event/delete_photos/:id', 'action'),
  // Menus, files
  ...crud(PUB, 'menus'),
  call(PUB, 'GET', 'menus/:id/links', 'collection'),
  call(PUB, 'POST', 'menus/:id/add_link', 'record'),
  ...crud(PUB, 'files'),
  call(PUB, 'POST', 'files/upload', 'record', { note: 'multipart; creates a file record (url, description, extension, originalName, type)' }),
  // Plain CRUD resources
  ...publicCrud.flatMap((r) => crud(PUB, r, r === 'categories' ? { skip: ['list'] } : {})),
  // People
  ...crud(PUB, 'people', { notes: { list: 'people upload (POST people/:id/upload) is catalogued with the other uploads above' } }),
  call(PUB, 'POST', 'people/:id/add_contact', 'record'),
  call(PUB, 'GET', 'people/:id/contacts', 'collection'),
];

/** Every call of spec 2 §7, in the spec's order. */
export const CATALOGUE: readonly CatalogueCall[] = Object.freeze([
  ...auth,
  ...types,
  ...culture,
  ...parliamentarians,
  ...legislative,
  ...plenary,
  ...matters,
  ...administrative,
  ...users,
  ...publicContent,
]);

/** Calls spec 2 §7 says exist but whose path it does not show (spec's wording); deliberately not in CATALOGUE. */
export const UNSPECIFIED: readonly string[] = Object.freeze([
  'Users, roles, companies: Adding or removing all roles at once exists; path not shown.',
  'Public content and settings (secretariats): An ordenadores sub-list with find, add and delete exists; paths not shown.',
]);
