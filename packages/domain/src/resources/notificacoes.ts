/**
 * Notifications (issue 11 §3): what the system tells one person — a process arrived in their sector, a deadline is
 * near or past, their solicitation was decided. One row per recipient, in the recipient's company; written only by
 * the server (`notify`, apps/server/src/modules/notificacoes), read and marked read only by the recipient: the
 * owner is the session's user, never a parameter, so another person's notification answers 404 on every route.
 *
 * There are no generic routes (a list of the company's notifications would show other people's): the calls are
 * declared actions, served by the notificacoes module, under /api/notifications.
 */
import { z } from 'zod';
import { f } from '../fields.ts';
import { defineResource, type ResourceDef } from '../resource.ts';
import { R, type RoleName } from '../roles.ts';

/**
 * What a notification is about. A new kind is added here (its pt-BR label shows on the notifications page); the
 * column is a plain text, so adding one needs no migration.
 */
export const NOTIFICATION_KINDS = [
  { value: 'processo_recebido', label: 'Processo recebido no setor' },
  { value: 'prazo_proximo', label: 'Prazo próximo' },
  { value: 'prazo_vencido', label: 'Prazo vencido' },
  { value: 'solicitacao_decidida', label: 'Solicitação decidida' },
  { value: 'materia_recebida_situacao', label: 'Situação da matéria enviada' },
  { value: 'coautoria_convite', label: 'Convite para assinar matéria' },
  { value: 'coautoria_resposta', label: 'Assinatura de coautor' },
  { value: 'relatoria_designada', label: 'Designação para relatoria' },
  { value: 'cadastro_situacao', label: 'Situação do cadastro' },
  { value: 'edital_inscricao', label: 'Inscrição em edital de fomento' },
  { value: 'manifestacao_encaminhada', label: 'Manifestação encaminhada ao setor' },
  { value: 'pedido_informacao_encaminhado', label: 'Pedido de informação encaminhado ao setor' },
  { value: 'recurso_informacao', label: 'Recurso de acesso à informação' },
  { value: 'aviso', label: 'Aviso' },
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]['value'];

/**
 * People outside the staff: they do not work in Paço every day, so what they are told also goes by e-mail. A user
 * is outside the staff when every role they have is one of these (an artist, a culture group, a councillor); a
 * councillor who is also an operator of the câmara is staff.
 */
export const OUTSIDE_STAFF_ROLES: readonly RoleName[] = ['pm_cultura_artista', 'pm_cultura_grupo', 'cm_parlamentar'];

export function isOutsideStaff(roles: readonly string[]): boolean {
  return roles.length > 0 && roles.every((r) => (OUTSIDE_STAFF_ROLES as readonly string[]).includes(r));
}

const page = z.object({
  page: z.coerce.number({ error: 'Página inválida.' }).int('Página inválida.').min(1, 'Página inválida.').max(100_000, 'Página inválida.').optional(),
  perPage: z.coerce.number({ error: 'Quantidade por página inválida.' }).int('Quantidade por página inválida.').min(1, 'Quantidade por página inválida.').max(100, 'No máximo 100 por página.').optional(),
  /** only the unread ones */
  unread: z.enum(['1', 'true', '0', 'false'], { error: 'Filtro inválido.' }).optional(),
});

