/**
 * The plenary session's documents (issue 13 §2; docs/legislativo.md): the **pauta** (agenda) built from the session's
 * items and published as dated, immutable versions, and the **ata** (minutes) generated when the session is finalized
 * from what Paço recorded, edited by the staff, approved in a later session and published.
 *
 * - `plenary_pautas`: one row per publication of a session's pauta (versão 1, 2, ...): the snapshot of its items as
 *   they were, when and by whom. Never changed (a database trigger refuses updates and deletes); republishing adds a
 *   version. Read by the staff (the session's "Pautas publicadas" tab) and, through `/api/public/...`, by anyone.
 * - `plenary_minutes`: one ata per session, in sections the server writes from the record (opening, presence per
 *   phase, matters, votings with each member's nominal vote, speakers, closing) plus the staff's own text; states
 *   rascunho → aprovada → publicada by declared record actions. The session's old `ata` file field (a PDF upload)
 *   stays as it was: the signed, scanned ata when the house keeps one.
 *
 * The session's own calls (the pauta's read, order and publication; "Gerar ata") are declared on `plenary_sessions`
 * (materias.ts) from `sessionDocumentActions`. Who acts: the sessions' operators (`W_SESSIONS`) write, the
 * legislative readers read.
 */
import { z } from 'zod';
import { f } from '../fields.ts';
import { defineResource, type ActionDef } from '../resource.ts';
import { readers, W_SESSIONS } from './legislative-access.ts';

const LEG = '/legislativo';
const W = W_SESSIONS;
const READERS = readers(W_SESSIONS);

/** The states of an ata. */
export const ATA_SITUACOES = [
  { value: 'rascunho', label: 'Rascunho' },
  { value: 'aprovada', label: 'Aprovada' },
  { value: 'publicada', label: 'Publicada' },
] as const;
export type AtaSituacao = (typeof ATA_SITUACOES)[number]['value'];

/** The generated sections of an ata, in the order they are read (the staff's `observacoes` come last). */
export const ATA_SECTIONS = ['abertura', 'presencas', 'expediente', 'ordem_dia', 'oradores', 'encerramento'] as const;
export type AtaSection = (typeof ATA_SECTIONS)[number];

/** The phases of a session's pauta (the same as `PLENARY_KINDS`, kept here: materias.ts imports this file). */
const PAUTA_PHASES = [{ value: 'expediente', label: 'Expediente' }, { value: 'ordem_dia', label: 'Ordem do dia' }] as const;

const ids = (label: string) => z.array(
  z.coerce.number({ error: `${label}: item inválido.` }).int(`${label}: item inválido.`).positive(`${label}: item inválido.`).max(2_147_483_647, `${label}: item inválido.`),
  { error: `${label}: informe a lista dos itens na nova ordem.` },
).max(500, `${label}: no máximo 500 itens.`);

