/**
 * The live plenary (issue 4): votings and votes, quorum rules per matter type and turno, the house's plenary
 * settings, and the live calls of spec 2 §7 "Plenary sessions" (presence list status and check-in, speakers with
 * the server-kept timer, opening and closing votes, the active and last sessions, the last result).
 *
 * The rules themselves (quorum arithmetic, presiding officer's rule, the speaker clock) are pure functions in
 * `../plenary.ts`; the server module `apps/server/src/modules/plenario` enforces them and pushes every change.
 *
 * Access: the live operators (`W_LIVE`: superadmin, admin, cm_admin, cm_operador, cm_operador_sessao,
 * cm_operador_painel) run the session; council members (cm_parlamentar) check in and vote, and the server also
 * requires their user to be linked to a parliamentarian. The electronic panel's stream and snapshot are public.
 */
import { z } from 'zod';
import { f } from '../fields.ts';
import { defineResource, fieldSchema, type ResourceDef } from '../resource.ts';
import type { RoleName } from '../roles.ts';
import { PANEL_LAYOUTS, PHASES, PRESENCE_QUORUMS, PRESIDENT_RULES, QUORUM_RULES, VOTE_CHOICES, VOTING_KINDS, VOTING_STATUS, OUTCOMES } from '../plenary.ts';

/** Who runs the live plenary: the câmara's staff, the session operators and the panel operator. */
export const W_LIVE: readonly RoleName[] = ['superadmin', 'admin', 'cm_admin', 'cm_operador', 'cm_operador_sessao', 'cm_operador_painel'];

const LEG = '/legislativo';
const MEMBERS: readonly RoleName[] = ['cm_parlamentar'];
/** Operators and council members: reading the live state, a voting, the active session. */
const LIVE_READERS: readonly RoleName[] = [...new Set([...W_LIVE, ...MEMBERS, 'cm_painel_eletronico' as RoleName])];

const id = (label: string) => z.coerce.number({ error: `${label} inválido.` }).int(`${label} inválido.`).positive(`${label} inválido.`).max(2_147_483_647, `${label} inválido.`);
const phase = z.enum(['abertura', 'ordem_dia'], { error: 'Escolha a fase: abertura ou ordem_dia.' });
const list = z.enum(['expediente', 'ordem_dia', 'explicacoes_pessoais'], { error: 'Escolha a lista: expediente, ordem_dia ou explicacoes_pessoais.' });
const seconds = (label: string) => z.coerce.number({ error: `${label}: informe um número de segundos.` }).int(`${label}: informe um número inteiro de segundos.`).min(0, `${label} não pode ser negativo.`).max(86_400, `${label}: no máximo 24 horas.`);
const count = (label: string) => z.coerce.number({ error: `${label}: informe um número.` }).int(`${label}: informe um número inteiro.`).min(0, `${label} não pode ser negativo.`).max(1000, `${label}: número alto demais.`);
const reason = z.string({ error: 'Informe o motivo.' }).trim().min(3, 'Informe o motivo (ao menos 3 caracteres).').max(500, 'O motivo deve ter no máximo 500 caracteres.');