export const notifications = defineResource({
  name: 'notifications', path: 'notifications', tenant: { column: 'company_id' },
  label: { one: 'Notificação', many: 'Notificações', gender: 'f' },
  fields: {
    user_id: f.ref({ label: 'Destinatário', to: 'users', display: 'name', required: true, onDelete: 'cascade' }),
    /** one of NOTIFICATION_KINDS (a text column: a new kind needs no migration) */
    kind: f.text({ label: 'Tipo', required: true, max: 60 }),
    title: f.text({ label: 'Título', required: true, max: 200 }),
    body: f.longtext({ label: 'Mensagem', max: 2000 }),
    /** the screen of the record it is about (an app path such as /protocol/processes/12) */
    link: f.text({ label: 'Endereço', max: 500 }),
    read_at: f.datetime({ label: 'Lida em' }),
    /**
     * set by notifications that must be sent once (a deadline's reminder): unique in the company, and made of the
     * record, the kind, the deadline and the recipient, so a reminder is never repeated
     */
    once_key: f.text({ label: 'Chave de envio único', max: 200, unique: true, writeOnly: true, hidden: true }),
  },
  // read only through the actions (the recipient's own, newest first): no list screen, no sort indexes
  list: { columns: ['created_at', 'kind', 'title', 'read_at'], sort: '-created_at', search: ['title'], sortable: [] },
  display: 'title',
  access: { read: 'authenticated' },
  routes: { list: false, show: false, create: false, update: false, delete: false },
  actions: {
    mine: { method: 'GET', path: '/notifications', summary: 'As notificações do usuário da sessão, da mais nova à mais antiga (?page=&perPage=&unread=1)', input: page, access: 'authenticated' },
    unread: { method: 'GET', path: 'unread', summary: 'Quantas notificações do usuário da sessão estão sem ler (e quantas ele tem)', access: 'authenticated' },
    stream: { method: 'GET', path: 'stream', summary: 'Fluxo (SSE) das notificações do usuário da sessão: o resumo (não lidas, total) com versão, depois cada mudança', access: 'authenticated' },
    read_all: { method: 'POST', path: 'read_all', summary: 'Marca como lidas todas as notificações do usuário da sessão', access: 'authenticated' },
    show: { method: 'GET', path: ':id', summary: 'Uma notificação do usuário da sessão (404 para as de outras pessoas)', access: 'authenticated' },
    read: { method: 'POST', path: ':id/read', summary: 'Marca como lida uma notificação do usuário da sessão (404 para as de outras pessoas)', access: 'authenticated' },
  },
});

/** Why the requester of a manifestação or of a request for information was written to. */
export const CITIZEN_EVENTS = [
  { value: 'respondido', label: 'Resposta' },
  { value: 'negado', label: 'Negativa de acesso' },
  { value: 'prorrogado', label: 'Prorrogação do prazo' },
  { value: 'encaminhado', label: 'Encaminhamento' },
  { value: 'recurso_decidido', label: 'Decisão do recurso' },
] as const;
export type CitizenEvent = (typeof CITIZEN_EVENTS)[number]['value'];

/** Where a message to a citizen stands (the mail outbox's state, read again on every read). */
export const ENTREGAS = [
  { value: 'registrado', label: 'Registrado (servidor de e-mail não configurado)' },
  { value: 'na_fila', label: 'Na fila de envio' },
  { value: 'enviado', label: 'Enviado' },
  { value: 'falhou', label: 'Falha no envio (nova tentativa automática)' },
] as const;

/**
 * The e-mails sent to the requester of a manifestação (Ouvidoria) or of a request for information (E-SIC), one row
 * per message, written in the transaction of the action that caused it together with its outbox row
 * (modules/notificacoes/citizen.ts). Read only as the record's sub-list "E-mails ao cidadão" (what was said to the
 * requester, when, and whether it was delivered): proof of the communication the law asks for. The address is kept
 * masked; the message itself is in the outbox.
 */
export const citizenMessages = defineResource({
  name: 'citizen_messages', path: 'citizen_messages', tenant: { column: 'company_id' },
  label: { one: 'E-mail ao cidadão', many: 'E-mails ao cidadão', gender: 'm' },
  fields: {
    manifestacao_id: f.ref({ label: 'Manifestação', to: 'manifestacoes', display: 'protocolo', onDelete: 'cascade' }),
    pedido_informacao_id: f.ref({ label: 'Pedido de informação', to: 'pedidos_informacao', display: 'protocolo', onDelete: 'cascade' }),
    evento: f.select({ label: 'Motivo', options: CITIZEN_EVENTS, required: true }),
    assunto: f.text({ label: 'Assunto do e-mail', required: true, max: 255 }),
    /** masked (ma***@exemplo.com.br): the requester's address is on the record's own screen */
    destinatario: f.text({ label: 'Para', max: 191 }),
    /** the mail outbox row */
    mail_id: f.int({ label: 'Mensagem', hidden: true }),
    entrega: f.select({ label: 'Entrega', options: ENTREGAS }),
  },
  list: { columns: ['created_at', 'evento', 'assunto', 'destinatario', 'entrega'], sort: '-created_at', search: ['assunto'], sortable: [] },
  display: 'assunto',
  access: { read: [...R.ouvidoriaMenu, 'sic'] },
  routes: { list: false, show: false, create: false, update: false, delete: false },
});

export const RESOURCES: readonly ResourceDef[] = [notifications, citizenMessages];
