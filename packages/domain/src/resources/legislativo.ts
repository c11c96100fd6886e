/**
 * Legislativo: parliamentarians and the structure around them (spec 2 §3 "Legislative area"; calls in spec 2 §7
 * "Parliamentarians" and part of "Legislatures, sessions and other legislative resources").
 *
 * Access (spec 1 §6): reading follows the menu rules — Legislaturas and Partidos only superadmin, admin, cm_admin
 * (`R.legislaturasPartidos`); every other Legislativo entry also cm_parlamentar (`R.legislativoEntries`).
 * Writing: the câmara's administrators (superadmin, admin, cm_admin); absences also the session operator
 * (cm_operador_sessao), who records them during sessions. Records of the câmara's history (mandates,
 * affiliations, boards, absences) block the deletion of the parliamentarian they belong to (409); dependents and
 * user links go with the parliamentarian (cascade).
 */
import { DOCUMENT_TYPES, f, IMAGE_TYPES } from '../fields.ts';
import { defineResource, type ResourceDef } from '../resource.ts';
import { R } from '../roles.ts';
import type { RoleName } from '../roles.ts';
import { W_MATTERS } from './materias.ts';

const IMAGE = IMAGE_TYPES;
const DOCUMENT = DOCUMENT_TYPES;

/** Who manages the câmara's legislative records. */
const ADMINS: readonly RoleName[] = ['superadmin', 'admin', 'cm_admin'];
const adminWrite = { create: ADMINS, update: ADMINS, delete: ADMINS } as const;
/** Readers of matters (materias.ts): the Legislativo entries plus the matters' writers. */
const MATTER_READERS: readonly RoleName[] = [...new Set([...R.legislativoEntries, ...W_MATTERS])];

export const parties = defineResource({
  name: 'parties', path: 'parties', tenant: { column: 'company_id' }, audit: true, permission: 'view_party',
  order: [{ from: 'founded', to: 'extinct', message: 'O campo Extinção deve ser igual ou posterior a Fundação.' }],
  label: { one: 'Partido', many: 'Partidos', gender: 'm' },
  fields: {
    abbreviations: f.text({ label: 'Sigla', required: true, max: 20, unique: true }),
    name: f.text({ label: 'Nome', required: true, max: 150 }),
    /** the party's electoral number (TSE), two digits */
    number: f.int({ label: 'Número', min: 10, max: 99, filter: true }),
    founded: f.date({ label: 'Fundação' }),
    extinct: f.date({ label: 'Extinção' }),
    observation: f.longtext({ label: 'Observação', max: 5000 }),
    logo: f.file({ label: 'Logo', accept: IMAGE, maxMB: 5, public: true }),
  },
  list: { columns: ['logo', 'abbreviations', 'name', 'number', 'founded'], sort: 'name', search: ['name', 'abbreviations'] },
  display: 'abbreviations',
  access: { read: R.legislaturasPartidos, ...adminWrite },
  actions: {
    all: { method: 'GET', path: 'all', summary: 'Todos os partidos (sem paginação, por nome)', access: R.legislaturasPartidos },
  },
  screen: '/legislativo/parties',
});

export const coalitions = defineResource({
  name: 'coalitions', path: 'coalitions', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Coligação', many: 'Coligações', gender: 'f' },
  fields: {
    name: f.text({ label: 'Nome', required: true, max: 150 }),
    description: f.longtext({ label: 'Descrição', max: 5000 }),
  },
  list: { columns: ['name', 'description'], sort: 'name', search: ['name', 'description'] },
  display: 'name',
  access: { read: R.legislativoEntries, ...adminWrite },
});

export const legislatures = defineResource({
  name: 'legislatures', path: 'legislatures', tenant: { column: 'company_id' }, audit: true,
  order: [{ from: 'inicio', to: 'fim', message: 'O campo Fim deve ser igual ou posterior a Início.' }],
  label: { one: 'Legislatura', many: 'Legislaturas', gender: 'f' },
  fields: {
    numero: f.int({ label: 'Número', required: true, min: 1, max: 999, unique: true }),
    descricao: f.text({ label: 'Descrição', required: true, max: 150 }),
    /** election day */
    eleicao: f.date({ label: 'Data da eleição' }),
    inicio: f.date({ label: 'Início', required: true }),
    fim: f.date({ label: 'Fim', required: true }),
  },
  list: { columns: ['numero', 'descricao', 'eleicao', 'inicio', 'fim'], sort: '-inicio', search: ['descricao'] },
  display: 'descricao',
  access: { read: R.legislaturasPartidos, ...adminWrite },
  children: {
    /** spelled "legislative_sections" by the contract (the records are legislative sessions) */
    legislative_sections: { resource: 'legislative_sessions', fk: 'legislature_id', list: 'legislative_sections' },
  },
  screen: '/legislativo/legislatures',
});

