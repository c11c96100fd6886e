/**
 * Administrative area (spec 2 §3 "Administrative area" and the finance/people lookups of "Public content and
 * settings"): the protocol (sectors, procedures, historics, responsibles, processes and their movements),
 * tenders, contracts, agreements, councils, construction works, tramitation units, banks, bank accounts, items,
 * measures and people.
 *
 * Access (spec 1 §6): protocol records are read and written by R.protocolo (superadmin, admin, protocolo);
 * tenders and contracts by R.licitacao; agreements, councils and construction works by the Executivo roles
 * (superadmin, admin, mananger) plus the matching small-module role (convenios, conselhos, obras); the settings
 * entries follow their own §6 lists (Banks/BankAccounts/Items/Measures, People, Unidades de Tramitação, Histórico).
 * Writers are the same lists as readers: these screens have no read-only audience in §6.
 *
 * Resource names are the API paths (`contratos`, `licitacaos`, `convenios`, `conselhos`, ...), so other areas refer
 * to them by the path they know (e.g. portarias.process_id → 'processes', parliamentarian.person_id → 'people').
 */
import { z } from 'zod';
import { DOCUMENT_TYPES, f, IMAGE_TYPES } from '../fields.ts';
import { defineResource, type ResourceDef } from '../resource.ts';
import { R, type RoleName } from '../roles.ts';
import { formatProtocolNumber, mod97CheckDigits, NUP_MASK, protocolMask, PROTOCOL_MASK_MAX, protocolMaskError, readProtocolNumber } from '../protocol-number.ts';

const IMAGE = IMAGE_TYPES;
const DOCS = DOCUMENT_TYPES;

const executivo = (extra: RoleName): readonly RoleName[] => [...R.siteExecutivo, extra];
const rw = (roles: readonly RoleName[]) => ({ read: roles, create: roles, update: roles, delete: roles });

/* ------------------------------------------------------------------ NUP */

/**
 * NUP (Número Único de Protocolo) `00000.000000/0000-00`: unit code (5), yearly sequence (6), year (4) and two
 * check digits, ISO 7064 mod 97-10 over the 15 digits: DV = 98 − ((base × 100) mod 97). It is the default mask of a
 * company's process numbers; each company may set its own (`protocolSettings` below, ../protocol-number.ts).
 */
export function nupCheckDigits(base15: string): string {
  if (!/^\d{15}$/.test(base15)) throw new Error('NUP base must have 15 digits');
  return mod97CheckDigits(base15);
}

export function formatNup(unit: string | number, sequence: number, year: number): string {
  return formatProtocolNumber(protocolMask(NUP_MASK), String(unit).padStart(5, '0').slice(-5), sequence, year);
}

export function isValidNup(v: string): boolean {
  return readProtocolNumber(protocolMask(NUP_MASK), v) !== null;
}

/* ------------------------------------------------------------------ Protocol */

export const procedures = defineResource({
  name: 'procedures', path: 'procedures', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Procedimento', many: 'Procedimentos', gender: 'm' },
  fields: {
    name: f.text({ label: 'Nome', required: true, max: 150 }),
    description: f.longtext({ label: 'Descrição', max: 2000 }),
    code: f.text({ label: 'Código', max: 20, unique: true }),
    /** processes of this procedure carry gross/net values (valorBruto, valorLiquido) */
    useValues: f.bool({ label: 'Usa valores' }),
    /** processes of this procedure carry creditors (people linked to the process) */
    useCredors: f.bool({ label: 'Usa credores' }),
  },
  list: { columns: ['code', 'name', 'useValues', 'useCredors'], sort: 'name', search: ['name', 'code', 'description'] },
  display: 'name',
  access: rw(R.protocolo),
  screen: '/protocol/procedures',
});

export const sectors = defineResource({
  name: 'sectors', path: 'sectors', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Setor', many: 'Setores', gender: 'm' },
  fields: {
    name: f.text({ label: 'Nome', required: true, max: 150 }),
    description: f.longtext({ label: 'Descrição', max: 2000 }),
    /** the protocol unit code: its digits are the unit (U) of the numbers of processes opened in the sector (the NUP's first 5) */
    code: f.text({ label: 'Código', max: 20, unique: true, help: 'Código da unidade: os seus dígitos entram no número dos processos abertos no setor (no NUP, os 5 primeiros).' }),
    type: f.type('sectors', { label: 'Tipo' }),
  },
  list: { columns: ['code', 'name', 'type'], sort: 'name', search: ['name', 'code', 'description'] },
  display: 'name',
  // the Ouvidoria and the E-SIC read them too: they forward manifestações and requests for information to a sector (decision 0013)
  access: { ...rw(R.protocolo), read: [...R.protocolo, 'ouvidoria', 'sic'] },
  links: {
    /** procedures handled by the sector (many-to-many): GET/POST {procedure_id | procedure_ids}, DELETE with the same body */
    procedures: { target: 'procedures', list: 'procedures', add: 'procedures', remove: 'procedures' },
  },
  children: {
    historics: { resource: 'historics', fk: 'sector_id', list: 'historics', add: 'historics' },
    /** processes currently in the sector (their last movement's destination, or the opening sector) */
    processes: { resource: 'processes', fk: 'current_sector_id', list: 'processes' },
    responsibles: { resource: 'responsibles', fk: 'sector_id', list: 'responsibles', add: 'responsibles' },
  },
  screen: '/protocol/sectors',
});

