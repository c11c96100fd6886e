/**
 * Culture registry (spec 2 §3 "Culture registry": Artist, Culture group, Cultural venue) and the ombudsman
 * (Ouvidoria, no spec entity: Lei 13.460/2017).
 *
 * Access (spec 1 §6): the Cultural module (R.cultura: superadmin, admin, pm_cultura_admin) reads and writes every
 * artist, group and the registry's history. Artists and groups (pm_cultura_artista, pm_cultura_grupo) keep their own
 * record through "Meu Cadastro" (`artists/mine`, `artist_groups/mine`), and reach it through the generic routes too:
 * the row scope (`rows.own` on `user_id`) limits them to it on every route (list, show, update, upload, files, the
 * `progress` sub-list), and a second account's registration is a 404 (issue 11). Deleting and reviewing are the
 * culture staff's. Places (cultural venues, schools and other public places, kind from the `places` types) are read
 * and written by the roles of the screens that show them: the Cultural module (Equipamentos Culturais), the
 * Configurações/Site managers (mananger, cm_admin) and licitacao; not by artists and groups.
 *
 * Registration review (docs/workflows/cadastro-cultural.md), declared record actions of the culture staff, each from
 * the states it may run from (REVIEW): pendente → em_analise (`analisar`) → ativo (`ativar`) | recusado (`recusar`,
 * with a reason) | pendente (`devolver` for correction, with a reason); ativo → inativo (`inativar`, with a reason) →
 * ativo; recusado → em_analise (reconsideration). A refused registration corrected by its registrant goes back to
 * pendente by itself. Each change is kept in `culture_progress` and the audit log. `add_progress` (spec 2) takes a
 * target `situacao` (or the next natural step: pendente → em_analise → ativo) through the same transitions.
 *
 * The self-registration's `senha`/`confirmaSenha` belong to the user account (`POST /api/register`), never to the
 * artist row: a record links to its account by `user_id`. Flow: register → `POST artists/mine` (or
 * `artist_groups/mine`) → staff `add_progress`. `GET /api/is-artist` answers
 * `{ data: { isArtist, isGroup, artist: {id, nomeCompleto, nomeArtistico, situacao} | null, artist_group: {id, nome, situacao} | null } }`.
 *
 * Linguagens (`liguagemSelect`) is a list of slugs of the `linguagens` types, chosen by name (f.multi). An artist's
 * `foto` and `portfolio` are lists of files, as spec 2 has them; a group keeps spec 2's single `foto` and `portfolio`
 * and adds the lists `fotos` and `portfolios` (decision 0023). A manifestação's `texto` is the citizen's and is never
 * changed after it was registered (createOnly).
 *
 * `GET artists/print` answers a self-contained, escaped HTML document (A4 landscape print styles, no scripts,
 * CSP `default-src 'none'`), or CSV for Excel pt-BR with `?format=csv` (';', BOM, formulas neutralised); the list
 * filters (situacao, bairro, q) apply; CPFs are masked (LGPD).
 *
 * Ombudsman (docs/workflows/ouvidoria.md): protocol `NNNNNN/AAAA`, numbered per company and year (the `sequence` of
 * `numero`, engine/sequences.ts); situação recebida → em_analise (first staff change) → encaminhada (`encaminhar`
 * to a sector) → respondida (`responder`) → encerrada (`encerrar`); `prazo` = registration + 30 days, `prorrogar` once
 * by 30 with a justification (Lei 13.460/2017, art. 16); `emAtraso` computed on reading (the definition's deadline).
 * Each is a declared record action with the states it runs from.
 * Citizens file without signing in at `POST /api/public/manifestacoes` (company_id in the body; 10 per IP per
 * 10 minutes) and get the protocol plus a follow-up code for `GET /api/public/manifestacoes/consulta`.
 */
import { z } from 'zod';
import { DOCUMENT_TYPES, f } from '../fields.ts';
import { createSchema, defineResource, type ActionDef, type InboxEntry, type ResourceDef, type RowScope } from '../resource.ts';
import { R, type RoleName } from '../roles.ts';
import { ANEXOS_CIDADAO, HONEYPOT, anexosForm } from './sic.ts';

const IMAGE = ['image/png', 'image/jpeg', 'image/webp'] as const;
const PORTFOLIO = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;

/** Who reads and writes places: culture admins, the Configurações/Site managers and licitação (spec 1 §6 screens showing places). */
const PLACE_WRITERS: readonly RoleName[] = [...R.cultura, 'mananger', 'cm_admin', 'licitacao'];

/* ------------------------------------------------------------------ Registration states */

