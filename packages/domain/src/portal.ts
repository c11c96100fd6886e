/**
 * The public portal's sections (issue 12, decision 0031). One declaration per section says which resource it
 * shows, which records are public, which fields the list and the detail page show, how it is filtered (year,
 * type) and which fields are files. The server reads it for the list page, the detail page, the search, the
 * sitemap, the open data (CSV/JSON) and its data dictionary; the portal's components read it for the page.
 *
 * Labels come from the resource's fields (one source for the back office, the portal and the data dictionary).
 */

/** A condition that makes a record public; each section's conditions are all required. */
export type PublicRule =
  /** the field equals the value (`mostrar_no_site = true`, `active = true`) */
  | { field: string; is: string | number | boolean }
  /** the field is empty or today or before (publication dates) */
  | { field: string; notAfterToday: true }
  /** the field is empty or today or after (end of display) */
  | { field: string; notBeforeToday: true }
  /** the field is not one of these values (a tender still in its preparatory phase); an empty field passes */
  | { field: string; notIn: readonly string[] }
  /** the field is one of these values (a funding call from its opening on); an empty field does not pass */
  | { field: string; in: readonly string[] };

/** The kinds of related data a detail page can load (each has its loader in apps/server/src/portal/related/). */
export type PortalRelated = 'event_photos' | 'secretaria' | 'licitacao' | 'parlamentar' | 'materia' | 'norma' | 'comissao' | 'sessao' | 'edital';

export type PortalGroup = 'institucional' | 'publicacoes' | 'transparencia' | 'legislativo';

export const PORTAL_GROUPS: readonly { value: PortalGroup; label: string }[] = [
  { value: 'institucional', label: 'Institucional' },
  { value: 'publicacoes', label: 'Publicações' },
  { value: 'transparencia', label: 'Transparência' },
  { value: 'legislativo', label: 'Atividade legislativa' },
];

export interface PortalSection {
  /** the section's address: /portal/{slug}/{key} */
  key: string;
  title: string;
  /** one record, for the detail page's breadcrumb ("Notícia") */
  one: string;
  group: PortalGroup;
  /** the resource's name (packages/domain/src/resources) */
  resource: string;
  /** fixed filter of the section (publications of one `secao`) */
  fixed?: Readonly<Record<string, string>>;
  /** the conditions that make a record public */
  public: readonly PublicRule[];
  /** the field shown as the record's title (link to the detail page) */
  titleField: string;
  /** a short text under the title in the list */
  summaryField?: string;
  /** the fields shown in the list (besides the title) */
  list: readonly string[];
  /** the fields shown on the detail page, in order */
  show: readonly string[];
  /** the fields of the open data (CSV/JSON); default: list + show */
  data?: readonly string[];
  /** order of the list (the engine's sort) */
  sort: string;
  /** the year filter: an integer field (exercício) or a date field (its year) */
  yearField?: string;
  /** the type filter: a select or type field */
  typeField?: string;
  /** file fields, listed as downloads on the detail page */
  files?: readonly string[];
  /** an image shown in the list and on the detail page (and as og:image) */
  image?: string;
  /** a date shown with each record in the list */
  dateField?: string;
  /** the home page shows the latest records of this section */
  onHome?: number;
  /** extra related data loaded on the detail page (apps/server/src/portal/related/: one loader per kind) */
  related?: PortalRelated;
  /** the PNTP criteria this section serves (docs/portal.md) */
  pntp?: readonly string[];
  /** one sentence for the open data page and the site map */
  description: string;
}

const notAfterToday = (field: string): PublicRule => ({ field, notAfterToday: true });

