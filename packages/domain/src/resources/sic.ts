/**
 * E-SIC: pedidos de acesso à informação (Lei 12.527/2011, LAI; Decreto 7.724/2012 as the model regulation). Spec 1
 * gives the E-SIC module only its home route; the requests, their screens and their public channel are Paço's own
 * (issue 11), for the module's roles (superadmin, admin, sic). docs/workflows/sic.md says who does what.
 *
 * States (PEDIDO_SITUACOES), each step a declared record action:
 *   recebido → em_analise (`iniciar_analise`) | encaminhado (`encaminhar` to a sector, with dispatch; the deadline
 *   keeps running) → respondido (`responder`, with an optional attachment) | negado (`negar`, with the legal ground
 *   and the justification); `prorrogar` once by 10 days with justification while open and not overdue;
 *   respondido | negado → em_recurso (`registrar_recurso`, within 10 days of the decision, by the SIC or by the
 *   requester through the public channel) → recurso_decidido (`decidir_recurso`, by the authority: the entity's
 *   administrator, never the person who decided the request; in 5 days).
 * Deadlines are calendar days counted from the day after (Lei 9.784/1999, art. 66, applied to the LAI), an end on a
 * non-working day (weekend, national or the entity's holiday) moved to the next working day: 20 days from the
 * request, 30 once extended; the appeal window is 10 days from the decision; the authority's, 5 from the appeal.
 *
 * The requester's identity is personal information (LAI art. 31): name and e-mail appear only on the request's own
 * screen, for the SIC; the CPF (optional) is masked everywhere else (lists, exports, history, e-mails). No reason
 * for the request is asked (LAI art. 10, § 3º). The request's text and summary are the requester's and never change.
 * The requester is told by e-mail (answer, denial, extension, forwarding with a message to them, appeal decision),
 * each message kept in the request's "E-mails ao cidadão" with its delivery state.
 */
import { z } from 'zod';
import { DOCUMENT_TYPES, f } from '../fields.ts';
import { createSchema, defineResource, type RecordCondition, type ResourceDef } from '../resource.ts';
import { R } from '../roles.ts';

export const PEDIDO_SITUACOES = [
  { value: 'recebido', label: 'Recebido' },
  { value: 'em_analise', label: 'Em análise' },
  { value: 'encaminhado', label: 'Encaminhado ao setor' },
  { value: 'respondido', label: 'Respondido' },
  { value: 'negado', label: 'Acesso negado' },
  { value: 'em_recurso', label: 'Em recurso (1ª instância)' },
  { value: 'recurso_decidido', label: 'Recurso decidido (1ª instância)' },
  { value: 'em_recurso_2', label: 'Em recurso (2ª instância)' },
  { value: 'recurso_2_decidido', label: 'Recurso decidido (2ª instância)' },
] as const;
export type PedidoSituacao = (typeof PEDIDO_SITUACOES)[number]['value'];

/** States in which the request waits for the SIC's answer. */
export const PEDIDO_EM_ABERTO = ['recebido', 'em_analise', 'encaminhado'] as const;
/** States of a decision of the SIC, from which an appeal may be filed. */
export const PEDIDO_DECISAO = ['respondido', 'negado'] as const;
/** States in which someone must still act within `prazo` (the SIC, or the authority on an appeal). */
export const PEDIDO_COM_PRAZO = [...PEDIDO_EM_ABERTO, 'em_recurso', 'em_recurso_2'] as const;
/** States from which the requester may appeal (the 2nd instance only after a 1st-instance appeal was denied). */
export const PEDIDO_RECORRIVEL = [...PEDIDO_DECISAO, 'recurso_decidido'] as const;

/** The appeal instances a company configures (Configurações do E-SIC › Instâncias de recurso). */
export const INSTANCIAS = [
  { value: '1', label: '1ª instância (autoridade hierarquicamente superior)' },
  { value: '2', label: '2ª instância (autoridade máxima)' },
] as const;

/** Subjects a request may be classified under (the public statistics' "por assunto", LAI art. 30, III). */
export const PEDIDO_TEMAS = [
  { value: 'administracao', label: 'Administração e pessoal' },
  { value: 'financas', label: 'Orçamento, finanças e tributos' },
  { value: 'licitacoes', label: 'Licitações, contratos e convênios' },
  { value: 'obras', label: 'Obras e urbanismo' },
  { value: 'saude', label: 'Saúde' },
  { value: 'educacao', label: 'Educação' },
  { value: 'assistencia', label: 'Assistência social' },
  { value: 'meio_ambiente', label: 'Meio ambiente' },
  { value: 'legislativo', label: 'Atividade legislativa' },
  { value: 'outros', label: 'Outros assuntos' },
] as const;

