/**
 * Culture funding calls (editais de fomento) and their applications (inscrições), beside the culture registry
 * (resources/cultura.ts). Not in the spec: the domain notes ask for the quotas of the federal funding laws (at least
 * 20% of the places for Black and 10% for Indigenous applicants), which the registry's self-declarations feed.
 * The ranking and the split of places are pure functions in ../fomento.ts; docs/decisions/0053 and
 * docs/workflows/editais-de-fomento.md tell the whole flow.
 *
 * A call (culture_calls), by the culture staff: rascunho → inscricoes_abertas (`abrir`) → em_avaliacao
 * (`encerrar_inscricoes`, which closes every application still open) → resultado_preliminar (`publicar_preliminar`:
 * ranks the qualified and scored applications with the quotas, writes each one's result and tells each applicant,
 * who may appeal within the call's days: `recorrer`, judged by the staff with `julgar_recurso`, which may change the
 * score) → resultado_publicado (`publicar_resultado`, once the appeal period ended and every appeal was judged: ranks
 * again with the final scores).
 * Artists and groups read the calls once open (row filter `culture_calls_published`) and apply from the call's
 * record (`inscrever`, from "Editais de Fomento"), while it is open and within its dates, with an active registration,
 * once per call, in a quota only when their registration's self-declaration admits it.
 *
 * An application (culture_applications): inscrita (its applicant may change it, and upload the project, while the
 * call takes applications) → em_analise (the call closed) → habilitada | inabilitada (`habilitar`, `inabilitar`
 * with a reason, by the staff) → scored (`avaliar`: nota 0–100 and parecer) → selecionada | suplente |
 * nao_classificada (the result). The applicant may withdraw (`desistir`), also from a place on the result: a place
 * left after the final result calls the next substitute (domain fomento.ts `convocar`). Who applies comes from
 * the session (user_id, and the registration it holds: artist_id or artist_group_id), never from the body.
 */
import { CONCORRENCIAS } from '../fomento.ts';
import { f } from '../fields.ts';
import { defineResource, type ResourceDef } from '../resource.ts';
import { R } from '../roles.ts';
import { REGISTRANTS } from './cultura.ts';

export const CALL_SITUACOES = [
  { value: 'rascunho', label: 'Rascunho' },
  { value: 'inscricoes_abertas', label: 'Inscrições abertas' },
  { value: 'em_avaliacao', label: 'Em avaliação' },
  { value: 'resultado_preliminar', label: 'Resultado preliminar (prazo de recurso)' },
  { value: 'resultado_publicado', label: 'Resultado final publicado' },
] as const;
export type CallSituacao = (typeof CALL_SITUACOES)[number]['value'];

export const FONTES = [
  { value: 'lpg', label: 'Lei Paulo Gustavo (LC 195/2022)' },
  { value: 'pnab', label: 'Política Nacional Aldir Blanc (Lei 14.399/2022)' },
  { value: 'municipal', label: 'Recursos próprios do município' },
] as const;

export const APPLICATION_SITUACOES = [
  { value: 'inscrita', label: 'Inscrita' },
  { value: 'em_analise', label: 'Em análise' },
  { value: 'habilitada', label: 'Habilitada' },
  { value: 'inabilitada', label: 'Inabilitada' },
  { value: 'selecionada', label: 'Selecionada' },
  { value: 'suplente', label: 'Suplente' },
  { value: 'nao_classificada', label: 'Não classificada' },
  { value: 'desistente', label: 'Desistiu' },
] as const;
export type ApplicationSituacao = (typeof APPLICATION_SITUACOES)[number]['value'];
/** States in which an application still competes, until the result; the applicant may withdraw from them. */
export const CONCORRENDO = ['inscrita', 'em_analise', 'habilitada'] as const;
/**
 * What an applicant may withdraw from: an application still competing, or a place on a result (selected: after the
 * final result the next substitute is called; on the waiting list: it leaves it).
 */
export const DESISTE_DE = [...CONCORRENDO, 'selecionada', 'suplente'] as const;
/** The results of a ranking (preliminary or final): an appeal is against one of them. */
export const CLASSIFICADA = ['selecionada', 'suplente', 'nao_classificada'] as const;
export const RECURSO_SITUACOES = [
  { value: 'pendente', label: 'Aguardando julgamento' },
  { value: 'deferido', label: 'Deferido' },
  { value: 'indeferido', label: 'Indeferido' },
] as const;
/** The calls' published results, preliminary and final: read by everyone who reads the call. */
export const RESULTADO_PUBLICADO = ['resultado_preliminar', 'resultado_publicado'] as const;