/** Historic: a standard dispatch text ("Encaminhado para pagamento") a sector uses in movements. Shape not in spec 2. */
export const historics = defineResource({
  name: 'historics', path: 'historics', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Histórico', many: 'Históricos', gender: 'm' },
  fields: {
    name: f.text({ label: 'Título', required: true, max: 150 }),
    description: f.longtext({ label: 'Texto do histórico', max: 2000 }),
    /** empty: available to every sector */
    sector_id: f.ref({ label: 'Setor', to: 'sectors', display: 'name', onDelete: 'cascade' }),
  },
  list: { columns: ['name', 'sector_id', 'description'], sort: 'name', search: ['name', 'description'] },
  display: 'name',
  access: rw(R.settingsHistorico),
  screen: '/settings/historics',
});

export const responsibles = defineResource({
  name: 'responsibles', path: 'responsibles', tenant: { column: 'company_id' }, audit: true,
  order: [{ from: 'dataInicio', to: 'dataFim', message: 'O fim deve ser igual ou posterior ao início.' }],
  label: { one: 'Responsável', many: 'Responsáveis', gender: 'm' },
  fields: {
    user_id: f.ref({ label: 'Usuário', to: 'users', display: 'name', required: true, onDelete: 'cascade' }),
    sector_id: f.ref({ label: 'Setor', to: 'sectors', display: 'name', required: true, onDelete: 'cascade' }),
    dataInicio: f.date({ label: 'Início', required: true }),
    /** empty: still responsible */
    dataFim: f.date({ label: 'Fim' }),
  },
  list: { columns: ['user_id', 'sector_id', 'dataInicio', 'dataFim'], sort: '-dataInicio', search: [] },
  display: 'dataInicio',
  access: rw(R.protocolo),
  screen: '/protocol/responsibles',
});

const itemIds = (key: string, what: string) =>
  z.object({
    [key]: z.coerce.number({ error: `Informe ${what}.` }).int().positive(`Informe ${what}.`).optional(),
    id: z.coerce.number({ error: `Informe ${what}.` }).int().positive(`Informe ${what}.`).optional(),
  });

const NIVEIS_ACESSO = [
  { value: 'publico', label: 'Público' },
  { value: 'restrito', label: 'Restrito' },
  { value: 'sigiloso', label: 'Sigiloso' },
] as const;
const NOT_FINALIZED = { field: 'finalizado', in: [false], reason: 'O processo está finalizado.' } as const;
const NOT_WAITING = { field: 'aguardandoAceite', in: [false], reason: 'Aguardando aceite do setor {current_sector_id}.' } as const;

