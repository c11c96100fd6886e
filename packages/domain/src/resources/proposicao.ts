/**
 * "Da proposição à matéria" (issue 13 §1; docs/legislativo.md): the records around a matter's way from a councillor's
 * draft to the committees' opinions.
 * - `matter_signatures`: the co-signers of a draft (`matter_applications`). The author invites ("Convidar coautor"),
 *   each invited member signs or declines from their own account; signatures are frozen once the draft is sent, and
 *   the protocolled matter's authors are the author and the signers, in signing order.
 * - `distributions`: a matter distributed to a commission (a tramitation step to it opens one): the rapporteur
 *   designated among the commission's current members, the rapporteur's deadline in business days (the holiday
 *   calendar), and the commission's parecer with its document (docs/workflows/comissoes.md).
 * Amendments are matters themselves (materias.ts: `principal_id`, ESPECIES_EMENDA).
 */
import { f } from '../fields.ts';
import { defineResource, type ResourceDef } from '../resource.ts';
import type { RoleName } from '../roles.ts';
import { DEADLINE_SOON_DAYS } from '../constants.ts';
import { W_COMMISSIONS, W_MATTERS, W_RECEIVE } from './materias.ts';
import { R } from '../roles.ts';

const PDF = ['application/pdf'] as const;
const readers = (...w: (readonly RoleName[])[]): readonly RoleName[] => [...new Set([...R.legislativoEntries, ...w.flat()])];

export const SIGNATURE_STATES = [
  { value: 'pendente', label: 'Aguardando assinatura' },
  { value: 'assinada', label: 'Assinada' },
  { value: 'recusada', label: 'Recusada' },
  { value: 'encerrada', label: 'Não respondida antes do envio' },
] as const;

export const matterSignatures = defineResource({
  name: 'matter_signatures', path: 'matter_signatures', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Coautoria', many: 'Coautores', gender: 'f' },
  fields: {
    application_id: f.ref({ label: 'Matéria', to: 'matter_applications', display: 'ementa', required: true, onDelete: 'cascade' }),
    parliamentary_id: f.ref({ label: 'Vereador(a)', to: 'parliamentaries', display: 'nome', required: true }),
    situacao: f.select({ label: 'Assinatura', options: SIGNATURE_STATES, default: 'pendente', readOnly: true }),
    respondida_em: f.datetime({ label: 'Respondida em', readOnly: true }),
    motivo: f.longtext({ label: 'Motivo da recusa', max: 2000, readOnly: true }),
    /** one invitation per member and draft (a unique key of the company) */
    chave: f.text({ label: 'Matéria e vereador', max: 40, readOnly: true, hidden: true, unique: true, clash: { field: 'parliamentary_id', message: 'Este(a) vereador(a) já é coautor(a) desta matéria.' } }),
  },
  list: { columns: ['parliamentary_id', 'situacao', 'created_at', 'respondida_em', 'motivo'], sort: 'id', search: [], sortable: [] },
  display: 'parliamentary_id',
  // read as a part of the draft (its sub-list), with the draft's own scope; written only by the draft's actions
  access: { read: readers(W_RECEIVE), create: 'nobody', update: 'nobody', delete: ['cm_parlamentar'] },
  routes: { list: false, show: false, create: false, update: false, delete: false },
});

export const DISTRIBUTION_STATES = [
  { value: 'aguardando_relator', label: 'Aguardando relator' },
  { value: 'com_relator', label: 'Com o relator' },
  { value: 'parecer_emitido', label: 'Parecer emitido' },
] as const;

export const PARECERES = [
  { value: 'favoravel', label: 'Favorável' },
  { value: 'contrario', label: 'Contrário' },
  { value: 'favoravel_emendas', label: 'Favorável com emendas' },
] as const;

const WAITING_RAPPORTEUR = ['aguardando_relator', 'com_relator'] as const;