export const SITUACOES = [
  { value: 'pendente', label: 'Pendente' },
  { value: 'em_analise', label: 'Em análise' },
  { value: 'ativo', label: 'Ativo' },
  { value: 'recusado', label: 'Recusado' },
  { value: 'inativo', label: 'Inativo' },
] as const;
export type Situacao = (typeof SITUACOES)[number]['value'];

const label = (v: Situacao): string => SITUACOES.find((x) => x.value === v)!.label;

/**
 * The review of a registration: each step a record action of the culture staff (artists and groups alike), run from
 * the states listed, to one state; `motivo` names the reason its form asks for (required).
 */
export const REVIEW = {
  analisar: { to: 'em_analise', from: ['pendente', 'recusado'], label: 'Iniciar análise', rule: 'Só cadastros pendentes ou recusados entram em análise.',
    confirm: 'O cadastro passa a "Em análise".' },
  ativar: { to: 'ativo', from: ['em_analise', 'inativo'], label: 'Ativar', rule: 'Só cadastros em análise (ou inativos) podem ser ativados.',
    confirm: 'O cadastro passa a "Ativo".' },
  recusar: { to: 'recusado', from: ['pendente', 'em_analise'], label: 'Recusar', rule: 'Só cadastros pendentes ou em análise podem ser recusados.',
    motivo: 'Motivo da recusa', tone: 'danger' },
  devolver: { to: 'pendente', from: ['em_analise'], label: 'Devolver para correção', rule: 'Só cadastros em análise podem ser devolvidos para correção.',
    motivo: 'O que deve ser corrigido' },
  inativar: { to: 'inativo', from: ['ativo'], label: 'Inativar', rule: 'Só cadastros ativos podem ser inativados.', motivo: 'Motivo da inativação', tone: 'danger' },
} as const satisfies Record<string, { to: Situacao; from: readonly Situacao[]; label: string; rule: string; confirm?: string; motivo?: string; tone?: 'danger' }>;
export type ReviewStep = keyof typeof REVIEW;

/** Allowed transitions of a registration (artist or group), from the review's steps. */
export const TRANSITIONS = Object.fromEntries(SITUACOES.map(({ value }) => [
  value, Object.values(REVIEW).filter((st) => (st.from as readonly Situacao[]).includes(value)).map((st) => st.to),
])) as unknown as Record<Situacao, readonly Situacao[]>;
/** Target when add_progress is called without one. */
export const NEXT_STEP: Partial<Record<Situacao, Situacao>> = { pendente: 'em_analise', em_analise: 'ativo', recusado: 'em_analise', inativo: 'ativo' };
/** Transitions that must carry a reason. */
export const NEEDS_REASON: ReadonlySet<Situacao> = new Set(Object.values(REVIEW).filter((st) => 'motivo' in st).map((st) => st.to));
/** The review step that leads to a state. */
export const stepTo = (to: Situacao): ReviewStep | undefined => (Object.keys(REVIEW) as ReviewStep[]).find((k) => REVIEW[k].to === to);

/** The review's record actions of a registration resource (`{path}/:id/{step}`), for the culture staff. */
function reviewActions(noun: string): Record<ReviewStep, ActionDef> {
  const out = {} as Record<ReviewStep, ActionDef>;
  for (const [name, st] of Object.entries(REVIEW) as [ReviewStep, (typeof REVIEW)[ReviewStep]][]) {
    out[name] = {
      method: 'POST', path: `:id/${name}`, access: R.cultura, label: st.label,
      summary: `${st.label}: o cadastro ${noun} passa a "${label(st.to)}"${'motivo' in st ? ' (motivo obrigatório)' : ''}`,
      when: [{ field: 'situacao', in: st.from, reason: `Situação do cadastro: {situacao}. ${st.rule}` }],
      ...('confirm' in st ? { confirm: st.confirm } : {}),
      ...('tone' in st ? { tone: st.tone } : {}),
      ...('motivo' in st ? { form: { motivo: f.longtext({ label: st.motivo, required: true, min: 5, max: 1000 }) } } : {}),
    };
  }
  return out;
}

/** Artists and groups keep their own registration (the rows whose `user_id` is theirs); the culture staff, all. */
export const REGISTRANTS = R.culturaCadastrantes;
const registrationAccess = { read: [...R.cultura, ...REGISTRANTS], create: [...R.cultura, ...REGISTRANTS], update: [...R.cultura, ...REGISTRANTS], delete: R.cultura } as const;
const registrationRows = { all: ['admin', 'pm_cultura_admin'], own: { field: 'user_id', mine: 'user' } } as const satisfies RowScope;
/** "Minhas pendências" of the culture staff: the registrations waiting for the review */
const toReview = (noun: string): InboxEntry[] => [
  { key: 'analise', label: `Cadastros de ${noun} a analisar`, roles: R.cultura, where: [{ field: 'situacao', in: ['pendente', 'em_analise'] }] },
];