export const vottings = defineResource({
  name: 'vottings', path: 'vottings', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Votação', many: 'Votações', gender: 'f' },
  fields: {
    plenary_session_id: f.ref({ label: 'Sessão plenária', to: 'plenary_sessions', display: 'titulo', required: true, onDelete: 'cascade' }),
    plenary_matter_id: f.ref({ label: 'Matéria da sessão', to: 'plenary_matters', display: 'numOrdem', required: true, onDelete: 'cascade' }),
    tipo: f.select({ label: 'Tipo de votação', options: VOTING_KINDS, required: true }),
    fase: f.select({ label: 'Fase', options: PHASES, required: true }),
    status: f.select({ label: 'Situação', options: VOTING_STATUS, required: true, default: 'aberta' }),
    /** the company while the voting is open, else empty: a unique index keeps one open voting per company */
    aberta_chave: f.int({ label: 'Votação aberta da entidade', hidden: true, readOnly: true, unique: true }),
    regra: f.select({ label: 'Quórum', options: QUORUM_RULES, required: true }),
    /** the rule's presence quorum when the voting opened (empty: absolute majority of the house) */
    quorum_presenca: f.select({ label: 'Quórum de presença', options: PRESENCE_QUORUMS }),
    presidente_regra: f.select({ label: 'Voto do presidente', options: PRESIDENT_RULES, required: true }),
    presidente_id: f.ref({ label: 'Presidente', to: 'parliamentaries', display: 'nome', onDelete: 'set null' }),
    total: f.int({ label: 'Membros da casa', min: 0 }),
    presentes: f.int({ label: 'Presentes', min: 0 }),
    sim: f.int({ label: 'Sim', min: 0, default: 0 }),
    nao: f.int({ label: 'Não', min: 0, default: 0 }),
    abstencao: f.int({ label: 'Abstenção', min: 0, default: 0 }),
    /** the presiding officer's vote: their own nominal vote, or the tie-break recorded in a symbolic vote (never in a secret ballot) */
    voto_presidente: f.select({ label: 'Voto do presidente', options: VOTE_CHOICES }),
    /** whether the presiding officer's rule counted that vote in the result */
    presidente_computado: f.bool({ label: 'Voto do presidente computado' }),
    exigidos: f.int({ label: 'Votos exigidos', min: 0 }),
    resultado: f.select({ label: 'Resultado', options: OUTCOMES }),
    explicacao: f.text({ label: 'Explicação', max: 500 }),
    abertaEm: f.datetime({ label: 'Aberta em' }),
    encerradaEm: f.datetime({ label: 'Encerrada em' }),
    aberta_por: f.ref({ label: 'Aberta por', to: 'users', display: 'name', onDelete: 'set null' }),
    encerrada_por: f.ref({ label: 'Encerrada por', to: 'users', display: 'name', onDelete: 'set null' }),
    motivo: f.text({ label: 'Motivo (cancelamento, anulação, reabertura ou nova votação)', max: 500 }),
    /** "Nova votação": the voting whose result this one renews (that result is annulled) */
    anterior_id: f.ref({ label: 'Votação anterior', to: 'vottings', display: 'explicacao', onDelete: 'set null' }),
    /** parliamentary ids declared impeded in this voting (they don't vote; kept apart from abstentions and absences) */
    impedidos: f.json({ label: 'Impedidos', readOnly: true }),
    /**
     * Votação em bloco (decision 0056): the block's voting — the one the members vote on and the result is computed
     * in — for every item of the block, itself included; empty for a voting of one item. Each item of the block has its
     * own voting row with this id, its own result and its own effect.
     */
    bloco_id: f.ref({ label: 'Votação em bloco', to: 'vottings', display: 'explicacao', onDelete: 'set null' }),
  },
  list: { columns: ['plenary_session_id', 'plenary_matter_id', 'tipo', 'status', 'resultado', 'abertaEm'], sort: '-abertaEm', search: ['explicacao'] },
  display: 'explicacao',
  access: { read: LIVE_READERS, create: 'nobody', update: 'nobody', delete: 'nobody' },
  routes: { list: false, show: false, create: false, update: false, delete: false },
  actions: {
    show: { method: 'GET', path: ':id', summary: 'Votação com a apuração (nominal: votos de cada vereador para a Mesa; o próprio voto para o vereador)', access: LIVE_READERS },
    vote: {
      method: 'POST', path: ':id/vote', summary: 'Voto do vereador (Sim, Não ou Abstenção) numa votação nominal aberta; pode ser trocado até o encerramento',
      input: z.object({ voto: z.enum(['sim', 'nao', 'abstencao'], { error: 'Escolha Sim, Não ou Abstenção.' }) }),
      access: MEMBERS,
    },
    history: {
      method: 'GET', path: ':id/history',
      summary: 'Histórico de votos de uma votação nominal (cada voto e cada troca: vereador, hora, IP, escolha) e os atos da Mesa sobre ela; nunca de votação secreta',
      access: W_LIVE,
    },
    last: { method: 'GET', path: '/last_vottation', summary: 'Último resultado de votação da entidade', access: LIVE_READERS },
    last_of: { method: 'GET', path: '/last_vottation/:id', summary: 'Último resultado de votação da sessão plenária {id}', access: LIVE_READERS },
  },
});