/** The attachments a citizen may send with a request or a manifestação: at most 3, PDF or image, 5 MB each. */
export const ANEXOS_CIDADAO = { max: 3, maxMB: 5 } as const;

/** LAI art. 11, § 1º: 20 days; § 2º: once more 10, with justification. */
export const PEDIDO_PRAZO_DIAS = 20;
export const PEDIDO_PRORROGACAO_DIAS = 10;
/** LAI art. 15: appeal within 10 days of the decision; the authority decides in 5 (parágrafo único). */
export const RECURSO_PRAZO_DIAS = 10;
export const RECURSO_DECISAO_DIAS = 5;

/** Legal grounds of a denial (LAI and Decreto 7.724/2012). */
export const NEGATIVA_FUNDAMENTOS = [
  { value: 'sigilosa', label: 'Informação sigilosa classificada (Lei 12.527/2011, arts. 23 e 24)' },
  { value: 'dados_pessoais', label: 'Informação pessoal (Lei 12.527/2011, art. 31)' },
  { value: 'sigilo_legal', label: 'Sigilo previsto em outra lei: fiscal, bancário, comercial, de justiça (Lei 12.527/2011, art. 22)' },
  { value: 'generico', label: 'Pedido genérico (Decreto 7.724/2012, art. 13, I)' },
  { value: 'desproporcional', label: 'Pedido desproporcional ou desarrazoado (Decreto 7.724/2012, art. 13, II)' },
  { value: 'trabalho_adicional', label: 'Exige trabalho adicional de análise, interpretação ou consolidação (Decreto 7.724/2012, art. 13, III)' },
  { value: 'preparatorio', label: 'Documento preparatório de decisão ainda não tomada (Lei 12.527/2011, art. 7º, § 3º)' },
] as const;

export const DECISOES_RECURSO = [
  { value: 'provido', label: 'Provido: acesso concedido' },
  { value: 'desprovido', label: 'Desprovido: decisão mantida' },
] as const;

export const FORMAS_RECEBIMENTO = [
  { value: 'email', label: 'Por e-mail' },
  { value: 'internet', label: 'Consulta pela internet (protocolo e código)' },
  { value: 'correspondencia', label: 'Correspondência física' },
  { value: 'presencial', label: 'Retirada pessoalmente' },
] as const;

const ABERTO: RecordCondition = { field: 'situacao', in: PEDIDO_EM_ABERTO, reason: 'O pedido não aguarda resposta (situação: {situacao}).' };