const progressInput = z.object({
  situacao: z.enum(SITUACOES.map((s) => s.value) as [Situacao, ...Situacao[]], { error: 'Escolha uma situação válida.' }).optional(),
  motivo: z.string({ error: 'Motivo inválido.' }).trim().max(1000, 'O motivo deve ter no máximo 1000 caracteres.').optional(),
}).nullish(); // the original client posts add_progress without a body

/* ------------------------------------------------------------------ Shared field groups */

/** IBGE colour/race categories (self-declaration, used for funding quotas: Decreto 11.525/2023, Lei Paulo Gustavo). */
export const RACA_COR = [
  { value: 'branca', label: 'Branca' }, { value: 'preta', label: 'Preta' }, { value: 'parda', label: 'Parda' },
  { value: 'amarela', label: 'Amarela' }, { value: 'indigena', label: 'Indígena' }, { value: 'nao_declarada', label: 'Prefiro não declarar' },
] as const;
const COMUNIDADES = [
  { value: 'nenhuma', label: 'Não pertenço' }, { value: 'indigena', label: 'Povo indígena' }, { value: 'quilombola', label: 'Comunidade quilombola' },
  { value: 'cigana', label: 'Povo cigano' }, { value: 'terreiro', label: 'Povo de terreiro' }, { value: 'ribeirinha', label: 'Comunidade ribeirinha' },
  { value: 'outra', label: 'Outra comunidade tradicional' },
] as const;
/** Mirror the national `bank_accounts` types; a select because the contract's key (`tipoConta`) holds the value. */
const TIPOS_CONTA = [
  { value: 'corrente', label: 'Conta corrente' }, { value: 'poupanca', label: 'Conta poupança' }, { value: 'pagamento', label: 'Conta de pagamento' },
] as const;

const address = {
  endereco: f.text({ label: 'Endereço', max: 200 }),
  numero: f.text({ label: 'Número', max: 20 }),
  bairro: f.text({ label: 'Bairro', max: 100, filter: true }),
  cep: f.cep({ label: 'CEP' }),
};
const bank = {
  /** bank as "código - nome" (e.g. "001 - Banco do Brasil"), as the registration form collects it */
  banco: f.text({ label: 'Banco', max: 100 }),
  agencia: f.text({ label: 'Agência', max: 20 }),
  conta: f.text({ label: 'Conta', max: 30 }),
  tipoConta: f.select({ label: 'Tipo de conta', options: TIPOS_CONTA, filter: false }),
};
const registration = {
  /** changed only by the review's actions (and add_progress); a refused registration corrected by its registrant goes back to pendente */
  situacao: f.select({ label: 'Situação', options: SITUACOES, readOnly: true }),
  motivoSituacao: f.text({ label: 'Motivo da situação', max: 1000, readOnly: true }),
  /** the user account of the artist or group (self-registration); one record per account */
  user_id: f.ref({ label: 'Usuário', to: 'users', display: 'name', onDelete: 'set null', unique: true }),
};
/** Cultural languages: a list of slugs of the `linguagens` types (national and the company's own), chosen by name. */
const linguagens = f.multi({ label: 'Linguagens', typeOf: 'linguagens', help: 'Escolha uma ou mais linguagens artísticas.' });
/** At most this many photos and portfolio files per registration. */
const MAX_FILES = 10;

/* ------------------------------------------------------------------ Artists */