/** The calls of a plenary session about its documents (merged into `plenary_sessions`). */
export const sessionDocumentActions = {
  pauta: {
    method: 'GET', path: ':id/pauta',
    summary: 'Pauta da sessão: os itens do expediente e da ordem do dia na ordem de leitura (identificação, ementa, autores, turno, tipo de votação, quórum), as versões publicadas e se a pauta mudou desde a última publicação',
    access: READERS,
  },
  pauta_order: {
    method: 'PUT', path: ':id/pauta/ordem',
    summary: 'Reordena a pauta: a lista completa dos itens de uma fase (ou das duas) na nova ordem, gravada numa transação; `antes` (opcional) é a ordem que a tela mostrava: se mudou, 409',
    input: z.object({
      expediente: ids('Expediente').optional(),
      ordem_dia: ids('Ordem do dia').optional(),
      antes: z.object({ expediente: ids('Expediente').optional(), ordem_dia: ids('Ordem do dia').optional() }, { error: 'Ordem anterior inválida.' }).optional(),
    }),
    access: W,
  },
  pauta_session: {
    method: 'GET', path: 'pauta/sessao',
    summary: 'A sessão cuja pauta se mostra primeiro: a em andamento, senão a próxima (de hoje em diante), senão a última realizada',
    access: READERS,
  },
  publish_pauta: {
    method: 'POST', path: ':id/publicar_pauta', label: 'Publicar pauta', access: W,
    summary: 'Publica a pauta da sessão: uma versão datada e imutável, pública, com quem publicou; publicar de novo cria outra versão',
    confirm: 'A pauta publicada fica disponível ao público com a data e a hora da publicação e não muda mais. Mudanças posteriores na pauta exigem nova publicação (uma nova versão; as anteriores continuam listadas).',
    when: [{ field: 'finalizada', in: [false, null], reason: 'A sessão já foi finalizada: a pauta não pode mais ser publicada.' }],
  },
  pauta_pdf: {
    method: 'GET', path: ':id/pauta/pdf', label: 'PDF da pauta', produces: 'application/pdf', access: READERS,
    summary: 'A pauta da sessão em PDF para impressão: a pauta atual (marcada "NÃO PUBLICADA" quando difere da última versão publicada) ou, com ?versao=N, a versão publicada N como foi publicada',
    input: z.object({ versao: z.coerce.number({ error: 'Versão inválida.' }).int('Versão inválida.').min(1, 'Versão inválida.').max(100_000, 'Versão inválida.').optional() }),
  },
  incluir_ata: {
    method: 'POST', path: ':id/incluir_ata', label: 'Incluir ata para aprovação', access: W,
    summary: 'Inclui na pauta desta sessão, para aprovação em votação, a ata (em rascunho) de uma sessão anterior da mesma casa que não esteja na pauta de outra sessão em aberto',
    form: {
      plenary_minute_id: f.ref({ label: 'Ata', to: 'plenary_minutes', display: 'titulo', required: true, help: 'Atas em rascunho de sessões anteriores a esta.' }),
      kind: f.select({ label: 'Fase', options: PAUTA_PHASES, required: true, default: 'expediente', help: 'Normalmente a ata é o primeiro item do expediente.' }),
    },
    when: [{ field: 'finalizada', in: [false, null], reason: 'A sessão já foi finalizada: a pauta dela não muda mais.' }],
  },
  gerar_ata: {
    method: 'POST', path: ':id/gerar_ata', label: 'Gerar ata', access: W,
    summary: 'Gera a ata da sessão finalizada (ou refaz as seções geradas do rascunho) a partir do que foi registrado: horários, presenças, matérias, votações e oradores',
    confirm: 'As seções da ata (abertura, presenças, expediente, ordem do dia, oradores e encerramento) são escritas a partir do que o Paço registrou na sessão. Se a ata já existe como rascunho, essas seções são refeitas e as alterações feitas nelas se perdem; as observações são mantidas.',
    when: [{ field: 'finalizada', in: [true], reason: 'A ata é gerada quando a sessão é finalizada.' }],
  },
} as const satisfies Record<string, ActionDef>;

/** A published version of a session's pauta (immutable). */
export const plenaryPautas = defineResource({
  name: 'plenary_pautas', path: 'plenary_pautas', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Pauta publicada', many: 'Pautas publicadas', gender: 'f' },
  fields: {
    plenary_session_id: f.ref({ label: 'Sessão plenária', to: 'plenary_sessions', display: 'titulo', required: true, readOnly: true }),
    versao: f.int({ label: 'Versão', min: 1, required: true, readOnly: true }),
    /** session and version: a unique index keeps one row per version */
    chave: f.text({ label: 'Sessão e versão', max: 40, hidden: true, readOnly: true, unique: true }),
    titulo: f.text({ label: 'Sessão', max: 200, readOnly: true }),
    publicadaEm: f.datetime({ label: 'Publicada em', required: true, readOnly: true }),
    publicada_por_id: f.ref({ label: 'Publicada por', to: 'users', display: 'name', readOnly: true, filter: false }),
    itens: f.int({ label: 'Itens', min: 0, readOnly: true }),
    /** the pauta as published: the session and the items of each phase, with everything shown of them */
    conteudo: f.json({ label: 'Conteúdo', readOnly: true, hidden: true }),
  },
  list: { columns: ['versao', 'publicadaEm', 'publicada_por_id', 'itens'], sort: '-publicadaEm', search: ['titulo'], sortable: ['versao', 'publicadaEm'] },
  display: 'titulo',
  // published is final: nobody changes or removes a version (the database refuses it too)
  access: { read: READERS, create: 'nobody', update: 'nobody', delete: 'nobody' },
  routes: { create: false, update: false, delete: false },
  actions: {
    public_list: {
      method: 'GET', path: '/public/entidade/:id/pautas',
      summary: 'Pautas publicadas da entidade {id} (a última versão de cada sessão, das sessões mais recentes), sem login',
      input: z.object({ page: z.coerce.number().int().min(1).max(10_000).catch(1).optional() }),
      access: 'public',
    },
    public_show: {
      method: 'GET', path: '/public/entidade/:id/pautas/:session',
      summary: 'Pauta publicada de uma sessão da entidade {id}: a última versão (ou ?versao=N) e a lista das versões, sem login',
      input: z.object({ versao: z.coerce.number({ error: 'Versão inválida.' }).int('Versão inválida.').min(1, 'Versão inválida.').max(100_000, 'Versão inválida.').optional() }),
      access: 'public',
    },
  },
});