/** A commission's opinion on a matter: from the distribution to the parecer (docs/workflows/comissoes.md). */
export const distributions = defineResource({
  name: 'distributions', path: 'distributions', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Distribuição à comissão', many: 'Distribuições às comissões', gender: 'f' },
  fields: {
    /** "PL 12/2026 — CLJR": set by the server when it is opened */
    descricao: f.text({ label: 'Distribuição', max: 120, readOnly: true }),
    matter_id: f.ref({ label: 'Matéria', to: 'matters', display: 'identificacao', required: true, onDelete: 'cascade' }),
    commission_id: f.ref({ label: 'Comissão', to: 'commissions', display: 'nome', required: true }),
    data: f.date({ label: 'Data da distribuição', required: true }),
    tramitation_id: f.ref({ label: 'Passo de tramitação', to: 'tramitations', display: 'data', readOnly: true, onDelete: 'set null' }),
    situacao: f.select({ label: 'Situação', options: DISTRIBUTION_STATES, default: 'aguardando_relator', readOnly: true }),
    relator_id: f.ref({ label: 'Relator(a)', to: 'parliamentaries', display: 'nome', readOnly: true }),
    report_id: f.ref({ label: 'Relatoria', to: 'reports', display: 'designacao', readOnly: true, hidden: true, onDelete: 'set null' }),
    designacao: f.date({ label: 'Designação do relator', readOnly: true }),
    diasPrazo: f.int({ label: 'Prazo do relator (dias úteis)', readOnly: true }),
    prazoParecer: f.date({ label: 'Prazo do parecer', readOnly: true, help: 'Dias úteis a partir da designação, excluído o dia dela; sábados, domingos e feriados não contam.' }),
    parecer: f.select({ label: 'Parecer', options: PARECERES, readOnly: true }),
    parecer_data: f.date({ label: 'Data do parecer', readOnly: true }),
    parecer_documento: f.file({ label: 'Documento do parecer', accept: PDF, maxMB: 20, readOnly: true }),
    votos_favoraveis: f.int({ label: 'Votos favoráveis na comissão', readOnly: true }),
    votos_contrarios: f.int({ label: 'Votos contrários na comissão', readOnly: true }),
    abstencoes: f.int({ label: 'Abstenções na comissão', readOnly: true }),
    parecer_obs: f.longtext({ label: 'Observações do parecer', max: 5000, readOnly: true }),
  },
  list: {
    columns: ['matter_id', 'commission_id', 'data', 'relator_id', 'prazoParecer', 'situacao', 'parecer'],
    sort: '-data', search: [], sortable: ['data', 'prazoParecer'],
  },
  display: 'descricao',
  access: { read: readers(W_COMMISSIONS, W_MATTERS), create: 'nobody', update: 'nobody', delete: 'nobody' },
  routes: { create: false, update: false, delete: false },
  deadline: { field: 'prazoParecer', open: [{ field: 'situacao', in: ['com_relator'] }] },
  summary: ['situacao', 'relator_id', 'designacao', 'prazoParecer', 'parecer', 'parecer_data', 'parecer_documento'],
  inbox: [
    // the rapporteur (a councillor): the matters whose opinion they owe
    {
      key: 'meu_parecer', label: 'Matérias aguardando meu parecer', roles: ['cm_parlamentar'],
      where: [{ field: 'situacao', in: ['com_relator'] }, { field: 'relator_id', mine: 'parliamentary' }], due: 'prazoParecer',
    },
    // the commissions' operators: opinions whose deadline is close or past
    {
      key: 'prazo_parecer', label: 'Pareceres com prazo vencendo', roles: W_COMMISSIONS,
      where: [{ field: 'situacao', in: ['com_relator'] }], due: 'prazoParecer', within: DEADLINE_SOON_DAYS,
    },
  ],
  actions: {
    designar_relator: {
      method: 'POST', path: ':id/designar_relator', summary: 'Designa (ou substitui) o relator: um membro da composição vigente da comissão; o prazo do parecer em dias úteis',
      access: W_COMMISSIONS, label: 'Designar relator',
      form: {
        relator_id: f.ref({ label: 'Relator(a)', to: 'parliamentaries', display: 'nome', required: true, help: 'Um membro da composição vigente da comissão.' }),
        designacao: f.date({ label: 'Data da designação', required: true }),
        diasPrazo: f.int({ label: 'Prazo (dias úteis)', required: true, min: 1, max: 365 }),
        prazoParecer: f.date({
          label: 'Prazo do parecer', readOnly: true, preview: { path: 'holidays/business_deadline', params: { inicio: 'designacao', dias: 'diasPrazo' } },
          help: 'Dias úteis, excluído o dia da designação; sábados, domingos e feriados não contam.',
        }),
      },
      when: [{ field: 'situacao', in: WAITING_RAPPORTEUR, reason: 'A comissão já emitiu o parecer (situação: {situacao}).' }],
    },
    registrar_parecer: {
      method: 'POST', path: ':id/registrar_parecer', summary: 'Registra o parecer da comissão (favorável, contrário ou favorável com emendas), com o documento (PDF) e a data',
      access: W_COMMISSIONS, label: 'Registrar parecer',
      form: {
        parecer: f.select({ label: 'Parecer', required: true, options: PARECERES }),
        parecer_data: f.date({ label: 'Data do parecer', required: true }),
        votos_favoraveis: f.int({ label: 'Votos favoráveis', min: 0, max: 99, help: 'Opcional: a votação na comissão.' }),
        votos_contrarios: f.int({ label: 'Votos contrários', min: 0, max: 99 }),
        abstencoes: f.int({ label: 'Abstenções', min: 0, max: 99 }),
        parecer_obs: f.longtext({ label: 'Observações', max: 5000 }),
        parecer_documento: f.file({ label: 'Documento do parecer', accept: PDF, maxMB: 20, required: true }),
      },
      when: [
        { field: 'situacao', notIn: ['parecer_emitido'], reason: 'O parecer da comissão já foi registrado.' },
        { field: 'situacao', in: ['com_relator'], reason: 'O parecer se registra depois que a comissão designa o relator (situação: {situacao}).' },
      ],
    },
  },
  screen: '/legislativo/distributions',
});

export const RESOURCES: readonly ResourceDef[] = [matterSignatures, distributions];