export const artists = defineResource({
  name: 'artists', path: 'artists', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Artista', many: 'Artistas', gender: 'm' },
  fields: {
    nomeCompleto: f.text({ label: 'Nome completo', required: true, max: 200 }),
    nomeSocial: f.text({ label: 'Nome social', max: 200 }),
    nomeArtistico: f.text({ label: 'Nome artístico', max: 200 }),
    cpf: f.cpf({ label: 'CPF', required: true, unique: true }),
    dataNascimento: f.date({ label: 'Data de nascimento' }),
    nomePai: f.text({ label: 'Nome do pai', max: 200 }),
    nomeMae: f.text({ label: 'Nome da mãe', max: 200 }),
    /** the contract's key holds the value (not a *_id reference); options mirror the national `gender` types */
    Sexo: f.select({
      label: 'Sexo', options: [
        { value: 'feminino', label: 'Feminino' }, { value: 'masculino', label: 'Masculino' },
        { value: 'nao_binario', label: 'Não binário' }, { value: 'nao_informado', label: 'Prefiro não informar' },
      ],
    }),
    /** options mirror the national `escolaridade` types */
    Escolaridade: f.select({
      label: 'Escolaridade', filter: false, options: [
        { value: 'fundamental_incompleto', label: 'Ensino fundamental incompleto' }, { value: 'fundamental', label: 'Ensino fundamental completo' },
        { value: 'medio_incompleto', label: 'Ensino médio incompleto' }, { value: 'medio', label: 'Ensino médio completo' },
        { value: 'superior_incompleto', label: 'Superior incompleto' }, { value: 'superior', label: 'Superior completo' },
        { value: 'pos', label: 'Pós-graduação' }, { value: 'mestrado', label: 'Mestrado' }, { value: 'doutorado', label: 'Doutorado' },
      ],
    }),
    /** self-declarations (recorded data for quotas, not free text) */
    racaCor: f.select({ label: 'Raça/cor (autodeclaração, IBGE)', options: RACA_COR }),
    comunidadeTradicional: f.select({ label: 'Povo ou comunidade tradicional (autodeclaração)', options: COMUNIDADES }),
    pcd: f.bool({ label: 'Pessoa com deficiência (autodeclaração)' }),
    ...address,
    celular: f.phone({ label: 'Celular' }),
    email: f.email({ label: 'E-mail' }),
    ...bank,
    /** the account holder must be the artist: defaults to the artist's CPF when bank data is given; another CPF is refused */
    cpfTitularConta: f.cpf({ label: 'CPF do titular da conta' }),
    historico: f.longtext({ label: 'Histórico artístico', max: 10_000 }),
    informes: f.longtext({ label: 'Informações adicionais', max: 5000 }),
    /** average number of presentations a year */
    mediaApresentacao: f.int({ label: 'Média de apresentações por ano', min: 0, max: 10_000 }),
    auxilioEmergencial: f.bool({ label: 'Recebeu auxílio emergencial' }),
    mulherProvedora: f.bool({ label: 'Mulher provedora de família monoparental' }),
    rendaIndividual: f.money({ label: 'Renda individual mensal' }),
    participaGrupo: f.bool({ label: 'Participa de grupo cultural' }),
    liguagemSelect: linguagens,
    /** lists of files, as spec 2 has them (`foto (list)`, `portfolio (list)`) */
    foto: f.file({ label: 'Fotos', accept: IMAGE, maxMB: 5, multiple: MAX_FILES }),
    portfolio: f.file({ label: 'Portfólio', accept: PORTFOLIO, maxMB: 20, multiple: MAX_FILES }),
    declaracaoMorador: f.bool({ label: 'Declaro residir no município' }),
    declaracaoAutentico: f.bool({ label: 'Declaro que as informações são verdadeiras' }),
    ...registration,
  },
  list: {
    columns: ['foto', 'nomeCompleto', 'nomeArtistico', 'cpf', 'bairro', 'celular', 'situacao', 'created_at'],
    sort: 'nomeCompleto',
    search: ['nomeCompleto', 'nomeSocial', 'nomeArtistico', 'cpf', 'email'],
  },
  display: 'nomeCompleto',
  access: registrationAccess,
  rows: registrationRows,
  summary: ['situacao', 'motivoSituacao'],
  inbox: toReview('artistas'),
  actions: {
    ...reviewActions('do artista'),
    add_progress: { method: 'POST', path: ':id/add_progress', summary: 'Avança a situação do cadastro (análise, ativação, recusa com motivo)', input: progressInput, access: R.cultura },
    print: { method: 'GET', path: 'print', summary: 'Relação imprimível dos artistas (HTML; ?format=csv para planilha; filtros: situacao, bairro, q)', access: R.cultura },
    mine: { method: 'GET', path: 'mine', summary: 'Meu Cadastro: o registro de artista do usuário (ou null)', access: R.culturaMeuCadastro },
    mine_create: { method: 'POST', path: 'mine', summary: 'Meu Cadastro: cria o registro de artista do usuário', access: R.culturaMeuCadastro },
    mine_update: { method: 'PUT', path: 'mine', summary: 'Meu Cadastro: altera o registro de artista do usuário', access: R.culturaMeuCadastro },
    mine_upload: { method: 'POST', path: 'mine/upload', summary: 'Meu Cadastro: envia uma foto ou um arquivo do portfólio (multipart)', access: R.culturaMeuCadastro },
    mine_remove_file: { method: 'DELETE', path: 'mine/upload/:field/:fileId', summary: 'Meu Cadastro: remove uma foto ou um arquivo do portfólio', access: R.culturaMeuCadastro },
    is_artist: { method: 'GET', path: '/is-artist', summary: 'Se o usuário tem cadastro de artista ou de grupo cultural, e qual', access: 'authenticated' },
  },
  children: { progress: { resource: 'culture_progress', fk: 'artist_id', list: 'progress', read: registrationAccess.read } },
  screen: '/culture/artist',
});