export const processes = defineResource({
  name: 'processes', path: 'processes', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Processo', many: 'Processos', gender: 'm' },
  fields: {
    /** in the company's mask (NUP 00000.000000/0000-00 by default), allocated by the server when omitted (unique in the company) */
    number: f.text({ label: 'Número', max: 30, unique: true, help: 'Deixe em branco para numerar automaticamente, com a máscara da entidade (Configurações › Numeração de processos).' }),
    /** defaults to today */
    date: f.date({ label: 'Data' }),
    procedure_id: f.ref({ label: 'Procedimento', to: 'procedures', display: 'name', required: true }),
    /** the protocol unit that opened the process (its code is the unit of the number, the head of a NUP) */
    sector_id: f.ref({ label: 'Setor de origem', to: 'sectors', display: 'name', required: true }),
    object: f.longtext({ label: 'Objeto', required: true, max: 5000 }),
    notaFiscal: f.text({ label: 'Nota fiscal', max: 60 }),
    valorBruto: f.money({ label: 'Valor bruto' }),
    valorLiquido: f.money({ label: 'Valor líquido' }),
    bank_account_id: f.ref({ label: 'Conta bancária', to: 'bank_accounts', display: 'number' }),
    obs: f.longtext({ label: 'Observações', max: 5000 }),
    anexo: f.file({ label: 'Anexo', accept: DOCS, maxMB: 20 }),
    /** maintained by movements: where the process is now */
    current_sector_id: f.ref({ label: 'Setor atual', to: 'sectors', display: 'name', readOnly: true }),
    /** the last movement still waits for the receiving sector to accept it */
    aguardandoAceite: f.bool({ label: 'Aguardando aceite', readOnly: true }),
    finalizado: f.bool({ label: 'Finalizado', readOnly: true }),
    /** LAI: público by default; restrito / sigiloso limit it to the sectors it passed through, with the legal basis */
    nivelAcesso: f.select({ label: 'Nível de acesso', options: NIVEIS_ACESSO, default: 'publico' }),
    baseLegal: f.text({ label: 'Hipótese legal', max: 255, help: 'Obrigatória para processos restritos ou sigilosos (ex.: LAI art. 31, informação pessoal).' }),
  },
  list: {
    columns: ['number', 'date', 'procedure_id', 'object', 'current_sector_id', 'aguardandoAceite', 'finalizado'],
    sort: '-date', search: ['number', 'object', 'notaFiscal'],
  },
  display: 'number',
  access: rw(R.protocolo),
  links: {
    /** interested parties / creditors (credores) */
    people: { target: 'people', list: 'people', add: 'people', remove: 'people' },
    items: { target: 'items', list: 'items', add: 'items', remove: 'items' },
  },
  children: {
    movements: { resource: 'movements', fk: 'process_id', list: 'movements', add: 'movements' },
    documents: { resource: 'process_documents', fk: 'process_id', list: 'documents', add: 'documents', remove: 'documents' },
  },
  /**
   * Protocol users read every public process, and a restricted or secret one only if it passed through a sector
   * they are responsible for; they change and move a process only while it is in such a sector.
   */
  rows: {
    all: ['admin'],
    filter: 'process_access',
    edit: [{ field: 'current_sector_id', mine: 'sectors', reason: 'O processo está no setor {current_sector_id}; só os responsáveis por esse setor podem alterá-lo ou movimentá-lo.' }],
  },
  inbox: [
    {
      key: 'aceite', label: 'Processos enviados ao meu setor, aguardando aceite', roles: R.protocolo,
      where: [{ field: 'aguardandoAceite', in: [true] }, { field: 'current_sector_id', mine: 'sectorsInCharge' }],
    },
    {
      key: 'meu_setor', label: 'Processos em andamento no meu setor', roles: R.protocolo,
      where: [{ field: 'aguardandoAceite', in: [false] }, { field: 'finalizado', in: [false] }, { field: 'current_sector_id', mine: 'sectorsInCharge' }],
    },
  ],
  actions: {
    /** DELETE processes/:id/movements — the body names the movement ({ movement_id } or { id }); only the last, not yet accepted */
    remove_movement: { method: 'DELETE', path: ':id/movements', summary: 'Remove a última movimentação (ainda não aceita) do processo', input: itemIds('movement_id', 'a movimentação'), access: R.protocolo },
    /** our path: sends the process to another sector (a movement), which must accept it */
    send: {
      method: 'POST', path: ':id/send', summary: 'Envia o processo a outro setor', access: R.protocolo, label: 'Enviar a outro setor',
      form: {
        destino_id: f.ref({ label: 'Setor de destino', to: 'sectors', display: 'name', required: true }),
        historic_id: f.ref({ label: 'Histórico padrão', to: 'historics', display: 'name' }),
        historicoSetor: f.longtext({ label: 'Despacho', max: 5000 }),
        prazo: f.date({ label: 'Prazo para o setor de destino' }),
      },
      when: [NOT_FINALIZED, NOT_WAITING],
    },
    /** our path: the sector the process was sent to accepts it (the same as movements/:id/accept on the last movement) */
    accept: {
      method: 'POST', path: ':id/accept', summary: 'O setor de destino aceita o processo', access: R.protocolo, label: 'Aceitar recebimento',
      when: [{ field: 'aguardandoAceite', in: [true], reason: 'Não há envio aguardando aceite.' }],
    },
    /** our path: the sector the process was sent to refuses it; it goes back to the sector that sent it */
    return: {
      method: 'POST', path: ':id/return', summary: 'O setor de destino recusa o recebimento e devolve o processo', access: R.protocolo,
      label: 'Recusar recebimento', tone: 'danger',
      form: { motivo: f.longtext({ label: 'Motivo da recusa', required: true, min: 5, max: 2000 }) },
      when: [{ field: 'aguardandoAceite', in: [true], reason: 'Não há envio aguardando aceite.' }],
    },
    /** our path: ends the process in its current sector */
    finalize: {
      method: 'POST', path: ':id/finalize', summary: 'Finaliza o processo no setor atual', access: R.protocolo, label: 'Finalizar',
      confirm: 'O processo será finalizado no setor atual. Depois disso, só um administrador poderá reabri-lo.',
      when: [NOT_FINALIZED, NOT_WAITING],
    },
    /** our path: reopens a finalized process (administrators only), with the reason */
    reopen: {
      method: 'POST', path: ':id/reopen', summary: 'Reabre um processo finalizado', access: R.adminOnly, label: 'Reabrir',
      form: { motivo: f.longtext({ label: 'Motivo da reabertura', required: true, min: 5, max: 2000 }) },
      when: [{ field: 'finalizado', in: [true], reason: 'O processo não está finalizado.' }],
    },
    /**
     * our path: the process as a PDF to print or keep (cover, movements, documents), for whoever reads it: the row scope
     * applies (404 as on show), and the documents listed are those the reader may see (a restricted one of a sector it
     * never passed through is left out, as in its documents' list)
     */
    pdf: {
      method: 'GET', path: ':id/pdf', summary: 'Processo em PDF para impressão: capa, movimentações e documentos', access: R.protocolo,
      label: 'Imprimir processo (PDF)', produces: 'application/pdf',
    },
  },
  screen: '/protocol/processes',
});

/**
 * The protocol numbering of a company (one row per company, read and saved through `current`): the mask of the
 * numbers the server gives new processes, and against which numbers typed by hand are checked. Changing it numbers
 * the processes opened afterwards; the others keep their numbers. Kept by the company's administrators
 * (Configurações › Numeração de processos); the protocol's users read it (the process form's help).
 */
export const protocolSettings = defineResource({
  name: 'protocol_settings', path: 'protocol_settings', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Numeração de processos', many: 'Numerações de processos', gender: 'f' },
  fields: {
    /** one row per company (company id, unique) */
    chave: f.int({ label: 'Entidade', hidden: true, readOnly: true, unique: true, clash: { field: '_', message: 'A entidade já tem a sua numeração de processos.' } }),
    mascara: f.text({
      label: 'Máscara do número', required: true, max: PROTOCOL_MASK_MAX, default: NUP_MASK,
      help: 'U: código da unidade; S: sequência anual; A: ano (AAAA ou AA); D: dígitos verificadores (módulo 97). Vale para os processos abertos depois de salvar.',
    }),
  },
  list: { columns: ['mascara'], sort: 'id', search: [] },
  display: 'mascara',
  access: { read: R.protocolo, create: 'nobody', update: 'nobody', delete: 'nobody' },
  routes: { list: false, show: false, create: false, update: false, delete: false },
  actions: {
    current: { method: 'GET', path: 'current', summary: 'Numeração de processos da entidade (a máscara do NUP federal quando nunca salva)', access: R.protocolo },
    save_current: {
      method: 'PUT', path: 'current', summary: 'Salva a máscara dos números de processo da entidade (vale para os processos abertos depois)',
      input: z.object({
        mascara: z.string({ error: 'Informe a máscara.' }).superRefine((v, c) => {
          const error = protocolMaskError(v);
          if (error) c.addIssue({ code: 'custom', message: error });
        }),
      }),
      access: R.adminOnly,
    },
  },
});