/** A sessão legislativa: the yearly period of work inside a legislature (ordinária, extraordinária). */
export const legislativeSessions = defineResource({
  name: 'legislative_sessions', path: 'legislative_sessions', tenant: { column: 'company_id' }, audit: true,
  order: [{ from: 'inicio', to: 'fim', message: 'O campo Fim deve ser igual ou posterior a Início.' }, { from: 'inicioIntervalo', to: 'fimIntervalo', message: 'O campo Fim do recesso deve ser igual ou posterior a Início do recesso.' }],
  label: { one: 'Sessão legislativa', many: 'Sessões legislativas', gender: 'f' },
  fields: {
    numero: f.int({ label: 'Número', required: true, min: 1, max: 999 }),
    legislature_id: f.ref({ label: 'Legislatura', to: 'legislatures', display: 'descricao', required: true }),
    type_id: f.type('legislative_sessions', { label: 'Tipo' }),
    inicio: f.date({ label: 'Início', required: true }),
    fim: f.date({ label: 'Fim', required: true }),
    inicioIntervalo: f.date({ label: 'Início do recesso' }),
    fimIntervalo: f.date({ label: 'Fim do recesso' }),
  },
  list: { columns: ['numero', 'legislature_id', 'type_id', 'inicio', 'fim'], sort: '-inicio', search: [] },
  display: 'numero',
  access: { read: R.legislativoEntries, ...adminWrite },
  children: {
    /** GET and POST legislative_sessions/:id/boards: the Mesa Diretora of the session */
    boards: { resource: 'boards', fk: 'legislative_session_id', list: 'boards', add: 'boards' },
  },
});

/** A seat of the Mesa Diretora (presidente, vice, secretários) in a legislative session. */
export const boards = defineResource({
  name: 'boards', path: 'boards', tenant: { column: 'company_id' }, audit: true, permission: 'view_board',
  label: { one: 'Cargo da Mesa Diretora', many: 'Mesa Diretora', gender: 'm' },
  fields: {
    legislative_session_id: f.ref({ label: 'Sessão legislativa', to: 'legislative_sessions', display: 'numero', required: true, onDelete: 'cascade' }),
    cargo_id: f.type('cargos_mesa', { label: 'Cargo', required: true }),
    parliamentary_id: f.ref({ label: 'Parlamentar', to: 'parliamentaries', display: 'nome', required: true }),
    obs: f.longtext({ label: 'Observação', max: 2000 }),
  },
  list: { columns: ['legislative_session_id', 'cargo_id', 'parliamentary_id', 'obs'], sort: 'legislative_session_id', search: ['obs'] },
  display: 'obs',
  access: { read: R.legislativoEntries, ...adminWrite },
  screen: '/legislativo/boards',
});