/* ------------------------------------------------------------------ Culture groups */

export const artistGroups = defineResource({
  name: 'artist_groups', path: 'artist_groups', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Grupo cultural', many: 'Grupos culturais', gender: 'm' },
  fields: {
    nome: f.text({ label: 'Nome do grupo', required: true, max: 200 }),
    nomeResponsavel: f.text({ label: 'Responsável', required: true, max: 200 }),
    /** not in the spec: the responsible person's CPF (groups without CNPJ are represented by a person) */
    cpfResponsavel: f.cpf({ label: 'CPF do responsável' }),
    cnpj: f.cnpj({ label: 'CNPJ', unique: true }),
    /** not in spec 2: the responsible's self-declaration, which the funding calls' quotas read for a group (resources/fomento.ts) */
    racaCorResponsavel: f.select({ label: 'Raça/cor do responsável (autodeclaração, IBGE)', options: RACA_COR, filter: false }),
    comunidadeTradicional: f.select({ label: 'Povo ou comunidade tradicional do grupo (autodeclaração)', options: COMUNIDADES, filter: false }),
    ...address,
    celular: f.phone({ label: 'Celular' }),
    email: f.email({ label: 'E-mail' }),
    nomeParticipantes: f.longtext({ label: 'Participantes', max: 5000, help: 'Um nome por linha.' }),
    historico: f.longtext({ label: 'Histórico do grupo', max: 10_000 }),
    proposta: f.longtext({ label: 'Proposta', max: 10_000 }),
    informes: f.longtext({ label: 'Informações adicionais', max: 5000 }),
    mediaApresentacao: f.int({ label: 'Média de apresentações por ano', min: 0, max: 10_000 }),
    rendaProvem: f.text({ label: 'De onde provém a renda do grupo', max: 255 }),
    ...bank,
    /** holder of the bank account: the group's CNPJ or its responsible's CPF (refused otherwise) */
    documentoTitularConta: f.text({ label: 'CPF/CNPJ do titular da conta', max: 18 }),
    liguagemSelect: linguagens,
    /** spec 2 has one photo and one portfolio file per group: kept so, with a companion list of more of each */
    foto: f.file({ label: 'Foto', accept: IMAGE, maxMB: 5 }),
    fotos: f.file({ label: 'Outras fotos', accept: IMAGE, maxMB: 5, multiple: MAX_FILES }),
    portfolio: f.file({ label: 'Portfólio', accept: PORTFOLIO, maxMB: 20 }),
    portfolios: f.file({ label: 'Outros arquivos do portfólio', accept: PORTFOLIO, maxMB: 20, multiple: MAX_FILES }),
    declaracaoAutentico: f.bool({ label: 'Declaro que as informações são verdadeiras' }),
    ...registration,
  },
  list: {
    columns: ['foto', 'nome', 'nomeResponsavel', 'cnpj', 'bairro', 'situacao', 'created_at'],
    sort: 'nome',
    search: ['nome', 'nomeResponsavel', 'cnpj', 'email'],
  },
  display: 'nome',
  access: registrationAccess,
  rows: registrationRows,
  summary: ['situacao', 'motivoSituacao'],
  inbox: toReview('grupos culturais'),
  actions: {
    ...reviewActions('do grupo'),
    add_progress: { method: 'POST', path: ':id/add_progress', summary: 'Avança a situação do cadastro do grupo', input: progressInput, access: R.cultura },
    mine: { method: 'GET', path: 'mine', summary: 'Meu Cadastro: o grupo cultural do usuário (ou null)', access: R.culturaMeuCadastro },
    mine_create: { method: 'POST', path: 'mine', summary: 'Meu Cadastro: cria o grupo cultural do usuário', access: R.culturaMeuCadastro },
    mine_update: { method: 'PUT', path: 'mine', summary: 'Meu Cadastro: altera o grupo cultural do usuário', access: R.culturaMeuCadastro },
    mine_upload: { method: 'POST', path: 'mine/upload', summary: 'Meu Cadastro: envia foto ou portfólio do grupo (multipart)', access: R.culturaMeuCadastro },
    mine_remove_file: { method: 'DELETE', path: 'mine/upload/:field/:fileId', summary: 'Meu Cadastro: remove um arquivo das listas de fotos ou do portfólio do grupo', access: R.culturaMeuCadastro },
  },
  children: { progress: { resource: 'culture_progress', fk: 'artist_group_id', list: 'progress', read: registrationAccess.read } },
  screen: '/culture/cultureGroup',
});