/**
 * A movement: the process leaves `origem_id` (its current sector) and enters `destino_id`. `entrada` is when it
 * was sent; the receiving sector accepts it (`dataHoraAceito`, via POST movements/:id/accept) before acting;
 * when it is moved on, this movement gets `transferida` and `dataHoraSaida`; `finalizada` marks where it ended.
 */
export const movements = defineResource({
  name: 'movements', path: 'movements', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Movimentação', many: 'Movimentações', gender: 'f' },
  fields: {
    process_id: f.ref({ label: 'Processo', to: 'processes', display: 'number', required: true }),
    sequence: f.int({ label: 'Sequência', readOnly: true }),
    origem_id: f.ref({ label: 'Setor de origem', to: 'sectors', display: 'name', readOnly: true }),
    destino_id: f.ref({ label: 'Setor de destino', to: 'sectors', display: 'name', required: true }),
    historic_id: f.ref({ label: 'Histórico padrão', to: 'historics', display: 'name', onDelete: 'set null' }),
    historicoSetor: f.longtext({ label: 'Despacho', max: 5000 }),
    /** defaults to now */
    entrada: f.datetime({ label: 'Entrada' }),
    dataHoraAceito: f.datetime({ label: 'Aceito em', readOnly: true }),
    dataHoraSaida: f.datetime({ label: 'Saída em', readOnly: true }),
    transferida: f.bool({ label: 'Transferida', readOnly: true }),
    /** by when the receiving sector should act (optional, set when sending) */
    prazo: f.date({ label: 'Prazo' }),
    /** the receiving sector refused it (processes/:id/return): the process went back to the sender */
    devolvida: f.bool({ label: 'Recusada', readOnly: true }),
    motivoDevolucao: f.longtext({ label: 'Motivo da recusa', max: 2000, readOnly: true }),
    finalizada: f.bool({ label: 'Finalizada', readOnly: true }),
    user_id: f.ref({ label: 'Enviado por', to: 'users', display: 'name', readOnly: true, onDelete: 'set null' }),
    accepted_by_id: f.ref({ label: 'Aceito por', to: 'users', display: 'name', readOnly: true, onDelete: 'set null' }),
  },
  list: {
    columns: ['process_id', 'sequence', 'origem_id', 'destino_id', 'entrada', 'prazo', 'dataHoraAceito', 'devolvida', 'finalizada'],
    sort: '-entrada', search: ['historicoSetor'],
  },
  display: 'sequence',
  access: rw(R.protocolo),
  /** the movements of the processes the user sees; changed (the destination, before acceptance) by the sending sector */
  rows: {
    all: ['admin'],
    filter: 'movement_access',
    edit: [{ field: 'origem_id', mine: 'sectors', reason: 'Só os responsáveis pelo setor {origem_id}, que enviou o processo, podem alterar esta movimentação.' }],
  },
  actions: {
    /** our path: the receiving sector accepts the movement */
    accept: { method: 'POST', path: ':id/accept', summary: 'O setor de destino aceita a movimentação', access: R.protocolo },
  },
  screen: '/protocol/movements',
});

/** A document of a process, with its own access level (a public process may hold a restricted document). */
export const processDocuments = defineResource({
  name: 'process_documents', path: 'process_documents', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Documento do processo', many: 'Documentos', gender: 'm' },
  fields: {
    process_id: f.ref({ label: 'Processo', to: 'processes', display: 'number', required: true, onDelete: 'cascade' }),
    descricao: f.text({ label: 'Descrição', required: true, max: 255 }),
    arquivo: f.file({ label: 'Arquivo', accept: DOCS, maxMB: 20 }),
    nivelAcesso: f.select({ label: 'Nível de acesso', options: NIVEIS_ACESSO, default: 'publico' }),
    baseLegal: f.text({ label: 'Hipótese legal', max: 255, help: 'Obrigatória para documentos restritos ou sigilosos.' }),
    user_id: f.ref({ label: 'Incluído por', to: 'users', display: 'name', readOnly: true, onDelete: 'set null' }),
  },
  list: { columns: ['descricao', 'nivelAcesso', 'arquivo', 'user_id', 'created_at'], sort: '-id', search: ['descricao'] },
  display: 'descricao',
  access: rw(R.protocolo),
  /** documents of the processes the user sees; a restricted one only for the sectors its process passed through */
  rows: {
    all: ['admin'],
    filter: 'process_document_access',
    edit: [{ field: 'user_id', mine: 'user', reason: 'Só quem incluiu o documento pode alterá-lo ou excluí-lo.' }],
  },
});

/* ------------------------------------------------------------------ Finance lookups */

export const banks = defineResource({
  name: 'banks', path: 'banks', tenant: { column: 'company_id', shared: true }, audit: true,
  label: { one: 'Banco', many: 'Bancos', gender: 'm' },
  fields: {
    code: f.text({ label: 'Código (COMPE)', required: true, max: 10, unique: true }),
    name: f.text({ label: 'Nome', required: true, max: 150 }),
  },
  list: { columns: ['code', 'name'], sort: 'name', search: ['name', 'code'] },
  display: 'name',
  access: rw(R.settingsBanksItemsLogs),
  actions: {
    public_banks: { method: 'GET', path: '/public/banks', summary: 'Bancos (lista nacional e os da entidade em ?company_id=), público', access: 'public' },
  },
  screen: '/settings/banks',
});