/** The culture staff reads every call and application; artists and groups, the open calls and their own applications. */
const STAFF = R.cultura;
const READERS = [...R.cultura, ...REGISTRANTS];
const PDF = ['application/pdf'] as const;
const EM_RASCUNHO_OU_ABERTO = ['rascunho', 'inscricoes_abertas'] as const;

/* ------------------------------------------------------------------ Calls */

export const cultureCalls = defineResource({
  name: 'culture_calls', path: 'culture_calls', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Edital de fomento', many: 'Editais de fomento', gender: 'm' },
  fields: {
    numero: f.text({ label: 'Número', required: true, max: 30, unique: true, help: 'Por exemplo, 001/2026.' }),
    titulo: f.text({ label: 'Título', required: true, max: 200 }),
    fonte: f.select({ label: 'Fonte dos recursos', required: true, options: FONTES }),
    descricao: f.longtext({ label: 'Objeto e regras', max: 20_000, help: 'O que o edital apoia, quem pode participar, critérios de avaliação.' }),
    inscricoesInicio: f.date({ label: 'Inscrições de', required: true }),
    inscricoesFim: f.date({ label: 'Inscrições até', required: true }),
    vagas: f.int({ label: 'Vagas (projetos apoiados)', required: true, min: 1, max: 10_000 }),
    valorPorProjeto: f.money({ label: 'Valor por projeto', required: true, min: 0.01, max: 100_000_000 }),
    notaMinima: f.decimal({ label: 'Nota mínima para classificação', required: true, min: 0, max: 100, default: 50 }),
    cotaNegros: f.int({ label: 'Vagas reservadas a pessoas negras (%)', required: true, min: 20, max: 100, default: 20, help: 'No mínimo 20% (Decreto 11.525/2023).' }),
    cotaIndigenas: f.int({ label: 'Vagas reservadas a pessoas indígenas (%)', required: true, min: 10, max: 100, default: 10, help: 'No mínimo 10% (Decreto 11.525/2023).' }),
    diasRecurso: f.int({
      label: 'Prazo para recurso (dias)', min: 1, max: 30, default: 3,
      help: 'Dias, a partir da publicação do resultado preliminar, para os proponentes recorrerem.',
    }),
    /** the split of the places, written by the server from vagas and the quotas (fomento.ts `reserva`) */
    reservaResumo: f.text({ label: 'Distribuição das vagas', max: 255, readOnly: true }),
    arquivo: f.file({ label: 'Edital (PDF)', accept: PDF, maxMB: 20, public: true }),
    situacao: f.select({
      label: 'Situação', options: CALL_SITUACOES, readOnly: true,
      transitions: { rascunho: ['inscricoes_abertas'], inscricoes_abertas: ['em_avaliacao'], em_avaliacao: ['resultado_preliminar'], resultado_preliminar: ['resultado_publicado'] },
    }),
    preliminarEm: f.datetime({ label: 'Resultado preliminar publicado em', readOnly: true }),
    prazoRecurso: f.date({ label: 'Recursos até', readOnly: true }),
    resultadoEm: f.datetime({ label: 'Resultado final publicado em', readOnly: true }),
  },
  list: {
    columns: ['numero', 'titulo', 'fonte', 'inscricoesFim', 'vagas', 'situacao'],
    sort: '-inscricoesFim',
    search: ['numero', 'titulo'],
  },
  display: 'titulo',
  access: { read: READERS, create: STAFF, update: STAFF, delete: STAFF },
  rows: { all: ['admin', 'pm_cultura_admin'], filter: 'culture_calls_published' },
  order: [{ from: 'inscricoesInicio', to: 'inscricoesFim', message: 'O fim das inscrições não pode ser anterior ao início.' }],
  editable: [{ field: 'situacao', in: EM_RASCUNHO_OU_ABERTO, reason: 'Com as inscrições encerradas, o edital não pode mais ser alterado (situação: {situacao}).' }],
  summary: ['situacao', 'reservaResumo', 'preliminarEm', 'prazoRecurso', 'resultadoEm'],
  inbox: [
    { key: 'abertos', label: 'Editais com inscrições abertas', roles: REGISTRANTS, where: [{ field: 'situacao', in: ['inscricoes_abertas'] }], due: 'inscricoesFim' },
  ],
  actions: {
    abrir: {
      method: 'POST', path: ':id/abrir', summary: 'Abre as inscrições do edital', access: STAFF, label: 'Abrir inscrições',
      confirm: 'Os artistas e grupos com cadastro ativo poderão se inscrever no período do edital.',
      when: [{ field: 'situacao', in: ['rascunho'], reason: 'Só editais em rascunho abrem inscrições (situação: {situacao}).' }],
    },
    encerrar_inscricoes: {
      method: 'POST', path: ':id/encerrar_inscricoes', summary: 'Encerra as inscrições: as inscrições passam a "Em análise" para a habilitação', access: STAFF,
      label: 'Encerrar inscrições', confirm: 'Ninguém mais poderá se inscrever nem alterar sua inscrição; as inscrições passam à análise.',
      when: [{ field: 'situacao', in: ['inscricoes_abertas'], reason: 'Só editais com inscrições abertas podem encerrá-las (situação: {situacao}).' }],
    },
    publicar_preliminar: {
      method: 'POST', path: ':id/publicar_preliminar', summary: 'Classifica as inscrições habilitadas e avaliadas, com as cotas, e publica o resultado preliminar; abre o prazo de recurso', access: STAFF,
      label: 'Publicar resultado preliminar',
      confirm: 'As inscrições são classificadas pelas notas, com as vagas reservadas às cotas; cada proponente é avisado e pode recorrer no prazo do edital.',
      when: [{ field: 'situacao', in: ['em_avaliacao'], reason: 'Só editais em avaliação publicam o resultado preliminar (situação: {situacao}).' }],
    },
    publicar_resultado: {
      method: 'POST', path: ':id/publicar_resultado', summary: 'Encerrado o prazo e julgados os recursos, classifica de novo com as notas finais e publica o resultado final', access: STAFF,
      label: 'Publicar resultado final', confirm: 'A classificação é refeita com as notas finais e cada proponente é avisado. O resultado final não pode ser desfeito.',
      when: [{ field: 'situacao', in: ['resultado_preliminar'], reason: 'Só editais com resultado preliminar publicam o resultado final (situação: {situacao}).' }],
    },
    inscrever: {
      method: 'POST', path: ':id/inscrever', summary: 'Inscreve no edital o cadastro cultural (artista ou grupo) do usuário (multipart/form-data quando há o arquivo do projeto)',
      access: REGISTRANTS, label: 'Inscrever-se',
      when: [{ field: 'situacao', in: ['inscricoes_abertas'], reason: 'As inscrições deste edital não estão abertas (situação: {situacao}).' }],
      form: {
        projeto: f.text({ label: 'Título do projeto', required: true, max: 200 }),
        resumo: f.longtext({ label: 'Resumo do projeto', required: true, min: 20, max: 5000 }),
        valorSolicitado: f.money({ label: 'Valor solicitado', required: true, min: 0.01, max: 100_000_000 }),
        concorrencia: f.select({ label: 'Concorrência', required: true, options: CONCORRENCIAS, help: 'As cotas seguem a autodeclaração do seu cadastro cultural.' }),
        arquivo: f.file({ label: 'Projeto (PDF)', accept: PDF, maxMB: 20 }),
        declaracao: f.bool({ label: 'Declaro que as informações são verdadeiras e que li o edital', required: true }),
      },
    },
    resultado: {
      method: 'GET', path: ':id/resultado', summary: 'Resultado do edital em ordem de classificação (prévia para a equipe enquanto em avaliação)', access: READERS,
    },
  },
  children: {
    inscricoes: {
      resource: 'culture_applications', fk: 'call_id', list: 'inscricoes', action: 'inscrever', open: 'screen', read: READERS, label: 'Inscrições',
      columns: ['proponente', 'projeto', 'concorrencia', 'nota', 'situacao', 'created_at'], sort: 'created_at',
    },
    resultado: {
      resource: 'culture_applications', calls: { list: 'resultado' }, label: 'Resultado', open: 'screen',
      columns: ['classificacao', 'proponente', 'projeto', 'concorrencia', 'nota', 'vaga', 'situacao'],
    },
  },
  deleteHint: 'Editais com inscrições não podem ser excluídos.',
  screen: '/culture/editais',
});