/** History of registration states (written by add_progress; read as the `progress` sub-list). */
export const cultureProgress = defineResource({
  name: 'culture_progress', path: 'culture_progress', tenant: { column: 'company_id' },
  label: { one: 'Andamento do cadastro', many: 'Andamentos do cadastro', gender: 'm' },
  fields: {
    artist_id: f.ref({ label: 'Artista', to: 'artists', display: 'nomeCompleto', onDelete: 'cascade' }),
    artist_group_id: f.ref({ label: 'Grupo cultural', to: 'artist_groups', display: 'nome', onDelete: 'cascade' }),
    de: f.select({ label: 'Situação anterior', options: SITUACOES }),
    para: f.select({ label: 'Nova situação', options: SITUACOES, required: true }),
    motivo: f.text({ label: 'Motivo', max: 1000 }),
    user_id: f.ref({ label: 'Responsável', to: 'users', display: 'name', onDelete: 'set null' }),
  },
  list: { columns: ['created_at', 'de', 'para', 'motivo', 'user_id'], sort: '-created_at', search: ['motivo'] },
  display: 'para',
  access: { read: R.cultura },
  routes: { create: false, update: false, delete: false },
});

/* ------------------------------------------------------------------ Places (cultural venues = equipament) */

export const places = defineResource({
  name: 'places', path: 'places', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Local', many: 'Locais e equipamentos', gender: 'm' },
  fields: {
    /** kind of place: `places` types (culture_place, school_place, ...); places_of/{slug} lists one kind */
    type_id: f.type('places', { label: 'Tipo de local', required: true }),
    nomeEquipamento: f.text({ label: 'Nome do equipamento', required: true, max: 200 }),
    nomeReduzido: f.text({ label: 'Nome reduzido', max: 60 }),
    horarioFuncionamento: f.text({ label: 'Horário de funcionamento', max: 255 }),
    ...address,
    celular: f.phone({ label: 'Telefone/celular' }),
    email: f.email({ label: 'E-mail' }),
    textoEquipamento: f.longtext({ label: 'Apresentação do equipamento', max: 10_000 }),
    /** not in the spec: seated/standing capacity and accessibility, what programmers of venues ask first */
    capacidade: f.int({ label: 'Capacidade (pessoas)', min: 0, max: 1_000_000 }),
    acessivel: f.bool({ label: 'Acessível a pessoas com deficiência' }),
    ativo: f.bool({ label: 'Em funcionamento', default: true }),
    /** venues are public content: the photo is served to everyone */
    foto: f.file({ label: 'Foto', accept: IMAGE, maxMB: 5, public: true }),
    declaracaoAutentico: f.bool({ label: 'Declaro que as informações são verdadeiras' }),
  },
  list: {
    columns: ['foto', 'nomeEquipamento', 'type_id', 'bairro', 'celular', 'ativo'],
    sort: 'nomeEquipamento',
    search: ['nomeEquipamento', 'nomeReduzido', 'bairro', 'endereco'],
  },
  display: 'nomeEquipamento',
  access: { read: PLACE_WRITERS, create: PLACE_WRITERS, update: PLACE_WRITERS, delete: PLACE_WRITERS },
  actions: {
    places_of: { method: 'GET', path: '/places_of/:place', summary: 'Locais de um tipo (culture_place, school_place...); ?page= pagina, sem page devolve todos', access: PLACE_WRITERS },
    search: { method: 'POST', path: 'search', summary: 'Pesquisa (corpo: q, page, perPage, sort e filtros: type_id, bairro, ativo)', access: PLACE_WRITERS },
  },
  screen: '/culture/equipament',
  alsoAt: ['/settings/places', '/licitacao/places'],
});

/* ------------------------------------------------------------------ Ombudsman (Ouvidoria) */

export const MANIFESTACAO_TIPOS = [
  { value: 'reclamacao', label: 'Reclamação' }, { value: 'denuncia', label: 'Denúncia' }, { value: 'solicitacao', label: 'Solicitação' },
  { value: 'sugestao', label: 'Sugestão' }, { value: 'elogio', label: 'Elogio' },
] as const;
export const MANIFESTACAO_SITUACOES = [
  { value: 'recebida', label: 'Recebida' }, { value: 'em_analise', label: 'Em análise' }, { value: 'encaminhada', label: 'Encaminhada ao setor' },
  { value: 'respondida', label: 'Respondida' }, { value: 'encerrada', label: 'Encerrada' },
] as const;
/** Lei 13.460/2017 art. 16: answer within 30 days, extendable once by 30 with justification. */
export const PRAZO_DIAS = 30;
/** States in which a manifestação waits for its answer (its deadline runs). */
export const EM_ABERTO = ['recebida', 'em_analise', 'encaminhada'] as const;
const ABERTA = { field: 'situacao', in: EM_ABERTO, reason: 'A manifestação não está em aberto (situação: {situacao}).' } as const;