const pedidoFields = {
  protocolo: f.text({ label: 'Protocolo', max: 30, readOnly: true, unique: true }),
  ano: f.int({ label: 'Ano', readOnly: true, filter: true }),
  numero: f.int({ label: 'Número', readOnly: true, sequence: { per: ['ano'], year: { field: 'ano' } } }),
  canal: f.select({
    label: 'Meio de entrada', options: [
      { value: 'internet', label: 'Internet' }, { value: 'presencial', label: 'Presencial' }, { value: 'email', label: 'E-mail' },
      { value: 'carta', label: 'Carta' },
    ],
  }),
  formaRecebimento: f.select({ label: 'Forma de recebimento da resposta', options: FORMAS_RECEBIMENTO, default: 'email', filter: false }),
  /** identity: on the request's own screen only (not a list column); the CPF is masked but there */
  requerenteNome: f.text({ label: 'Nome do requerente', required: true, max: 200, personal: true }),
  requerenteEmail: f.email({ label: 'E-mail do requerente', help: 'Para onde vão a resposta e os avisos do pedido.', personal: true }),
  requerenteCpf: f.cpf({ label: 'CPF do requerente (opcional)', createOnly: 'O CPF do requerente não pode ser alterado depois do registro.' }),
  /** the requester asked to keep the identity restricted: shown only to the SIC role, on the request's own screen */
  identidadeRestrita: f.bool({
    label: 'Identidade restrita', createOnly: 'A restrição da identidade é escolha do requerente e não pode ser alterada.',
    help: 'O nome e o contato do requerente aparecem só para o SIC (Lei 12.527/2011, art. 31).',
  }),
  tema: f.select({ label: 'Tema', options: PEDIDO_TEMAS, filter: true, help: 'Classificação para as estatísticas públicas (LAI art. 30).' }),
  /** the requester's own words: never edited by the staff */
  assunto: f.text({ label: 'Assunto', required: true, max: 200, createOnly: 'O assunto do pedido é do requerente e não pode ser alterado.' }),
  texto: f.longtext({
    label: 'Informação solicitada', required: true, max: 10_000, createOnly: 'O texto do pedido é do requerente e não pode ser alterado.',
    help: 'Texto original do requerente: não pode ser alterado depois do registro. Nenhum motivo pode ser exigido (Lei 12.527/2011, art. 10, § 3º).',
  }),
  anexos: f.file({ label: 'Anexos do requerente', accept: DOCUMENT_TYPES, maxMB: ANEXOS_CIDADAO.maxMB, multiple: ANEXOS_CIDADAO.max, readOnly: true }),
  situacao: f.select({ label: 'Situação', options: PEDIDO_SITUACOES, readOnly: true }),
  prazo: f.date({ label: 'Prazo de resposta', readOnly: true }),
  prorrogado: f.bool({ label: 'Prazo prorrogado', readOnly: true }),
  justificativaProrrogacao: f.text({ label: 'Justificativa da prorrogação', max: 1000, readOnly: true }),
  sector_id: f.ref({ label: 'Setor consultado', to: 'sectors', display: 'name', readOnly: true, onDelete: 'set null' }),
  despacho: f.longtext({ label: 'Despacho ao setor', max: 2000, readOnly: true }),
  encaminhadoEm: f.datetime({ label: 'Encaminhado em', readOnly: true }),
  resposta: f.longtext({ label: 'Resposta', max: 10_000, readOnly: true }),
  anexoResposta: f.file({ label: 'Anexo da resposta', accept: DOCUMENT_TYPES, maxMB: 10, readOnly: true }),
  fundamentoNegativa: f.select({ label: 'Fundamento legal da negativa', options: NEGATIVA_FUNDAMENTOS, readOnly: true }),
  justificativaNegativa: f.longtext({ label: 'Justificativa da negativa', max: 5000, readOnly: true }),
  dataResposta: f.datetime({ label: 'Decidido em', readOnly: true }),
  responsavel_id: f.ref({ label: 'Decidido por', to: 'users', display: 'name', readOnly: true, onDelete: 'set null', filter: false }),
  /** whether the decision came within the answer's deadline (the public statistics) */
  noPrazo: f.bool({ label: 'Decidido no prazo', readOnly: true }),
  prazoRecurso: f.date({ label: 'Recurso até', readOnly: true }),
  recurso: f.longtext({ label: 'Razões do recurso', max: 10_000, readOnly: true }),
  recursoEm: f.datetime({ label: 'Recurso registrado em', readOnly: true }),
  decisaoRecurso: f.select({ label: 'Decisão do recurso', options: DECISOES_RECURSO, readOnly: true }),
  fundamentacaoRecurso: f.longtext({ label: 'Fundamentação da decisão do recurso', max: 10_000, readOnly: true }),
  recursoDecididoEm: f.datetime({ label: 'Recurso decidido em', readOnly: true }),
  recursoDecididoPor_id: f.ref({ label: 'Recurso decidido por', to: 'users', display: 'name', readOnly: true, onDelete: 'set null', filter: false }),
  recurso2: f.longtext({ label: 'Razões do recurso de 2ª instância', max: 10_000, readOnly: true }),
  recurso2Em: f.datetime({ label: 'Recurso de 2ª instância registrado em', readOnly: true }),
  decisaoRecurso2: f.select({ label: 'Decisão do recurso de 2ª instância', options: DECISOES_RECURSO, readOnly: true }),
  fundamentacaoRecurso2: f.longtext({ label: 'Fundamentação da decisão de 2ª instância', max: 10_000, readOnly: true }),
  recurso2DecididoEm: f.datetime({ label: 'Recurso de 2ª instância decidido em', readOnly: true }),
  recurso2DecididoPor_id: f.ref({ label: 'Recurso de 2ª instância decidido por', to: 'users', display: 'name', readOnly: true, onDelete: 'set null', filter: false }),
  /** SHA-256 of the follow-up code handed to the requester on the public channel */
  codigoAcesso: f.text({ label: 'Código de acompanhamento', max: 64, readOnly: true, writeOnly: true, hidden: true }),
};

