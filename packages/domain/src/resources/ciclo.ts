/**
 * The legislative cycle after the plenary (issue 13 §2 "Results flow back", §3 first bullet; docs/workflows/
 * ciclo-legislativo.md; decision 0030):
 * - what a closed voting adds to the matter's tramitação (`vote_effects`, Configurações › Efeitos da votação; the
 *   national defaults in `defaultVoteEffect` when a matter type has no rule);
 * - the plenary item's own state and record actions (pedido de vista, retirada de pauta, adiamento, urgência),
 *   merged into `plenary_matters`;
 * - the sanction of an approved bill and the norm it becomes (`gerar_norma`, merged into `matters`), the norm's own
 *   new fields (identification, text, sanction, the status derived from its relations) and the relation types with
 *   their passive reading ("Altera" / "Alterada por").
 * This file must not import materias.ts (which imports it).
 */
import { z } from 'zod';
import { f } from '../fields.ts';
import { defineResource, type ActionDef, type ResourceDef } from '../resource.ts';
import { R } from '../roles.ts';
import { readers, W_MATTERS, W_NORMS } from './legislative-access.ts';
import { W_LIVE } from './plenario.ts';

/* ------------------------------------------------------------------------------------------------------------ */
/* Results flow back: a closed voting → a tramitation step                                                     */

export const VOTE_RESULTS = [{ value: 'aprovado', label: 'Aprovado' }, { value: 'rejeitado', label: 'Rejeitado' }] as const;
export type VoteResult = (typeof VOTE_RESULTS)[number]['value'];

/** Matter types an approved bill of goes to the Executive for sanction; those the câmara promulgates itself. */
const SANCTIONED: ReadonlySet<string> = new Set(['pl', 'plc']);
const PROMULGATED: ReadonlySet<string> = new Set(['pr', 'pdl', 'pelo']);

/**
 * The step a result implies when the company has no rule for the matter's type (`vote_effects`): the status (a
 * `tramitation_status` slug) and the turno the matter goes on to (a `turno` slug; null: the turno voted).
 * Aprovado em 1º turno → "Aprovada em 1º turno", to the 2º turno; aprovado (turno único, 2º turno or none) → a bill
 * (PL, PLC) "Remetida à sanção", a resolution, legislative decree or amendment to the Lei Orgânica (PR, PDL, PELO)
 * "Aprovada, à promulgação", anything else (requerimento, moção, indicação) "Aprovada"; rejeitado → "Arquivada".
 * "Sem quórum" and a reading imply nothing.
 */
export function defaultVoteEffect(typeSlug: string | null, turnoSlug: string | null, resultado: VoteResult): { status: string; turno: string | null } {
  if (resultado === 'rejeitado') return { status: 'arquivada', turno: null };
  if (turnoSlug === 'primeiro') return { status: 'aprovada_1turno', turno: 'segundo' };
  if (typeSlug && SANCTIONED.has(typeSlug)) return { status: 'remetida_sancao', turno: null };
  if (typeSlug && PROMULGATED.has(typeSlug)) return { status: 'a_promulgar', turno: null };
  return { status: 'aprovada', turno: null };
}

/** The matter types the defaults are seeded for (Configurações › Efeitos da votação of the demo câmara). */
export const SEEDED_EFFECT_TYPES = ['pl', 'plc', 'pr'] as const;

/** Who keeps the câmara's rules of the legislative process (the flow, the effects of a voting). */
const RULE_KEEPERS = R.settingsUnityTramitations;