export const parliamentaries = defineResource({
  name: 'parliamentaries', path: 'parliamentaries', tenant: { column: 'company_id' }, audit: true, permission: 'view_parliamentary',
  deleteHint: 'Para tirá-lo das listas, marque-o como inativo.',
  label: { one: 'Parlamentar', many: 'Parlamentares', gender: 'm' },
  fields: {
    /** nome parlamentar (as on the ballot) */
    nome: f.text({ label: 'Nome parlamentar', required: true, max: 120 }),
    nomeCompleto: f.text({ label: 'Nome completo', max: 200 }),
    ativo: f.bool({ label: 'Ativo', default: true }),
    profissao: f.text({ label: 'Profissão', max: 120 }),
    biografia: f.longtext({ label: 'Biografia', max: 20_000 }),
    numGabinete: f.text({ label: 'Gabinete', max: 20 }),
    fone: f.phone({ label: 'Telefone' }),
    foneResidencial: f.phone({ label: 'Telefone residencial' }),
    endResidencial: f.text({ label: 'Endereço residencial', max: 255 }),
    cep: f.cep({ label: 'CEP' }),
    /** bairros, distritos or causes the parliamentarian works for */
    locaisAtuacao: f.longtext({ label: 'Locais de atuação', max: 2000 }),
    city_id: f.ref({ label: 'Município', to: 'cities', display: 'nome' }),
    person_id: f.ref({ label: 'Pessoa', to: 'people', onDelete: 'set null' }),
    /** reason of a leave (licença, cargo no Executivo...), when away */
    afastamento_id: f.type('afastamentos', { label: 'Afastamento' }),
    photo_parliamentary: f.file({ label: 'Foto', accept: IMAGE, maxMB: 5, public: true }),
  },
  list: { columns: ['photo_parliamentary', 'nome', 'nomeCompleto', 'numGabinete', 'fone', 'ativo'], sort: 'nome', search: ['nome', 'nomeCompleto', 'profissao'] },
  display: 'nome',
  access: { read: R.legislativoEntries, ...adminWrite },
  actions: {
    active: { method: 'GET', path: 'active', summary: 'Parlamentares ativos (sem paginação; usado também pelos operadores de sessão e do painel)', access: R.legislativoModule },
    company: { method: 'GET', path: '/parliamentariesCompany/:id', summary: 'Parlamentares ativos da entidade {id}, para o portal (público: nome, partido, foto)', access: 'public' },
    is_parliamentary: { method: 'GET', path: '/is-parliamentary', summary: 'Se o usuário da sessão está vinculado a um parlamentar, e qual', access: 'authenticated' },
    // matters and propositions of a parliamentarian are those of their author record (authors.parliamentary_id,
    // defined in materias.ts); the add calls create that author record when missing
    get_matters: { method: 'GET', path: ':id/get_matters', summary: 'Matérias de autoria do parlamentar (paginado)', access: MATTER_READERS },
    add_matter: {
      method: 'POST', path: ':id/add_matter',
      summary: 'Inclui o parlamentar como autor de uma matéria: { matter_id } de matéria existente, ou os campos de uma nova matéria',
      access: W_MATTERS,
    },
    propositions: { method: 'GET', path: ':id/propositions', summary: 'Proposições de autoria do parlamentar (paginado)', access: MATTER_READERS },
    add_proposition: { method: 'POST', path: ':id/add_proposition', summary: 'Cria uma proposição de autoria do parlamentar (campos da proposição)', access: W_MATTERS },
    update_form: {
      method: 'POST', path: ':id',
      summary: 'Altera o parlamentar com um formulário (POST ?_method=PUT; JSON ou multipart/form-data, com id e opcionalmente photo_parliamentary); ?_method=DELETE exclui',
      access: ADMINS,
    },
  },
  children: {
    dependents: { resource: 'dependents', fk: 'parliamentary_id', list: 'get_dependents', add: 'add_dependent' },
    mandates: { resource: 'mandates', fk: 'parliamentary_id', list: 'get_mandates', add: 'add_mandates' },
    affiliations: { resource: 'affiliations', fk: 'parliamentary_id', list: 'get_affiliations', add: 'add_affiliation' },
    /** relatorias (materias.ts `reports`, fk parliamentary_id) */
    reports: { resource: 'reports', fk: 'parliamentary_id', list: 'reports', add: 'add_report' },
    /** the parliamentarian's seats in commission compositions (materias.ts `participants`: composition → commission, cargo) */
    comissions: { resource: 'participants', fk: 'parliamentary_id', list: 'get_comissions', add: 'add_comission', label: 'Comissões' },
    /** the parliamentarian's posts in bancadas and blocos (bancadas.ts `membros_bancada`), read here, written on the group */
    bancadas: {
      resource: 'membros_bancada', fk: 'parliamentary_id', list: 'bancadas', label: 'Bancadas e blocos',
      columns: ['bancada_id', 'bloco_id', 'cargo', 'inicio', 'fim'], sort: '-inicio',
    },
    /**
     * matters of which the parliamentarian is an author (the actions above): read here, opened on the matter's screen;
     * written there, where a matter is numbered, signed and authored (no "Adicionar" here: it would be a second way in)
     */
    matters: {
      resource: 'matters', calls: { list: 'get_matters' }, open: 'screen',
      columns: ['identificacao', 'type_id', 'dataApresentacao', 'ementa', 'status_atual_id', 'emTramitacao'],
    },
    /** propositions authored by the parliamentarian: "Adicionar" creates one with them as its author */
    propositions: { resource: 'propositions', fk: 'author_id', calls: { list: 'propositions', add: 'add_proposition' }, open: 'screen' },
  },
  links: {
    /** the users who act as this parliamentarian (vote, sign matters); read by GET is-parliamentary */
    users: { target: 'users', list: 'get_users', add: 'add_user', remove: 'remove_user', removeMethod: 'POST', removeById: true },
  },
  screen: '/legislativo/parliamentarians',
});

export const mandates = defineResource({
  name: 'mandates', path: 'mandates', tenant: { column: 'company_id' }, audit: true,
  order: [{ from: 'inicio', to: 'fim', message: 'O campo Fim deve ser igual ou posterior a Início.' }],
  label: { one: 'Mandato', many: 'Mandatos', gender: 'm' },
  fields: {
    parliamentary_id: f.ref({ label: 'Parlamentar', to: 'parliamentaries', display: 'nome', required: true }),
    legislature_id: f.ref({ label: 'Legislatura', to: 'legislatures', display: 'descricao', required: true }),
    coalition_id: f.ref({ label: 'Coligação', to: 'coalitions', display: 'name' }),
    votos: f.int({ label: 'Votos', min: 0 }),
    inicio: f.date({ label: 'Início' }),
    fim: f.date({ label: 'Fim' }),
    diplomacao: f.date({ label: 'Diplomação' }),
    /** titular (true) or suplente in office (false) */
    titular: f.bool({ label: 'Titular', default: true }),
    obs: f.longtext({ label: 'Observação', max: 2000 }),
  },
  list: { columns: ['parliamentary_id', 'legislature_id', 'votos', 'inicio', 'fim', 'titular'], sort: '-inicio', search: ['obs'] },
  display: 'inicio',
  access: { read: R.legislativoEntries, ...adminWrite },
});

