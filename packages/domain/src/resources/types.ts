/**
 * The `types` lookup (spec 2: Type id, slug, label, description, type): every "tipo" of the product, by category
 * (types.type). Rows without a company are the shared national values seeded by the system; each company may
 * add its own. The category is one of `TYPE_CATEGORIES` (the categories the definitions read, each with its pt-BR
 * name): a type of any other category would be read by nothing.
 */
import { f, type Option } from '../fields.ts';
import { defineResource } from '../resource.ts';
import { R } from '../roles.ts';

/** The categories of the `types` lookup, by pt-BR name: every `f.type(...)` and `typeOf` of the definitions reads one. */
export const TYPE_CATEGORIES: readonly Option[] = [
  { value: 'afastamentos', label: 'Afastamentos de parlamentares' },
  { value: 'authors', label: 'Autores' },
  { value: 'bank_accounts', label: 'Contas bancárias' },
  { value: 'cargos_comissao', label: 'Cargos em comissões' },
  { value: 'cargos_mesa', label: 'Cargos da Mesa Diretora' },
  { value: 'commissions', label: 'Comissões' },
  { value: 'competencias', label: 'Competências (períodos de publicação)' },
  { value: 'contracts', label: 'Contratos' },
  { value: 'dependents', label: 'Dependentes' },
  { value: 'documents', label: 'Documentos de publicações' },
  { value: 'documentos_acessorios', label: 'Documentos acessórios de matérias' },
  { value: 'escolaridade', label: 'Escolaridade' },
  { value: 'faqs', label: 'Perguntas frequentes' },
  { value: 'gender', label: 'Gênero' },
  { value: 'items', label: 'Itens' },
  { value: 'legislative_sessions', label: 'Sessões legislativas' },
  { value: 'linguagens', label: 'Linguagens artísticas' },
  { value: 'matters', label: 'Matérias' },
  { value: 'motivo_fim_relatoria', label: 'Motivos do fim da relatoria' },
  { value: 'norms', label: 'Normas' },
  { value: 'origem_externa', label: 'Origens externas de matérias' },
  { value: 'people', label: 'Pessoas' },
  { value: 'places', label: 'Locais e equipamentos' },
  { value: 'portarias', label: 'Portarias' },
  { value: 'posts', label: 'Notícias' },
  { value: 'presences', label: 'Fases de presença' },
  { value: 'procedures', label: 'Procedimentos' },
  { value: 'propositions', label: 'Proposições' },
  { value: 'publications', label: 'Publicações' },
  { value: 'regime_tramitacao', label: 'Regimes de tramitação' },
  { value: 'secretarias', label: 'Secretarias' },
  { value: 'sectors', label: 'Setores' },
  { value: 'sessions', label: 'Sessões plenárias' },
  { value: 'situacao_militar', label: 'Situação militar' },
  { value: 'speakers', label: 'Fases de oradores' },
  { value: 'subjects', label: 'Assuntos' },
  { value: 'tenders', label: 'Modalidades de licitação' },
  { value: 'tramitation_status', label: 'Status de tramitação' },
  { value: 'turno', label: 'Turnos de votação' },
  { value: 'votation', label: 'Tipos de votação' },
];
export const isTypeCategory = (v: string): boolean => TYPE_CATEGORIES.some((c) => c.value === v);

export const types = defineResource({
  name: 'types', path: 'types', tenant: { column: 'company_id', shared: true }, audit: true,
  label: { one: 'Tipo', many: 'Tipos', gender: 'm' },
  fields: {
    type: f.select({ label: 'Categoria', required: true, options: TYPE_CATEGORIES }),
    slug: f.text({ label: 'Identificador', required: true, max: 80, filter: true }),
    label: f.text({ label: 'Nome', required: true, max: 150 }),
    description: f.text({ label: 'Descrição', max: 500 }),
  },
  list: { columns: ['type', 'label', 'slug', 'description'], sort: 'label', search: ['label', 'slug', 'type', 'description'] },
  display: 'label',
  access: {
    read: 'authenticated',
    create: R.settingsTypes, update: R.settingsTypes, delete: R.settingsTypes,
  },
  actions: {
    types_of: { method: 'GET', path: '/types_of/:type', summary: 'Tipos de uma categoria (da entidade e nacionais)', access: 'authenticated' },
    public_types_of: { method: 'GET', path: '/public/types_of/:type', summary: 'Tipos nacionais de uma categoria (público)', access: 'public' },
    types_company_of: { method: 'GET', path: '/types_company_of/:type', summary: 'Tipos próprios da entidade numa categoria', access: 'authenticated' },
    type_list: { method: 'GET', path: '/type/:type/list', summary: 'Lista paginada dos tipos de uma categoria', access: 'authenticated' },
    type_add: { method: 'POST', path: '/type/:type/add', summary: 'Cria um tipo na categoria', access: R.settingsTypes },
    type_show: { method: 'GET', path: '/type/:id', summary: 'Mostra um tipo', access: 'authenticated' },
    type_update: { method: 'PUT', path: '/type/:id', summary: 'Altera um tipo', access: R.settingsTypes },
  },
  screen: '/settings/types',
});