export const voteEffects = defineResource({
  name: 'vote_effects', path: 'vote_effects', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Efeito da votação', many: 'Efeitos da votação', gender: 'm' },
  fields: {
    type_id: f.type('matters', { label: 'Tipo de matéria', required: true }),
    turno_id: f.type('turno', { label: 'Turno votado', help: 'Em branco: qualquer turno (a regra de um turno vale antes desta).' }),
    resultado: f.select({ label: 'Resultado', options: VOTE_RESULTS, required: true }),
    status_id: f.type('tramitation_status', { label: 'Status do passo', required: true, onDelete: 'cascade' }),
    turno_passo_id: f.type('turno', { label: 'Turno do passo', help: 'O turno a que a matéria segue (ex.: Segundo turno). Em branco: o turno votado.' }),
    destino_id: f.ref({ label: 'Unidade de destino', to: 'tramitation_unities', display: 'descricao', onDelete: 'set null', help: 'Em branco: a matéria fica onde está.' }),
    /** tipo, turno and resultado: one rule each (a unique index) */
    chave: f.text({ label: 'Tipo, turno e resultado', max: 40, hidden: true, readOnly: true, unique: true, clash: { field: 'type_id', message: 'Já existe uma regra para este tipo de matéria, turno e resultado.' } }),
    obs: f.text({ label: 'Fundamento (Regimento, Lei Orgânica)', max: 255 }),
  },
  list: { columns: ['type_id', 'turno_id', 'resultado', 'status_id', 'turno_passo_id', 'destino_id'], sort: 'type_id', search: ['obs'] },
  display: 'resultado',
  access: {
    read: [...new Set([...RULE_KEEPERS, ...readers(W_MATTERS), ...W_LIVE])],
    create: RULE_KEEPERS, update: RULE_KEEPERS, delete: RULE_KEEPERS,
  },
  screen: '/settings/voteEffects',
});

/* ------------------------------------------------------------------------------------------------------------ */
/* The plenary session's item: its state on the pauta and its record actions                                    */

export const ITEM_SITUATIONS = [
  { value: 'em_pauta', label: 'Em pauta' },
  { value: 'vista', label: 'Com pedido de vista' },
  { value: 'retirada', label: 'Retirada de pauta' },
  { value: 'adiada', label: 'Adiada' },
] as const;
export type ItemSituation = (typeof ITEM_SITUATIONS)[number]['value'];

/** The item's state (set by its actions only), merged into `plenary_matters`. An empty situation reads "em pauta". */
export const PLENARY_ITEM_FIELDS = {
  situacao: f.select({
    label: 'Situação na pauta', options: ITEM_SITUATIONS, readOnly: true, default: 'em_pauta',
    // a matter that left the session's pauta comes back on another session's (adiada: the chosen one)
    transitions: { em_pauta: ['vista', 'retirada', 'adiada'] },
  }),
  situacao_obs: f.text({ label: 'Observação da situação', max: 500, readOnly: true }),
  vista_parlamentar_id: f.ref({ label: 'Vista a', to: 'parliamentaries', display: 'nome', readOnly: true, onDelete: 'set null' }),
  vista_prazo: f.date({ label: 'Prazo da vista', readOnly: true }),
  adiada_para_id: f.ref({ label: 'Adiada para', to: 'plenary_sessions', display: 'titulo', readOnly: true, onDelete: 'set null' }),
  urgente: f.bool({ label: 'Urgência aprovada', readOnly: true }),
};

const ON_THE_PAUTA = [{ field: 'situacao', in: ['em_pauta', null], reason: 'A matéria já saiu da pauta desta sessão ({situacao}).' }] as const;
const motivo = (label: string, required = true) => f.longtext({ label, required, min: required ? 3 : undefined, max: 2000 });