export const dependents = defineResource({
  name: 'dependents', path: 'dependents', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Dependente', many: 'Dependentes', gender: 'm' },
  fields: {
    parliamentary_id: f.ref({ label: 'Parlamentar', to: 'parliamentaries', display: 'nome', required: true, onDelete: 'cascade' }),
    name: f.text({ label: 'Nome', required: true, max: 150 }),
    type_id: f.type('dependents', { label: 'Parentesco' }),
    person_id: f.ref({ label: 'Pessoa', to: 'people', onDelete: 'set null' }),
  },
  list: { columns: ['name', 'type_id', 'parliamentary_id'], sort: 'name', search: ['name'] },
  display: 'name',
  access: { read: R.legislativoEntries, ...adminWrite },
});

const SESSION_WRITERS: readonly RoleName[] = [...ADMINS, 'cm_operador_sessao'];

export const absences = defineResource({
  name: 'absences', path: 'absences', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Ausência', many: 'Ausências', gender: 'f' },
  fields: {
    parliamentary_id: f.ref({ label: 'Parlamentar', to: 'parliamentaries', display: 'nome', required: true }),
    data: f.date({ label: 'Data', required: true }),
    horario: f.time({ label: 'Horário' }),
    obs: f.longtext({ label: 'Justificativa', max: 5000 }),
    /** atestado or other proof */
    anexo: f.file({ label: 'Anexo', accept: DOCUMENT, maxMB: 10 }),
  },
  list: { columns: ['data', 'horario', 'parliamentary_id', 'obs', 'anexo'], sort: '-data', search: ['obs'] },
  display: 'data',
  access: { read: [...R.legislativoEntries, 'cm_operador_sessao'], create: SESSION_WRITERS, update: SESSION_WRITERS, delete: SESSION_WRITERS },
});

export const affiliations = defineResource({
  name: 'affiliations', path: 'affiliations', tenant: { column: 'company_id' }, audit: true,
  order: [{ from: 'inicio', to: 'fim', message: 'O campo Fim deve ser igual ou posterior a Início.' }],
  label: { one: 'Filiação partidária', many: 'Filiações partidárias', gender: 'f' },
  fields: {
    parliamentary_id: f.ref({ label: 'Parlamentar', to: 'parliamentaries', display: 'nome', required: true }),
    party_id: f.ref({ label: 'Partido', to: 'parties', display: 'abbreviations', required: true }),
    inicio: f.date({ label: 'Início', required: true }),
    /** empty while the affiliation lasts */
    fim: f.date({ label: 'Fim' }),
    obs: f.longtext({ label: 'Observação', max: 2000 }),
    /** ficha de filiação (POST affiliations/:id/upload) */
    anexo: f.file({ label: 'Ficha de filiação', accept: DOCUMENT, maxMB: 10 }),
  },
  list: { columns: ['parliamentary_id', 'party_id', 'inicio', 'fim'], sort: '-inicio', search: ['obs'] },
  display: 'inicio',
  access: { read: R.legislativoEntries, ...adminWrite },
});

/** Staff of the câmara with their monthly pay (proventos, descontos, líquido), as published for transparency. */
export const agents = defineResource({
  name: 'agents', path: 'agents', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Agente', many: 'Agentes', gender: 'm' },
  fields: {
    name: f.text({ label: 'Nome', required: true, max: 150 }),
    matricula: f.text({ label: 'Matrícula', max: 30, unique: true }),
    provento: f.money({ label: 'Proventos' }),
    desconto: f.money({ label: 'Descontos' }),
    /** computed as proventos − descontos when not given */
    liquido: f.money({ label: 'Líquido' }),
    person_id: f.ref({ label: 'Pessoa', to: 'people', onDelete: 'set null' }),
  },
  list: { columns: ['matricula', 'name', 'provento', 'desconto', 'liquido'], sort: 'name', search: ['name', 'matricula'] },
  display: 'name',
  access: { read: [...R.legislativoEntries, 'licitacao'], ...adminWrite }, // also listed under Licitação (/licitacao/agents)
  screen: '/legislativo/agents',
});

export const RESOURCES: readonly ResourceDef[] = [
  parties, coalitions, legislatures, legislativeSessions, parliamentaries, boards, mandates, dependents, absences, affiliations, agents,
];
