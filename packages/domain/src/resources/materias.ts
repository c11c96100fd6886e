/**
 * Legislative matters and the records around them (spec 2 §3 "Legislative area"; §7 groups "Matters",
 * "Legislatures, sessions and other legislative resources" — the part owned here — and the record-keeping part of
 * "Plenary sessions"). Field keys keep the contract's spelling (`tipo_meteria_id`, `comission_id`, `dataHora`).
 *
 * Access (spec 1 §6): reading follows the "other Legislativo entries" row (superadmin, admin, cm_admin,
 * cm_parlamentar) plus the family's writers. Writing: superadmin, admin, cm_admin, the generic operator (cm_operador) and the operator role of
 * the record family (cm_operador_materias for matters and their tramitation, cm_operador_norma for norms,
 * cm_operador_comissao for commissions, cm_operador_sessao for plenary sessions). Parliamentarians file matter
 * applications and solicitations; the staff sets their situation.
 *
 * Designs where the spec shows no shape (documented here and in OpenAPI through the field labels):
 * - matters: `numero` is allocated per (company, type, year) when omitted; `identificacao` ("PL 12/2026") and
 *   `numeracao` (the unique key type/number/year, a database unique index) are set by the server. The record also
 *   carries `matter_type` (its type) and `authors` (its authors, the link's `embed`), as the contract lists them
 *   among the fields.
 * - deadlines (`fimPrazo` of matters and tramitations) are computed from `diasPrazo`: calendar days excluding the
 *   start day, moved to the next working day (weekends, national holidays and the company's `holidays`).
 * - matter applications (`matters/matterapplication`): a parliamentarian's draft (indicação, moção, projeto...)
 *   sent to the house, received by the staff and protocolled as a matter; solicitations: a parliamentarian's request
 *   (diária, veículo), granted or refused by the staff. Both are row-scoped (a parliamentarian sees their own) and
 *   change situation only through declared record actions (docs/workflows/materias-recebidas.md, solicitacoes.md).
 * - plenary matters carry `kind` (expediente / ordem_dia) and `plenary_session_id`; plenary absences are the
 *   session's justified absences (`plenary_absences`, reached only through the session).
 * - norms relate to one another through `norm_relations` (altera, revoga, regulamenta...).
 */
import { z } from 'zod';
import { f } from '../fields.ts';
import { createSchema, defineResource, type ResourceDef } from '../resource.ts';
import { R } from '../roles.ts';
import { READ, readers, rw, staff, W_COMMISSIONS, W_MATTERS, W_NORMS, W_RECEIVE, W_SESSIONS } from './legislative-access.ts';
import { plenaryMinutes, plenaryPautas, sessionDocumentActions } from './pauta-ata.ts';
import { PRESENCE_LIST_STATUS, SPEAKER_KINDS, SPEAKER_STATUS } from '../plenary.ts';
import { DEADLINE_SOON_DAYS } from '../constants.ts';
import { LIVE_MATTER_ACTIONS, LIVE_SESSION_ACTIONS, LIVE_SPEAKER_ACTIONS } from './plenario.ts';
import { NORM_ACTIONS, NORM_CYCLE_FIELDS, NORM_RELATION_TYPES, PLENARY_ITEM_ACTIONS, PLENARY_ITEM_FIELDS, SANCTION_ACTIONS } from './ciclo.ts';

const IMAGE = ['image/png', 'image/jpeg', 'image/webp'] as const;
const PDF = ['application/pdf'] as const;

export { W_COMMISSIONS, W_MATTERS, W_NORMS, W_RECEIVE, W_SESSIONS } from './legislative-access.ts';

const LEG = '/legislativo';

/* ------------------------------------------------------------------------------------------------------------ */
/* Matters                                                                                                     */

/** What a step of "Distribuir às comissões" is (decision 0058): the first of the matter, the despacho inicial. */
export const DESPACHOS = [{ value: 'inicial', label: 'Despacho inicial' }, { value: 'distribuicao', label: 'Distribuição' }] as const;

/** A tramitation step's fields (the `tramitations` records; the matter's "Tramitar" dialog takes most of them). */
const TRAMITATION_FIELDS = {
  matter_id: f.ref({ label: 'Matéria', to: 'matters', display: 'identificacao', required: true, onDelete: 'cascade' }),
  data: f.date({ label: 'Data da tramitação', required: true }),
  origem_id: f.ref({ label: 'Unidade de origem', to: 'tramitation_unities', display: 'descricao', help: 'No primeiro passo, escolhida; nos seguintes, o destino do passo anterior.' }),
  destino_id: f.ref({ label: 'Unidade de destino', to: 'tramitation_unities', display: 'descricao' }),
  commission_id: f.ref({ label: 'Comissão de destino', to: 'commissions', display: 'nome', help: 'Quando a matéria é enviada a uma comissão.' }),
  status_id: f.type('tramitation_status', { label: 'Status', required: true }),
  turno_id: f.type('turno', { label: 'Turno' }),
  urgente: f.bool({ label: 'Urgente' }),
  encaminhamento: f.date({ label: 'Data do encaminhamento' }),
  diasPrazo: f.int({ label: 'Prazo (dias)', min: 0, max: 3650 }),
  fimPrazo: f.date({ label: 'Fim do prazo', help: 'Calculado a partir do prazo em dias, excluído o dia do início, no próximo dia útil.' }),
  acao: f.longtext({ label: 'Ação / texto da tramitação', max: 5000 }),
  anexo: f.file({ label: 'Anexo', accept: PDF, maxMB: 20 }),
  /** a step the plenary added (a voting's result, a pedido de vista, an adiamento…): set by the server (ciclo-legislativo.md) */
  plenary_session_id: f.ref({ label: 'Sessão plenária', to: 'plenary_sessions', display: 'titulo', readOnly: true, onDelete: 'set null' }),
  votting_id: f.ref({ label: 'Votação', to: 'vottings', display: 'explicacao', readOnly: true, onDelete: 'set null' }),
  plenary_matter_id: f.ref({ label: 'Item da pauta', to: 'plenary_matters', display: 'numOrdem', readOnly: true, hidden: true, onDelete: 'set null' }),
  automatico: f.bool({ label: 'Registrado automaticamente', readOnly: true, help: 'Passo registrado pelo sistema (resultado de votação, ação do plenário, sanção).' }),
  /** a step of "Distribuir às comissões": the matter's first is the presidency's despacho inicial (decision 0058) */
  despacho: f.select({ label: 'Despacho', options: DESPACHOS, readOnly: true, help: 'O primeiro “Distribuir às comissões” da matéria é o despacho inicial; os seguintes, distribuições.' }),
  assinado_por_id: f.ref({ label: 'Despacho registrado por', to: 'users', display: 'name', readOnly: true, onDelete: 'set null', help: 'Quem registrou o despacho (a sessão).' }),
};
const T = TRAMITATION_FIELDS;

/**
 * The "Tramitar" dialog (docs/workflows/tramitacao.md): a new step of the matter. The server prepares it (the origin
 * is the last step's destination, the date today, the statuses those that may follow the current one) and checks it
 * again when it is saved; "Fim do prazo" is computed live by the server's own function (holidays/deadline).
 */
const TRAMITAR_FORM = {
  data: T.data,
  origem_id: T.origem_id,
  destino_id: T.destino_id,
  commission_id: T.commission_id,
  status_id: T.status_id,
  turno_id: T.turno_id,
  urgente: T.urgente,
  diasPrazo: T.diasPrazo,
  fimPrazo: f.date({
    label: 'Fim do prazo', readOnly: true, preview: { path: 'holidays/deadline', params: { inicio: 'data', dias: 'diasPrazo' } },
    help: 'Dias corridos, excluído o dia do início; um fim em sábado, domingo ou feriado passa ao próximo dia útil.',
  }),
  acao: T.acao,
  anexo: T.anexo,
};

/**
 * Amendments (emendas) and substitutivos are matters attached to their main matter (`principal_id`), numbered in its
 * own sequence per kind ("Emenda nº 1 ao PL 12/2026"); a subemenda is attached to an emenda. The espécie gives the
 * type: the four emendas share the type "Emenda" (one sequence per main matter), a subemenda and a substitutivo have
 * their own (docs/legislativo.md, "Da proposição à matéria").
 */
export const ESPECIES_EMENDA = [
  { value: 'aditiva', label: 'Emenda aditiva' },
  { value: 'modificativa', label: 'Emenda modificativa' },
  { value: 'supressiva', label: 'Emenda supressiva' },
  { value: 'substitutiva', label: 'Emenda substitutiva' },
  { value: 'subemenda', label: 'Subemenda' },
  { value: 'substitutivo', label: 'Substitutivo' },
] as const;
export type EspecieEmenda = (typeof ESPECIES_EMENDA)[number]['value'];
/** The matter type (slug of the `matters` category) of an espécie. */
export const amendmentType = (especie: string): 'emenda' | 'subemenda' | 'substitutivo' =>
  especie === 'subemenda' || especie === 'substitutivo' ? especie : 'emenda';
/** The matter types that are amendments: only presented through their main matter ("Apresentar emenda"). */
export const AMENDMENT_TYPES: readonly string[] = ['emenda', 'subemenda', 'substitutivo'];

/**
 * "Distribuir às comissões": one tramitation step per commission chosen (the flow's status, from where the matter
 * is), each opening the commission's distribution (docs/workflows/comissoes.md).
 */
const DISTRIBUIR_FORM = {
  data: { ...T.data, help: 'A primeira distribuição da matéria é o despacho inicial da presidência; as seguintes, distribuições.' },
  commission_ids: f.multi({ label: 'Comissões', required: true, help: 'Um passo de tramitação para cada comissão, na ordem escolhida.' }),
  status_id: { ...T.status_id, help: 'Padrão: “Em comissão”, quando o fluxo o permite depois do status atual.' },
  acao: { ...T.acao, label: 'Texto do despacho', help: 'Padrão: “Distribuída à <comissão> para parecer.” (no despacho inicial, “Despacho inicial: distribuída à <comissão> para parecer.”)' },
};
const commissionId = z.coerce.number({ error: 'Comissão inválida.' }).int('Comissão inválida.').positive('Comissão inválida.').max(2_147_483_647, 'Comissão inválida.');
/** The dialog's fields, the commissions by their ids (numbers, or the dialog's texts) */
const DISTRIBUIR_INPUT = createSchema({ fields: { data: T.data, status_id: T.status_id, acao: T.acao } } as unknown as ResourceDef).extend({
  commission_ids: z.array(commissionId, { error: 'Escolha as comissões.' }).min(1, 'Escolha ao menos uma comissão.').max(20, 'Escolha no máximo 20 comissões.'),
});