export const votes = defineResource({
  name: 'votes', path: 'votes', tenant: { column: 'company_id' }, audit: false,
  label: { one: 'Voto', many: 'Votos', gender: 'm' },
  fields: {
    votting_id: f.ref({ label: 'Votação', to: 'vottings', display: 'explicacao', required: true, onDelete: 'cascade' }),
    parliamentary_id: f.ref({ label: 'Parlamentar', to: 'parliamentaries', display: 'nome', required: true }),
    /** votação and parlamentar: a unique index keeps one vote per member per voting */
    chave: f.text({ label: 'Votação e parlamentar', max: 40, hidden: true, readOnly: true, unique: true }),
    voto: f.select({ label: 'Voto', options: VOTE_CHOICES, required: true }),
    user_id: f.ref({ label: 'Usuário', to: 'users', display: 'name', onDelete: 'set null' }),
    ip: f.text({ label: 'IP', max: 64 }),
  },
  list: { columns: ['votting_id', 'parliamentary_id', 'voto', 'updated_at'], sort: '-updated_at', search: ['ip'] },
  display: 'voto',
  access: { read: W_LIVE, create: 'nobody', update: 'nobody', delete: 'nobody' },
  routes: { list: false, show: false, create: false, update: false, delete: false },
});

/**
 * Secret ballots (issue 16 item 3): that a member voted, never what. One row per member per voting (unique index);
 * the choice only increments the voting's totals (`secret_tallies`) in the same transaction.
 */
export const ballotMarks = defineResource({
  name: 'ballot_marks', path: 'ballot_marks', tenant: { column: 'company_id' }, audit: false,
  label: { one: 'Registro de voto secreto', many: 'Registros de voto secreto', gender: 'm' },
  fields: {
    votting_id: f.ref({ label: 'Votação', to: 'vottings', display: 'explicacao', required: true, onDelete: 'cascade' }),
    parliamentary_id: f.ref({ label: 'Parlamentar', to: 'parliamentaries', display: 'nome', required: true }),
    chave: f.text({ label: 'Votação e parlamentar', max: 40, hidden: true, readOnly: true, unique: true }),
    user_id: f.ref({ label: 'Usuário', to: 'users', display: 'name', onDelete: 'set null' }),
    ip: f.text({ label: 'IP', max: 64 }),
  },
  list: { columns: ['votting_id', 'parliamentary_id'], sort: 'id', search: [] },
  display: 'parliamentary_id',
  access: { read: 'nobody', create: 'nobody', update: 'nobody', delete: 'nobody' },
  routes: { list: false, show: false, create: false, update: false, delete: false },
});

/** The totals of a secret ballot: the only place its choices exist. */
export const secretTallies = defineResource({
  name: 'secret_tallies', path: 'secret_tallies', tenant: { column: 'company_id' }, audit: false,
  label: { one: 'Apuração de votação secreta', many: 'Apurações de votação secreta', gender: 'f' },
  fields: {
    votting_id: f.ref({ label: 'Votação', to: 'vottings', display: 'explicacao', required: true, onDelete: 'cascade' }),
    chave: f.int({ label: 'Votação', hidden: true, readOnly: true, unique: true }),
    sim: f.int({ label: 'Sim', min: 0, required: true }),
    nao: f.int({ label: 'Não', min: 0, required: true }),
    abstencao: f.int({ label: 'Abstenção', min: 0, required: true }),
  },
  list: { columns: ['votting_id', 'sim', 'nao', 'abstencao'], sort: 'id', search: [] },
  display: 'votting_id',
  access: { read: 'nobody', create: 'nobody', update: 'nobody', delete: 'nobody' },
  routes: { list: false, show: false, create: false, update: false, delete: false },
});

/**
 * Every cast and change of a nominal vote (issue 16 item 5), append-only (a trigger refuses updates and deletes,
 * migration 0007); read by the Mesa through `GET vottings/:id/history`. Plain ids, no foreign keys: the history
 * outlives the voting and the member's record.
 */