/* ------------------------------------------------------------------ Applications */

export const cultureApplications = defineResource({
  name: 'culture_applications', path: 'culture_applications', tenant: { column: 'company_id' }, audit: true,
  label: { one: 'Inscrição em edital', many: 'Inscrições em editais', gender: 'f' },
  fields: {
    call_id: f.ref({ label: 'Edital', to: 'culture_calls', display: 'titulo', required: true, readOnly: true }),
    /** the applicant's account and registration (from the session) and its name when applying */
    user_id: f.ref({ label: 'Conta do proponente', to: 'users', display: 'name', readOnly: true, onDelete: 'set null', filter: false }),
    artist_id: f.ref({ label: 'Artista', to: 'artists', display: 'nomeCompleto', readOnly: true, onDelete: 'set null' }),
    artist_group_id: f.ref({ label: 'Grupo cultural', to: 'artist_groups', display: 'nome', readOnly: true, onDelete: 'set null' }),
    proponente: f.text({ label: 'Proponente', max: 200, readOnly: true }),
    projeto: f.text({ label: 'Título do projeto', required: true, max: 200 }),
    resumo: f.longtext({ label: 'Resumo do projeto', required: true, min: 20, max: 5000 }),
    valorSolicitado: f.money({ label: 'Valor solicitado', required: true, min: 0.01, max: 100_000_000 }),
    concorrencia: f.select({ label: 'Concorrência', required: true, options: CONCORRENCIAS }),
    arquivo: f.file({ label: 'Projeto (PDF)', accept: PDF, maxMB: 20 }),
    situacao: f.select({
      label: 'Situação', options: APPLICATION_SITUACOES, readOnly: true,
      transitions: {
        inscrita: ['em_analise', 'desistente'], em_analise: ['habilitada', 'inabilitada', 'desistente'],
        habilitada: ['inabilitada', 'selecionada', 'suplente', 'nao_classificada', 'desistente'], inabilitada: ['habilitada'],
        // the final ranking after the appeals may move an application between the results
        selecionada: ['suplente', 'nao_classificada', 'desistente'], suplente: ['selecionada', 'nao_classificada', 'desistente'],
        nao_classificada: ['selecionada', 'suplente'],
      },
    }),
    motivoSituacao: f.text({ label: 'Motivo', max: 1000, readOnly: true }),
    nota: f.decimal({ label: 'Nota', min: 0, max: 100, readOnly: true }),
    parecer: f.longtext({ label: 'Parecer', max: 10_000, readOnly: true }),
    avaliador_id: f.ref({ label: 'Avaliada por', to: 'users', display: 'name', readOnly: true, onDelete: 'set null', filter: false }),
    classificacao: f.int({ label: 'Classificação', readOnly: true }),
    vaga: f.select({ label: 'Vaga', options: CONCORRENCIAS, readOnly: true, filter: false }),
    /** a reserved place its quota did not fill, taken by this application (fomento.ts `classificar`) */
    remanejada: f.bool({ label: 'Vaga remanejada', readOnly: true }),
    /** the applicant's appeal against the preliminary result, and its judgement */
    recurso: f.longtext({ label: 'Recurso', max: 5000, readOnly: true }),
    recursoEm: f.datetime({ label: 'Recurso apresentado em', readOnly: true }),
    recursoSituacao: f.select({ label: 'Situação do recurso', options: RECURSO_SITUACOES, readOnly: true }),
    respostaRecurso: f.longtext({ label: 'Resposta ao recurso', max: 5000, readOnly: true }),
    /** one application per account and call: `{call_id}:{user_id}`, written by the server */
    chave: f.text({
      label: 'Chave', max: 40, readOnly: true, hidden: true, unique: true,
      clash: { field: 'projeto', message: 'Você já se inscreveu neste edital.' },
    }),
  },
  list: {
    columns: ['call_id', 'proponente', 'projeto', 'concorrencia', 'nota', 'situacao', 'created_at'],
    sort: '-created_at',
    search: ['projeto', 'proponente'],
  },
  display: 'projeto',
  access: { read: READERS, update: REGISTRANTS },
  routes: { create: false, delete: false },
  rows: {
    all: ['admin', 'pm_cultura_admin'], own: { field: 'user_id', mine: 'user' },
    edit: [{ field: 'situacao', in: ['inscrita'], reason: 'A inscrição só pode ser alterada enquanto as inscrições do edital estão abertas (situação: {situacao}).' }],
  },
  summary: ['situacao', 'motivoSituacao', 'nota', 'parecer', 'classificacao', 'vaga', 'remanejada', 'recursoSituacao', 'recurso', 'respostaRecurso'],
  inbox: [
    { key: 'habilitar', label: 'Inscrições em editais a habilitar', roles: STAFF, where: [{ field: 'situacao', in: ['em_analise'] }] },
    { key: 'avaliar', label: 'Inscrições em editais a avaliar', roles: STAFF, where: [{ field: 'situacao', in: ['habilitada'] }, { field: 'nota', in: [null] }] },
    { key: 'recursos', label: 'Recursos em editais a julgar', roles: STAFF, where: [{ field: 'recursoSituacao', in: ['pendente'] }] },
  ],
  actions: {
    habilitar: {
      method: 'POST', path: ':id/habilitar', summary: 'Habilita a inscrição (documentação conferida)', access: STAFF, label: 'Habilitar',
      confirm: 'A inscrição passa a "Habilitada" e segue para a avaliação.',
      when: [{ field: 'situacao', in: ['em_analise', 'inabilitada'], reason: 'Só inscrições em análise (ou inabilitadas, para reconsiderar) podem ser habilitadas (situação: {situacao}).' }],
    },
    inabilitar: {
      method: 'POST', path: ':id/inabilitar', summary: 'Inabilita a inscrição, com o motivo (o proponente é avisado)', access: STAFF, label: 'Inabilitar', tone: 'danger',
      form: { motivo: f.longtext({ label: 'Motivo da inabilitação', required: true, min: 5, max: 1000 }) },
      when: [{ field: 'situacao', in: ['em_analise', 'habilitada'], reason: 'Só inscrições em análise ou habilitadas podem ser inabilitadas (situação: {situacao}).' }],
    },
    avaliar: {
      method: 'POST', path: ':id/avaliar', summary: 'Registra a nota (0 a 100) e o parecer da avaliação', access: STAFF, label: 'Avaliar',
      form: {
        nota: f.decimal({ label: 'Nota (0 a 100)', required: true, min: 0, max: 100 }),
        parecer: f.longtext({ label: 'Parecer', required: true, min: 10, max: 10_000 }),
      },
      prefill: ['nota', 'parecer'],
      when: [{ field: 'situacao', in: ['habilitada'], reason: 'Só inscrições habilitadas são avaliadas (situação: {situacao}).' }],
    },
    recorrer: {
      method: 'POST', path: ':id/recorrer', summary: 'O proponente recorre do resultado preliminar, no prazo do edital', access: REGISTRANTS, label: 'Recorrer do resultado',
      rowEdit: false,
      form: { recurso: f.longtext({ label: 'Razões do recurso', required: true, min: 20, max: 5000, help: 'Explique por que a nota ou a classificação deve mudar.' }) },
      when: [
        { field: 'situacao', in: CLASSIFICADA, reason: 'Só se recorre de uma inscrição classificada no resultado (situação: {situacao}).' },
        { field: 'recursoSituacao', in: [null], reason: 'O recurso desta inscrição já foi apresentado (situação do recurso: {recursoSituacao}).' },
      ],
    },
    julgar_recurso: {
      method: 'POST', path: ':id/julgar_recurso', summary: 'Julga o recurso do proponente; deferido, pode dar nova nota', access: STAFF, label: 'Julgar recurso',
      form: {
        decisao: f.select({ label: 'Decisão', required: true, options: RECURSO_SITUACOES.filter((o) => o.value !== 'pendente') }),
        resposta: f.longtext({ label: 'Resposta ao proponente', required: true, min: 10, max: 5000 }),
        nota: f.decimal({ label: 'Nova nota (se o recurso for deferido)', min: 0, max: 100, help: 'Deixe em branco para manter a nota.' }),
      },
      when: [{ field: 'recursoSituacao', in: ['pendente'], reason: 'Não há recurso aguardando julgamento nesta inscrição.' }],
    },
    desistir: {
      method: 'POST', path: ':id/desistir', summary: 'O proponente desiste da inscrição', access: REGISTRANTS, label: 'Desistir da inscrição', tone: 'danger',
      confirm: 'Sua inscrição deixa de concorrer neste edital (um projeto selecionado deixa a vaga para o próximo suplente). Não é possível voltar atrás.',
      rowEdit: false,
      when: [{ field: 'situacao', in: DESISTE_DE, reason: 'A inscrição não concorre mais (situação: {situacao}).' }],
    },
  },
  screen: '/culture/inscricoes',
});

export const RESOURCES: readonly ResourceDef[] = [cultureCalls, cultureApplications];