/**
 * Requester identity is restricted information (Lei 13.460 art. 6 VII, LAI art. 31): write-only in the generic
 * output (so it never appears in lists, CSV exports or the audit log, where it is masked), added back only to the
 * single-record view for the ombudsman roles.
 */
const identity = {
  requerenteNome: f.text({ label: 'Nome do manifestante', max: 200, writeOnly: true }),
  requerenteCpf: f.cpf({ label: 'CPF do manifestante', writeOnly: true }),
  requerenteEmail: f.email({ label: 'E-mail do manifestante', writeOnly: true }),
  requerenteTelefone: f.phone({ label: 'Telefone do manifestante', writeOnly: true }),
};
const manifestacaoFields = {
  protocolo: f.text({ label: 'Protocolo', max: 30, readOnly: true, unique: true }),
  ano: f.int({ label: 'Ano', readOnly: true, filter: true }),
  numero: f.int({ label: 'Número', readOnly: true, sequence: { per: ['ano'], year: { field: 'ano' } } }),
  tipo: f.select({ label: 'Tipo', required: true, options: MANIFESTACAO_TIPOS }),
  canal: f.select({
    label: 'Canal', options: [
      { value: 'internet', label: 'Internet' }, { value: 'presencial', label: 'Presencial' }, { value: 'telefone', label: 'Telefone' },
      { value: 'email', label: 'E-mail' }, { value: 'carta', label: 'Carta' },
    ],
  }),
  assunto: f.text({ label: 'Assunto', required: true, max: 200 }),
  /** the citizen's own words: given when registered, never edited by the staff */
  texto: f.longtext({
    label: 'Relato', required: true, max: 10_000, createOnly: 'O relato do manifestante não pode ser alterado depois do registro.',
    help: 'Texto original do manifestante: não pode ser alterado depois do registro.',
  }),
  /** the citizen chose not to identify themselves (accepted for reports; no answer can be sent then) */
  anonima: f.bool({ label: 'Manifestação anônima' }),
  ...identity,
  anexos: f.file({ label: 'Anexos do manifestante', accept: DOCUMENT_TYPES, maxMB: ANEXOS_CIDADAO.maxMB, multiple: ANEXOS_CIDADAO.max, readOnly: true }),
  situacao: f.select({ label: 'Situação', options: MANIFESTACAO_SITUACOES, readOnly: true }),
  prazo: f.date({ label: 'Prazo de resposta', readOnly: true }),
  prorrogada: f.bool({ label: 'Prazo prorrogado', readOnly: true }),
  justificativaProrrogacao: f.text({ label: 'Justificativa da prorrogação', max: 1000, readOnly: true }),
  /** the sector the ombudsman asked for information or action (`encaminhar`), with the dispatch */
  sector_id: f.ref({ label: 'Setor responsável', to: 'sectors', display: 'name', readOnly: true, onDelete: 'set null' }),
  despacho: f.longtext({ label: 'Despacho ao setor', max: 2000, readOnly: true }),
  encaminhadaEm: f.datetime({ label: 'Encaminhada em', readOnly: true }),
  resposta: f.longtext({ label: 'Resposta', max: 10_000, readOnly: true }),
  dataResposta: f.datetime({ label: 'Respondida em', readOnly: true }),
  /** SHA-256 of the follow-up code handed to the citizen on the public channel */
  codigoAcesso: f.text({ label: 'Código de acompanhamento', max: 64, readOnly: true, writeOnly: true, hidden: true }),
};

const publicManifestacao = createSchema({ fields: manifestacaoFields } as unknown as ResourceDef, ['canal']).extend({
  company_id: z.coerce.number({ error: 'Informe a entidade.' }).int('Entidade inválida.').positive('Informe a entidade.').max(2_147_483_647, 'Entidade inválida.'),
  website: HONEYPOT,
});