export const PORTAL_SECTIONS: readonly PortalSection[] = [
  {
    key: 'noticias', title: 'Notícias', one: 'Notícia', group: 'institucional', resource: 'posts',
    public: [{ field: 'published', is: true }, notAfterToday('published_at')],
    titleField: 'title', summaryField: 'description', list: ['published_at', 'category_id'], show: ['published_at', 'category_id', 'type_id', 'content'],
    data: ['title', 'description', 'published_at', 'category_id', 'type_id', 'content'],
    sort: '-published_at', yearField: 'published_at', typeField: 'type_id', image: 'image', dateField: 'published_at', onHome: 4,
    description: 'Notícias e avisos publicados pela entidade.',
  },
  {
    key: 'eventos', title: 'Eventos', one: 'Evento', group: 'institucional', resource: 'events',
    public: [],
    titleField: 'title', summaryField: 'local', list: ['dataInicio', 'local'], show: ['dataInicio', 'dataFim', 'local', 'description'],
    sort: '-dataInicio', yearField: 'dataInicio', image: 'image', dateField: 'dataInicio', onHome: 3, related: 'event_photos',
    description: 'Agenda de eventos, audiências públicas e campanhas, com fotos.',
  },
  {
    key: 'secretarias', title: 'Secretarias', one: 'Secretaria', group: 'institucional', resource: 'secretarias',
    public: [{ field: 'mostrar_no_site', is: true }],
    titleField: 'nome', summaryField: 'missao', list: ['abreviacao', 'funcionamento'], show: ['abreviacao', 'cnpj', 'funcionamento', 'missao', 'visao', 'valores', 'maps'],
    sort: 'nome', related: 'secretaria', pntp: ['Estrutura organizacional', 'Competências', 'Responsáveis e contatos', 'Horário de atendimento'],
    description: 'Estrutura organizacional: secretarias, seus responsáveis, competências, contatos e horários.',
  },
  {
    key: 'servicos', title: 'Carta de Serviços', one: 'Serviço', group: 'institucional', resource: 'services',
    public: [{ field: 'active', is: true }],
    titleField: 'title', summaryField: 'publico_alvo', list: ['secretaria_id', 'forma', 'prazo'],
    show: ['description', 'secretaria_id', 'publico_alvo', 'requisitos', 'etapas', 'prazo', 'custo', 'forma', 'local', 'horario', 'link'],
    sort: 'title', typeField: 'forma', onHome: 6, pntp: ['Carta de Serviços ao Usuário (Lei 13.460/2017)'],
    description: 'Carta de Serviços ao Usuário: o que cada serviço é, requisitos, etapas, prazos, custo e onde é prestado.',
  },
  {
    key: 'perguntas-frequentes', title: 'Perguntas frequentes', one: 'Pergunta frequente', group: 'institucional', resource: 'faqs',
    public: [],
    titleField: 'question', list: ['type_id'], show: ['answer', 'type_id'], data: ['question', 'answer', 'type_id'],
    sort: 'order', typeField: 'type_id', pntp: ['Perguntas frequentes (FAQ)'],
    description: 'Respostas às perguntas mais comuns dos cidadãos.',
  },
  ...(([
    ['leis', 'Leis', 'Lei', ['Legislação municipal']],
    ['diarias', 'Diárias', 'Relação de diárias', ['Diárias e passagens']],
    ['lrf', 'LRF', 'Relatório da LRF', ['RREO', 'RGF', 'Instrumentos de planejamento (PPA, LDO, LOA)']],
    ['prestacao', 'Prestação de contas', 'Prestação de contas', ['Prestação de contas anual e parecer prévio']],
    ['outras', 'Outras publicações', 'Publicação', []],
  ] as const).map(([secao, title, one, pntp]): PortalSection => ({
    key: secao === 'outras' ? 'publicacoes' : secao, title, one, group: 'publicacoes', resource: 'publicacaos', fixed: { secao },
    public: [],
    titleField: 'descricao', list: ['numero', 'exercicio', 'tipo_publicacao_id'],
    show: ['numero', 'exercicio', 'tipo_publicacao_id', 'tipo_documento_id', 'competencia_id', 'inicio', 'fim', 'secretaria_id'],
    sort: '-exercicio', yearField: 'exercicio', typeField: 'tipo_documento_id', files: ['arquivo'], pntp,
    description: `${title}: documentos publicados, com arquivo para baixar.`,
  }))),
  {
    key: 'portarias', title: 'Portarias', one: 'Portaria', group: 'publicacoes', resource: 'portarias',
    public: [],
    titleField: 'descricao', list: ['numero', 'exercicio', 'data', 'type_id'], show: ['numero', 'exercicio', 'data', 'type_id', 'coletiva', 'secretaria_id'],
    sort: '-data', yearField: 'exercicio', typeField: 'type_id', files: ['arquivo'], dateField: 'data', pntp: ['Atos normativos (portarias)'],
    description: 'Portarias (nomeações, designações e outros atos), com o arquivo publicado.',
  },
  {
    key: 'licitacoes', title: 'Licitações', one: 'Licitação', group: 'transparencia', resource: 'licitacaos',
    public: [{ field: 'situacao', notIn: ['planejada'] }],
    titleField: 'objeto', list: ['numero', 'exercicio', 'modalidade_id', 'situacao', 'dataAbertura'],
    show: ['numero', 'exercicio', 'modalidade_id', 'criterioJulgamento', 'situacao', 'dataPublicacao', 'dataAbertura', 'valorEstimado', 'secretaria_id', 'pncp', 'obs'],
    sort: '-exercicio', yearField: 'exercicio', typeField: 'situacao', files: ['edital'], related: 'licitacao',
    pntp: ['Licitações: número, modalidade, objeto, situação, edital e resultado', 'Íntegra dos editais', 'Nº PNCP'],
    description: 'Licitações publicadas: número, modalidade, objeto, fase, valor estimado, edital e contratos resultantes.',
  },
  {
    key: 'contratos', title: 'Contratos', one: 'Contrato', group: 'transparencia', resource: 'contratos',
    public: [],
    titleField: 'objeto', list: ['numero', 'exercicio', 'credor_id', 'valorGlobal', 'fim'],
    show: ['numero', 'exercicio', 'data', 'credor_id', 'valorGlobal', 'inicio', 'fim', 'processoLicitatorio', 'licitacao_id', 'tipo_contrato_id', 'secretaria_id'],
    sort: '-exercicio', yearField: 'exercicio', typeField: 'tipo_contrato_id', files: ['arquivo'],
    pntp: ['Contratos: número, contratado, objeto, valor, vigência, íntegra', 'Relação de contratos por exercício'],
    description: 'Contratos: número, contratado, objeto, valor, vigência e íntegra.',
  },
  {
    key: 'convenios', title: 'Convênios', one: 'Convênio', group: 'transparencia', resource: 'convenios',
    public: [],
    titleField: 'objeto', list: ['numero', 'exercicio', 'tipo', 'concedente', 'valor', 'situacao'],
    show: ['numero', 'exercicio', 'tipo', 'concedente', 'convenente', 'data', 'inicio', 'fim', 'valor', 'contrapartida', 'situacao', 'secretaria_id'],
    sort: '-exercicio', yearField: 'exercicio', typeField: 'situacao', files: ['arquivo'],
    pntp: ['Convênios e transferências recebidas e realizadas: partes, objeto, valores, vigência'],
    description: 'Convênios e termos de parceria: partes, objeto, valores, vigência e situação.',
  },
  {
    key: 'obras', title: 'Obras', one: 'Obra', group: 'transparencia', resource: 'constructions',
    public: [],
    titleField: 'nome', summaryField: 'local', list: ['bairro', 'situacao', 'percentualExecutado', 'valor'],
    show: ['objeto', 'local', 'bairro', 'situacao', 'percentualExecutado', 'valor', 'dataInicio', 'dataPrevisao', 'dataConclusao', 'contrato_id', 'secretaria_id'],
    sort: 'nome', yearField: 'dataInicio', typeField: 'situacao', image: 'foto',
    pntp: ['Obras: objeto, situação, percentual executado, valor, contratada, prazos'],
    description: 'Obras públicas: local, situação, percentual executado, valor, prazos e contrato.',
  },
  {
    key: 'editais', title: 'Editais de fomento', one: 'Edital de fomento', group: 'transparencia', resource: 'culture_calls',
    // a draft (rascunho) is the culture staff's; from the opening of applications on, the call is public, and its
    // result once published (the related loader); a state added later stays private until listed here
    public: [{ field: 'situacao', in: ['inscricoes_abertas', 'em_avaliacao', 'resultado_preliminar', 'resultado_publicado'] }],
    titleField: 'titulo', list: ['numero', 'fonte', 'inscricoesInicio', 'inscricoesFim', 'vagas', 'valorPorProjeto', 'situacao'],
    show: ['numero', 'fonte', 'descricao', 'inscricoesInicio', 'inscricoesFim', 'vagas', 'valorPorProjeto', 'reservaResumo', 'notaMinima', 'diasRecurso', 'situacao', 'preliminarEm', 'prazoRecurso', 'resultadoEm'],
    sort: '-inscricoesInicio', yearField: 'inscricoesInicio', typeField: 'situacao', files: ['arquivo'], related: 'edital',
    description: 'Editais de fomento à cultura (Lei Paulo Gustavo, Política Nacional Aldir Blanc, recursos do município): regras, vagas com cotas, como se inscrever e o resultado.',
  },
  {
    key: 'materias', title: 'Matérias legislativas', one: 'Matéria', group: 'legislativo', resource: 'matters',
    // every matter the câmara protocoled is public (a councillor's draft is another record, never here)
    public: [],
    titleField: 'identificacao', summaryField: 'ementa', list: ['dataApresentacao', 'status_atual_id'],
    show: ['dataApresentacao', 'status_atual_id', 'unidade_atual_id', 'emTramitacao', 'texto', 'justificativa'],
    data: ['identificacao', 'type_id', 'ano', 'dataApresentacao', 'ementa', 'status_atual_id', 'emTramitacao'],
    sort: '-dataApresentacao', yearField: 'ano', typeField: 'type_id', files: ['texto_original'], dateField: 'dataApresentacao', related: 'materia',
    pntp: ['Atividade legislativa: projetos e matérias em tramitação', 'Tramitação das proposições', 'Votações das proposições'],
    description: 'Projetos, requerimentos, indicações e moções: ementa, texto, situação atual e onde estão.',
  },
  {
    key: 'normas', title: 'Normas jurídicas', one: 'Norma jurídica', group: 'legislativo', resource: 'norms',
    public: [notAfterToday('dataPublicacao')],
    titleField: 'identificacao', summaryField: 'ementa', list: ['data', 'vigencia'],
    show: ['data', 'dataPublicacao', 'vigencia', 'matter_id', 'sancao', 'partes_vetadas', 'texto', 'indexacao'],
    data: ['identificacao', 'type_id', 'numero', 'ano', 'data', 'dataPublicacao', 'ementa', 'situacao', 'vigencia'],
    sort: '-data', yearField: 'ano', typeField: 'type_id', files: ['textoIntegral'], dateField: 'data', related: 'norma',
    pntp: ['Atividade legislativa: leis e atos normativos com texto integral', 'Alterações e revogações (legislação consolidada)'],
    description: 'Leis, resoluções e decretos legislativos com o texto, a data de publicação e a situação (vigente, alterada, revogada).',
  },
  {
    key: 'vereadores', title: 'Vereadores', one: 'Vereador', group: 'legislativo', resource: 'parliamentaries',
    public: [{ field: 'ativo', is: true }],
    titleField: 'nome', summaryField: 'nomeCompleto', list: ['profissao'], show: ['nomeCompleto', 'profissao', 'numGabinete', 'locaisAtuacao', 'biografia'],
    data: ['nome', 'nomeCompleto', 'profissao', 'numGabinete'],
    sort: 'nome', image: 'photo_parliamentary', related: 'parlamentar',
    pntp: ['Composição da Câmara: vereadores, partidos, mandatos', 'Mesa Diretora'],
    description: 'Vereadores em exercício: foto, partido, mandato, cargos na Mesa Diretora e biografia.',
  },
  {
    key: 'comissoes', title: 'Comissões', one: 'Comissão', group: 'legislativo', resource: 'commissions',
    public: [],
    titleField: 'nome', summaryField: 'descricao', list: ['sigla', 'type_id', 'ativa'],
    show: ['sigla', 'type_id', 'ativa', 'deliberativa', 'criacao', 'extincao', 'localReuniao', 'dataHora'],
    data: ['nome', 'sigla', 'type_id', 'ativa', 'criacao', 'extincao', 'localReuniao', 'dataHora'],
    sort: 'nome', typeField: 'type_id', files: ['anexo'], related: 'comissao',
    pntp: ['Comissões: composição, reuniões e pareceres'],
    description: 'Comissões permanentes e temporárias: finalidade, composição atual, reuniões e as matérias em que deram parecer.',
  },
  {
    key: 'sessoes', title: 'Sessões plenárias', one: 'Sessão plenária', group: 'legislativo', resource: 'plenary_sessions',
    public: [],
    titleField: 'titulo', list: ['abertura', 'horarioInicio', 'finalizada'],
    show: ['abertura', 'horarioInicio', 'encerramento', 'horarioFim', 'legislature_id', 'presidente_id', 'linkMidia', 'ocorrencias'],
    data: ['titulo', 'type_id', 'abertura', 'horarioInicio', 'encerramento', 'horarioFim', 'finalizada'],
    sort: '-abertura', yearField: 'abertura', typeField: 'type_id', files: ['pauta', 'ata'], dateField: 'abertura', related: 'sessao',
    pntp: ['Sessões plenárias: pauta, presença, resultado e votação nominal de cada vereador', 'Atas das sessões'],
    description: 'Sessões plenárias: a pauta, quem esteve presente, o resultado de cada votação e o voto de cada vereador nas nominais.',
  },
];