export const voteHistory = defineResource({
  name: 'vote_history', path: 'vote_history', tenant: { column: 'company_id' }, audit: false,
  label: { one: 'Histórico de voto', many: 'Histórico de votos', gender: 'm' },
  fields: {
    votting_id: f.int({ label: 'Votação', required: true, filter: true }),
    parliamentary_id: f.int({ label: 'Parlamentar', required: true }),
    voto: f.select({ label: 'Voto', options: VOTE_CHOICES, required: true }),
    user_id: f.int({ label: 'Usuário' }),
    ip: f.text({ label: 'IP', max: 64 }),
  },
  list: { columns: ['votting_id', 'parliamentary_id', 'voto', 'created_at'], sort: 'id', search: [] },
  display: 'voto',
  access: { read: 'nobody', create: 'nobody', update: 'nobody', delete: 'nobody' },
  routes: { list: false, show: false, create: false, update: false, delete: false },
});

/** What the electronic panel of a session shows (layout and message), chosen in the control room. */
export const plenaryPanels = defineResource({
  name: 'plenary_panels', path: 'plenary_panels', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Painel da sessão', many: 'Painéis das sessões', gender: 'm' },
  fields: {
    plenary_session_id: f.ref({ label: 'Sessão plenária', to: 'plenary_sessions', display: 'titulo', required: true, onDelete: 'cascade' }),
    chave: f.int({ label: 'Sessão', hidden: true, readOnly: true, unique: true, clash: { field: 'plenary_session_id', message: 'Esta sessão já tem o seu painel.' } }),
    layout: f.select({ label: 'Tela do painel', options: PANEL_LAYOUTS, required: true, default: 'completo' }),
    mensagem: f.text({ label: 'Mensagem', max: 300 }),
  },
  list: { columns: ['plenary_session_id', 'layout', 'mensagem'], sort: 'id', search: [] },
  display: 'layout',
  access: { read: W_LIVE, create: 'nobody', update: 'nobody', delete: 'nobody' },
  routes: { list: false, show: false, create: false, update: false, delete: false },
});

export const quorumRules = defineResource({
  name: 'quorum_rules', path: 'quorum_rules', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Regra de quórum', many: 'Regras de quórum', gender: 'f' },
  fields: {
    type_id: f.type('matters', { label: 'Tipo de matéria', required: true }),
    turno_id: f.type('turno', { label: 'Turno', help: 'Em branco: vale para qualquer turno.' }),
    regra: f.select({ label: 'Quórum de aprovação', options: QUORUM_RULES, required: true }),
    quorum_presenca: f.select({
      label: 'Quórum de presença', options: PRESENCE_QUORUMS, default: 'maioria_absoluta',
      help: 'Membros que precisam estar presentes para a votação decidir; abaixo disso o resultado é “Sem quórum”. Em branco: maioria absoluta.',
    }),
    chave: f.text({ label: 'Tipo e turno', max: 40, hidden: true, readOnly: true, unique: true, clash: { field: 'type_id', message: 'Já existe uma regra de quórum para este tipo de matéria e turno.' } }),
    obs: f.text({ label: 'Fundamento (Regimento, Lei Orgânica)', max: 255 }),
  },
  list: { columns: ['type_id', 'turno_id', 'regra', 'quorum_presenca', 'obs'], sort: 'type_id', search: ['obs'] },
  display: 'regra',
  // the plenary's staff (the result of a vote comes with its rule in the live state; members need no list)
  access: { read: W_LIVE, create: ['superadmin', 'admin', 'cm_admin'], update: ['superadmin', 'admin', 'cm_admin'], delete: ['superadmin', 'admin', 'cm_admin'] },
  screen: `${LEG}/quorum`,
});