/** The Mesa's decisions on an item of the session (docs/workflows/ciclo-legislativo.md), merged into `plenary_matters`. */
export const PLENARY_ITEM_ACTIONS = {
  pedir_vista: {
    method: 'POST', path: ':id/pedir_vista', access: W_LIVE, label: 'Pedido de vista',
    summary: 'Pedido de vista: a matéria sai da pauta da sessão para o vereador que a pediu, com prazo; passo “Com pedido de vista” na tramitação',
    form: {
      parliamentary_id: f.ref({ label: 'Vereador(a) que pediu vista', to: 'parliamentaries', display: 'nome', required: true }),
      dias: f.int({ label: 'Prazo da vista (dias)', required: true, min: 1, max: 90, default: 5, help: 'Dias corridos, excluído o dia do pedido; um fim em dia não útil passa ao próximo dia útil.' }),
      motivo: motivo('Observação', false),
    },
    when: ON_THE_PAUTA,
  },
  retirar_pauta: {
    method: 'POST', path: ':id/retirar_pauta', access: W_LIVE, label: 'Retirar de pauta', tone: 'danger',
    summary: 'Retira a matéria da pauta da sessão a pedido do autor, com o motivo; passo “Retirada de pauta” na tramitação',
    form: {
      author_id: f.ref({ label: 'Autor que pediu a retirada', to: 'authors', display: 'name', required: true, help: 'Um dos autores da matéria.' }),
      motivo: motivo('Motivo'),
    },
    when: ON_THE_PAUTA,
  },
  adiar: {
    method: 'POST', path: ':id/adiar', access: W_LIVE, label: 'Adiar',
    summary: 'Adia a discussão ou votação da matéria para uma sessão posterior (a matéria entra na pauta dela); passo “Adiada” na tramitação',
    form: {
      plenary_session_id: f.ref({ label: 'Adiar para a sessão', to: 'plenary_sessions', display: 'titulo', required: true }),
      motivo: motivo('Motivo'),
    },
    when: ON_THE_PAUTA,
  },
  urgencia: {
    method: 'POST', path: ':id/urgencia', access: W_LIVE, label: 'Aprovar urgência',
    summary: 'Registra a urgência aprovada: a matéria passa ao regime de urgência e ganha um passo urgente na tramitação',
    form: {
      regime_tramitacao_id: f.type('regime_tramitacao', { label: 'Regime de tramitação', required: true }),
      motivo: motivo('Requerimento / fundamento', false),
    },
    when: [...ON_THE_PAUTA, { field: 'urgente', in: [false, null], reason: 'A urgência desta matéria já foi aprovada nesta sessão.' }],
  },
} as const satisfies Record<string, ActionDef>;

/* ------------------------------------------------------------------------------------------------------------ */
/* Sanction and norms                                                                                          */

export const SANCTION_KINDS = [
  { value: 'sancionada', label: 'Sancionada' },
  { value: 'promulgada', label: 'Promulgada' },
  { value: 'veto_parcial', label: 'Sancionada com veto parcial' },
  { value: 'veto_total', label: 'Vetada totalmente (não gera norma)' },
] as const;
export type SanctionKind = (typeof SANCTION_KINDS)[number]['value'];
/** How a norm came to be (the kinds that make one). */
export const NORM_SANCTIONS = SANCTION_KINDS.filter((k) => k.value !== 'veto_total');

/** The norm type a matter type becomes by default (the sanction dialog's starting value). */
export const NORM_TYPE_OF_MATTER: Readonly<Record<string, string>> = {
  pl: 'lei_ordinaria', plc: 'lei_complementar', pr: 'resolucao', pdl: 'decreto_legislativo', pelo: 'emenda_lei_organica',
};

/** The statuses a matter waits for its sanction (or promulgation) in. */
export const AWAITING_SANCTION = ['remetida_sancao', 'sancionada', 'a_promulgar'] as const;