export const manifestacoes = defineResource({
  name: 'manifestacoes', path: 'manifestacoes', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Manifestação', many: 'Manifestações', gender: 'f' },
  fields: manifestacaoFields,
  list: {
    columns: ['protocolo', 'created_at', 'tipo', 'assunto', 'situacao', 'prazo'],
    sort: '-created_at',
    search: ['protocolo', 'assunto'],
  },
  display: 'protocolo',
  // ombudsman staff (spec 1 §6 Ouvidoria menu); deleting a citizen's manifestation is left to the administrators
  access: { read: R.ouvidoriaMenu, create: R.ouvidoriaMenu, update: R.ouvidoriaMenu, delete: R.adminOnly },
  // closed is final: nobody edits, uploads to or deletes it any more
  editable: [{ field: 'situacao', notIn: ['encerrada'], reason: 'A manifestação está encerrada e não pode mais ser alterada.' }],
  deadline: { field: 'prazo', open: [{ field: 'situacao', in: EM_ABERTO }] },
  inbox: [{ key: 'abertas', label: 'Manifestações a responder', roles: R.ouvidoriaMenu, where: [{ field: 'situacao', in: EM_ABERTO }], due: 'prazo' }],
  summary: ['situacao', 'prazo', 'prorrogada', 'justificativaProrrogacao', 'sector_id', 'despacho', 'encaminhadaEm', 'resposta', 'dataResposta'],
  actions: {
    /** the conclusive answer (Lei 13.460, art. 12): e-mailed to the citizen, who also follows it by protocol and code */
    responder: {
      method: 'POST', path: ':id/responder', summary: 'Registra a resposta conclusiva', access: R.ouvidoriaMenu, label: 'Responder',
      form: { resposta: f.longtext({ label: 'Resposta', required: true, max: 10_000 }) },
      when: [ABERTA],
    },
    /** once, by 30 days, with the justification (Lei 13.460, art. 16) */
    prorrogar: {
      method: 'POST', path: ':id/prorrogar', summary: 'Prorroga o prazo uma vez por mais 30 dias, com justificativa', access: R.ouvidoriaMenu,
      label: 'Prorrogar prazo', confirm: `O prazo de resposta é prorrogado uma única vez, por mais ${PRAZO_DIAS} dias (Lei 13.460/2017, art. 16).`,
      form: { justificativa: f.longtext({ label: 'Justificativa', required: true, min: 10, max: 1000 }) },
      when: [ABERTA, { field: 'prorrogada', in: [false], reason: 'O prazo já foi prorrogado uma vez (Lei 13.460/2017, art. 16).' }],
    },
    /** our path: asks a sector for information or action; the deadline keeps running */
    encaminhar: {
      method: 'POST', path: ':id/encaminhar', summary: 'Encaminha a manifestação a um setor, com despacho', access: R.ouvidoriaMenu, label: 'Encaminhar ao setor',
      form: {
        sector_id: f.ref({ label: 'Setor', to: 'sectors', display: 'name', required: true }),
        despacho: f.longtext({ label: 'Despacho', max: 2000, help: 'O que se pede ao setor. O prazo de resposta continua correndo.' }),
        aviso: f.longtext({ label: 'Mensagem ao manifestante (opcional)', max: 2000, help: 'Se escrita, vai por e-mail ao manifestante (sem o despacho).' }),
      },
      when: [ABERTA],
    },
    /** closes (files) it; without an answer, the reason is required */
    encerrar: {
      method: 'POST', path: ':id/encerrar', summary: 'Encerra (arquiva) a manifestação; sem resposta, com o motivo', access: R.ouvidoriaMenu, label: 'Encerrar',
      confirm: 'Depois de encerrada, a manifestação não pode mais ser alterada.',
      form: { motivo: f.longtext({ label: 'Motivo do encerramento', max: 1000, help: 'Obrigatório quando a manifestação não foi respondida.' }) },
      when: [{ field: 'situacao', notIn: ['encerrada'], reason: 'A manifestação já está encerrada.' }],
    },
    public_create: {
      method: 'POST', path: '/public/manifestacoes', summary: 'Registro público (sem login) de uma manifestação, com anexos opcionais (multipart/form-data, campo anexos); devolve o protocolo e o código de acompanhamento',
      input: publicManifestacao, form: anexosForm, access: 'public',
    },
    public_show: {
      method: 'GET', path: '/public/manifestacoes/consulta', summary: 'Acompanhamento público por protocolo e código (?company_id=&protocolo=&codigo=)', access: 'public',
    },
  },
  children: { emails: { resource: 'citizen_messages', fk: 'manifestacao_id', list: 'emails', read: R.ouvidoriaMenu } },
  screen: '/ouvidoria/manifestacoes',
});

/** Atomic yearly protocol counter per company (no routes; used by the manifestation numbering). */

export const RESOURCES: readonly ResourceDef[] = [artists, artistGroups, cultureProgress, places, manifestacoes];