/** "Apresentar emenda": an amendment of the matter, numbered in its sequence. */
const EMENDA_FORM = {
  emenda_especie: f.select({ label: 'Espécie', required: true, options: ESPECIES_EMENDA }),
  dataApresentacao: f.date({ label: 'Data de apresentação', required: true }),
  author_id: f.ref({ label: 'Autor', to: 'authors', display: 'name', required: true, help: 'Outros autores se incluem depois, na aba Autores da emenda.' }),
  ementa: f.longtext({ label: 'Ementa', required: true, max: 5000 }),
  texto: f.longtext({ label: 'Texto', max: 65_535 }),
  justificativa: f.longtext({ label: 'Justificativa', max: 65_535 }),
  texto_original: f.file({ label: 'Texto original', accept: PDF, maxMB: 20 }),
};

/**
 * "Anexar matéria" (decision 0058): another matter of the house is attached to this one (the principal), from a date,
 * with an optional reason; "Desanexar" (on the attachment) ends it with its date, the history kept.
 */
const ANEXAR_FORM = {
  anexada_id: f.ref({ label: 'Matéria a anexar', to: 'matters', display: 'identificacao', required: true, help: 'Uma matéria fica anexada a uma só principal de cada vez.' }),
  data_anexacao: f.date({ label: 'Data da anexação', required: true }),
  motivo: f.longtext({ label: 'Motivo', max: 2000, help: 'Opcional: por que as matérias tramitam juntas (mesmo objeto, conexas…).' }),
};

export const matters = defineResource({
  name: 'matters', path: 'matters', tenant: { column: 'company_id' }, audit: true, permission: 'view_matter',
  label: { one: 'Matéria', many: 'Matérias', gender: 'f' },
  fields: {
    type_id: f.type('matters', { label: 'Tipo', required: true }),
    numero: f.int({
      label: 'Número', min: 1, help: 'Deixe em branco para numerar automaticamente (sequência do tipo no ano).',
      // an amendment is numbered in its main matter, by type ("Emenda nº 1 ao PL 12/2026": modules/materias/emendas.ts)
      sequence: { per: (m) => (m.principal_id ? ['type_id', 'principal_id'] : ['type_id', 'ano']), year: { field: 'ano', from: 'dataApresentacao' } },
    }),
    ano: f.int({ label: 'Ano', min: 1900, max: 2100, filter: true, help: 'Padrão: o ano da apresentação.' }),
    // sorted by type, year and number, as SAPL lists them ("PL 9/2026" before "PL 10/2026")
    identificacao: f.text({ label: 'Identificação', max: 60, readOnly: true, sortAs: 'identification' }),
    numeracao: f.text({ label: 'Numeração (tipo, número e ano)', max: 60, readOnly: true, hidden: true, unique: true, clash: { field: 'numero', message: 'Já existe uma matéria deste tipo com este número e ano.' } }),
    dataApresentacao: f.date({ label: 'Data de apresentação', required: true }),
    numProtocolo: f.text({ label: 'Número do protocolo', max: 40 }),
    ementa: f.longtext({ label: 'Ementa', required: true, max: 5000 }),
    apelido: f.text({ label: 'Apelido', max: 255 }),
    objeto: f.longtext({ label: 'Objeto', max: 5000 }),
    indexacao: f.longtext({ label: 'Indexação', max: 5000 }),
    regime_tramitacao_id: f.type('regime_tramitacao', { label: 'Regime de tramitação' }),
    type_votation_id: f.type('votation', { label: 'Tipo de votação' }),
    diasPrazo: f.int({ label: 'Prazo (dias)', min: 0, max: 3650 }),
    fimPrazo: f.date({ label: 'Fim do prazo', help: 'Calculado a partir do prazo em dias, excluído o dia do início, no próximo dia útil.' }),
    publicacao: f.date({ label: 'Data de publicação' }),
    emTramitacao: f.bool({ label: 'Em tramitação', default: true, help: 'Passa a "Não" quando um passo usa um status final (Configurações › Fluxo de tramitação).' }),
    /** where the tramitation stands: copied by the server from the latest step (docs/workflows/tramitacao.md) */
    status_atual_id: f.type('tramitation_status', { label: 'Status atual', readOnly: true, onDelete: 'set null' }),
    unidade_atual_id: f.ref({ label: 'Unidade atual', to: 'tramitation_unities', display: 'descricao', readOnly: true, onDelete: 'set null' }),
    comissao_atual_id: f.ref({ label: 'Comissão atual', to: 'commissions', display: 'nome', readOnly: true, onDelete: 'set null' }),
    prazoTramitacao: f.date({ label: 'Prazo da tramitação', readOnly: true, help: 'O fim do prazo do passo atual.' }),
    polemica: f.bool({ label: 'Polêmica' }),
    complementar: f.bool({ label: 'Complementar' }),
    origem_externa_id: f.type('matters', { label: 'Tipo da matéria de origem externa' }),
    numOrigemExterna: f.text({ label: 'Número de origem externa', max: 40 }),
    anoOrigemExterna: f.int({ label: 'Ano de origem externa', min: 1900, max: 2100 }),
    local_origem_externa_id: f.type('origem_externa', { label: 'Local de origem externa' }),
    /** the text and its justification (from the parliamentarian's draft when it was protocolled) */
    texto: f.longtext({ label: 'Texto', max: 65_535 }),
    justificativa: f.longtext({ label: 'Justificativa', max: 65_535 }),
    obs: f.longtext({ label: 'Observações', max: 5000 }),
    texto_original: f.file({ label: 'Texto original', accept: PDF, maxMB: 20 }),
    /** an amendment's main matter and espécie: set when it is presented ("Apresentar emenda"), never changed */
    principal_id: f.ref({ label: 'Matéria principal', to: 'matters', display: 'identificacao', readOnly: true, help: 'Das emendas e substitutivos: a matéria a que se referem.' }),
    emenda_especie: f.select({ label: 'Espécie da emenda', options: ESPECIES_EMENDA, readOnly: true }),
    /** the norm its sanction made (ciclo-legislativo.md): set by "Registrar sanção / gerar norma" */
    norma_id: f.ref({ label: 'Norma jurídica', to: 'norms', display: 'identificacao', readOnly: true, onDelete: 'set null' }),
    /** the presidency's despacho inicial: set by the matter's first "Distribuir às comissões" (decision 0058) */
    despacho_inicial_em: f.date({ label: 'Despacho inicial', readOnly: true, help: 'A data do despacho inicial: a primeira distribuição da matéria às comissões.' }),
    despacho_inicial_por_id: f.ref({ label: 'Despacho inicial registrado por', to: 'users', display: 'name', readOnly: true, onDelete: 'set null' }),
  },
  list: {
    columns: ['identificacao', 'type_id', 'dataApresentacao', 'ementa', 'status_atual_id', 'prazoTramitacao', 'emTramitacao'],
    sort: '-dataApresentacao',
    search: ['identificacao', 'ementa', 'apelido'],
    fts: ['identificacao', 'ementa', 'indexacao', 'apelido', 'objeto'],
    // the ementa (a long text) and the type (a reference) have no sort arrow
    sortable: ['identificacao', 'dataApresentacao', 'emTramitacao'],
    // the type starts the identification ("PL 12/2026"): its matters sorted by identification get an index of their own
    sortedFilters: ['type_id'],
  },
  display: 'identificacao',
  access: rw(W_MATTERS),
  // the current step's deadline, while the matter is in tramitação: "vence em N dias" / "em atraso" on the record
  deadline: { field: 'prazoTramitacao', open: [{ field: 'emTramitacao', in: [true] }] },
  summary: ['principal_id', 'emenda_especie', 'status_atual_id', 'unidade_atual_id', 'comissao_atual_id', 'prazoTramitacao', 'emTramitacao', 'norma_id'],
  inbox: [{
    key: 'prazo_tramitacao', label: 'Tramitações com prazo vencendo', roles: W_MATTERS,
    where: [{ field: 'emTramitacao', in: [true] }], due: 'prazoTramitacao', within: DEADLINE_SOON_DAYS,
  }],
  actions: {
    tramitar: {
      method: 'POST', path: ':id/tramitar', summary: 'Registra um passo da tramitação da matéria (origem: o destino do passo anterior; status: os permitidos depois do atual)',
      access: W_MATTERS, label: 'Tramitar', form: TRAMITAR_FORM,
    },
    distribuir: {
      method: 'POST', path: ':id/distribuir', summary: 'Distribui a matéria a uma ou mais comissões: um passo de tramitação para cada uma, que abre a distribuição (relator, prazo, parecer)',
      access: W_MATTERS, label: 'Distribuir às comissões', form: DISTRIBUIR_FORM, input: DISTRIBUIR_INPUT,
    },
    anexar: {
      method: 'POST', path: ':id/anexar', summary: 'Anexa outra matéria da entidade a esta (a principal): sem anexar a si mesma, sem ciclos, uma principal de cada vez',
      access: W_MATTERS, label: 'Anexar matéria', form: ANEXAR_FORM,
    },
    apresentar_emenda: {
      method: 'POST', path: ':id/apresentar_emenda', summary: 'Apresenta uma emenda, subemenda ou substitutivo à matéria, numerado na sequência da matéria ("Emenda nº 1 ao PL 12/2026")',
      access: W_MATTERS, label: 'Apresentar emenda', form: EMENDA_FORM,
    },
    amendments_of: {
      method: 'GET', path: 'amendments', summary: 'Emendas, subemendas e substitutivos de várias matérias (?matter_ids=1,2,3): por matéria principal, na ordem de apresentação (a pauta as mostra sob o item)',
      input: z.object({ matter_ids: z.string({ error: 'Informe as matérias (matter_ids=1,2,3).' }).regex(/^\d{1,10}(,\d{1,10}){0,199}$/, 'Informe as matérias pelos ids, separados por vírgula (no máximo 200).') }),
      access: readers(W_MATTERS),
    },
    ...SANCTION_ACTIONS,
  },
  links: {
    subjects: { target: 'subjects', list: 'subjects', add: 'add_subject', remove: 'remove_subject', removeMethod: 'POST', removeById: true },
    // the first author, then the co-signers in signing order (a protocolled draft's)
    authors: { target: 'authors', list: 'authors', add: 'add_author', remove: 'remove_author', removeMethod: 'POST', removeById: true, embed: ['name', 'cargo', 'parliamentary_id'], ordered: true },
  },
  children: {
    tramitations: { resource: 'tramitations', fk: 'matter_id', list: 'tramitations', add: 'tramitations', action: 'tramitar' },
    distributions: { resource: 'distributions', fk: 'matter_id', list: 'distributions', action: 'distribuir', open: 'screen' },
    amendments: {
      resource: 'matters', fk: 'principal_id', list: 'amendments', action: 'apresentar_emenda', open: 'screen', label: 'Emendas e substitutivos',
      columns: ['identificacao', 'emenda_especie', 'dataApresentacao', 'ementa', 'status_atual_id'], sort: 'id',
    },
    reports: { resource: 'reports', fk: 'matter_id', list: 'reports', add: 'add_reports' },
    // the matters attached to this one, ended attachments included (the row's "Desanexar"), and the other way round
    anexadas: {
      resource: 'matter_attachments', fk: 'principal_id', list: 'anexadas', action: 'anexar', label: 'Anexadas',
      columns: ['anexada_id', 'data_anexacao', 'data_desanexacao', 'situacao', 'motivo'],
    },
    anexada_a: { resource: 'matter_attachments', fk: 'anexada_id', list: 'anexada_a', label: 'Anexada a', columns: ['principal_id', 'data_anexacao', 'data_desanexacao', 'situacao'] },
    // ofícios, pareceres externos, certidões… filed with the matter, each with its PDF (decision 0059)
    documentos_acessorios: { resource: 'matter_documents', fk: 'matter_id', list: 'documentos_acessorios', add: 'documentos_acessorios', label: 'Documentos acessórios' },
  },
  screen: `${LEG}/matters`,
});