export const bankAccounts = defineResource({
  name: 'bank_accounts', path: 'bank_accounts', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Conta bancária', many: 'Contas bancárias', gender: 'f' },
  fields: {
    bank_id: f.ref({ label: 'Banco', to: 'banks', display: 'name', required: true }),
    agence: f.text({ label: 'Agência', required: true, max: 10 }),
    number: f.text({ label: 'Conta', required: true, max: 20 }),
    description: f.text({ label: 'Descrição', max: 255 }),
    /** the account kind (corrente, poupança, ...) from the types lookup `bank_accounts` */
    accounttable_type: f.type('bank_accounts', { label: 'Tipo de conta' }),
    /** the holder, when the account is a person's (a creditor) rather than the entity's */
    person_id: f.ref({ label: 'Titular', to: 'people', display: 'name', onDelete: 'cascade' }),
  },
  list: { columns: ['bank_id', 'agence', 'number', 'description', 'accounttable_type', 'person_id'], sort: 'number', search: ['number', 'agence', 'description'] },
  display: 'number',
  access: rw(R.settingsBanksItemsLogs),
  screen: '/settings/bankAccounts',
});

export const measures = defineResource({
  name: 'measures', path: 'measures', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Unidade de medida', many: 'Unidades de medida', gender: 'f' },
  fields: {
    code: f.text({ label: 'Sigla', required: true, max: 10, unique: true }),
    label: f.text({ label: 'Nome', required: true, max: 100 }),
    description: f.text({ label: 'Descrição', max: 255 }),
  },
  list: { columns: ['code', 'label', 'description'], sort: 'label', search: ['code', 'label'] },
  display: 'label',
  access: rw(R.settingsBanksItemsLogs),
  screen: '/settings/measures',
});

export const items = defineResource({
  name: 'items', path: 'items', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Item', many: 'Itens', gender: 'm' },
  fields: {
    name: f.text({ label: 'Nome', required: true, max: 200 }),
    description: f.longtext({ label: 'Descrição', max: 2000 }),
    type_id: f.type('items', { label: 'Tipo' }),
    measure_id: f.ref({ label: 'Unidade de medida', to: 'measures', display: 'code' }),
  },
  list: { columns: ['name', 'type_id', 'measure_id'], sort: 'name', search: ['name', 'description'] },
  display: 'name',
  access: rw(R.settingsBanksItemsLogs),
  screen: '/settings/items',
});

/* ------------------------------------------------------------------ People */

export const people = defineResource({
  name: 'people', path: 'people', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Pessoa', many: 'Pessoas', gender: 'f' },
  fields: {
    name: f.text({ label: 'Nome', required: true, max: 200 }),
    type_id: f.type('people', { label: 'Tipo de pessoa' }),
    cpf: f.cpf({ label: 'CPF', unique: true }),
    cnpj: f.cnpj({ label: 'CNPJ', unique: true }),
    rg: f.text({ label: 'RG', max: 20 }),
    titulo: f.text({ label: 'Título de eleitor', max: 20 }),
    nascimento: f.date({ label: 'Nascimento' }),
    pai: f.text({ label: 'Nome do pai', max: 200 }),
    mae: f.text({ label: 'Nome da mãe', max: 200 }),
    gender_id: f.type('gender', { label: 'Gênero' }),
    escolaridade_id: f.type('escolaridade', { label: 'Escolaridade' }),
    situacao_militar_id: f.type('situacao_militar', { label: 'Situação militar' }),
    photo: f.file({ label: 'Foto', accept: IMAGE, maxMB: 5 }),
  },
  list: { columns: ['photo', 'name', 'cpf', 'cnpj', 'type_id'], sort: 'name', search: ['name', 'cpf', 'cnpj'], fts: ['name', 'cpf', 'cnpj'] },
  display: 'name',
  access: rw(R.settingsPeople),
  links: {
    /**
     * GET people/:id/contacts; contacts are created through POST people/:id/add_contact (action) and unlinked by
     * DELETE people/:id/remove_contact/:contactId (the contact stays in Configurações › Contatos)
     */
    contacts: { target: 'contacts', list: 'contacts', remove: 'remove_contact', removeById: true, create: { action: 'add_contact', omit: ['user_id'] } },
  },
  actions: {
    add_contact: { method: 'POST', path: ':id/add_contact', summary: 'Adiciona um contato à pessoa', access: R.settingsPeople },
  },
  screen: '/settings/people',
  alsoAt: [{ path: '/licitacao/credors', title: 'Credores' }],
});

/* ------------------------------------------------------------------ Tramitation units */

export const tramitationUnities = defineResource({
  name: 'tramitation_unities', path: 'tramitation_unities', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Unidade de tramitação', many: 'Unidades de tramitação', gender: 'f' },
  fields: {
    descricao: f.text({ label: 'Descrição', required: true, max: 200 }),
    /** a unit may be a councillor's office or a sector (or neither: an external unit) */
    parliamentary_id: f.ref({ label: 'Parlamentar', to: 'parliamentaries', display: 'nome' }),
    sector_id: f.ref({ label: 'Setor', to: 'sectors', display: 'name' }),
  },
  list: { columns: ['descricao', 'parliamentary_id', 'sector_id'], sort: 'descricao', search: ['descricao'] },
  display: 'descricao',
  access: rw(R.settingsUnityTramitations),
  screen: '/settings/unityTramitations',
});

/* ------------------------------------------------------------------ Tenders, contracts, agreements */

const searchAction = (roles: readonly RoleName[]) => ({
  search: { method: 'POST' as const, path: 'search', summary: 'Pesquisa (corpo: q, page, perPage, sort e filtros)', access: roles },
});