export const plenarySettings = defineResource({
  name: 'plenary_settings', path: 'plenary_settings', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Configuração do plenário', many: 'Configurações do plenário', gender: 'f' },
  fields: {
    /** one row per company (company id, unique) */
    chave: f.int({ label: 'Entidade', hidden: true, readOnly: true, unique: true, clash: { field: '_', message: 'A entidade já tem a sua configuração do plenário.' } }),
    votos_ao_vivo: f.bool({ label: 'Mostrar o voto de cada vereador no painel durante a votação', default: true, help: 'Desligado: o painel mostra só a contagem até o encerramento.' }),
    presidente_regra: f.select({ label: 'Voto do presidente da sessão', options: PRESIDENT_RULES, required: true, default: 'desempate' }),
    tempo_expediente: f.int({ label: 'Tempo de fala no expediente (segundos)', min: 30, max: 7200, default: 300 }),
    tempo_ordem_dia: f.int({ label: 'Tempo de fala na ordem do dia (segundos)', min: 30, max: 7200, default: 600 }),
    tempo_explicacoes_pessoais: f.int({ label: 'Tempo de fala nas explicações pessoais (segundos)', min: 30, max: 7200, default: 300 }),
    total_membros: f.int({ label: 'Número de membros da casa', min: 1, max: 100, help: 'Em branco: os parlamentares com mandato na legislatura da sessão.' }),
    tempo_aparte: f.int({ label: 'Tempo de aparte (segundos)', min: 30, max: 7200, default: 120 }),
    tempo_questao_ordem: f.int({ label: 'Tempo de questão de ordem (segundos)', min: 30, max: 7200, default: 180 }),
    tempo_lideranca: f.int({ label: 'Tempo de comunicação de liderança (segundos)', min: 30, max: 7200, default: 300 }),
  },
  list: { columns: ['votos_ao_vivo', 'presidente_regra', 'tempo_expediente', 'tempo_ordem_dia', 'tempo_explicacoes_pessoais', 'total_membros'], sort: 'id', search: [] },
  display: 'presidente_regra',
  access: { read: W_LIVE, create: 'nobody', update: 'nobody', delete: 'nobody' },
  /** one row per company, read and saved through `current` (the control room's settings dialog) */
  routes: { create: false, update: false, delete: false },
  actions: {
    current: { method: 'GET', path: 'current', summary: 'Configurações do plenário da entidade (padrões quando nunca salvas)', access: W_LIVE },
    save_current: {
      method: 'PUT', path: 'current', summary: 'Salva as configurações do plenário da entidade',
      input: z.object({
        votos_ao_vivo: z.boolean({ error: 'Valor inválido.' }).optional(),
        presidente_regra: z.enum(['desempate', 'desempate_e_qualificado', 'sempre'], { error: 'Regra inválida.' }).optional(),
        tempo_expediente: seconds('Tempo do expediente').min(30, 'Tempo do expediente: ao menos 30 segundos.').max(7200, 'Tempo do expediente: no máximo 2 horas.').optional(),
        tempo_ordem_dia: seconds('Tempo da ordem do dia').min(30, 'Tempo da ordem do dia: ao menos 30 segundos.').max(7200, 'Tempo da ordem do dia: no máximo 2 horas.').optional(),
        tempo_explicacoes_pessoais: seconds('Tempo das explicações pessoais').min(30, 'Tempo das explicações pessoais: ao menos 30 segundos.').max(7200, 'Tempo das explicações pessoais: no máximo 2 horas.').optional(),
        tempo_aparte: seconds('Tempo de aparte').min(30, 'Tempo de aparte: ao menos 30 segundos.').max(7200, 'Tempo de aparte: no máximo 2 horas.').optional(),
        tempo_questao_ordem: seconds('Tempo de questão de ordem').min(30, 'Tempo de questão de ordem: ao menos 30 segundos.').max(7200, 'Tempo de questão de ordem: no máximo 2 horas.').optional(),
        tempo_lideranca: seconds('Tempo de comunicação de liderança').min(30, 'Tempo de comunicação de liderança: ao menos 30 segundos.').max(7200, 'Tempo de comunicação de liderança: no máximo 2 horas.').optional(),
        total_membros: z.coerce.number({ error: 'Número de membros inválido.' }).int('Número de membros inválido.').min(1, 'Informe ao menos 1 membro.').max(100, 'No máximo 100 membros.').nullable().optional(),
      }),
      access: ['superadmin', 'admin', 'cm_admin'],
    },
  },
});