export const SITUACOES_ANEXACAO = [{ value: 'anexada', label: 'Anexada' }, { value: 'desanexada', label: 'Desanexada' }] as const;

/**
 * A matter attached to another, its principal (SAPL's `Anexada`; decision 0058): made by the principal's "Anexar
 * matéria", ended by "Desanexar" (the row stays, with its end date). `chave` is the attached matter while the
 * attachment lasts (a unique index: one principal at a time), empty once it ended. Read through the matters' tabs.
 */
export const matterAttachments = defineResource({
  name: 'matter_attachments', path: 'matter_attachments', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Matéria anexada', many: 'Matérias anexadas', gender: 'f' },
  fields: {
    principal_id: f.ref({ label: 'Matéria principal', to: 'matters', display: 'identificacao', required: true, onDelete: 'cascade' }),
    anexada_id: f.ref({ label: 'Matéria anexada', to: 'matters', display: 'identificacao', required: true, onDelete: 'cascade' }),
    data_anexacao: f.date({ label: 'Data da anexação', required: true }),
    data_desanexacao: f.date({ label: 'Data da desanexação', readOnly: true }),
    motivo: f.longtext({ label: 'Motivo', max: 2000 }),
    situacao: f.select({ label: 'Situação', options: SITUACOES_ANEXACAO, readOnly: true, default: 'anexada' }),
    descricao: f.text({ label: 'Descrição', max: 140, readOnly: true }),
    anexada_por_id: f.ref({ label: 'Anexada por', to: 'users', display: 'name', readOnly: true, onDelete: 'set null' }),
    desanexada_por_id: f.ref({ label: 'Desanexada por', to: 'users', display: 'name', readOnly: true, onDelete: 'set null' }),
    chave: f.text({
      label: 'Matéria anexada em vigor', max: 20, readOnly: true, hidden: true, unique: true,
      clash: { field: 'anexada_id', message: 'Esta matéria já está anexada a outra matéria: desanexe-a antes.' },
    }),
  },
  list: { columns: ['principal_id', 'anexada_id', 'data_anexacao', 'data_desanexacao', 'situacao'], sort: '-data_anexacao', search: ['descricao', 'motivo'], sortable: ['data_anexacao'] },
  display: 'descricao',
  access: rw(W_MATTERS),
  routes: { list: false, create: false, update: false, delete: false },
  actions: {
    desanexar: {
      method: 'POST', path: ':id/desanexar', summary: 'Desanexa a matéria da principal, com a data (a anexação fica no histórico)',
      access: W_MATTERS, label: 'Desanexar', tone: 'danger',
      form: { data_desanexacao: f.date({ label: 'Data da desanexação', required: true }) },
      when: [{ field: 'situacao', in: ['anexada'], reason: 'Esta anexação já terminou (situação: {situacao}).' }],
    },
  },
});

/**
 * A matter's accessory document (SAPL's `DocumentoAcessorio`; decision 0059): an ofício, an external parecer, a
 * certidão… filed with the matter, not its text. Its type is a `types` lookup (`documentos_acessorios`); its author is
 * free text ("Prefeitura Municipal"); who registered it is the session's user (set by the server). The date is neither
 * in the future nor before the matter's presentation (modules/materias/acessorios.ts). A public one (`publico`) is
 * listed with its file on the matter's portal page; a non-public one never leaves the staff's screens.
 */
export const matterDocuments = defineResource({
  name: 'matter_documents', path: 'matter_documents', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Documento acessório', many: 'Documentos acessórios', gender: 'm' },
  fields: {
    matter_id: f.ref({ label: 'Matéria', to: 'matters', display: 'identificacao', required: true, onDelete: 'cascade', createOnly: 'O documento não muda de matéria: exclua-o e inclua-o na outra.' }),
    tipo_id: f.type('documentos_acessorios', { label: 'Tipo', required: true }),
    nome: f.text({ label: 'Nome', required: true, max: 255 }),
    data: f.date({ label: 'Data', required: true, help: 'Não pode estar no futuro nem ser anterior à apresentação da matéria.' }),
    autor: f.text({ label: 'Autor', max: 255, help: 'Quem assina o documento: “Prefeitura Municipal”, o nome de um vereador…' }),
    ementa: f.longtext({ label: 'Ementa', max: 5000 }),
    arquivo: f.file({ label: 'Arquivo (PDF)', accept: PDF, maxMB: 20 }),
    publico: f.bool({ label: 'Público (no portal)', default: true, help: 'Mostrado com o arquivo na página da matéria no portal.' }),
    registrado_por_id: f.ref({ label: 'Registrado por', to: 'users', display: 'name', readOnly: true, onDelete: 'set null', help: 'Quem incluiu o documento (a sessão).' }),
  },
  list: { columns: ['data', 'tipo_id', 'nome', 'autor', 'arquivo', 'publico'], sort: '-data', search: ['nome', 'autor', 'ementa'], sortable: ['data'] },
  display: 'nome',
  access: rw(W_MATTERS),
  routes: { list: false },
});

const SITUACOES_APLICACAO = [
  { value: 'rascunho', label: 'Rascunho' },
  { value: 'enviada', label: 'Enviada' },
  { value: 'recebida', label: 'Recebida' },
  { value: 'em_analise', label: 'Em análise' },
  { value: 'protocolada', label: 'Protocolada como matéria' },
  { value: 'devolvida', label: 'Devolvida para correção' },
  { value: 'arquivada', label: 'Arquivada' },
] as const;

export const situationInput = (options: readonly { value: string; label: string }[]) => z.object({
  situacao: z.enum(options.map((o) => o.value) as [string, ...string[]], { error: 'Escolha uma situação válida.' }),
  situacao_obs: z.string({ error: 'O campo Observação da situação é inválido.' }).trim().max(2000, 'O campo Observação da situação deve ter no máximo 2000 caracteres.').optional().nullable(),
});
const searchQuery = z.object({ search: z.string().max(200).optional(), q: z.string().max(200).optional() });
/** A reason typed in an action's dialog (a return, an archiving, a refusal): kept in the record's situation note. */
const reason = (label: string) => ({ motivo: f.longtext({ label, required: true, min: 5, max: 2000 }) });

/** A parliamentarian's own rows (their parliamentarian record, from the session); the staff that receives them sees all. */
const ownRows = { field: 'parliamentary_id', mine: 'parliamentary' } as const;
/** Where the house acts on a matter application: sent to it and not yet decided. */
const AT_THE_HOUSE = ['enviada', 'recebida', 'em_analise'] as const;

/**
 * A parliamentarian's matter draft (docs/workflows/materias-recebidas.md): written as a `rascunho` (only its author
 * sees and changes it), sent to the house (`enviada`; read-only for the author from then on), received, analysed,
 * and either protocolled as a matter (which it links), returned for correction (the author changes it and sends it
 * again) or archived. Situations change only through the actions below (`PUT :id/situation` runs the same ones).
 */