/** Shared values seeded for every installation: category → [slug, label][] (Brazilian practice). */
export const SEED_TYPES: Record<string, readonly (readonly [string, string])[]> = {
  sessions: [['ordinaria', 'Ordinária'], ['extraordinaria', 'Extraordinária'], ['solene', 'Solene'], ['especial', 'Especial']],
  matters: [
    ['pl', 'Projeto de Lei (PL)'], ['plc', 'Projeto de Lei Complementar (PLC)'], ['pr', 'Projeto de Resolução (PR)'],
    ['pdl', 'Projeto de Decreto Legislativo (PDL)'], ['pelo', 'Proposta de Emenda à Lei Orgânica (PELO)'], ['req', 'Requerimento (REQ)'],
    ['ind', 'Indicação (IND)'], ['moc', 'Moção (MOÇ)'], ['mocao_aplauso', 'Moção de Aplauso'], ['mocao_pesar', 'Moção de Pesar'], ['veto', 'Veto'],
    // amendments: matters attached to their main matter, numbered in its sequence (materias.ts ESPECIES_EMENDA)
    ['emenda', 'Emenda'], ['subemenda', 'Subemenda'], ['substitutivo', 'Substitutivo'],
  ],
  norms: [
    ['lei_ordinaria', 'Lei Ordinária'], ['lei_complementar', 'Lei Complementar'], ['decreto_legislativo', 'Decreto Legislativo'],
    ['resolucao', 'Resolução'], ['emenda_lei_organica', 'Emenda à Lei Orgânica'], ['decreto', 'Decreto'], ['portaria', 'Portaria'],
  ],
  propositions: [['emenda', 'Emenda'], ['subemenda', 'Subemenda'], ['substitutivo', 'Substitutivo'], ['parecer', 'Parecer']],
  votation: [['simbolica', 'Simbólica'], ['nominal', 'Nominal'], ['secreta', 'Secreta'], ['leitura', 'Leitura (sem votação)']],
  turno: [['primeiro', 'Primeiro turno'], ['segundo', 'Segundo turno'], ['unico', 'Turno único'], ['suplementar', 'Suplementar']],
  regime_tramitacao: [['ordinario', 'Ordinário'], ['urgencia', 'Urgência'], ['urgencia_especial', 'Urgência especial'], ['prioridade', 'Prioridade']],
  tramitation_status: [
    ['protocolada', 'Protocolada'], ['em_comissao', 'Em comissão'], ['aguardando_parecer', 'Aguardando parecer'],
    ['parecer_emitido', 'Parecer emitido'], ['pronta_pauta', 'Pronta para pauta'], ['aprovada', 'Aprovada'], ['rejeitada', 'Rejeitada'],
    ['arquivada', 'Arquivada'], ['retirada', 'Retirada pelo autor'], ['remetida_sancao', 'Remetida à sanção'], ['sancionada', 'Sancionada'], ['vetada', 'Vetada'],
    // the legislative cycle (docs/workflows/ciclo-legislativo.md): steps the plenary and the sanction add
    ['aprovada_1turno', 'Aprovada em 1º turno'], ['a_promulgar', 'Aprovada, à promulgação'], ['transformada_norma', 'Transformada em norma jurídica'],
    ['vista', 'Com pedido de vista'], ['retirada_pauta', 'Retirada de pauta'], ['adiada', 'Adiada'],
  ],
  commissions: [['permanente', 'Permanente'], ['temporaria', 'Temporária'], ['cpi', 'Parlamentar de Inquérito (CPI)'], ['especial', 'Especial'], ['representacao', 'Representação']],
  cargos_mesa: [['presidente', 'Presidente'], ['vice_presidente', 'Vice-Presidente'], ['primeiro_secretario', '1º Secretário'], ['segundo_secretario', '2º Secretário']],
  cargos_comissao: [['presidente', 'Presidente'], ['vice_presidente', 'Vice-Presidente'], ['relator', 'Relator'], ['membro', 'Membro']],
  authors: [['parlamentar', 'Parlamentar'], ['comissao', 'Comissão'], ['mesa_diretora', 'Mesa Diretora'], ['executivo', 'Poder Executivo'], ['popular', 'Iniciativa popular']],
  dependents: [['conjuge', 'Cônjuge'], ['filho', 'Filho(a)'], ['enteado', 'Enteado(a)'], ['pai_mae', 'Pai/Mãe'], ['outro', 'Outro']],
  subjects: [['saude', 'Saúde'], ['educacao', 'Educação'], ['obras', 'Obras e urbanismo'], ['financas', 'Finanças e orçamento'], ['meio_ambiente', 'Meio ambiente'], ['cultura', 'Cultura'], ['homenagem', 'Homenagem']],
  presences: [['abertura', 'Abertura (expediente)'], ['ordem_dia', 'Ordem do dia']],
  speakers: [['expediente', 'Expediente'], ['ordem_dia', 'Ordem do dia'], ['explicacoes_pessoais', 'Explicações pessoais']],
  sectors: [['administrativo', 'Administrativo'], ['financeiro', 'Financeiro'], ['juridico', 'Jurídico'], ['protocolo', 'Protocolo'], ['gabinete', 'Gabinete']],
  procedures: [
    ['pagamento', 'Pagamento'], ['diarias', 'Diárias'], ['licitacao', 'Licitação'], ['contratacao', 'Contratação'],
    ['requerimento', 'Requerimento administrativo'], ['ferias', 'Férias'], ['licenca', 'Licença'],
  ],
  faqs: [['geral', 'Geral'], ['servicos', 'Serviços'], ['transparencia', 'Transparência'], ['ouvidoria', 'Ouvidoria']],
  people: [['fisica', 'Pessoa física'], ['juridica', 'Pessoa jurídica']],
  bank_accounts: [['corrente', 'Conta corrente'], ['poupanca', 'Conta poupança'], ['pagamento', 'Conta de pagamento'], ['salario', 'Conta salário']],
  escolaridade: [
    ['fundamental_incompleto', 'Ensino fundamental incompleto'], ['fundamental', 'Ensino fundamental completo'],
    ['medio_incompleto', 'Ensino médio incompleto'], ['medio', 'Ensino médio completo'], ['superior_incompleto', 'Superior incompleto'],
    ['superior', 'Superior completo'], ['pos', 'Pós-graduação'], ['mestrado', 'Mestrado'], ['doutorado', 'Doutorado'],
  ],
  gender: [['feminino', 'Feminino'], ['masculino', 'Masculino'], ['nao_binario', 'Não binário'], ['nao_informado', 'Prefiro não informar']],
  situacao_militar: [['quite', 'Quite'], ['reservista', 'Reservista'], ['dispensado', 'Dispensado'], ['nao_se_aplica', 'Não se aplica']],
  publications: [['diarias', 'Diárias'], ['leis', 'Leis'], ['lrf', 'LRF'], ['portarias', 'Portarias'], ['prestacao', 'Prestação de contas'], ['outras', 'Outras']],
  documents: [['edital', 'Edital'], ['relatorio', 'Relatório'], ['balancete', 'Balancete'], ['ata', 'Ata'], ['extrato', 'Extrato'], ['outro', 'Outro']],
  contracts: [['servico', 'Prestação de serviço'], ['compra', 'Compra'], ['obra', 'Obra'], ['locacao', 'Locação'], ['concessao', 'Concessão']],
  tenders: [['pregao_eletronico', 'Pregão eletrônico'], ['concorrencia', 'Concorrência'], ['concurso', 'Concurso'], ['leilao', 'Leilão'], ['dialogo_competitivo', 'Diálogo competitivo'], ['dispensa', 'Dispensa'], ['inexigibilidade', 'Inexigibilidade']],
  secretarias: [['secretaria', 'Secretaria'], ['autarquia', 'Autarquia'], ['fundacao', 'Fundação'], ['orgao', 'Órgão']],
  portarias: [['nomeacao', 'Nomeação'], ['exoneracao', 'Exoneração'], ['designacao', 'Designação'], ['ferias', 'Férias'], ['outras', 'Outras']],
  places: [['culture_place', 'Espaço cultural'], ['school_place', 'Escola'], ['health_place', 'Unidade de saúde'], ['sport_place', 'Espaço esportivo']],
  linguagens: [['musica', 'Música'], ['teatro', 'Teatro'], ['danca', 'Dança'], ['artes_visuais', 'Artes visuais'], ['audiovisual', 'Audiovisual'], ['literatura', 'Literatura'], ['circo', 'Circo'], ['artesanato', 'Artesanato'], ['cultura_popular', 'Cultura popular']],
  afastamentos: [
    ['licenca_saude', 'Licença para tratamento de saúde'], ['licenca_particular', 'Licença para tratar de interesse particular'],
    ['licenca_maternidade', 'Licença-maternidade'], ['licenca_paternidade', 'Licença-paternidade'],
    ['cargo_executivo', 'Investidura em cargo de secretário municipal'], ['missao', 'Missão oficial'],
    ['suspensao', 'Suspensão do mandato'], ['cassacao', 'Cassação do mandato'], ['renuncia', 'Renúncia'], ['falecimento', 'Falecimento'],
  ],
  legislative_sessions: [['ordinaria', 'Ordinária'], ['extraordinaria', 'Extraordinária']],
  items: [['material_consumo', 'Material de consumo'], ['material_permanente', 'Material permanente'], ['servico', 'Serviço'], ['obra', 'Obras e serviços de engenharia']],
  origem_externa: [
    ['executivo_municipal', 'Poder Executivo Municipal'], ['camara_deputados', 'Câmara dos Deputados'], ['senado', 'Senado Federal'],
    ['assembleia', 'Assembleia Legislativa'], ['tribunal_contas', 'Tribunal de Contas do Estado'], ['ministerio_publico', 'Ministério Público'],
  ],
  // a matter's accessory documents (decision 0059)
  documentos_acessorios: [
    ['oficio', 'Ofício'], ['parecer', 'Parecer'], ['requerimento', 'Requerimento'], ['certidao', 'Certidão'], ['emenda_popular', 'Emenda popular'], ['outro', 'Outro'],
  ],
  motivo_fim_relatoria: [
    ['parecer_emitido', 'Parecer emitido'], ['substituicao', 'Substituição do relator'], ['renuncia', 'Renúncia à relatoria'],
    ['fim_mandato', 'Fim do mandato'], ['prazo_esgotado', 'Prazo esgotado'], ['arquivamento', 'Arquivamento da matéria'],
  ],
  posts: [['noticia', 'Notícia'], ['artigo', 'Artigo'], ['aviso', 'Aviso'], ['comunicado', 'Comunicado'], ['nota_oficial', 'Nota oficial']],
  competencias: [
    ['janeiro', 'Janeiro'], ['fevereiro', 'Fevereiro'], ['marco', 'Março'], ['abril', 'Abril'], ['maio', 'Maio'], ['junho', 'Junho'],
    ['julho', 'Julho'], ['agosto', 'Agosto'], ['setembro', 'Setembro'], ['outubro', 'Outubro'], ['novembro', 'Novembro'], ['dezembro', 'Dezembro'],
    ['bimestre_1', '1º bimestre'], ['bimestre_2', '2º bimestre'], ['bimestre_3', '3º bimestre'], ['bimestre_4', '4º bimestre'], ['bimestre_5', '5º bimestre'], ['bimestre_6', '6º bimestre'],
    ['quadrimestre_1', '1º quadrimestre'], ['quadrimestre_2', '2º quadrimestre'], ['quadrimestre_3', '3º quadrimestre'],
    ['semestre_1', '1º semestre'], ['semestre_2', '2º semestre'], ['anual', 'Anual'],
  ],
};
