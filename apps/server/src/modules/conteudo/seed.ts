/** Demo data of this area (called once by the demo seed on an empty database): Vila Serena's portal content. */
import { isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../storage/files.ts';
import { seedPortal } from './portal-seed.ts';
import {
  banners, categories, contacts, evaluations, events, faqs, funcaos, links, menus, portarias, posts, publicacaos, schools, secretarias,
  secretariasContacts, secretarios, services, themes, types, vehicles,
} from '../../db/schema.generated.ts';
import { insertRows } from '../../engine/rows.ts';

export async function seedDemo(db: Db, companies: { camara: number; prefeitura: number }, storage?: FileStorage): Promise<void> {
  const pm = companies.prefeitura;
  const cm = companies.camara;
  const typeIds = new Map<string, number>();
  for (const t of await db.select({ id: types.id, type: types.type, slug: types.slug }).from(types).where(isNull(types.company_id))) typeIds.set(`${t.type}/${t.slug}`, t.id);
  const type = (category: string, slug: string): number | null => typeIds.get(`${category}/${slug}`) ?? null;

  // settings: themes, categories, menus
  const [temaPm] = await insertRows({ db }, themes, [
    { company_id: pm, name: 'Vila Serena Verde', primary_color: '#2e7d32', secundary_color: '#ff8f00', active: true },
    { company_id: pm, name: 'Alto contraste', primary_color: '#000000', secundary_color: '#ffff00', active: false },
  ]);
  await insertRows({ db }, themes, { company_id: cm, name: 'Câmara Azul', primary_color: '#1565c0', secundary_color: '#ff8f00', active: true });

  const cats = await insertRows({ db }, categories, [
    { company_id: pm, name: 'Educação', description: 'Escolas, matrículas e ensino municipal' },
    { company_id: pm, name: 'Saúde', description: 'Unidades de saúde, campanhas e vacinação' },
    { company_id: pm, name: 'Obras', description: 'Obras e serviços urbanos' },
    { company_id: pm, name: 'Transparência', description: 'Contas públicas e acesso à informação' },
    { company_id: pm, name: 'Cultura', description: 'Eventos, festivais e patrimônio' },
  ]);
  const cat = (name: string) => cats.find((c) => c.name === name)!.id;
  await insertRows({ db }, categories, { company_id: cm, name: 'Legislativo', description: 'Notícias da Câmara' });

  const [menuPm] = await insertRows({ db }, menus, { company_id: pm, name: 'Menu principal', description: 'Menu do topo do portal' });
  const [transp] = await insertRows({ db }, links, { company_id: pm, menu_id: menuPm.id, description: 'Transparência', order: 2 });
  await insertRows({ db }, links, [
    { company_id: pm, menu_id: menuPm.id, description: 'Início', url: 'https://www.vilaserena.mg.gov.br/', order: 1 },
    { company_id: pm, menu_id: menuPm.id, links_id: transp.id, description: 'Portal da Transparência', url: 'https://transparencia.vilaserena.mg.gov.br/', order: 1 },
    { company_id: pm, menu_id: menuPm.id, links_id: transp.id, description: 'e-SIC', url: 'https://www.vilaserena.mg.gov.br/esic', order: 2 },
    { company_id: pm, menu_id: menuPm.id, description: 'Ouvidoria', url: 'https://www.vilaserena.mg.gov.br/ouvidoria', order: 3 },
  ]);
  const [menuCm] = await insertRows({ db }, menus, { company_id: cm, name: 'Menu principal', description: 'Menu do portal da Câmara' });
  await insertRows({ db }, links, [
    { company_id: cm, menu_id: menuCm.id, description: 'Vereadores', url: 'https://www.camaravilaserena.mg.gov.br/vereadores', order: 1 },
    { company_id: cm, menu_id: menuCm.id, description: 'Sessões plenárias', url: 'https://www.camaravilaserena.mg.gov.br/sessoes', order: 2 },
  ]);

  // secretariats of the Prefeitura
  const sec = (nome: string, abreviacao: string, missao: string) => ({
    company_id: pm, nome, abreviacao, missao, funcionamento: 'Segunda a sexta, das 8h às 17h', dataInicio: '2025-01-01',
    mostrar_no_site: true, type_id: type('secretarias', 'secretaria'), theme_id: temaPm.id,
  });
  const secs = await insertRows({ db }, secretarias, [
    { ...sec('Secretaria Municipal de Administração', 'SEMAD', 'Gerir pessoas, compras e patrimônio com eficiência e transparência.'), cnpj: '12ABC34501DE35' },
    sec('Secretaria Municipal de Educação', 'SEMED', 'Garantir educação pública de qualidade a todas as crianças e jovens de Vila Serena.'),
    sec('Secretaria Municipal de Saúde', 'SEMUS', 'Cuidar da saúde da população com atenção básica próxima de cada bairro.'),
    sec('Secretaria Municipal de Obras e Serviços Urbanos', 'SEMOSU', 'Manter a cidade limpa, iluminada e com vias em boas condições.'),
    sec('Secretaria Municipal de Fazenda', 'SEFAZ', 'Arrecadar com justiça e aplicar os recursos públicos com responsabilidade.'),
    sec('Secretaria Municipal de Assistência Social', 'SEMAS', 'Proteger famílias em situação de vulnerabilidade e garantir direitos.'),
    sec('Secretaria Municipal de Cultura e Turismo', 'SECULT', 'Valorizar a cultura serenense e fortalecer o turismo regional.'),
  ]);
  const secId = (abrev: string) => secs.find((s) => s.abreviacao === abrev)!.id;

  await insertRows({ db }, secretarios, [
    { company_id: pm, secretaria_id: secId('SEMAD'), nome: 'Marcos Vinícius Andrade', cargo: 'Secretário Municipal', email: 'administracao@vilaserena.mg.gov.br', telefone: '3133215000', inicio: '2025-01-01' },
    { company_id: pm, secretaria_id: secId('SEMED'), nome: 'Helena Cristina Moura', cargo: 'Secretária Municipal', email: 'educacao@vilaserena.mg.gov.br', telefone: '3133215010', inicio: '2025-01-01' },
    { company_id: pm, secretaria_id: secId('SEMUS'), nome: 'Dr. Ricardo Teixeira Lima', cargo: 'Secretário Municipal', email: 'saude@vilaserena.mg.gov.br', telefone: '3133215020', inicio: '2025-01-01' },
    { company_id: pm, secretaria_id: secId('SECULT'), nome: 'Luana Ferreira Campos', cargo: 'Secretária Municipal', email: 'cultura@vilaserena.mg.gov.br', inicio: '2025-02-10' },
  ]);
  await insertRows({ db }, funcaos, [
    { company_id: pm, secretaria_id: secId('SEMED'), nome: 'Gestão da rede municipal de ensino', descricao: 'Planejar matrículas, transporte escolar e merenda.' },
    { company_id: pm, secretaria_id: secId('SEMED'), nome: 'Formação de professores', descricao: 'Promover a formação continuada dos profissionais da educação.' },
    { company_id: pm, secretaria_id: secId('SEMUS'), nome: 'Atenção básica', descricao: 'Coordenar as Unidades Básicas de Saúde e as equipes de Saúde da Família.' },
    { company_id: pm, secretaria_id: secId('SEMUS'), nome: 'Vigilância em saúde', descricao: 'Vigilância epidemiológica, sanitária e ambiental.' },
  ]);
  const secContacts = await insertRows({ db }, contacts, [
    { company_id: pm, description: 'Secretaria de Educação', email: 'educacao@vilaserena.mg.gov.br', phone: '3133215010', endereco: 'Rua das Acácias', numero: '120', bairro: 'Centro', cep: '35400000', cidade: 'Vila Serena', estado: 'MG', horario_atendimento: 'Segunda a sexta, das 8h às 17h' },
    { company_id: pm, description: 'Secretaria de Saúde', email: 'saude@vilaserena.mg.gov.br', phone: '3133215020', whatsapp: '31998765432', endereco: 'Avenida Brasil', numero: '800', bairro: 'São José', cep: '35400010', cidade: 'Vila Serena', estado: 'MG' },
  ]);
  await insertRows({ db }, secretariasContacts, [
    { secretaria_id: secId('SEMED'), contact_id: secContacts[0].id },
    { secretaria_id: secId('SEMUS'), contact_id: secContacts[1].id },
  ]);

  // posts (news)
  await insertRows({ db }, posts, [
    {
      company_id: pm, title: 'Portal da Transparência ganha nova seção de informações sobre obras', type_id: type('posts', 'noticia'), category_id: cat('Transparência'),
      description: 'Cidadãos podem acompanhar cada obra, com valores, prazos e fotos.', published: true, published_at: '2026-10-05',
      content: 'A Prefeitura de Vila Serena lançou uma nova seção no Portal da Transparência com informações detalhadas sobre as obras em andamento. A Informação é atualizada semanalmente pela Secretaria de Obras.',
    },
    {
      company_id: pm, title: 'Matrículas da rede municipal abertas até 12 de dezembro', type_id: type('posts', 'noticia'), category_id: cat('Educação'),
      description: 'Inscrições pela internet ou nas escolas.', published: true, published_at: '2026-11-03',
      content: 'As matrículas para o ano letivo de 2027 na rede municipal de ensino estão abertas. Os responsáveis podem se inscrever pela internet ou diretamente nas escolas, levando documento de identidade, CPF da criança e comprovante de residência.',
    },
    {
      company_id: pm, title: 'Campanha de vacinação contra a gripe chega aos bairros', type_id: type('posts', 'noticia'), category_id: cat('Saúde'),
      description: 'Equipes volantes atendem aos sábados.', published: true, published_at: '2026-10-20',
      content: 'A Secretaria Municipal de Saúde leva a vacinação contra a gripe aos bairros. Idosos, gestantes, crianças e profissionais da educação fazem parte do público prioritário.',
    },
    {
      company_id: pm, title: 'Interdição parcial da Rua das Acácias para recapeamento', type_id: type('posts', 'aviso'), category_id: cat('Obras'),
      description: 'Trânsito desviado pela Rua Ipê Amarelo entre 24 e 28 de novembro.', published: true, published_at: '2026-11-18',
      content: 'A Secretaria de Obras informa que a Rua das Acácias terá interdição parcial para recapeamento asfáltico. O trânsito será desviado pela Rua Ipê Amarelo.',
    },
    {
      company_id: pm, title: 'Festival de Inverno 2027: programação em elaboração', type_id: type('posts', 'noticia'), category_id: cat('Cultura'),
      description: 'Rascunho ainda não publicado.', published: false, published_at: '2026-12-01', content: 'Programação preliminar do Festival de Inverno.',
    },
    {
      company_id: cm, title: 'Câmara aprova o Plano Plurianual 2026–2029', type_id: type('posts', 'noticia'), published: true, published_at: '2026-09-30',
      description: 'Aprovação em segundo turno por unanimidade.', content: 'Em sessão ordinária, os vereadores aprovaram em segundo turno o projeto do Plano Plurianual.',
    },
  ]);

  await insertRows({ db }, faqs, [
    { company_id: pm, type_id: type('faqs', 'servicos'), order: 1, question: 'Como emitir a segunda via do IPTU?', answer: 'Acesse o portal de serviços, informe a inscrição imobiliária ou o CPF do proprietário e imprima a guia. Também é possível retirá-la na Secretaria de Fazenda.' },
    { company_id: pm, type_id: type('faqs', 'transparencia'), order: 2, question: 'Como pedir uma informação pública (Lei de Acesso à Informação)?', answer: 'Pelo e-SIC ou no protocolo da Prefeitura. A resposta é imediata ou em até 20 dias, prorrogáveis por mais 10 com justificativa. Não é preciso dizer o motivo do pedido.' },
    { company_id: pm, type_id: type('faqs', 'ouvidoria'), order: 3, question: 'Como registrar uma reclamação na Ouvidoria?', answer: 'Pelo portal, telefone 156 ou presencialmente. A Ouvidoria responde em até 30 dias, prorrogáveis uma vez por igual período.' },
    { company_id: pm, type_id: type('faqs', 'geral'), order: 4, question: 'Qual o horário de atendimento da Prefeitura?', answer: 'De segunda a sexta-feira, das 8h às 17h.' },
    { company_id: cm, type_id: type('faqs', 'geral'), order: 1, question: 'Como acompanhar as sessões da Câmara?', answer: 'As sessões ordinárias são públicas e transmitidas ao vivo pelo portal da Câmara.' },
  ]);

  await insertRows({ db }, events, [
    { company_id: pm, title: 'Festival de Inverno de Vila Serena', local: 'Praça da Matriz', dataInicio: '2026-07-10 18:00:00-03', dataFim: '2026-07-13 23:00:00-03', description: 'Shows, gastronomia e artesanato local durante quatro noites.' },
    { company_id: pm, title: 'Audiência pública da LOA 2027', local: 'Auditório da Prefeitura', dataInicio: '2026-11-27 19:00:00-03', dataFim: '2026-11-27 21:00:00-03', description: 'Apresentação e debate do projeto de Lei Orçamentária Anual.' },
    { company_id: pm, title: 'Dia D de vacinação', local: 'Unidades Básicas de Saúde', dataInicio: '2026-12-05 08:00:00-03', dataFim: '2026-12-05 17:00:00-03', description: 'Vacinação de rotina para todas as idades.' },
  ]);

  const pub = (secao: string, numero: string, descricao: string, extra: Record<string, unknown> = {}) => ({
    company_id: pm, secao, numero, descricao, exercicio: 2026, tipo_publicacao_id: type('publications', secao), ...extra,
  });
  await insertRows({ db }, publicacaos, [
    pub('diarias', '045/2026', 'Relação de diárias pagas a servidores — outubro de 2026', { competencia_id: type('competencias', 'outubro'), secretaria_id: secId('SEMAD'), inicio: '2026-10-01', fim: '2026-10-31', tipo_documento_id: type('documents', 'relatorio') }),
    pub('leis', '1.284/2026', 'Lei nº 1.284/2026 — Dispõe sobre a Política Municipal de Acesso à Informação', { inicio: '2026-08-14', category_id: cat('Transparência') }),
    pub('lrf', 'RREO-5/2026', 'Relatório Resumido da Execução Orçamentária — 5º bimestre de 2026', { competencia_id: type('competencias', 'bimestre_5'), secretaria_id: secId('SEFAZ'), tipo_documento_id: type('documents', 'relatorio'), category_id: cat('Transparência') }),
    pub('lrf', 'RGF-2/2026', 'Relatório de Gestão Fiscal — 2º quadrimestre de 2026', { competencia_id: type('competencias', 'quadrimestre_2'), secretaria_id: secId('SEFAZ'), tipo_documento_id: type('documents', 'relatorio') }),
    pub('prestacao', 'PC-2025', 'Prestação de contas anual do exercício de 2025', { exercicio: 2025, competencia_id: type('competencias', 'anual'), secretaria_id: secId('SEFAZ'), tipo_documento_id: type('documents', 'balancete') }),
    pub('portarias', '210/2026', 'Portaria de nomeação de comissão de avaliação de bens', { secretaria_id: secId('SEMAD') }),
    pub('outras', 'ED-03/2026', 'Edital de chamamento público para o Festival de Inverno', { secretaria_id: secId('SECULT'), tipo_documento_id: type('documents', 'edital'), category_id: cat('Cultura') }),
  ]);

  await insertRows({ db }, portarias, [
    { company_id: pm, numero: 208, exercicio: 2026, data: '2026-10-02', coletiva: false, type_id: type('portarias', 'nomeacao'), secretaria_id: secId('SEMED'), descricao: 'Nomeia Joana Pereira da Silva para o cargo em comissão de Diretora Escolar.' },
    { company_id: pm, numero: 209, exercicio: 2026, data: '2026-10-15', coletiva: true, type_id: type('portarias', 'designacao'), secretaria_id: secId('SEMAD'), descricao: 'Designa os servidores que comporão a comissão permanente de inventário patrimonial.' },
    { company_id: pm, numero: 212, exercicio: 2026, data: '2026-11-04', coletiva: false, type_id: type('portarias', 'ferias'), secretaria_id: secId('SEMUS'), descricao: 'Concede férias regulamentares ao servidor Carlos Eduardo Nunes.' },
  ]);

  const svcs = await insertRows({ db }, services, [
    { company_id: pm, title: 'Segunda via do IPTU', secretaria_id: secId('SEFAZ'), publico_alvo: 'Proprietários de imóveis', requisitos: 'Inscrição imobiliária ou CPF do proprietário.', etapas: '1. Acesse o portal. 2. Informe a inscrição. 3. Imprima a guia.', prazo: 'Imediato', custo: 'Gratuito', forma: 'ambas', local: 'Secretaria de Fazenda — Rua das Acácias, 100', horario: 'Segunda a sexta, das 8h às 17h', active: true },
    { company_id: pm, title: 'Matrícula na rede municipal de ensino', secretaria_id: secId('SEMED'), publico_alvo: 'Crianças de 4 a 14 anos', requisitos: 'Certidão de nascimento, CPF, comprovante de residência e cartão de vacinação.', prazo: 'Até 5 dias úteis', custo: 'Gratuito', forma: 'ambas', active: true },
    { company_id: pm, title: 'Poda de árvores em via pública', secretaria_id: secId('SEMOSU'), publico_alvo: 'Moradores', requisitos: 'Endereço e foto da árvore.', prazo: 'Até 30 dias', custo: 'Gratuito', forma: 'online', active: true },
  ]);

  await insertRows({ db }, evaluations, [
    { company_id: pm, rate: 5, pagina: 'Segunda via do IPTU', service_id: svcs[0].id, comment: 'Muito rápido, consegui imprimir na hora.' },
    { company_id: pm, rate: 3, pagina: 'Matrícula na rede municipal de ensino', service_id: svcs[1].id, comment: 'Funcionou, mas o site ficou lento.' },
    { company_id: pm, rate: 4, pagina: 'Página inicial', comment: null },
  ]);

  await insertRows({ db }, banners, [
    { company_id: pm, title: 'Matrículas abertas 2027', description: 'Garanta a vaga do seu filho na rede municipal.', link: 'https://www.vilaserena.mg.gov.br/matriculas', order: 1, active: true, inicio: '2026-11-01', fim: '2026-12-12' },
    { company_id: pm, title: 'IPTU 2027 com desconto à vista', description: '10% de desconto no pagamento em cota única.', order: 2, active: true },
  ]);

  await insertRows({ db }, schools, [
    { company_id: pm, name: 'Escola Municipal Professora Maria das Dores', inep: '31999901', endereco: 'Rua Ipê Amarelo, 45', bairro: 'Centro', cep: '35400000', phone: '3133215101', diretor: 'Joana Pereira da Silva' },
    { company_id: pm, name: 'Centro Municipal de Educação Infantil Pequeno Príncipe', inep: '31999902', endereco: 'Rua dos Ipês, 210', bairro: 'São José', cep: '35400010', phone: '3133215102' },
  ]);

  await insertRows({ db }, vehicles, [
    { company_id: pm, board: 'RTA2B34', marca: 'Fiat', modelo: 'Strada Freedom', ano: 2024, cor: 'Branca', secretaria_id: secId('SEMOSU') },
    { company_id: pm, board: 'QWE1234', marca: 'Volkswagen', modelo: 'Micro-ônibus Volare', ano: 2019, cor: 'Amarela', secretaria_id: secId('SEMED') },
  ]);

  // the public portals (addresses, files, photos, records kept off the portal): after everything they show
  if (storage) await seedPortal(db, companies, storage);
}