/**
 * Situations of a tender and the changes allowed between them (Lei 14.133/2021). Art. 17 orders the phases
 * (preparatória → divulgação do edital → propostas e lances → julgamento → habilitação → recursal → homologação):
 * `planejada` is the preparatory phase, `em_andamento` from the edital's publication to the judgment of appeals.
 * After that the authority homologates, revokes or annuls (art. 71); a published tender may be suspended (by the
 * administration or the Tribunal de Contas) and resume. Deserta (no bidder) and fracassada (no acceptable bid) end
 * it: a new tender, or a direct contract (art. 75, III), is another record. A homologated tender may still be revoked
 * for a later fact or annulled for an illegality (art. 71, §§ 1º–2º); revogada and anulada are final.
 */
export const LICITACAO_SITUACOES = [
  { value: 'planejada', label: 'Planejada' }, { value: 'em_andamento', label: 'Em andamento' }, { value: 'suspensa', label: 'Suspensa' },
  { value: 'homologada', label: 'Homologada' }, { value: 'deserta', label: 'Deserta' }, { value: 'fracassada', label: 'Fracassada' },
  { value: 'revogada', label: 'Revogada' }, { value: 'anulada', label: 'Anulada' },
] as const;
export const LICITACAO_TRANSITIONS: Readonly<Record<string, readonly string[]>> = {
  planejada: ['em_andamento', 'revogada', 'anulada'],
  em_andamento: ['suspensa', 'homologada', 'deserta', 'fracassada', 'revogada', 'anulada'],
  suspensa: ['em_andamento', 'revogada', 'anulada'],
  homologada: ['revogada', 'anulada'],
  deserta: [],
  fracassada: [],
  revogada: [],
  anulada: [],
};

/** Tender (licitação). Shape not in spec 2: Lei 14.133/2021 modalities (types `tenders`), judgment criteria, status. */
export const licitacaos = defineResource({
  name: 'licitacaos', path: 'licitacaos', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Licitação', many: 'Licitações', gender: 'f' },
  fields: {
    exercicio: f.int({ label: 'Exercício', required: true, min: 1900, max: 2100 }),
    numero: f.text({ label: 'Número', required: true, max: 30, sortAs: 'identification' }),
    modalidade_id: f.type('tenders', { label: 'Modalidade', required: true }),
    criterioJulgamento: f.select({
      label: 'Critério de julgamento',
      options: [
        { value: 'menor_preco', label: 'Menor preço' }, { value: 'maior_desconto', label: 'Maior desconto' },
        { value: 'melhor_tecnica', label: 'Melhor técnica ou conteúdo artístico' }, { value: 'tecnica_preco', label: 'Técnica e preço' },
        { value: 'maior_lance', label: 'Maior lance (leilão)' }, { value: 'maior_retorno', label: 'Maior retorno econômico' },
      ],
    }),
    objeto: f.longtext({ label: 'Objeto', required: true, max: 5000 }),
    process_id: f.ref({ label: 'Processo administrativo', to: 'processes', display: 'number', onDelete: 'set null' }),
    secretaria_id: f.ref({ label: 'Secretaria', to: 'secretarias', display: 'nome' }),
    dataPublicacao: f.date({ label: 'Publicação do edital' }),
    dataAbertura: f.datetime({ label: 'Abertura das propostas' }),
    valorEstimado: f.money({ label: 'Valor estimado' }),
    situacao: f.select({ label: 'Situação', default: 'em_andamento', options: LICITACAO_SITUACOES, transitions: LICITACAO_TRANSITIONS }),
    /** número de controle no Portal Nacional de Contratações Públicas */
    pncp: f.text({ label: 'Nº de controle PNCP', max: 60 }),
    obs: f.longtext({ label: 'Observações', max: 5000 }),
    edital: f.file({ label: 'Edital', accept: DOCS, maxMB: 20 }),
  },
  list: { columns: ['exercicio', 'numero', 'modalidade_id', 'objeto', 'dataAbertura', 'situacao'], sort: '-exercicio', search: ['numero', 'objeto', 'pncp'] },
  display: 'numero',
  access: rw(R.licitacao),
  actions: searchAction(R.licitacao),
  children: {
    /** every change of situação, dated and signed by the server (PNTP: the tender's phases with their dates) */
    fases: { resource: 'licitacao_fases', fk: 'licitacao_id', list: 'fases', label: 'Fases' },
    documentos: { resource: 'licitacao_documentos', fk: 'licitacao_id', list: 'documentos', add: 'documentos', remove: 'documentos', label: 'Documentos' },
  },
  screen: '/licitacao/licitacoes',
});

/**
 * A tender's phase history (issue 12: "licitações with phases"): one row per change of its situação, written by the
 * server in the same transaction as the change, with the moment and who made it. Never typed, never edited.
 */
export const licitacaoFases = defineResource({
  name: 'licitacao_fases', path: 'licitacao_fases', tenant: { column: 'company_id' }, audit: false,
  label: { one: 'Fase da licitação', many: 'Fases da licitação', gender: 'f' },
  fields: {
    licitacao_id: f.ref({ label: 'Licitação', to: 'licitacaos', display: 'numero', required: true, onDelete: 'cascade' }),
    situacao: f.select({ label: 'Situação', options: LICITACAO_SITUACOES, required: true, readOnly: true }),
    data: f.datetime({ label: 'Data', required: true, readOnly: true }),
    user_id: f.ref({ label: 'Registrada por', to: 'users', display: 'name', readOnly: true, onDelete: 'set null' }),
  },
  list: { columns: ['data', 'situacao', 'user_id'], sort: 'data', search: [] },
  display: 'situacao',
  access: { read: R.licitacao, create: 'nobody', update: 'nobody', delete: 'nobody' },
  routes: { list: false, show: false, create: false, update: false, delete: false },
});