/** Sections of the ata: the server writes them, the staff edits them while the ata is a draft. */
const section = (label: string, help?: string) => f.longtext({ label, max: 65_535, ...(help ? { help } : {}) });

/** The minutes of a plenary session. */
export const plenaryMinutes = defineResource({
  name: 'plenary_minutes', path: 'plenary_minutes', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Ata', many: 'Atas', gender: 'f' },
  fields: {
    plenary_session_id: f.ref({ label: 'Sessão plenária', to: 'plenary_sessions', display: 'titulo', required: true, unique: true, readOnly: true }),
    /** the session's title (the ata's name: "Ata da <titulo>") */
    titulo: f.text({ label: 'Sessão', max: 220, readOnly: true }),
    data: f.date({ label: 'Data da sessão', readOnly: true }),
    situacao: f.select({
      label: 'Situação', options: ATA_SITUACOES, default: 'rascunho', readOnly: true,
      // aprovada → rascunho: the result of the plenary's vote that approved it annulled (ata-item.ts)
      transitions: { rascunho: ['aprovada'], aprovada: ['publicada', 'rascunho'] },
    }),
    geradaEm: f.datetime({ label: 'Gerada em', readOnly: true }),
    abertura: section('Abertura', 'Data, horário de abertura e presidência.'),
    presencas: section('Presenças', 'Por fase: presentes e ausentes (com a justificativa registrada).'),
    expediente: section('Expediente', 'Matérias lidas e votadas no expediente.'),
    ordem_dia: section('Ordem do dia', 'Cada votação com o resultado e a explicação; nas nominais, o voto de cada vereador; nas secretas, só os totais.'),
    oradores: section('Uso da palavra', 'Oradores de cada lista com o tempo usado.'),
    encerramento: section('Encerramento'),
    observacoes: section('Observações', 'Texto livre da secretaria; é mantido quando a ata é gerada de novo.'),
    /** what the sections were written from (the session's record at generation), for the PDF and for audits */
    dados: f.json({ label: 'Dados da sessão', readOnly: true, hidden: true }),
    sessao_aprovacao_id: f.ref({ label: 'Aprovada na sessão', to: 'plenary_sessions', display: 'titulo', readOnly: true }),
    aprovadaEm: f.date({ label: 'Aprovada em', readOnly: true }),
    aprovada_por_id: f.ref({ label: 'Aprovação registrada por', to: 'users', display: 'name', readOnly: true, filter: false }),
    /** what the plenary's last vote on it said: "Aprovada na <sessão> ...", "Rejeitada na ...", "Aprovação anulada na ..." */
    aprovacao_obs: f.text({ label: 'Votação em plenário', max: 500, readOnly: true }),
    publicadaEm: f.datetime({ label: 'Publicada em', readOnly: true }),
    publicada_por_id: f.ref({ label: 'Publicada por', to: 'users', display: 'name', readOnly: true, filter: false }),
  },
  list: {
    columns: ['data', 'titulo', 'situacao', 'sessao_aprovacao_id', 'publicadaEm'], sort: '-data', search: ['titulo'],
    fts: ['titulo', 'expediente', 'ordem_dia', 'observacoes'],
    sortable: ['data', 'titulo'],
  },
  display: 'titulo',
  access: { read: READERS, create: 'nobody', update: W, delete: W },
  routes: { create: false },
  // the approved text is final: what the plenary approved is what gets published
  editable: [{ field: 'situacao', in: ['rascunho'], reason: 'O texto da ata não pode mais ser alterado depois da aprovação (situação: {situacao}).' }],
  summary: ['situacao', 'geradaEm', 'aprovacao_obs', 'sessao_aprovacao_id', 'aprovadaEm', 'aprovada_por_id', 'publicadaEm', 'publicada_por_id'],
  inbox: [
    { key: 'atas_a_aprovar', label: 'Atas a aprovar', roles: W, where: [{ field: 'situacao', in: ['rascunho'] }] },
    { key: 'atas_a_publicar', label: 'Atas aprovadas a publicar', roles: W, where: [{ field: 'situacao', in: ['aprovada'] }] },
  ],
  actions: {
    regenerate: {
      method: 'POST', path: ':id/gerar', label: 'Gerar novamente', access: W,
      summary: 'Refaz as seções geradas do rascunho a partir do registro da sessão (as observações são mantidas)',
      confirm: 'As seções geradas (abertura, presenças, expediente, ordem do dia, uso da palavra e encerramento) são escritas de novo a partir do que o Paço registrou; as alterações feitas nelas se perdem. As observações são mantidas.',
      when: [{ field: 'situacao', in: ['rascunho'], reason: 'A ata não pode mais ser gerada de novo depois da aprovação (situação: {situacao}).' }],
    },
    incluir_pauta: {
      method: 'POST', path: ':id/incluir_pauta', label: 'Incluir na pauta de uma sessão', access: W,
      summary: 'Inclui a ata na pauta de uma sessão posterior ainda não finalizada, para ser aprovada em votação como os outros itens',
      form: {
        plenary_session_id: f.ref({ label: 'Sessão', to: 'plenary_sessions', display: 'titulo', required: true, help: 'Uma sessão posterior à da ata, ainda não finalizada.' }),
        kind: f.select({ label: 'Fase', options: PAUTA_PHASES, required: true, default: 'expediente', help: 'Normalmente a ata é o primeiro item do expediente.' }),
      },
      when: [{ field: 'situacao', in: ['rascunho'], reason: 'A ata já foi aprovada (situação: {situacao}).' }],
    },
    approve: {
      method: 'POST', path: ':id/aprovar', label: 'Registrar aprovação (sem votação)', access: W,
      summary: 'Registra a aprovação da ata numa sessão posterior sem votação no Paço (quando o regimento permite, por exemplo, a aprovação pela Mesa): a sessão e a data; o texto não muda mais',
      form: {
        sessao_aprovacao_id: f.ref({ label: 'Sessão em que foi aprovada', to: 'plenary_sessions', display: 'titulo', required: true, help: 'Uma sessão posterior à da ata.' }),
        aprovadaEm: f.date({ label: 'Data da aprovação', help: 'Padrão: a data da sessão em que foi aprovada.' }),
      },
      when: [{ field: 'situacao', in: ['rascunho'], reason: 'A ata já foi aprovada (situação: {situacao}).' }],
    },
    publish: {
      method: 'POST', path: ':id/publicar', label: 'Publicar ata', access: W,
      summary: 'Publica a ata aprovada: fica pública, com a data e quem publicou, e não pode mais ser alterada',
      confirm: 'A ata publicada fica disponível ao público e não pode mais ser alterada nem excluída.',
      when: [{ field: 'situacao', in: ['aprovada'], reason: 'Só uma ata aprovada pode ser publicada (situação: {situacao}).' }],
    },
    pdf: {
      method: 'GET', path: ':id/pdf', label: 'PDF da ata', produces: 'application/pdf', access: READERS,
      summary: 'A ata em PDF para impressão (um rascunho sai marcado "RASCUNHO")',
    },
    public_show: {
      method: 'GET', path: '/public/entidade/:id/atas/:session',
      summary: 'Ata publicada de uma sessão da entidade {id}, sem login (só atas publicadas)',
      access: 'public',
    },
  },
  screen: `${LEG}/ata`,
});