const companyId = z.coerce.number({ error: 'Informe a entidade.' }).int('Entidade inválida.').positive('Informe a entidade.').max(2_147_483_647, 'Entidade inválida.');
/** The honeypot: a field people never see (hidden on the portal's forms); filled, the filing is pretended, not stored. */
export const HONEYPOT = z.string().max(2000).optional().nullable();
/** The citizen's attachments on the public channel (multipart/form-data, in the same call). */
export const anexosForm = { anexos: f.file({ label: 'Anexos (opcional)', accept: DOCUMENT_TYPES, maxMB: ANEXOS_CIDADAO.maxMB, multiple: ANEXOS_CIDADAO.max }) };

const follow = {
  company_id: companyId,
  protocolo: z.string({ error: 'Informe o protocolo.' }).trim().min(1, 'Informe o protocolo.').max(30, 'Protocolo inválido.'),
  codigo: z.string({ error: 'Informe o código de acompanhamento.' }).trim().min(1, 'Informe o código de acompanhamento.').max(40, 'Código de acompanhamento inválido.'),
};

/** The public channel's request: what the requester types, the e-mail required (the answer goes there), no reason asked. */
const publicPedido = createSchema({
  fields: {
    requerenteNome: pedidoFields.requerenteNome,
    requerenteEmail: { ...pedidoFields.requerenteEmail, required: true },
    requerenteCpf: pedidoFields.requerenteCpf,
    identidadeRestrita: pedidoFields.identidadeRestrita,
    tema: pedidoFields.tema,
    formaRecebimento: pedidoFields.formaRecebimento,
    assunto: pedidoFields.assunto,
    texto: pedidoFields.texto,
  },
} as unknown as ResourceDef).extend({ company_id: companyId, website: HONEYPOT });