export const matterApplications = defineResource({
  name: 'matter_applications', path: 'matters/matterapplication', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Solicitação de matéria', many: 'Matérias recebidas', gender: 'f' },
  fields: {
    type_id: f.type('matters', { label: 'Tipo', required: true }),
    /** the author: set from the session for a parliamentarian; chosen by the staff that registers a paper draft */
    parliamentary_id: f.ref({ label: 'Parlamentar', to: 'parliamentaries', display: 'nome' }),
    data: f.date({ label: 'Data do envio', readOnly: true }),
    ementa: f.longtext({ label: 'Ementa', required: true, max: 5000 }),
    destinatario: f.text({ label: 'Destinatário', max: 255, help: 'A quem se dirige (indicações, requerimentos e moções).' }),
    texto: f.longtext({ label: 'Texto', max: 65_535 }),
    justificativa: f.longtext({ label: 'Justificativa', max: 65_535 }),
    situacao: f.select({ label: 'Situação', options: SITUACOES_APLICACAO, default: 'rascunho', readOnly: true }),
    situacao_obs: f.longtext({ label: 'Observação da situação', max: 2000, readOnly: true }),
    matter_id: f.ref({ label: 'Matéria gerada', to: 'matters', display: 'identificacao', onDelete: 'set null', readOnly: true }),
    anexo: f.file({ label: 'Anexo', accept: PDF, maxMB: 20 }),
  },
  list: { columns: ['created_at', 'type_id', 'parliamentary_id', 'ementa', 'situacao', 'matter_id'], sort: '-created_at', search: ['ementa', 'destinatario'] },
  display: 'ementa',
  access: { read: readers(W_RECEIVE), create: READ, update: readers(W_RECEIVE), delete: [...W_RECEIVE, 'cm_parlamentar'] },
  rows: {
    all: W_RECEIVE,
    own: ownRows,
    // and the drafts a member was invited to co-sign (read-only for them)
    filter: 'matter_application_cosigners',
    edit: [
      { field: 'situacao', in: ['rascunho', 'devolvida'], reason: 'A matéria já foi enviada à Câmara (situação: {situacao}); só pode ser alterada se for devolvida para correção.' },
      { field: 'parliamentary_id', mine: 'parliamentary', reason: 'Você foi convidado(a) a assinar esta matéria como coautor(a): só o autor ({parliamentary_id}) a altera e a envia.' },
    ],
    // a draft is its author's until sent
    allWhen: [{ field: 'situacao', notIn: ['rascunho'], reason: 'Rascunho do parlamentar, ainda não enviado.' }],
  },
  inbox: [
    { key: 'a_protocolar', label: 'Matérias recebidas a protocolar', roles: W_RECEIVE, where: [{ field: 'situacao', in: ['enviada', 'recebida', 'em_analise'] }] },
    // a draft another member invited me to co-sign, not yet answered
    { key: 'assinar', label: 'Proposições aguardando minha assinatura', roles: ['cm_parlamentar'], where: [{ field: 'situacao', in: ['rascunho'] }], filter: 'matter_signature_pending_mine' },
  ],
  actions: {
    list: { method: 'GET', path: 'list', summary: 'Lista paginada das matérias recebidas', access: readers(W_RECEIVE) },
    list_all: { method: 'GET', path: 'list/all', summary: 'Todas as matérias recebidas (sem paginação, ?search=)', input: searchQuery, access: readers(W_RECEIVE) },
    /** the spec's call: each situation is set by the action below that sets it, with its rules */
    situation: { method: 'PUT', path: ':id/situation', summary: 'Define a situação da matéria recebida (pela ação correspondente)', input: situationInput(SITUACOES_APLICACAO), access: W_RECEIVE },
    send: {
      method: 'POST', path: ':id/send', summary: 'O parlamentar (o autor) envia a matéria à Câmara; as assinaturas dos coautores ficam congeladas', access: ['cm_parlamentar'], label: 'Enviar à Câmara',
      confirm: 'Depois de enviada, a matéria só poderá ser alterada se a Câmara a devolver para correção. As assinaturas dos coautores ficam como estão: convites ainda não respondidos são encerrados.',
      when: [{ field: 'situacao', in: ['rascunho', 'devolvida'], reason: 'A matéria já foi enviada (situação: {situacao}).' }],
    },
    invite: {
      method: 'POST', path: ':id/invite', summary: 'O autor convida outro parlamentar a assinar o rascunho como coautor', access: ['cm_parlamentar'], label: 'Convidar coautor',
      form: { parliamentary_id: f.ref({ label: 'Vereador(a)', to: 'parliamentaries', display: 'nome', required: true, help: 'Recebe o convite e assina (ou recusa) da própria conta.' }) },
      when: [{ field: 'situacao', in: ['rascunho'], reason: 'As assinaturas ficam congeladas depois que a matéria é enviada à Câmara (situação: {situacao}).' }],
    },
    sign: {
      method: 'POST', path: ':id/sign', summary: 'O parlamentar convidado assina o rascunho como coautor', access: ['cm_parlamentar'], label: 'Assinar', rowEdit: false,
      confirm: 'Você assina esta matéria como coautor(a). Quando a Câmara a protocolar, seu nome estará entre os autores.',
      when: [{ field: 'situacao', in: ['rascunho'], reason: 'A matéria já foi enviada à Câmara: as assinaturas estão encerradas (situação: {situacao}).' }],
    },
    decline: {
      method: 'POST', path: ':id/decline', summary: 'O parlamentar convidado recusa (ou retira) a assinatura do rascunho', access: ['cm_parlamentar'], label: 'Recusar assinatura', rowEdit: false, tone: 'danger',
      form: { motivo: f.longtext({ label: 'Motivo', max: 2000, help: 'Opcional: o autor recebe o aviso com ele.' }) },
      when: [{ field: 'situacao', in: ['rascunho'], reason: 'A matéria já foi enviada à Câmara: as assinaturas estão encerradas (situação: {situacao}).' }],
    },
    receive: {
      method: 'POST', path: ':id/receive', summary: 'A Câmara confirma o recebimento da matéria', access: W_RECEIVE, label: 'Confirmar recebimento',
      when: [{ field: 'situacao', in: ['enviada'], reason: 'Só uma matéria enviada e ainda não recebida tem o recebimento confirmado (situação: {situacao}).' }],
    },
    analyse: {
      method: 'POST', path: ':id/analyse', summary: 'Põe a matéria recebida em análise', access: W_RECEIVE, label: 'Pôr em análise',
      when: [{ field: 'situacao', in: ['enviada', 'recebida'], reason: 'A matéria não está aguardando análise (situação: {situacao}).' }],
    },
    protocol: {
      method: 'POST', path: ':id/protocol', summary: 'Protocola a matéria recebida: cria a matéria (tipo, número do tipo no ano, autor, ementa, texto) e a vincula', access: W_RECEIVE,
      label: 'Protocolar como matéria',
      form: {
        type_id: f.type('matters', { label: 'Tipo da matéria', help: 'Padrão: o tipo do rascunho.' }),
        numero: f.int({ label: 'Número', min: 1, help: 'Deixe em branco para numerar automaticamente (sequência do tipo no ano).' }),
        ano: f.int({ label: 'Ano', min: 1900, max: 2100, help: 'Padrão: o ano da apresentação.' }),
        dataApresentacao: f.date({ label: 'Data de apresentação', help: 'Padrão: hoje.' }),
      },
      prefill: ['type_id'],
      when: [{ field: 'situacao', in: AT_THE_HOUSE, reason: 'Só uma matéria enviada à Câmara e ainda não decidida pode ser protocolada (situação: {situacao}).' }],
    },
    return: {
      method: 'POST', path: ':id/return', summary: 'Devolve a matéria ao parlamentar para correção, com o motivo', access: W_RECEIVE,
      label: 'Devolver para correção', tone: 'danger', form: reason('Motivo da devolução'),
      when: [{ field: 'situacao', in: AT_THE_HOUSE, reason: 'Só uma matéria enviada à Câmara e ainda não decidida pode ser devolvida (situação: {situacao}).' }],
    },
    archive: {
      method: 'POST', path: ':id/archive', summary: 'Arquiva a matéria recebida, com o motivo', access: W_RECEIVE,
      label: 'Arquivar', tone: 'danger', form: reason('Motivo do arquivamento'),
      when: [{ field: 'situacao', in: [...AT_THE_HOUSE, 'devolvida'], reason: 'A matéria não pode ser arquivada (situação: {situacao}).' }],
    },
  },
  children: {
    // the co-signers: invited by the author ("Convidar coautor"), removed by the author while it is a draft
    signatures: { resource: 'matter_signatures', fk: 'application_id', list: 'signatures', action: 'invite', remove: 'signatures', editWithParent: true },
  },
  screen: `${LEG}/matters/received`,
  alsoAt: ['/legislativo-parlamentar/matters'],
});

const SITUACOES_SOLICITACAO = [
  { value: 'pendente', label: 'Pendente' },
  { value: 'em_analise', label: 'Em análise' },
  { value: 'deferida', label: 'Deferida' },
  { value: 'indeferida', label: 'Indeferida' },
  { value: 'cancelada', label: 'Cancelada' },
] as const;
const UNDECIDED = ['pendente', 'em_analise'] as const;

/**
 * A parliamentarian's request (diária, veículo; docs/workflows/solicitacoes.md): sent when created (`pendente`),
 * read-only for its author from then on; the staff analyses it and grants or refuses it (with the reason); the
 * author (or the staff) may cancel it while undecided.
 */