/** What a tender's document is (PNTP: the edital and its annexes, avisos, esclarecimentos, atas, results). */
export const LICITACAO_DOCUMENTOS = [
  { value: 'edital', label: 'Edital' }, { value: 'anexo', label: 'Anexo do edital' }, { value: 'aviso', label: 'Aviso' },
  { value: 'esclarecimento', label: 'Pedido de esclarecimento ou impugnação' }, { value: 'resposta', label: 'Resposta a esclarecimento ou impugnação' },
  { value: 'ata', label: 'Ata' }, { value: 'resultado', label: 'Resultado do julgamento' }, { value: 'recurso', label: 'Recurso e decisão' },
  { value: 'adjudicacao', label: 'Adjudicação' }, { value: 'homologacao', label: 'Homologação' }, { value: 'outro', label: 'Outro' },
] as const;

/** A document of a tender, published on the portal unless staff unmark it. */
export const licitacaoDocumentos = defineResource({
  name: 'licitacao_documentos', path: 'licitacao_documentos', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Documento da licitação', many: 'Documentos da licitação', gender: 'm' },
  fields: {
    licitacao_id: f.ref({ label: 'Licitação', to: 'licitacaos', display: 'numero', required: true, onDelete: 'cascade' }),
    tipo: f.select({ label: 'Tipo', options: LICITACAO_DOCUMENTOS, required: true }),
    data: f.date({ label: 'Data', required: true }),
    descricao: f.text({ label: 'Descrição', max: 255 }),
    arquivo: f.file({ label: 'Arquivo', accept: DOCS, maxMB: 20 }),
    publico: f.bool({ label: 'Publicar no portal', default: true }),
  },
  list: { columns: ['data', 'tipo', 'descricao', 'arquivo', 'publico'], sort: '-data', search: ['descricao'] },
  display: 'descricao',
  access: rw(R.licitacao),
  routes: { list: false },
});

export const contratos = defineResource({
  name: 'contratos', path: 'contratos', tenant: { column: 'company_id' }, audit: true,
  order: [{ from: 'inicio', to: 'fim', message: 'O fim da vigência deve ser igual ou posterior ao início.' }],
  label: { one: 'Contrato', many: 'Contratos', gender: 'm' },
  fields: {
    exercicio: f.int({ label: 'Exercício', required: true, min: 1900, max: 2100 }),
    numero: f.text({ label: 'Número', required: true, max: 30, sortAs: 'identification' }),
    data: f.date({ label: 'Data de assinatura' }),
    objeto: f.longtext({ label: 'Objeto', required: true, max: 5000 }),
    valorGlobal: f.money({ label: 'Valor global' }),
    inicio: f.date({ label: 'Início da vigência' }),
    fim: f.date({ label: 'Fim da vigência' }),
    /** the tender process number as written on the contract (free text; licitacao_id links the tender record) */
    processoLicitatorio: f.text({ label: 'Processo licitatório', max: 60 }),
    tipo_contrato_id: f.type('contracts', { label: 'Tipo de contrato' }),
    secretaria_id: f.ref({ label: 'Secretaria', to: 'secretarias', display: 'nome' }),
    licitacao_id: f.ref({ label: 'Licitação', to: 'licitacaos', display: 'numero' }),
    credor_id: f.ref({ label: 'Credor (contratado)', to: 'people', display: 'name' }),
    arquivo: f.file({ label: 'Arquivo do contrato', accept: DOCS, maxMB: 20 }),
  },
  list: { columns: ['exercicio', 'numero', 'credor_id', 'objeto', 'valorGlobal', 'inicio', 'fim'], sort: '-exercicio', search: ['numero', 'objeto', 'processoLicitatorio'] },
  display: 'numero',
  access: rw(R.licitacao),
  actions: searchAction(R.licitacao),
  screen: '/licitacao/contracts',
});

/** Agreement (convênio / termo de fomento / colaboração, Lei 13.019/2014). Shape not in spec 2. */
export const convenios = defineResource({
  name: 'convenios', path: 'convenios', tenant: { column: 'company_id' }, audit: true,
  order: [{ from: 'inicio', to: 'fim', message: 'O fim da vigência deve ser igual ou posterior ao início.' }],
  label: { one: 'Convênio', many: 'Convênios', gender: 'm' },
  fields: {
    exercicio: f.int({ label: 'Exercício', required: true, min: 1900, max: 2100 }),
    numero: f.text({ label: 'Número', required: true, max: 30, sortAs: 'identification' }),
    tipo: f.select({
      label: 'Instrumento', default: 'convenio',
      options: [
        { value: 'convenio', label: 'Convênio' }, { value: 'contrato_repasse', label: 'Contrato de repasse' },
        { value: 'termo_fomento', label: 'Termo de fomento' }, { value: 'termo_colaboracao', label: 'Termo de colaboração' },
        { value: 'acordo_cooperacao', label: 'Acordo de cooperação' },
      ],
    }),
    objeto: f.longtext({ label: 'Objeto', required: true, max: 5000 }),
    concedente: f.text({ label: 'Concedente', required: true, max: 200 }),
    convenente: f.text({ label: 'Convenente', required: true, max: 200 }),
    data: f.date({ label: 'Data de assinatura' }),
    inicio: f.date({ label: 'Início da vigência' }),
    fim: f.date({ label: 'Fim da vigência' }),
    valor: f.money({ label: 'Valor do repasse' }),
    contrapartida: f.money({ label: 'Contrapartida' }),
    situacao: f.select({
      label: 'Situação', default: 'em_execucao',
      options: [
        { value: 'em_execucao', label: 'Em execução' }, { value: 'prestacao_contas', label: 'Em prestação de contas' },
        { value: 'concluido', label: 'Concluído' }, { value: 'rescindido', label: 'Rescindido' }, { value: 'cancelado', label: 'Cancelado' },
      ],
    }),
    secretaria_id: f.ref({ label: 'Secretaria', to: 'secretarias', display: 'nome' }),
    arquivo: f.file({ label: 'Arquivo', accept: DOCS, maxMB: 20 }),
  },
  list: { columns: ['exercicio', 'numero', 'tipo', 'concedente', 'objeto', 'valor', 'situacao'], sort: '-exercicio', search: ['numero', 'objeto', 'concedente', 'convenente'] },
  display: 'numero',
  access: rw(executivo('convenios')),
  actions: searchAction(executivo('convenios')),
  screen: '/convenio/convenios',
  alsoAt: ['/executive/convenios'],
});