/** "Registrar sanção / gerar norma", merged into `matters`. */
export const SANCTION_ACTIONS = {
  gerar_norma: {
    method: 'POST', path: ':id/gerar_norma', access: [...new Set([...W_MATTERS, ...W_NORMS])], label: 'Registrar sanção / gerar norma',
    summary: 'Registra a sanção (ou promulgação, ou veto) da matéria aprovada: cria a norma jurídica (número do tipo no ano, texto da versão aprovada, ementa, relação com a matéria) e o passo “Transformada em norma jurídica”; veto total: só o passo “Vetada”',
    form: {
      sancao: f.select({ label: 'Sanção', options: SANCTION_KINDS, required: true }),
      data: f.date({ label: 'Data da sanção, promulgação ou veto', required: true }),
      type_id: f.type('norms', { label: 'Tipo de norma', help: 'Não se aplica ao veto total.' }),
      numero: f.text({ label: 'Número da norma', max: 20, help: 'Em branco: o próximo número do tipo no ano.' }),
      proximo_numero: f.text({
        label: 'Próximo número do tipo no ano', readOnly: true, preview: { path: 'norms/next_number', params: { type_id: 'type_id', data: 'data' } },
        help: 'O número que a norma recebe se o campo acima ficar em branco.',
      }),
      dataPublicacao: f.date({ label: 'Data de publicação' }),
      partes_vetadas: f.longtext({ label: 'Partes vetadas', max: 5000, help: 'No veto parcial: os dispositivos vetados (ex.: art. 3º e § 2º do art. 5º).' }),
      motivo: f.longtext({ label: 'Razões do veto / observações', max: 5000 }),
    },
  },
} as const satisfies Record<string, ActionDef>;

export const NORM_SITUATIONS = [
  { value: 'vigente', label: 'Vigente' },
  { value: 'alterada', label: 'Alterada' },
  { value: 'revogada_parcialmente', label: 'Revogada parcialmente' },
  { value: 'revogada', label: 'Revogada' },
  { value: 'suspensa', label: 'Suspensa' },
] as const;

/** The norm's fields added by the cycle (merged into `norms`). */
export const NORM_CYCLE_FIELDS = {
  // sorted by type, year and number ("Lei nº 9/2026" before "Lei nº 10/2026")
  identificacao: f.text({ label: 'Identificação', max: 200, readOnly: true, sortAs: 'identification' }),
  /** type, number and year (the number without dots and leading zeros): one norm each, a unique index */
  numeracao: f.text({ label: 'Numeração (tipo, número e ano)', max: 60, readOnly: true, hidden: true, unique: true, clash: { field: 'numero', message: 'Já existe uma norma deste tipo com este número e ano.' } }),
  texto: f.longtext({ label: 'Texto', max: 200_000, help: 'O texto da norma como aprovado (na sanção, o da matéria).' }),
  sancao: f.select({ label: 'Sanção', options: NORM_SANCTIONS }),
  partes_vetadas: f.longtext({ label: 'Partes vetadas', max: 5000 }),
  /** kept by the server from the relations other norms have with this one */
  situacao: f.select({ label: 'Situação', options: NORM_SITUATIONS, readOnly: true, default: 'vigente' }),
  vigencia: f.text({ label: 'Vigência', max: 500, readOnly: true, help: 'Calculada a partir das normas que alteram, revogam ou suspendem esta.' }),
};

/** A relation read from the norm that acts (Altera) and from the one it acts on (Alterada por). */
export const NORM_RELATION_TYPES = [
  { value: 'altera', label: 'Altera', inverse: 'Alterada por' },
  { value: 'revoga', label: 'Revoga', inverse: 'Revogada por' },
  { value: 'revoga_parcialmente', label: 'Revoga parcialmente', inverse: 'Revogada parcialmente por' },
  { value: 'regulamenta', label: 'Regulamenta', inverse: 'Regulamentada por' },
  { value: 'consolida', label: 'Consolida', inverse: 'Consolidada por' },
  { value: 'suspende', label: 'Suspende', inverse: 'Suspensa por' },
] as const;
export type NormRelationType = (typeof NORM_RELATION_TYPES)[number]['value'];
/** Relations that change what the related norm says (a note at the top of its compiled text). */
export const AMENDING_RELATIONS: ReadonlySet<string> = new Set(['altera', 'revoga', 'revoga_parcialmente', 'suspende']);

/**
 * The status a norm's received relations give it: revoked (whole) first, then suspended, partly revoked, altered;
 * with the norms that did it ("Revogada por Lei Ordinária nº 2.400/2026").
 */