export const pedidosInformacao = defineResource({
  name: 'pedidos_informacao', path: 'pedidos_informacao', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Pedido de informação', many: 'Pedidos de informação', gender: 'm' },
  fields: pedidoFields,
  list: {
    columns: ['protocolo', 'created_at', 'assunto', 'situacao', 'prazo'],
    sort: '-created_at',
    search: ['protocolo', 'assunto'],
  },
  display: 'protocolo',
  // the module's roles register requests received in person and act on them; removing one is the administrators'
  access: { read: R.sic, create: R.sic, update: R.sic, delete: R.adminOnly },
  editable: [{ field: 'situacao', notIn: ['recurso_decidido', 'recurso_2_decidido'], reason: 'O pedido está concluído (recurso decidido) e não pode mais ser alterado.' }],
  deadline: { field: 'prazo', open: [{ field: 'situacao', in: PEDIDO_COM_PRAZO }] },
  inbox: [
    { key: 'a_responder', label: 'Pedidos de informação a responder', roles: R.sic, where: [{ field: 'situacao', in: PEDIDO_EM_ABERTO }], due: 'prazo' },
    { key: 'recursos', label: 'Recursos de acesso à informação a decidir', roles: R.adminOnly, where: [{ field: 'situacao', in: ['em_recurso', 'em_recurso_2'] }], due: 'prazo' },
  ],
  summary: [
    'situacao', 'prazo', 'prorrogado', 'justificativaProrrogacao', 'sector_id', 'despacho', 'encaminhadoEm', 'resposta', 'anexoResposta',
    'fundamentoNegativa', 'justificativaNegativa', 'dataResposta', 'responsavel_id', 'prazoRecurso', 'recurso', 'recursoEm', 'decisaoRecurso',
    'fundamentacaoRecurso', 'recursoDecididoEm', 'recursoDecididoPor_id', 'recurso2', 'recurso2Em', 'decisaoRecurso2', 'fundamentacaoRecurso2',
    'recurso2DecididoEm', 'recurso2DecididoPor_id',
  ],
  actions: {
    iniciar_analise: {
      method: 'POST', path: ':id/iniciar_analise', summary: 'Inicia a análise do pedido (recebido → em análise)', access: R.sic, label: 'Iniciar análise',
      confirm: 'O pedido passa a "Em análise". O prazo de resposta continua correndo.',
      when: [{ field: 'situacao', in: ['recebido'], reason: 'Só pedidos recebidos entram em análise (situação: {situacao}).' }],
    },
    /** the conclusive answer (LAI art. 11, § 1º, I), with an optional attachment: JSON, or multipart with the file */
    responder: {
      method: 'POST', path: ':id/responder', access: R.sic, label: 'Responder',
      summary: 'Registra a resposta conclusiva e a envia ao requerente; anexo opcional (JSON, ou multipart/form-data com o arquivo no campo anexo)',
      confirm: 'A resposta é enviada ao requerente por e-mail e abre o prazo de 10 dias para recurso.',
      form: {
        resposta: f.longtext({ label: 'Resposta', required: true, max: 10_000 }),
        anexo: f.file({ label: 'Anexo da resposta (opcional)', accept: DOCUMENT_TYPES, maxMB: 10 }),
      },
      when: [ABERTO],
    },
    /** the denial, with its legal ground and the justification (LAI art. 11, § 1º, II, and § 4º) */
    negar: {
      method: 'POST', path: ':id/negar', summary: 'Nega o acesso, com o fundamento legal e a justificativa, e avisa o requerente', access: R.sic,
      label: 'Negar acesso', tone: 'danger',
      confirm: 'A negativa é enviada ao requerente com o fundamento legal e abre o prazo de 10 dias para recurso (Lei 12.527/2011, art. 11, § 4º).',
      form: {
        fundamento: f.select({ label: 'Fundamento legal', required: true, options: NEGATIVA_FUNDAMENTOS }),
        justificativa: f.longtext({ label: 'Justificativa', required: true, min: 20, max: 5000, help: 'As razões da negativa, que o requerente recebe.' }),
      },
      when: [ABERTO],
    },
    /** once, by 10 days, with the justification, before the deadline ends (LAI art. 11, § 2º) */
    prorrogar: {
      method: 'POST', path: ':id/prorrogar', summary: 'Prorroga o prazo uma vez por mais 10 dias, com justificativa, e avisa o requerente', access: R.sic,
      label: 'Prorrogar prazo', confirm: `O prazo é prorrogado uma única vez, por mais ${PEDIDO_PRORROGACAO_DIAS} dias, e o requerente recebe a justificativa (Lei 12.527/2011, art. 11, § 2º).`,
      form: { justificativa: f.longtext({ label: 'Justificativa', required: true, min: 10, max: 1000 }) },
      when: [ABERTO, { field: 'prorrogado', in: [false], reason: 'O prazo já foi prorrogado uma vez (Lei 12.527/2011, art. 11, § 2º).' }],
    },
    /** asks a sector for the information; the deadline keeps running; a message to the requester is optional */
    encaminhar: {
      method: 'POST', path: ':id/encaminhar', summary: 'Encaminha o pedido a um setor, com despacho (e, se escrita, uma mensagem ao requerente)', access: R.sic,
      label: 'Encaminhar ao setor',
      form: {
        sector_id: f.ref({ label: 'Setor', to: 'sectors', display: 'name', required: true }),
        despacho: f.longtext({ label: 'Despacho', max: 2000, help: 'O que se pede ao setor (não vai ao requerente). O prazo de resposta continua correndo.' }),
        aviso: f.longtext({ label: 'Mensagem ao requerente (opcional)', max: 2000, help: 'Se escrita, vai por e-mail ao requerente (sem o despacho).' }),
      },
      when: [ABERTO],
    },
    /** the requester's appeal, received by the SIC (the requester may also file it through the public channel) */
    registrar_recurso: {
      method: 'POST', path: ':id/registrar_recurso', summary: 'Registra o recurso do requerente (até 10 dias da decisão) à instância seguinte, que decide em 5 dias', access: R.sic,
      label: 'Registrar recurso',
      confirm: `O pedido passa à instância seguinte (1ª ou 2ª, como configurado em E-SIC › Instâncias de recurso), que decide em ${RECURSO_DECISAO_DIAS} dias (Lei 12.527/2011, art. 15).`,
      form: { recurso: f.longtext({ label: 'Razões do recurso', required: true, max: 10_000, help: 'O texto do requerente, como apresentado.' }) },
      when: [{ field: 'situacao', in: PEDIDO_RECORRIVEL, reason: 'Só cabe recurso de pedido respondido ou negado (situação: {situacao}).' }],
      // a 2nd-instance appeal is filed on a request whose 1st-instance appeal was decided (otherwise final)
      rowEdit: false,
    },
    /** the configured instance's authority (without configuration: the administrators), never who decided before */
    decidir_recurso: {
      method: 'POST', path: ':id/decidir_recurso', summary: 'Decide o recurso (autoridade da instância configurada) e avisa o requerente', access: R.sic,
      label: 'Decidir recurso',
      form: {
        decisao: f.select({ label: 'Decisão', required: true, options: DECISOES_RECURSO }),
        fundamentacao: f.longtext({ label: 'Fundamentação', required: true, min: 10, max: 10_000, help: 'Se provido, inclua a informação ou diga como o requerente a recebe.' }),
      },
      when: [{ field: 'situacao', in: ['em_recurso', 'em_recurso_2'], reason: 'Não há recurso a decidir (situação: {situacao}).' }],
    },
    public_create: {
      method: 'POST', path: '/public/pedidos_informacao',
      summary: 'Registro público (sem login) de um pedido de acesso à informação, com anexos opcionais (multipart/form-data, campo anexos); devolve o protocolo, o código de acompanhamento e o prazo',
      input: publicPedido, form: anexosForm, access: 'public',
    },
    public_estatisticas: {
      method: 'GET', path: '/public/sic/estatisticas',
      summary: 'Estatísticas públicas do E-SIC e da Ouvidoria da entidade (LAI art. 30): recebidos, respondidos, no prazo, recursos, por mês e por tema ou tipo (?company_id=&ano=&formato=csv)',
      input: z.object({
        company_id: companyId,
        ano: z.coerce.number({ error: 'Ano inválido.' }).int('Ano inválido.').min(2000, 'Ano inválido.').max(2100, 'Ano inválido.').optional(),
        formato: z.enum(['json', 'csv'], { error: 'Formato inválido: json ou csv.' }).optional(),
      }),
      access: 'public',
    },
    public_show: {
      method: 'GET', path: '/public/pedidos_informacao/consulta', summary: 'Acompanhamento público por protocolo e código (?company_id=&protocolo=&codigo=)',
      input: z.object(follow), access: 'public',
    },
    public_recurso: {
      method: 'POST', path: '/public/pedidos_informacao/recurso', summary: 'Recurso do requerente (sem login), por protocolo e código, até 10 dias da decisão',
      input: z.object({ ...follow, recurso: z.string({ error: 'Informe as razões do recurso.' }).trim().min(1, 'Informe as razões do recurso.').max(10_000, 'As razões do recurso devem ter no máximo 10000 caracteres.') }),
      access: 'public',
    },
  },
  children: { emails: { resource: 'citizen_messages', fk: 'pedido_informacao_id', list: 'emails', read: R.sic } },
  screen: '/sic/pedidos',
});