export const sectionByKey: ReadonlyMap<string, PortalSection> = new Map(PORTAL_SECTIONS.map((s) => [s.key, s]));

/** The fields a section reads (title, summary, list, detail, data, files, image), without repeats. */
export function sectionFields(s: PortalSection): string[] {
  return [...new Set([s.titleField, ...(s.summaryField ? [s.summaryField] : []), ...s.list, ...s.show, ...(s.data ?? []), ...(s.files ?? []), ...(s.image ? [s.image] : []),
    ...(s.dateField ? [s.dateField] : []), ...(s.yearField ? [s.yearField] : []), ...(s.typeField ? [s.typeField] : [])])];
}

/** The fields of a section's open data, in order. */
export const dataFields = (s: PortalSection): string[] => [...new Set([s.titleField, ...(s.data ?? [...(s.summaryField ? [s.summaryField] : []), ...s.list, ...s.show]), ...(s.files ?? [])])];

/** A CPF shown without need, masked as LGPD practice asks: ***.456.789-** (a CNPJ stays whole). */
export function maskCpf(digits: string): string {
  const d = digits.replace(/\D/g, '');
  if (d.length !== 11) return digits;
  return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;
}

/** A section showing the records of a resource (the target of a reference links to its page): resource → section key. */
export const sectionOfResource: ReadonlyMap<string, string> = new Map(PORTAL_SECTIONS.filter((x) => !x.fixed).map((x) => [x.resource, x.key]));
