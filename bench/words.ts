/** Word lists for realistic pt-BR text: ementas of matters and norms, names of people. */

export const EMENTA_PREFIX = [
  'Dispõe sobre', 'Institui', 'Cria', 'Regulamenta', 'Altera a lei que dispõe sobre', 'Autoriza o Poder Executivo a implantar',
  'Estabelece diretrizes para', 'Denomina e regulamenta', 'Acrescenta dispositivos à lei que trata de', 'Declara de interesse público',
  'Solicita ao Poder Executivo providências quanto a', 'Requer informações sobre',
];

export const EMENTA_OBJECT = [
  'o programa municipal de', 'a política municipal de', 'o fundo municipal de', 'o conselho municipal de', 'a semana municipal de',
  'o sistema municipal de', 'a campanha permanente de', 'o serviço público de', 'o plano municipal de', 'as ações de',
  'o cadastro municipal de',
];

/** 3 of 32 themes contain informação/informações/informática (~9 % of the ementas; with the optional objeto/indexacao texts a search for "informacao" finds ~26 % of the matters). */
export const EMENTA_THEME = [
  'acesso à informação', 'transparência pública', 'saúde da família', 'educação inclusiva', 'mobilidade urbana',
  'coleta seletiva de resíduos sólidos', 'acessibilidade das calçadas', 'proteção e bem-estar animal', 'segurança alimentar',
  'incentivo à cultura popular', 'esporte e lazer comunitário', 'habitação de interesse social', 'combate à violência contra a mulher',
  'informações ao cidadão', 'regularização fundiária urbana', 'arborização urbana', 'iluminação pública', 'saneamento básico',
  'defesa civil', 'turismo rural', 'economia solidária', 'inclusão digital', 'atendimento prioritário ao idoso', 'primeira infância',
  'políticas para a juventude', 'empreendedorismo local', 'agricultura familiar', 'patrimônio histórico e cultural', 'trânsito seguro',
  'prevenção ao uso de drogas', 'tecnologia e informática nas escolas', 'doação voluntária de sangue',
];

export const EMENTA_TAIL = [
  'no Município de Vila Serena', 'e dá outras providências', 'nas escolas da rede municipal de ensino',
  'no âmbito da administração pública municipal', 'nos bairros e distritos da zona rural', 'e revoga as disposições em contrário',
  'junto à Secretaria Municipal competente',
];

export const FIRST_NAMES = [
  'Ana', 'Maria', 'José', 'João', 'Antônio', 'Francisca', 'Carlos', 'Paulo', 'Pedro', 'Lucas', 'Luiz', 'Marcos', 'Luís', 'Gabriel',
  'Rafael', 'Juliana', 'Márcia', 'Fernanda', 'Patrícia', 'Aline', 'Sebastião', 'Raimundo', 'Conceição', 'Letícia', 'Vitória',
  'Thiago', 'Beatriz', 'Cláudio', 'Sérgio', 'Tânia', 'Otávio', 'Helena', 'Inês', 'Joaquim', 'Lúcia', 'Mônica', 'Renê',
];

export const SURNAMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins',
  'Carvalho', 'Araújo', 'Melo', 'Barbosa', 'Cardoso', 'Nascimento', 'Conceição', 'Gonçalves', 'Simões', 'Magalhães', 'Guimarães',
  'Brandão', 'Assunção', 'Mendonça', 'Falcão', 'Leão', 'Teixeira', 'Freitas', 'Moraes', 'Nogueira', 'Peçanha', 'Queiroz',
];

export const GENERIC_WORDS = [
  'Centro', 'Norte', 'Sul', 'Leste', 'Oeste', 'Municipal', 'Regional', 'Comunitário', 'Setor', 'Núcleo', 'Avenida', 'Praça', 'Rua',
  'Serena', 'Vila', 'Jardim', 'Esperança', 'Liberdade', 'Boa Vista', 'São José', 'Santa Luzia', 'Primavera', 'Industrial',
];