/**
 * Who decides an appeal at each instance, per company (LAI art. 15; Decreto 7.724/2012, arts. 21 a 23, as a model):
 * one row per authority. Without rows for the 1st instance, the entity's administrators decide it; without rows for
 * the 2nd, the request ends at the 1st. Nobody decides an appeal against their own decision.
 */
export const sicInstancias = defineResource({
  name: 'sic_instancias', path: 'sic_instancias', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Instância de recurso', many: 'Instâncias de recurso', gender: 'f' },
  fields: {
    instancia: f.select({ label: 'Instância', required: true, options: INSTANCIAS, filter: true }),
    user_id: f.ref({ label: 'Autoridade (usuário)', to: 'users', display: 'name', required: true, onDelete: 'cascade',
      help: 'Quem decide os recursos desta instância. Precisa ter acesso ao E-SIC (função admin ou sic).' }),
    cargo: f.text({ label: 'Cargo', required: true, max: 200, help: 'Ex.: Secretário de Administração; Prefeito; Presidente da Câmara.' }),
  },
  list: { columns: ['instancia', 'user_id', 'cargo'], sort: 'instancia', search: ['cargo'] },
  display: 'cargo',
  access: { read: R.sic, create: R.adminOnly, update: R.adminOnly, delete: R.adminOnly },
  screen: '/sic/instancias',
});

/** Atomic yearly protocol counter per company (no routes; the requests' numbering). */

export const RESOURCES: readonly ResourceDef[] = [pedidosInformacao, sicInstancias];