/** The live calls on plenary sessions (merged into the plenary session definition). */
export const LIVE_SESSION_ACTIONS = {
  iniciar: { method: 'POST', path: ':id/iniciar', summary: 'Inicia a sessão plenária (uma por vez na entidade)', access: W_LIVE },
  finalizar: { method: 'POST', path: ':id/finalizar', summary: 'Finaliza a sessão plenária (fecha as listas de presença e a fala em curso; exige nenhuma votação aberta)', access: W_LIVE },
  active: { method: 'GET', path: '/status/active', summary: 'Sessão plenária em andamento na entidade (iniciada e não finalizada), ou null', access: LIVE_READERS },
  closed_last: { method: 'GET', path: 'status/closed/last', summary: 'Última sessão plenária finalizada', access: LIVE_READERS },
  save_link_midia: {
    method: 'POST', path: ':id/save_link_midia', summary: 'Salva o link da transmissão ou gravação da sessão',
    // the rule of the session's own URL field (http and https only)
    input: z.object({ linkMidia: fieldSchema(f.url({ label: 'Link da transmissão ou gravação' })).nullable() }),
    access: W_LIVE,
  },
  presence_list_status: { method: 'GET', path: ':id/get_presence_list_status', summary: 'Situação das listas de presença (abertura e ordem do dia)', access: LIVE_READERS },
  change_presence_list_status: {
    method: 'POST', path: ':id/change_presence_list_status', summary: 'Abre ou encerra a lista de presença de uma fase (sem status: alterna)',
    input: z.object({ type: phase, status: z.enum(['aberta', 'encerrada'], { error: 'Situação inválida (aberta ou encerrada).' }).optional() }),
    access: W_LIVE,
  },
  add_checkin: {
    method: 'POST', path: ':id/add_checkin', summary: 'Registro de presença do próprio vereador na lista aberta',
    input: z.object({ type: phase.optional() }),
    access: MEMBERS,
  },
  remove_presences: {
    method: 'POST', path: ':id/remove_presences', summary: 'Desmarca presenças numa fase ({ type, parliamentary_ids })',
    input: z.object({ type: phase, parliamentary_ids: z.array(id('Parlamentar'), { error: 'Informe uma lista de parlamentares.' }).min(1, 'Informe o parlamentar.').max(200) }),
    access: W_LIVE,
  },
  add_speakers: {
    method: 'POST', path: ':id/add_speakers', summary: 'Inscreve oradores numa lista (expediente, ordem_dia, explicacoes_pessoais), ao fim da ordem',
    input: z.object({
      type: list, parliamentary_id: id('Parlamentar').optional(),
      parliamentary_ids: z.array(id('Parlamentar'), { error: 'Informe uma lista de parlamentares.' }).max(200).optional(),
      tempoConcedido: seconds('Tempo concedido').optional(),
    }),
    access: W_LIVE,
  },
  intervencao: {
    method: 'POST', path: ':id/intervencao',
    summary: 'Dá a palavra fora das listas (issue 13 §3): aparte (durante a fala de um orador inscrito), questão de ordem ou comunicação de liderança, a um vereador presente na fase; pausa quem estiver falando, que retoma quando a intervenção termina',
    input: z.object({
      modalidade: z.enum(['aparte', 'questao_ordem', 'lideranca'], { error: 'Escolha a modalidade: aparte, questao_ordem ou lideranca.' }),
      parliamentary_id: id('Parlamentar'),
      /** an aparte: the list speaker it is granted in (default: the one speaking) */
      orador_id: id('Orador').optional(),
      tempoConcedido: seconds('Tempo concedido').min(10, 'Tempo concedido: ao menos 10 segundos.').max(7200, 'Tempo concedido: no máximo 2 horas.').optional(),
    }),
    access: W_LIVE,
  },
  orador_explicacoes: { method: 'GET', path: ':id/speakers/orador-explicacoes', summary: 'Oradores das explicações pessoais', access: LIVE_READERS },
  speakers_of: { method: 'GET', path: ':id/speakers/:type', summary: 'Oradores de uma lista (expediente, ordem_dia, explicacoes_pessoais)', access: LIVE_READERS },
  update_diversos: {
    method: 'POST', path: ':id/update_diversos', summary: 'Ajustes diversos da sessão em curso: ordem dos oradores, ocorrências, presidente',
    input: z.object({
      speakers: z.array(z.object({ id: id('Orador'), ordem: z.coerce.number().int().min(1, 'Ordem inválida.').max(1000, 'Ordem inválida.') }), { error: 'Lista de oradores inválida.' }).max(500).optional(),
      remove_speakers: z.array(id('Orador'), { error: 'Lista de oradores inválida.' }).max(500).optional(),
      ocorrencias: z.string().max(20_000, 'Ocorrências: no máximo 20.000 caracteres.').nullable().optional(),
      presidente_id: id('Presidente').nullable().optional(),
    }),
    access: W_LIVE,
  },
  boards_of: { method: 'GET', path: ':id/boards', summary: 'Mesa Diretora da sessão (da sessão legislativa a que pertence)', access: LIVE_READERS },
  add_board: {
    method: 'POST', path: ':id/boards', summary: 'Inclui membro na Mesa Diretora da sessão legislativa da sessão plenária',
    input: z.object({ parliamentary_id: id('Parlamentar'), cargo_id: id('Cargo'), obs: z.string().max(2000).nullable().optional() }),
    access: W_LIVE,
  },
  panel: {
    method: 'POST', path: ':id/panel', summary: 'Escolhe o que o painel eletrônico mostra: completo, parlamentares, votação ou uma mensagem',
    input: z.object({
      layout: z.enum(['completo', 'membros', 'votacao', 'mensagem'], { error: 'Tela do painel inválida (completo, membros, votacao ou mensagem).' }),
      mensagem: z.string({ error: 'Mensagem inválida.' }).trim().max(300, 'A mensagem deve ter no máximo 300 caracteres.').nullable().optional(),
    }),
    access: W_LIVE,
  },
  add_votting_bloco: {
    method: 'POST', path: ':id/add_votting_bloco',
    summary: 'Votação em bloco: abre uma só votação (ou registra a leitura) para vários itens da pauta da mesma fase, ainda não votados, com o mesmo tipo de votação (simbólica, nominal ou leitura) e a mesma regra de quórum; o resultado vale para cada item',
    input: z.object({
      plenary_matter_ids: z.array(id('Item da pauta'), { error: 'Informe a lista de itens da pauta (plenary_matter_ids).' })
        .min(2, 'Selecione ao menos dois itens para votar em bloco.').max(100, 'No máximo 100 itens num bloco.'),
    }),
    access: W_LIVE,
  },
  live: { method: 'GET', path: ':id/live', summary: 'Estado ao vivo da sessão para a Mesa (presenças, pauta, oradores, votação com os votos)', access: W_LIVE },
  stream: { method: 'GET', path: ':id/stream', summary: 'Fluxo (SSE) do estado ao vivo para a Mesa: snapshot com versão, depois as mudanças', access: W_LIVE },
  public_live: { method: 'GET', path: '/public/plenario/:id', summary: 'Estado público da sessão para o painel eletrônico (sem login)', access: 'public' },
  public_stream: { method: 'GET', path: '/public/plenario/:id/stream', summary: 'Fluxo (SSE) público do painel eletrônico: snapshot com versão, depois as mudanças (sem login)', access: 'public' },
  public_company: { method: 'GET', path: '/public/plenario/entidade/:id', summary: 'Sessão plenária em andamento (ou a do dia) da entidade {id}, para o painel (sem login)', access: 'public' },
  public_company_stream: { method: 'GET', path: '/public/plenario/entidade/:id/stream', summary: 'Fluxo (SSE) da sessão em andamento da entidade {id} (sem login)', access: 'public' },
} as const;