export const solicitations = defineResource({
  name: 'solicitations', path: 'solicitations', tenant: { column: 'company_id' }, audit: true,
  order: [{ from: 'dataSaida', to: 'dataRetorno', message: 'O retorno não pode ser anterior à saída.' }],
  label: { one: 'Solicitação', many: 'Solicitações', gender: 'f' },
  fields: {
    tipo: f.select({ label: 'Tipo', required: true, options: [{ value: 'diaria', label: 'Diária' }, { value: 'veiculo', label: 'Veículo' }, { value: 'outra', label: 'Outra' }] }),
    /** the requester: set from the session for a parliamentarian; chosen by the staff that registers a request */
    parliamentary_id: f.ref({ label: 'Parlamentar', to: 'parliamentaries', display: 'nome' }),
    destino: f.text({ label: 'Destino', required: true, max: 255 }),
    finalidade: f.longtext({ label: 'Finalidade', required: true, max: 5000 }),
    dataSaida: f.date({ label: 'Data de saída', required: true }),
    horaSaida: f.time({ label: 'Hora de saída' }),
    dataRetorno: f.date({ label: 'Data de retorno' }),
    horaRetorno: f.time({ label: 'Hora de retorno' }),
    quantidadeDiarias: f.decimal({ label: 'Quantidade de diárias', min: 0 }),
    valor: f.money({ label: 'Valor' }),
    passageiros: f.text({ label: 'Passageiros', max: 500 }),
    obs: f.longtext({ label: 'Observações', max: 5000 }),
    situacao: f.select({ label: 'Situação', options: SITUACOES_SOLICITACAO, default: 'pendente', readOnly: true }),
    situacao_obs: f.longtext({ label: 'Observação da situação', max: 2000, readOnly: true }),
  },
  list: { columns: ['dataSaida', 'tipo', 'parliamentary_id', 'destino', 'situacao'], sort: '-dataSaida', search: ['destino', 'finalidade', 'passageiros'] },
  display: 'destino',
  access: { read: readers(staff()), create: READ, update: readers(staff()), delete: staff() },
  rows: {
    all: staff(),
    own: ownRows,
    // sent when created: its author reads it, and may only cancel it
    edit: [{ field: 'situacao', in: [], reason: 'A solicitação já foi enviada à Câmara (situação: {situacao}) e não pode mais ser alterada; se for o caso, cancele-a e faça outra.' }],
  },
  inbox: [{ key: 'a_decidir', label: 'Solicitações a decidir', roles: staff(), where: [{ field: 'situacao', in: ['pendente', 'em_analise'] }] }],
  actions: {
    list: { method: 'GET', path: 'list', summary: 'Lista paginada das solicitações', access: readers(staff()) },
    list_all: { method: 'GET', path: 'list/all', summary: 'Todas as solicitações (sem paginação, ?search=)', input: searchQuery, access: readers(staff()) },
    /** the spec's call: each situation is set by the action below that sets it, with its rules */
    situation: { method: 'PUT', path: ':id/situation', summary: 'Define a situação da solicitação (pela ação correspondente)', input: situationInput(SITUACOES_SOLICITACAO), access: staff() },
    analyse: {
      method: 'POST', path: ':id/analyse', summary: 'Põe a solicitação em análise', access: staff(), label: 'Pôr em análise',
      when: [{ field: 'situacao', in: ['pendente'], reason: 'A solicitação não está pendente (situação: {situacao}).' }],
    },
    grant: {
      method: 'POST', path: ':id/grant', summary: 'Defere a solicitação (observação opcional)', access: staff(), label: 'Deferir',
      form: { observacao: f.longtext({ label: 'Observação', max: 2000, help: 'Opcional: o que foi autorizado (veículo reservado, valor, horário).' }) },
      when: [{ field: 'situacao', in: UNDECIDED, reason: 'A solicitação já foi decidida (situação: {situacao}).' }],
    },
    deny: {
      method: 'POST', path: ':id/deny', summary: 'Indefere a solicitação, com o motivo', access: staff(), label: 'Indeferir', tone: 'danger',
      form: reason('Motivo do indeferimento'),
      when: [{ field: 'situacao', in: UNDECIDED, reason: 'A solicitação já foi decidida (situação: {situacao}).' }],
    },
    cancel: {
      method: 'POST', path: ':id/cancel', summary: 'Cancela a solicitação ainda não decidida (o solicitante ou a Câmara)', access: readers(staff()),
      label: 'Cancelar solicitação', tone: 'danger', rowEdit: false,
      confirm: 'A solicitação será cancelada. Para pedir de novo, será preciso fazer outra.',
      when: [{ field: 'situacao', in: UNDECIDED, reason: 'A solicitação já foi decidida (situação: {situacao}).' }],
    },
  },
  screen: `${LEG}/solicitation`,
  alsoAt: ['/legislativo-parlamentar/solicitation'],
});

/* ------------------------------------------------------------------------------------------------------------ */
/* Authors, subjects, tramitation, reports, propositions, norms                                                */

export const authors = defineResource({
  name: 'authors', path: 'authors', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Autor', many: 'Autores', gender: 'm' },
  fields: {
    name: f.text({ label: 'Nome', required: true, max: 150 }),
    cargo: f.text({ label: 'Cargo', max: 120 }),
    type_id: f.type('authors', { label: 'Tipo de autor', required: true }),
    user_id: f.ref({ label: 'Usuário', to: 'users', display: 'name', onDelete: 'set null' }),
    /** design: the parliamentarian this author is (a parliamentarian's matters are those of their author records) */
    parliamentary_id: f.ref({ label: 'Parlamentar', to: 'parliamentaries', display: 'nome', onDelete: 'set null' }),
  },
  list: { columns: ['name', 'cargo', 'type_id'], sort: 'name', search: ['name', 'cargo'] },
  display: 'name',
  access: rw(W_MATTERS),
});

export const subjects = defineResource({
  name: 'subjects', path: 'subjects', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Assunto', many: 'Assuntos', gender: 'm' },
  fields: {
    assunto: f.text({ label: 'Assunto', required: true, max: 200 }),
    type_id: f.type('subjects', { label: 'Área' }),
    obs: f.longtext({ label: 'Observações', max: 2000 }),
  },
  list: { columns: ['assunto', 'type_id'], sort: 'assunto', search: ['assunto', 'obs'] },
  display: 'assunto',
  access: rw(W_MATTERS),
});

/**
 * The company's own non-working days (municipal holidays, pontos facultativos); the national ones are generated from
 * the law (holidays.ts) and shown beside them by `holidays/calendar`. Kept by the roles of the Configurações module
 * (screen Configurações › Feriados); read also by the matters' operators, whose deadlines they move.
 */