export function normStatus(received: readonly { tipo: string; por: string }[]): { situacao: string; vigencia: string } {
  const of = (t: string) => received.filter((r) => r.tipo === t).map((r) => r.por);
  const list = (xs: string[]) => (xs.length > 1 ? `${xs.slice(0, -1).join(', ')} e ${xs[xs.length - 1]}` : xs[0]);
  for (const [tipo, situacao, word] of [
    ['revoga', 'revogada', 'Revogada por'], ['suspende', 'suspensa', 'Suspensa por'],
    ['revoga_parcialmente', 'revogada_parcialmente', 'Revogada parcialmente por'], ['altera', 'alterada', 'Alterada por'],
  ] as const) {
    const by = of(tipo);
    if (!by.length) continue;
    const more = received.filter((r) => r.tipo !== tipo && AMENDING_RELATIONS.has(r.tipo)).length;
    return { situacao, vigencia: `${word} ${list(by)}${more ? ` (e mais ${more} ${more === 1 ? 'alteração' : 'alterações'})` : ''}`.slice(0, 500) };
  }
  return { situacao: 'vigente', vigencia: 'Vigente' };
}

/** The norms' extra calls: the next number, the compiled text; the public portal's reads. */
export const NORM_ACTIONS = {
  next_number: {
    method: 'GET', path: 'next_number', summary: 'Próximo número de norma de um tipo no ano da data (?type_id=&data=aaaa-mm-dd)',
    input: z.object({
      type_id: z.coerce.number({ error: 'Tipo de norma inválido.' }).int('Tipo de norma inválido.').positive('Tipo de norma inválido.').max(2_147_483_647, 'Tipo de norma inválido.'),
      data: z.string({ error: 'Informe a data.' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida (use aaaa-mm-dd).'),
    }),
    access: [...new Set([...W_MATTERS, ...W_NORMS])],
  },
  texto_compilado: {
    method: 'GET', path: ':id/texto_compilado',
    summary: 'Texto compilado da norma: o texto com as notas das normas que a alteram, revogam ou suspendem (com links), e as relações nos dois sentidos',
    access: readers(W_NORMS),
  },
  public_list: {
    method: 'GET', path: '/public/norms', access: 'public',
    summary: 'Normas jurídicas: lista pública (portal; ?company_id= obrigatório; ?q=, ?ano=, ?type_id=), com a situação (vigente, alterada, revogada)',
    input: z.object({
      company_id: z.coerce.number({ error: 'Informe a entidade (company_id).' }).int('Informe a entidade (company_id).').positive('Informe a entidade (company_id).').max(2_147_483_647, 'Entidade inválida.'),
      q: z.string().max(200).optional(),
      ano: z.coerce.number({ error: 'Ano inválido.' }).int('Ano inválido.').min(1800, 'Ano inválido.').max(2100, 'Ano inválido.').optional(),
      type_id: z.coerce.number({ error: 'Tipo inválido.' }).int('Tipo inválido.').positive('Tipo inválido.').max(2_147_483_647, 'Tipo inválido.').optional(),
      page: z.coerce.number().int().min(1).max(1_000_000).catch(1).optional(),
      perPage: z.coerce.number().int().min(1).max(100).catch(15).optional(),
    }),
  },
  public_show: {
    method: 'GET', path: '/public/norms/:id', access: 'public',
    summary: 'Norma jurídica pública (portal; ?company_id= obrigatório): texto compilado, relações nos dois sentidos e a matéria de origem',
    input: z.object({
      company_id: z.coerce.number({ error: 'Informe a entidade (company_id).' }).int('Informe a entidade (company_id).').positive('Informe a entidade (company_id).').max(2_147_483_647, 'Entidade inválida.'),
    }),
  },
} as const satisfies Record<string, ActionDef>;

export const RESOURCES: readonly ResourceDef[] = [voteEffects];