/** The live calls on plenary matters (merged into the plenary matter definition). */
export const LIVE_MATTER_ACTIONS = {
  add_votting: {
    method: 'POST', path: ':id/add_votting', summary: 'Abre a votação da matéria (uma aberta por vez; exige sessão iniciada e presenças na fase)',
    input: z.object({ tipo: z.enum(['simbolica', 'nominal', 'secreta', 'leitura'], { error: 'Tipo de votação inválido.' }).optional() }),
    access: W_LIVE,
  },
  close_votting: {
    method: 'PUT', path: ':id/close_votting', summary: 'Encerra a votação e calcula o resultado pela regra de quórum (simbólica: informe a contagem e, se houver, o voto de desempate do presidente; nominal e secreta: votos dos aparelhos)',
    input: z.object({
      sim: count('Sim').optional(), nao: count('Não').optional(), abstencao: count('Abstenção').optional(),
      voto_presidente: z.enum(['sim', 'nao', 'abstencao'], { error: 'Voto do presidente inválido.' }).nullable().optional(),
    }),
    access: W_LIVE,
  },
  cancel_votting: { method: 'PUT', path: ':id/cancel_votting', summary: 'Cancela a votação aberta da matéria (com motivo; fica registrada). Um resultado já proclamado só se anula com annul_result', input: z.object({ motivo: reason }), access: W_LIVE },
  annul_result: { method: 'PUT', path: ':id/annul_result', summary: 'Anula o resultado proclamado da última votação encerrada da matéria (com motivo; fica registrado e aparece no painel)', input: z.object({ motivo: reason }), access: W_LIVE },
  new_voting: {
    method: 'POST', path: ':id/new_voting', summary: 'Nova votação de matéria já votada: anula o resultado anterior e abre outra votação, com motivo (fica registrado e aparece no painel)',
    input: z.object({ motivo: reason, tipo: z.enum(['simbolica', 'nominal', 'secreta'], { error: 'Tipo de votação inválido.' }).optional() }),
    access: W_LIVE,
  },
  impedimento: {
    method: 'PUT', path: ':id/impedimento', summary: 'Declara (ou retira) o impedimento de um vereador na votação aberta da matéria; o voto dele, se houver, é desconsiderado',
    input: z.object({ parliamentary_id: id('Parlamentar'), impedido: z.boolean({ error: 'Informe se está impedido (true ou false).' }) }),
    access: W_LIVE,
  },
  reopen_votting: { method: 'PUT', path: ':id/reopen_votting', summary: 'Reabre a última votação encerrada da matéria (com motivo; os votos nominais são mantidos; nunca uma votação secreta)', input: z.object({ motivo: reason }), access: W_LIVE },
} as const;