/** Council or association (conselho municipal / associação). Shape not in spec 2; `tipo` tells them apart. */
export const conselhos = defineResource({
  name: 'conselhos', path: 'conselhos', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Conselho', many: 'Conselhos', gender: 'm' },
  fields: {
    nome: f.text({ label: 'Nome', required: true, max: 200 }),
    sigla: f.text({ label: 'Sigla', max: 30 }),
    tipo: f.select({ label: 'Tipo', default: 'conselho', options: [{ value: 'conselho', label: 'Conselho' }, { value: 'associacao', label: 'Associação' }] }),
    cnpj: f.cnpj({ label: 'CNPJ' }),
    /** the law or decree that created it */
    leiCriacao: f.text({ label: 'Lei de criação', max: 100 }),
    dataCriacao: f.date({ label: 'Data de criação' }),
    finalidade: f.longtext({ label: 'Finalidade', max: 5000 }),
    presidente: f.text({ label: 'Presidente', max: 200 }),
    email: f.email({ label: 'E-mail' }),
    telefone: f.phone({ label: 'Telefone' }),
    endereco: f.text({ label: 'Endereço', max: 255 }),
    secretaria_id: f.ref({ label: 'Secretaria vinculada', to: 'secretarias', display: 'nome' }),
    ativo: f.bool({ label: 'Ativo', default: true }),
  },
  list: { columns: ['nome', 'sigla', 'tipo', 'presidente', 'ativo'], sort: 'nome', search: ['nome', 'sigla', 'presidente'] },
  display: 'nome',
  access: rw(executivo('conselhos')),
  actions: {
    ...searchAction(executivo('conselhos')),
    /** GET conselhos/associacoes: the associations (tipo = associacao), paged like a list */
    associacoes: { method: 'GET', path: 'associacoes', summary: 'Associações', access: executivo('conselhos') },
  },
  screen: '/executive/conselhos',
  alsoAt: [
    { path: '/executive/associacoes', title: 'Associações', filter: { tipo: 'associacao' } },
    // the Conselhos module, for its own role
    { path: '/conselhos/conselhos', title: 'Conselhos' },
    { path: '/conselhos/associacoes', title: 'Associações', filter: { tipo: 'associacao' } },
  ],
});

/** Construction work (obra pública). Shape not in spec 2. */
export const constructions = defineResource({
  name: 'constructions', path: 'constructions', tenant: { column: 'company_id' }, audit: true,
  order: [{ from: 'dataInicio', to: 'dataConclusao', message: 'A conclusão deve ser igual ou posterior ao início.' }, { from: 'dataInicio', to: 'dataPrevisao', message: 'A previsão de término deve ser igual ou posterior ao início.' }],
  label: { one: 'Obra', many: 'Obras', gender: 'f' },
  fields: {
    nome: f.text({ label: 'Nome', required: true, max: 200 }),
    objeto: f.longtext({ label: 'Descrição', max: 5000 }),
    local: f.text({ label: 'Local', max: 255 }),
    bairro: f.text({ label: 'Bairro', max: 100 }),
    situacao: f.select({
      label: 'Situação', default: 'planejada',
      options: [
        { value: 'planejada', label: 'Planejada' }, { value: 'em_licitacao', label: 'Em licitação' }, { value: 'em_andamento', label: 'Em andamento' },
        { value: 'paralisada', label: 'Paralisada' }, { value: 'concluida', label: 'Concluída' }, { value: 'cancelada', label: 'Cancelada' },
      ],
    }),
    percentualExecutado: f.decimal({ label: 'Execução (%)', min: 0, max: 100 }),
    valor: f.money({ label: 'Valor' }),
    dataInicio: f.date({ label: 'Início' }),
    dataPrevisao: f.date({ label: 'Previsão de término' }),
    dataConclusao: f.date({ label: 'Conclusão' }),
    contrato_id: f.ref({ label: 'Contrato', to: 'contratos', display: 'numero', onDelete: 'set null' }),
    secretaria_id: f.ref({ label: 'Secretaria', to: 'secretarias', display: 'nome' }),
    foto: f.file({ label: 'Foto', accept: IMAGE, maxMB: 10 }),
  },
  list: { columns: ['foto', 'nome', 'bairro', 'situacao', 'percentualExecutado', 'valor'], sort: 'nome', search: ['nome', 'objeto', 'local', 'bairro'] },
  display: 'nome',
  access: rw(executivo('obras')),
  actions: searchAction(executivo('obras')),
  screen: '/executive/constructions',
  // the Obras module, for its own role
  alsoAt: [{ path: '/obras/obras', title: 'Obras' }],
});

export const RESOURCES: readonly ResourceDef[] = [
  procedures, sectors, historics, responsibles, processes, protocolSettings, movements, processDocuments,
  banks, bankAccounts, measures, items, people, tramitationUnities,
  licitacaos, licitacaoFases, licitacaoDocumentos, contratos, convenios, conselhos, constructions,
];