export const holidays = defineResource({
  name: 'holidays', path: 'holidays', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Feriado', many: 'Feriados', gender: 'm' },
  fields: {
    data: f.date({ label: 'Data', required: true }),
    descricao: f.text({ label: 'Descrição', required: true, max: 150 }),
    recorrente: f.bool({ label: 'Repete todo ano', help: 'Vale no mesmo dia e mês de todos os anos (ex.: aniversário do município).' }),
  },
  list: { columns: ['data', 'descricao', 'recorrente'], sort: 'data', search: ['descricao'] },
  display: 'descricao',
  access: { read: [...new Set([...R.settingsHolidays, ...readers(W_MATTERS)])], create: R.settingsHolidays, update: R.settingsHolidays, delete: R.settingsHolidays },
  actions: {
    calendar: {
      method: 'GET', path: 'calendar', summary: 'Calendário de um ano: feriados nacionais (gerados pela lei) e os da entidade (?ano=, padrão o ano corrente)',
      input: z.object({ ano: z.coerce.number({ error: 'Ano inválido.' }).int('Ano inválido.').min(1900, 'Ano inválido.').max(2100, 'Ano inválido.').optional() }),
      access: [...new Set([...R.settingsHolidays, ...readers(W_MATTERS)])],
    },
    deadline: {
      method: 'GET', path: 'deadline', summary: 'Fim de um prazo: o início mais os dias, excluído o dia do início, no próximo dia útil (?inicio=aaaa-mm-dd&dias=)',
      input: z.object({
        inicio: z.string({ error: 'Informe a data de início.' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Data de início inválida (use aaaa-mm-dd).'),
        dias: z.coerce.number({ error: 'Prazo inválido.' }).int('O prazo deve ser um número inteiro de dias.').min(0, 'O prazo não pode ser negativo.').max(3650, 'O prazo deve ser de no máximo 3650 dias.'),
      }),
      access: [...new Set([...R.settingsHolidays, ...readers(W_MATTERS)])],
    },
    business_deadline: {
      method: 'GET', path: 'business_deadline', summary: 'Fim de um prazo em dias úteis: o início mais os dias úteis, excluído o dia do início (?inicio=aaaa-mm-dd&dias=)',
      input: z.object({
        inicio: z.string({ error: 'Informe a data de início.' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Data de início inválida (use aaaa-mm-dd).'),
        dias: z.coerce.number({ error: 'Prazo inválido.' }).int('O prazo deve ser um número inteiro de dias.').min(0, 'O prazo não pode ser negativo.').max(365, 'O prazo deve ser de no máximo 365 dias úteis.'),
      }),
      access: [...new Set([...R.settingsHolidays, ...readers(W_MATTERS), ...W_COMMISSIONS])],
    },
  },
});

export const tramitations = defineResource({
  name: 'tramitations', path: 'tramitations', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Tramitação', many: 'Tramitações', gender: 'f' },
  fields: TRAMITATION_FIELDS,
  list: { columns: ['data', 'matter_id', 'status_id', 'despacho', 'origem_id', 'destino_id', 'commission_id', 'fimPrazo', 'urgente', 'plenary_session_id', 'votting_id'], sort: '-data', search: ['acao'] },
  display: 'data',
  access: rw(W_MATTERS),
});

/**
 * The tramitation's flow (decision 0026): per status of tramitação (a `tramitation_status` type), the statuses that
 * may follow it and whether it ends the tramitação (SAPL's "indicador: fim"). A status without a row here lets any
 * status follow it. Kept by the câmara's administrators (Configurações › Fluxo de tramitação); read by the matters'
 * operators, whose "Tramitar" dialog offers only the statuses allowed.
 */
export const tramitationFlows = defineResource({
  name: 'tramitation_flows', path: 'tramitation_flows', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Fluxo de tramitação', many: 'Fluxos de tramitação', gender: 'm' },
  fields: {
    status_id: f.type('tramitation_status', { label: 'Status', required: true, unique: true, onDelete: 'cascade' }),
    fim: f.bool({ label: 'Encerra a tramitação', help: 'Um passo com este status tira a matéria de tramitação ("Em tramitação: Não").' }),
    proximos: f.multi({
      label: 'Próximos status permitidos', typeOf: 'tramitation_status', max: 40,
      help: 'Os status que podem vir depois deste. Vazio num status final: nenhum (a tramitação não pode ser reaberta).',
    }),
    obs: f.longtext({ label: 'Observações', max: 2000 }),
  },
  list: { columns: ['status_id', 'fim', 'proximos'], sort: 'id', search: ['obs'] },
  display: 'status_id',
  access: { read: [...new Set([...R.settingsUnityTramitations, ...readers(W_MATTERS)])], create: R.settingsUnityTramitations, update: R.settingsUnityTramitations, delete: R.settingsUnityTramitations },
  screen: '/settings/tramitationFlows',
});

export const reports = defineResource({
  name: 'reports', path: 'reports', tenant: { column: 'company_id' }, audit: true,
  order: [{ from: 'designacao', to: 'destituicao', message: 'A destituição não pode ser anterior à designação.' }],
  label: { one: 'Relatoria', many: 'Relatorias', gender: 'f' },
  fields: {
    matter_id: f.ref({ label: 'Matéria', to: 'matters', display: 'identificacao', required: true, onDelete: 'cascade' }),
    parliamentary_id: f.ref({ label: 'Relator(a)', to: 'parliamentaries', display: 'nome', required: true }),
    commission_id: f.ref({ label: 'Comissão', to: 'commissions', display: 'nome' }),
    composition_id: f.ref({ label: 'Composição', to: 'compositions', display: 'descricao' }),
    designacao: f.date({ label: 'Data da designação', required: true }),
    destituicao: f.date({ label: 'Data da destituição' }),
    motivo_fim_id: f.type('motivo_fim_relatoria', { label: 'Motivo do fim da relatoria' }),
  },
  list: { columns: ['designacao', 'matter_id', 'parliamentary_id', 'commission_id', 'destituicao'], sort: '-designacao', search: [] },
  display: 'designacao',
  access: rw(W_MATTERS),
});

export const propositions = defineResource({
  name: 'propositions', path: 'propositions', tenant: { column: 'company_id' }, audit: true, permission: 'view_proposition',
  label: { one: 'Proposição', many: 'Proposições', gender: 'f' },
  fields: {
    type_id: f.type('propositions', { label: 'Tipo de proposição', required: true }),
    numero: f.int({ label: 'Número', min: 1 }),
    ano: f.int({ label: 'Ano', min: 1900, max: 2100, filter: true }),
    ementa: f.longtext({ label: 'Ementa', required: true, max: 5000 }),
    type_matter_id: f.type('matters', { label: 'Tipo da matéria vinculada' }),
    matter_id: f.ref({ label: 'Matéria vinculada', to: 'matters', display: 'identificacao', onDelete: 'set null' }),
    author_id: f.ref({ label: 'Autor', to: 'authors', display: 'name' }),
    obs: f.longtext({ label: 'Observações', max: 5000 }),
    textoOriginal: f.file({ label: 'Texto original', accept: PDF, maxMB: 20 }),
  },
  list: { columns: ['numero', 'ano', 'type_id', 'ementa', 'author_id'], sort: '-created_at', search: ['ementa'], fts: ['ementa'] },
  display: 'ementa',
  access: rw(W_MATTERS),
  screen: `${LEG}/propositions`,
});

const ESFERAS = [{ value: 'municipal', label: 'Municipal' }, { value: 'estadual', label: 'Estadual' }, { value: 'federal', label: 'Federal' }] as const;

/** A norm's number as written: "2.356". */
const groupedNumber = new Intl.NumberFormat('pt-BR', { useGrouping: true });

export const norms = defineResource({
  name: 'norms', path: 'norms', tenant: { column: 'company_id' }, audit: true, permission: 'view_norm',
  order: [{ from: 'data', to: 'dataPublicacao', message: 'A publicação não pode ser anterior à data da norma.' }],
  label: { one: 'Norma jurídica', many: 'Normas jurídicas', gender: 'f' },
  fields: {
    type_id: f.type('norms', { label: 'Tipo de norma', required: true }),
    numero: f.text({
      label: 'Número', max: 20, help: 'Deixe em branco para numerar automaticamente (sequência do tipo no ano).',
      sequence: { per: ['type_id', 'ano'], format: (n) => groupedNumber.format(n) },
    }),
    ano: f.int({ label: 'Ano', required: true, min: 1800, max: 2100, filter: true }),
    esfera: f.select({ label: 'Esfera federativa', options: ESFERAS, default: 'municipal' }),
    data: f.date({ label: 'Data', required: true }),
    dataPublicacao: f.date({ label: 'Data de publicação' }),
    fimVigencia: f.date({ label: 'Fim da vigência' }),
    ementa: f.longtext({ label: 'Ementa', required: true, max: 5000 }),
    indexacao: f.longtext({ label: 'Indexação', max: 5000 }),
    complementar: f.bool({ label: 'Complementar' }),
    matter_id: f.ref({ label: 'Matéria de origem', to: 'matters', display: 'identificacao', onDelete: 'set null' }),
    type_materia_id: f.type('matters', { label: 'Tipo da matéria de origem' }),
    numero_materia: f.text({ label: 'Número da matéria de origem', max: 20 }),
    ano_materia: f.int({ label: 'Ano da matéria de origem', min: 1800, max: 2100 }),
    pagInicio: f.int({ label: 'Página inicial', min: 0 }),
    pagFim: f.int({ label: 'Página final', min: 0 }),
    obs: f.longtext({ label: 'Observações', max: 5000 }),
    textoIntegral: f.file({ label: 'Texto integral', accept: PDF, maxMB: 30 }),
    ...NORM_CYCLE_FIELDS,
  },
  list: { columns: ['identificacao', 'data', 'ementa', 'vigencia'], sort: '-data', search: ['identificacao', 'numero', 'ementa'], fts: ['identificacao', 'ementa', 'indexacao'] },
  display: 'identificacao',
  access: rw(W_NORMS),
  summary: ['vigencia', 'sancao', 'partes_vetadas'],
  children: {
    relations: { resource: 'norm_relations', fk: 'norm_id', list: 'relations', add: 'add_relation', remove: 'relations', label: 'Relações com outras normas' },
    // the same relations read from the norm they act on ("Alterada por Lei 2.310/2025"); written from the other side
    received: { resource: 'norm_relations', fk: 'related_norm_id', list: 'relations_received', label: 'Alterada ou revogada por', columns: ['inverso', 'norm_id', 'obs'] },
  },
  actions: NORM_ACTIONS,
  screen: `${LEG}/norms`,
});

export const normRelations = defineResource({
  name: 'norm_relations', path: 'norm_relations', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Relação entre normas', many: 'Normas relacionadas', gender: 'f' },
  fields: {
    norm_id: f.ref({ label: 'Norma', to: 'norms', display: 'identificacao', required: true, onDelete: 'cascade' }),
    tipo: f.select({ label: 'Relação', required: true, options: NORM_RELATION_TYPES.map(({ value, label }) => ({ value, label })) }),
    related_norm_id: f.ref({ label: 'Norma relacionada', to: 'norms', display: 'identificacao', required: true, onDelete: 'cascade' }),
    obs: f.text({ label: 'Observações', max: 500, help: 'Os dispositivos alcançados (ex.: dá nova redação aos arts. 3º e 8º).' }),
    /** the relation read from the related norm (set by the server from `tipo`) */
    inverso: f.select({ label: 'Relação', readOnly: true, options: NORM_RELATION_TYPES.map(({ value, inverse }) => ({ value, label: inverse })) }),
  },
  list: { columns: ['tipo', 'related_norm_id', 'obs'], sort: 'tipo', search: ['obs'] },
  display: 'tipo',
  access: rw(W_NORMS),
  routes: { list: false, show: false, create: false, update: false, delete: false },
});

export const audiences = defineResource({
  name: 'audiences', path: 'audiences', tenant: { column: 'company_id' }, audit: true, permission: 'view_audience',
  order: [{ from: 'horaInicio', to: 'horaFim', message: 'O término não pode ser anterior ao início.' }],
  label: { one: 'Audiência pública', many: 'Audiências públicas', gender: 'f' },
  fields: {
    nome: f.text({ label: 'Nome', required: true, max: 255 }),
    numero: f.int({ label: 'Número', min: 1 }),
    tema: f.text({ label: 'Tema', max: 500 }),
    tipo_materia_id: f.type('matters', { label: 'Tipo da matéria' }),
    numMateria: f.int({ label: 'Número da matéria', min: 1 }),
    anoMateria: f.int({ label: 'Ano da matéria', min: 1900, max: 2100 }),
    data: f.date({ label: 'Data', required: true }),
    horaInicio: f.time({ label: 'Hora de início' }),
    horaFim: f.time({ label: 'Hora de término' }),
    cancelada: f.bool({ label: 'Cancelada' }),
    obs: f.longtext({ label: 'Observações', max: 5000 }),
    audience_pauta: f.file({ label: 'Pauta', accept: PDF, maxMB: 20 }),
    audience_ata: f.file({ label: 'Ata', accept: PDF, maxMB: 20 }),
    audience_anexo: f.file({ label: 'Anexo', accept: [...PDF, ...IMAGE], maxMB: 20 }),
  },
  list: { columns: ['data', 'numero', 'nome', 'tema', 'cancelada'], sort: '-data', search: ['nome', 'tema'] },
  display: 'nome',
  access: rw(W_COMMISSIONS),
  screen: `${LEG}/audiences`,
});

/* ------------------------------------------------------------------------------------------------------------ */
/* Commissions                                                                                                 */

export const commissions = defineResource({
  name: 'commissions', path: 'commissions', tenant: { column: 'company_id' }, audit: true, permission: 'view_commission',
  order: [{ from: 'criacao', to: 'extincao', message: 'A extinção não pode ser anterior à criação.' }],
  label: { one: 'Comissão', many: 'Comissões', gender: 'f' },
  fields: {
    nome: f.text({ label: 'Nome', required: true, max: 200 }),
    sigla: f.text({ label: 'Sigla', required: true, max: 20, unique: true }),
    type_id: f.type('commissions', { label: 'Tipo', required: true }),
    descricao: f.longtext({ label: 'Descrição / finalidade', max: 5000 }),
    ativa: f.bool({ label: 'Ativa', default: true }),
    deliberativa: f.bool({ label: 'Deliberativa' }),
    criacao: f.date({ label: 'Data de criação', required: true }),
    extincao: f.date({ label: 'Data de extinção' }),
    localReuniao: f.text({ label: 'Local das reuniões', max: 255 }),
    prazoRelator: f.int({ label: 'Prazo do relator (dias úteis)', min: 1, max: 365, help: 'Proposto ao designar o relator de uma matéria distribuída à comissão. Em branco: 15 dias úteis.' }),
    dataHora: f.text({ label: 'Dia e horário das reuniões', max: 120, help: 'Ex.: terças-feiras, às 14h.' }),
    anexo: f.file({ label: 'Ato de criação', accept: PDF, maxMB: 20 }),
  },
  list: { columns: ['sigla', 'nome', 'type_id', 'ativa', 'deliberativa'], sort: 'nome', search: ['nome', 'sigla'] },
  display: 'nome',
  access: rw(W_COMMISSIONS),
  children: {
    compositions: { resource: 'compositions', fk: 'comission_id', list: 'get_compositions', add: 'add_compositions' },
    meetings: { resource: 'meetings', fk: 'commission_id', list: 'get_meetings', add: 'add_meetings', remove: 'meetings' },
    /** the matters whose latest step sent them here, opened on the matter's screen (a matter comes here by "Tramitar") */
    tramitation: {
      resource: 'matters', calls: { list: 'tramitation_matters' }, open: 'screen', label: 'Matérias em tramitação',
      columns: ['identificacao', 'type_id', 'dataApresentacao', 'ementa', 'status_atual_id', 'prazoTramitacao'],
    },
  },
  actions: {
    delete_compositions: {
      method: 'POST', path: ':id/delete_compositions', summary: 'Remove composições da comissão ({ composition_id } ou { composition_ids })',
      input: z.object({
        composition_id: z.coerce.number({ error: 'Informe a composição.' }).int().positive('Informe a composição.').optional(),
        composition_ids: z.array(z.coerce.number().int().positive(), { error: 'Informe uma lista de composições.' }).max(500).optional(),
      }),
      access: W_COMMISSIONS,
    },
    tramitation_matters: { method: 'GET', path: ':id/tramitation_matters', summary: 'Matérias em tramitação na comissão', access: readers(W_COMMISSIONS) },
  },
  screen: `${LEG}/comissions`,
});

export const compositionPeriods = defineResource({
  name: 'composition_periods', path: 'composition_periods', tenant: { column: 'company_id' }, audit: true,
  order: [{ from: 'inicio', to: 'fim', message: 'O fim não pode ser anterior ao início.' }],
  label: { one: 'Período de composição', many: 'Períodos de composição', gender: 'm' },
  fields: {
    descricao: f.text({ label: 'Descrição', max: 120, help: 'Padrão: "dd/mm/aaaa a dd/mm/aaaa".' }),
    inicio: f.date({ label: 'Início', required: true }),
    fim: f.date({ label: 'Fim', required: true }),
    obs: f.longtext({ label: 'Observações', max: 2000 }),
  },
  list: { columns: ['descricao', 'inicio', 'fim'], sort: '-inicio', search: ['descricao', 'obs'] },
  display: 'descricao',
  access: rw(W_COMMISSIONS),
});

export const compositions = defineResource({
  name: 'compositions', path: 'compositions', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Composição', many: 'Composições', gender: 'f' },
  fields: {
    comission_id: f.ref({ label: 'Comissão', to: 'commissions', display: 'nome', required: true, onDelete: 'cascade' }),
    composition_period_id: f.ref({ label: 'Período', to: 'composition_periods', display: 'descricao', required: true }),
    descricao: f.text({ label: 'Descrição', max: 255, readOnly: true }),
    obs: f.longtext({ label: 'Observações', max: 2000 }),
  },
  list: { columns: ['comission_id', 'composition_period_id', 'obs'], sort: '-created_at', search: ['descricao', 'obs'] },
  display: 'descricao',
  access: rw(W_COMMISSIONS),
  children: {
    participants: { resource: 'participants', fk: 'composition_id', list: 'get_participants', add: 'add_participants', remove: 'participants' },
  },
});

export const participants = defineResource({
  name: 'participants', path: 'participants', tenant: { column: 'company_id' }, audit: true,
  order: [{ from: 'designacao', to: 'desligamento', message: 'O desligamento não pode ser anterior à designação.' }],
  label: { one: 'Participante', many: 'Participantes', gender: 'm' },
  fields: {
    composition_id: f.ref({ label: 'Composição', to: 'compositions', display: 'descricao', required: true, onDelete: 'cascade' }),
    parliamentary_id: f.ref({ label: 'Parlamentar', to: 'parliamentaries', display: 'nome', required: true }),
    cargo_id: f.type('cargos_comissao', { label: 'Cargo', required: true }),
    titular: f.bool({ label: 'Titular', default: true }),
    designacao: f.date({ label: 'Data da designação', required: true }),
    desligamento: f.date({ label: 'Data do desligamento' }),
    motivo: f.text({ label: 'Motivo do desligamento', max: 255 }),
    obs: f.longtext({ label: 'Observações', max: 2000 }),
  },
  list: { columns: ['parliamentary_id', 'cargo_id', 'titular', 'designacao', 'desligamento'], sort: 'designacao', search: ['motivo', 'obs'] },
  display: 'designacao',
  access: rw(W_COMMISSIONS),
});

export const meetings = defineResource({
  name: 'meetings', path: 'meetings', tenant: { column: 'company_id' }, audit: true,
  order: [{ from: 'horaInicio', to: 'horaFim', message: 'O término não pode ser anterior ao início.' }],
  label: { one: 'Reunião', many: 'Reuniões', gender: 'f' },
  fields: {
    commission_id: f.ref({ label: 'Comissão', to: 'commissions', display: 'nome', onDelete: 'cascade' }),
    numero: f.int({ label: 'Número', min: 1 }),
    nome: f.text({ label: 'Nome', required: true, max: 255 }),
    tema: f.text({ label: 'Tema', max: 500 }),
    local: f.text({ label: 'Local', max: 255 }),
    data: f.date({ label: 'Data', required: true }),
    horaInicio: f.time({ label: 'Hora de início' }),
    horaFim: f.time({ label: 'Hora de término' }),
    urlVideo: f.url({ label: 'Endereço do vídeo' }),
    urlAudio: f.url({ label: 'Endereço do áudio' }),
    obs: f.longtext({ label: 'Observações', max: 5000 }),
  },
  list: { columns: ['data', 'numero', 'nome', 'commission_id', 'local'], sort: '-data', search: ['nome', 'tema', 'local'] },
  display: 'nome',
  access: rw(W_COMMISSIONS),
});

/* ------------------------------------------------------------------------------------------------------------ */
/* Plenary sessions (record keeping; the live part — check-in, presence list status, speaker timers, voting —  */
/* builds on these fields)                                                                                      */

export const PLENARY_KINDS = [{ value: 'expediente', label: 'Expediente' }, { value: 'ordem_dia', label: 'Ordem do dia' }] as const;

export const plenarySessions = defineResource({
  name: 'plenary_sessions', path: 'plenary_sessions', tenant: { column: 'company_id' }, audit: true, permission: 'view_plenary_session',
  order: [{ from: 'abertura', to: 'encerramento', message: 'O encerramento não pode ser anterior à abertura.' }],
  label: { one: 'Sessão plenária', many: 'Sessões plenárias', gender: 'f' },
  fields: {
    numero: f.int({ label: 'Número', required: true, min: 1, help: 'Único para o tipo na sessão legislativa (a informada, ou a que contém a data de abertura; sem nenhuma, na legislatura ou no ano).' }),
    type_id: f.type('sessions', { label: 'Tipo de sessão', required: true }),
    titulo: f.text({ label: 'Título', max: 200, readOnly: true }),
    /** type, number and the period they are unique in (modules/plenario/records.ts): a unique index */
    numeracao: f.text({ label: 'Numeração (tipo, número e período)', max: 60, readOnly: true, hidden: true, unique: true, clash: { field: 'numero', message: 'Já existe uma sessão deste tipo com este número neste período. Escolha outro número.' } }),
    legislature_id: f.ref({ label: 'Legislatura', to: 'legislatures', display: 'descricao' }),
    legislative_session_id: f.ref({ label: 'Sessão legislativa', to: 'legislative_sessions', display: 'numero' }),
    abertura: f.date({ label: 'Data de abertura', required: true }),
    horarioInicio: f.time({ label: 'Horário de início', required: true }),
    encerramento: f.date({ label: 'Data de encerramento' }),
    horarioFim: f.time({ label: 'Horário de término' }),
    /** started and finished by the control room's calls (iniciar / finalizar), never by a plain edit */
    iniciada: f.bool({ label: 'Iniciada', readOnly: true }),
    finalizada: f.bool({ label: 'Finalizada', readOnly: true }),
    iniciadaEm: f.datetime({ label: 'Iniciada em', readOnly: true }),
    finalizadaEm: f.datetime({ label: 'Finalizada em', readOnly: true }),
    /** who presides the session (votes under the presiding officer's rule); default: the Mesa's president */
    presidente_id: f.ref({ label: 'Presidente da sessão', to: 'parliamentaries', display: 'nome', onDelete: 'set null', help: 'Padrão: o presidente da Mesa Diretora.' }),
    lista_abertura: f.select({ label: 'Lista de presença da abertura', options: PRESENCE_LIST_STATUS, readOnly: true, default: 'fechada' }),
    lista_ordem_dia: f.select({ label: 'Lista de presença da ordem do dia', options: PRESENCE_LIST_STATUS, readOnly: true, default: 'fechada' }),
    linkMidia: f.url({ label: 'Link da transmissão ou gravação' }),
    ocorrencias: f.longtext({ label: 'Ocorrências', max: 20_000 }),
    /** files sent by the staff (the contract's fields); the generated pauta and ata are plenary_pautas and plenary_minutes */
    pauta: f.file({ label: 'Pauta (arquivo)', accept: PDF, maxMB: 20, help: 'Opcional: um PDF da pauta feito fora do Paço. A pauta gerada é publicada em Legislativo › Pauta.' }),
    ata: f.file({ label: 'Ata assinada (arquivo)', accept: PDF, maxMB: 20, help: 'Opcional: o PDF da ata assinada (digitalizada). A ata gerada pelo Paço fica em Legislativo › Atas.' }),
  },
  list: { columns: ['abertura', 'horarioInicio', 'titulo', 'iniciada', 'finalizada'], sort: '-abertura', search: ['titulo', 'ocorrencias'] },
  display: 'titulo',
  access: rw(W_SESSIONS),
  children: {
    matters: { resource: 'plenary_matters', fk: 'plenary_session_id', list: 'matters', add: 'add_matter', remove: 'matters' },
    absences: { resource: 'plenary_absences', fk: 'plenary_session_id', list: 'get_absences', add: 'add_absence', remove: 'absences' },
    presences: { resource: 'presences', fk: 'plenary_session_id', list: 'presences', remove: 'presences' },
    // the session's documents: the versions of its published pauta and its ata (pauta-ata.ts)
    pautas: { resource: 'plenary_pautas', fk: 'plenary_session_id', list: 'pautas' },
    atas: { resource: 'plenary_minutes', fk: 'plenary_session_id', list: 'atas' },
  },
  actions: {
    filter: {
      method: 'POST', path: 'filter', summary: 'Filtra sessões plenárias (tipo, período, ano, número, situação, texto)',
      input: z.object({
        type_id: z.coerce.number({ error: 'Tipo de sessão inválido.' }).int().positive('Tipo de sessão inválido.').optional().nullable(),
        legislature_id: z.coerce.number({ error: 'Legislatura inválida.' }).int().positive('Legislatura inválida.').optional().nullable(),
        legislative_session_id: z.coerce.number({ error: 'Sessão legislativa inválida.' }).int().positive('Sessão legislativa inválida.').optional().nullable(),
        numero: z.coerce.number({ error: 'Número inválido.' }).int().positive('Número inválido.').max(2_147_483_647, 'Número inválido.').optional().nullable(),
        ano: z.coerce.number({ error: 'Ano inválido.' }).int().min(1900, 'Ano inválido.').max(2100, 'Ano inválido.').optional().nullable(),
        data_inicio: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inicial inválida (use aaaa-mm-dd).').optional().nullable(),
        data_fim: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data final inválida (use aaaa-mm-dd).').optional().nullable(),
        iniciada: z.boolean({ error: 'Valor inválido em Iniciada.' }).optional().nullable(),
        finalizada: z.boolean({ error: 'Valor inválido em Finalizada.' }).optional().nullable(),
        search: z.string().max(200).optional().nullable(),
        page: z.coerce.number().int().min(1).max(1_000_000).catch(1).optional(),
        perPage: z.coerce.number().int().min(1).catch(15).optional(),
        sort: z.string().max(200).optional().nullable(),
      }),
      access: readers(W_SESSIONS),
    },
    presences_abertura: { method: 'GET', path: ':id/get_presences_abertura', summary: 'Presenças da abertura (expediente)', access: readers(W_SESSIONS) },
    presences_ordem_dia: { method: 'GET', path: ':id/get_presences_ordem_dia', summary: 'Presenças da ordem do dia', access: readers(W_SESSIONS) },
    add_presences: {
      method: 'POST', path: ':id/add_presences', summary: 'Registra presenças numa fase da sessão ({ type: abertura|ordem_dia ou type_id, parliamentary_ids })',
      input: z.object({
        type: z.enum(['abertura', 'ordem_dia'], { error: 'Escolha a fase: abertura ou ordem_dia.' }).optional(),
        type_id: z.coerce.number({ error: 'Fase inválida.' }).int().positive('Fase inválida.').optional(),
        parliamentary_id: z.coerce.number({ error: 'Parlamentar inválido.' }).int().positive('Parlamentar inválido.').optional(),
        parliamentary_ids: z.array(z.coerce.number({ error: 'Parlamentar inválido.' }).int().positive('Parlamentar inválido.'), { error: 'Informe uma lista de parlamentares.' }).max(200).optional(),
        obs: z.string().max(500, 'O campo Observações deve ter no máximo 500 caracteres.').optional().nullable(),
      }),
      access: W_SESSIONS,
    },
    ...LIVE_SESSION_ACTIONS,
    // the pauta (read, order, publication) and "Gerar ata" (pauta-ata.ts)
    ...sessionDocumentActions,
    matters_of: { method: 'GET', path: ':id/:type', summary: 'Matérias da sessão por fase (expediente, ordem_dia)', access: readers(W_SESSIONS) },
  },
  screen: `${LEG}/plenarySessions`,
});

export const plenaryMatters = defineResource({
  name: 'plenary_matters', path: 'plenary_matters', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Matéria da sessão', many: 'Matérias da sessão', gender: 'f' },
  fields: {
    plenary_session_id: f.ref({ label: 'Sessão plenária', to: 'plenary_sessions', display: 'titulo', required: true, onDelete: 'cascade' }),
    kind: f.select({ label: 'Fase', required: true, options: PLENARY_KINDS }),
    numOrdem: f.int({ label: 'Número de ordem', min: 1, help: 'Deixe em branco para pôr ao fim da fase.' }),
    /** the matter voted, or — for the approval of an earlier session's ata — the ata (`plenary_minute_id`): exactly one */
    matter_id: f.ref({ label: 'Matéria', to: 'matters', display: 'identificacao', help: 'Obrigatória, salvo nos itens de aprovação de ata.' }),
    plenary_minute_id: f.ref({ label: 'Ata para aprovação', to: 'plenary_minutes', display: 'titulo', readOnly: true }),
    tipo_meteria_id: f.type('matters', { label: 'Tipo da matéria', help: 'Padrão: o tipo da matéria.' }),
    tipo_votacao_id: f.type('votation', { label: 'Tipo de votação', required: true }),
    turno_id: f.type('turno', { label: 'Turno', help: 'Define o quórum quando há regra por turno.' }),
    dataApresentacao: f.date({ label: 'Data de apresentação', help: 'Padrão: a da matéria.' }),
    polemica: f.bool({ label: 'Polêmica' }),
    obs: f.longtext({ label: 'Observações', max: 5000 }),
    ...PLENARY_ITEM_FIELDS,
  },
  list: { columns: ['kind', 'numOrdem', 'matter_id', 'plenary_minute_id', 'tipo_votacao_id', 'turno_id', 'polemica', 'situacao'], sort: 'numOrdem', search: ['obs'] },
  display: 'numOrdem',
  // its state on the session's pauta, set by its actions (ciclo.ts)
  summary: ['situacao', 'situacao_obs', 'adiada_para_id'],
  access: rw(W_SESSIONS),
  routes: { create: false },
  actions: {
    add_matter: { method: 'POST', path: ':id/add_matter', summary: 'Inclui matéria na sessão plenária {id} (expediente ou ordem do dia)', access: W_SESSIONS },
    ...LIVE_MATTER_ACTIONS,
    ...PLENARY_ITEM_ACTIONS,
  },
});

export const plenaryAbsences = defineResource({
  name: 'plenary_absences', path: 'plenary_absences', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Ausência na sessão', many: 'Ausências na sessão', gender: 'f' },
  fields: {
    plenary_session_id: f.ref({ label: 'Sessão plenária', to: 'plenary_sessions', display: 'titulo', required: true, onDelete: 'cascade' }),
    parliamentary_id: f.ref({ label: 'Parlamentar', to: 'parliamentaries', display: 'nome', required: true }),
    justificada: f.bool({ label: 'Justificada', default: true }),
    motivo: f.text({ label: 'Motivo', max: 255 }),
    obs: f.longtext({ label: 'Observações', max: 2000 }),
  },
  list: { columns: ['parliamentary_id', 'justificada', 'motivo'], sort: '-created_at', search: ['motivo', 'obs'] },
  display: 'motivo',
  access: rw(W_SESSIONS),
  routes: { list: false, show: false, create: false, update: false, delete: false },
});

export const presences = defineResource({
  name: 'presences', path: 'presences', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Presença', many: 'Presenças', gender: 'f' },
  fields: {
    plenary_session_id: f.ref({ label: 'Sessão plenária', to: 'plenary_sessions', display: 'titulo', required: true, onDelete: 'cascade' }),
    type_id: f.type('presences', { label: 'Fase', required: true }),
    parliamentary_id: f.ref({ label: 'Parlamentar', to: 'parliamentaries', display: 'nome', required: true }),
    chave: f.text({ label: 'Sessão, fase e parlamentar', max: 40, readOnly: true, hidden: true, unique: true, clash: { field: 'parliamentary_id', message: 'A presença deste(a) parlamentar nesta fase da sessão já está registrada.' } }),
    obs: f.text({ label: 'Observações', max: 500 }),
  },
  list: { columns: ['plenary_session_id', 'type_id', 'parliamentary_id', 'created_at'], sort: '-created_at', search: ['obs'] },
  display: 'obs',
  access: rw(W_SESSIONS),
  screen: `${LEG}/presence`,
});

export const speakers = defineResource({
  name: 'speakers', path: 'speakers', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Orador', many: 'Oradores', gender: 'm' },
  fields: {
    plenary_session_id: f.ref({ label: 'Sessão plenária', to: 'plenary_sessions', display: 'titulo', required: true, onDelete: 'cascade' }),
    type_id: f.type('speakers', { label: 'Fase', required: true }),
    parliamentary_id: f.ref({ label: 'Parlamentar', to: 'parliamentaries', display: 'nome', required: true }),
    ordem: f.int({ label: 'Ordem', min: 1 }),
    obs: f.longtext({ label: 'Observações', max: 2000 }),
    discurso: f.file({ label: 'Discurso', accept: PDF, maxMB: 20 }),
    /** the server-kept clock (speaker/start, pause, finish, updateTime): status, start of the current run, time already spoken */
    tempoConcedido: f.int({ label: 'Tempo concedido (segundos)', min: 0, max: 86_400, help: 'Padrão: o tempo da lista nas configurações do plenário.' }),
    status: f.select({ label: 'Situação', options: SPEAKER_STATUS, readOnly: true, default: 'aguardando' }),
    iniciadoEm: f.datetime({ label: 'Início da fala atual', readOnly: true }),
    acumuladoMs: f.int({ label: 'Tempo já falado (ms)', readOnly: true, default: 0 }),
    /** issue 13 §3: a list speaker (empty) or one out of the lists (aparte, questão de ordem, liderança), given through plenary_sessions/:id/intervencao */
    modalidade: f.select({ label: 'Modalidade', options: SPEAKER_KINDS, readOnly: true }),
    aparte_de: f.ref({ label: 'Aparte à fala de', to: 'speakers', display: 'ordem', readOnly: true, onDelete: 'cascade' }),
    retoma_id: f.ref({ label: 'Fala interrompida', to: 'speakers', display: 'ordem', readOnly: true, onDelete: 'set null' }),
  },
  list: { columns: ['plenary_session_id', 'type_id', 'ordem', 'parliamentary_id', 'status'], sort: 'ordem', search: ['obs'] },
  display: 'ordem',
  access: rw(W_SESSIONS),
  actions: LIVE_SPEAKER_ACTIONS,
});

export const RESOURCES: readonly ResourceDef[] = [
  matters, matterAttachments, matterDocuments, matterApplications, solicitations, authors, subjects, holidays, tramitations, tramitationFlows, reports, propositions,
  norms, normRelations, audiences, commissions, compositionPeriods, compositions, participants, meetings,
  plenarySessions, plenaryMatters, plenaryAbsences, presences, speakers, plenaryPautas, plenaryMinutes,
];