/** Speaker timer calls (top-level paths of spec 2 §7). */
export const LIVE_SPEAKER_ACTIONS = {
  timer: { method: 'GET', path: '/speaker/:id', summary: 'Cronômetro do orador: tempo (segundos falados), play, situação, tempo concedido', access: LIVE_READERS },
  start: { method: 'PUT', path: '/speaker/start', summary: 'Inicia ou retoma a fala do orador { id } (pausa quem estiver falando)', input: z.object({ id: id('Orador') }), access: W_LIVE },
  pause: { method: 'PUT', path: '/speaker/pause', summary: 'Pausa a fala do orador { id }', input: z.object({ id: id('Orador') }), access: W_LIVE },
  finish: { method: 'PUT', path: '/speaker/finish', summary: 'Encerra a fala do orador { id }', input: z.object({ id: id('Orador') }), access: W_LIVE },
  update_time: {
    method: 'PUT', path: '/speaker/updateTime', summary: 'Ajusta o cronômetro { id, tempo (segundos já falados), tempoConcedido, acrescimo (segundos a mais) }',
    input: z.object({ id: id('Orador'), tempo: seconds('Tempo falado').optional(), tempoConcedido: seconds('Tempo concedido').optional(), acrescimo: z.coerce.number({ error: 'Acréscimo inválido.' }).int('Acréscimo inválido.').min(-3600, 'Acréscimo inválido.').max(3600, 'Acréscimo: no máximo 1 hora.').optional() }),
    access: W_LIVE,
  },
} as const;

export const RESOURCES: readonly ResourceDef[] = [vottings, votes, ballotMarks, secretTallies, voteHistory, plenaryPanels, quorumRules, plenarySettings];
