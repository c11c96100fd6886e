/**
 * Demo data of the culture registry and the ombudsman for Vila Serena (called once by the demo seed on an empty
 * database): artists and groups in several registration states (with their history), cultural venues and a school,
 * manifestations at the prefeitura and the câmara, and two self-registered accounts (password paco-demo):
 * artista@paco.demo (pm_cultura_artista) and grupo@paco.demo (pm_cultura_grupo), each linked to its record.
 */
import { addDays } from '@paco/domain/holidays';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { artistGroups, artists, cultureProgress, manifestacoes, places, roles, sectors, types, users } from '../../db/schema.generated.ts';
import { roleUser } from '../../db/schema.base.ts';
import { hashPassword } from '../../auth/password.ts';
import { todayInSaoPaulo } from '../../auth/session.ts';
import { protocolOf } from './ouvidoria.ts';
import { computeDeadline } from '../materias/deadline.ts';
import { insertRows } from '../../engine/rows.ts';
import { seedFundingCalls } from './seed-fomento.ts';

type Situacao = 'pendente' | 'em_analise' | 'ativo' | 'recusado' | 'inativo';
/** the states a record went through to reach `s` (for its history) */
const PATH: Record<Situacao, Situacao[]> = {
  pendente: [], em_analise: ['em_analise'], ativo: ['em_analise', 'ativo'], recusado: ['em_analise', 'recusado'], inativo: ['em_analise', 'ativo', 'inativo'],
};

export async function seedDemo(db: Db, companies: { camara: number; prefeitura: number }): Promise<void> {
  const pm = companies.prefeitura;

  /* accounts of the self-registered artist and group */
  const hash = await hashPassword('paco-demo');
  const roleRows = await db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.name, ['pm_cultura_artista', 'pm_cultura_grupo']));
  const account = async (email: string, name: string, role: string): Promise<number> => {
    const [u] = await insertRows({ db }, users, { name, email, password: hash, company_id: pm });
    const r = roleRows.find((x) => x.name === role);
    if (r) await insertRows({ db }, roleUser, { user_id: u.id, role_id: r.id });
    return u.id;
  };
  const artistUser = await account('artista@paco.demo', 'Luíza Ferreira', 'pm_cultura_artista');
  const groupUser = await account('grupo@paco.demo', 'Raimundo Nonato Araújo', 'pm_cultura_grupo');
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'cultura@paco.demo')).limit(1);

  const history = async (fk: 'artist_id' | 'artist_group_id', id: number, s: Situacao, motivo: string | null) => {
    let from: Situacao = 'pendente';
    for (const to of PATH[s]) {
      await insertRows({ db }, cultureProgress, { company_id: pm, [fk]: id, de: from, para: to, motivo: to === s ? motivo : null, user_id: admin?.id ?? null });
      from = to;
    }
  };

  /* artists (valid CPFs; the account holder is the artist) */
  const artistRows: { s: Situacao; motivo?: string; user?: number; v: Record<string, unknown> }[] = [
    { s: 'ativo', v: {
      nomeCompleto: 'Maria Aparecida dos Santos', nomeArtistico: 'Cida do Samba', cpf: '52998224725', dataNascimento: '1968-03-14',
      nomeMae: 'Benedita dos Santos', Sexo: 'feminino', Escolaridade: 'medio', racaCor: 'preta', comunidadeTradicional: 'nenhuma',
      endereco: 'Rua das Acácias', numero: '120', bairro: 'Centro', cep: '35400000', celular: '31988887777', email: 'cida.samba@exemplo.com.br',
      banco: '001 - Banco do Brasil', agencia: '1234-5', conta: '98765-4', tipoConta: 'corrente', cpfTitularConta: '52998224725',
      historico: 'Sambista e compositora há mais de 30 anos, fundadora da roda de samba da Praça da Matriz.', mediaApresentacao: 24,
      mulherProvedora: true, rendaIndividual: 1800, participaGrupo: false, liguagemSelect: ['musica', 'cultura_popular'],
      declaracaoMorador: true, declaracaoAutentico: true,
    } },
    { s: 'em_analise', v: {
      nomeCompleto: 'João Pedro Oliveira Lima', nomeArtistico: 'JP Grafite', cpf: '39053344705', dataNascimento: '1995-09-02',
      Sexo: 'masculino', Escolaridade: 'superior_incompleto', racaCor: 'parda', comunidadeTradicional: 'nenhuma',
      endereco: 'Avenida Brasil', numero: '1500', bairro: 'Jardim Primavera', cep: '35400120', celular: '31977776666',
      email: 'jp.grafite@exemplo.com.br', historico: 'Muralista; pintou os painéis da escola estadual e do viaduto da entrada da cidade.',
      mediaApresentacao: 6, rendaIndividual: 1200, liguagemSelect: ['artes_visuais'], declaracaoMorador: true, declaracaoAutentico: true,
    } },
    { s: 'pendente', user: artistUser, v: {
      nomeCompleto: 'Ana Luíza Ferreira Costa', nomeSocial: 'Luíza Ferreira', nomeArtistico: 'Luíza Ferreira', cpf: '12345678909',
      dataNascimento: '1990-07-21', Sexo: 'feminino', Escolaridade: 'superior', racaCor: 'branca', comunidadeTradicional: 'nenhuma',
      endereco: 'Rua Sete de Setembro', numero: '45', bairro: 'Vila Nova', cep: '35400240', celular: '31966665555', email: 'artista@paco.demo',
      historico: 'Atriz e bailarina, integrante do Grupo de Teatro Ventania.', participaGrupo: true, liguagemSelect: ['teatro', 'danca'],
      declaracaoMorador: true, declaracaoAutentico: true,
    } },
    { s: 'ativo', v: {
      nomeCompleto: 'Raimundo Nonato Araújo', nomeArtistico: 'Mestre Raimundo', cpf: '11144477735', dataNascimento: '1952-01-06',
      Sexo: 'masculino', Escolaridade: 'fundamental_incompleto', racaCor: 'preta', comunidadeTradicional: 'quilombola',
      endereco: 'Comunidade do Quilombo Boa Esperança', numero: 's/n', bairro: 'Zona Rural', cep: '35400800', celular: '31955554444',
      banco: '104 - Caixa Econômica Federal', agencia: '0456', conta: '00012345-6', tipoConta: 'poupanca',
      historico: 'Capitão do congado e mestre artesão de tambores.', mediaApresentacao: 12, auxilioEmergencial: true, rendaIndividual: 900,
      participaGrupo: true, liguagemSelect: ['cultura_popular', 'artesanato', 'musica'], declaracaoMorador: true, declaracaoAutentico: true,
    } },
    { s: 'recusado', motivo: 'Comprovante de residência no município não apresentado.', v: {
      nomeCompleto: 'Carla Menezes Rocha', cpf: '27548438923', dataNascimento: '1988-11-30', Sexo: 'feminino', Escolaridade: 'pos',
      racaCor: 'amarela', pcd: true, bairro: 'Centro', celular: '31944443333', email: 'carla.audiovisual@exemplo.com.br',
      historico: 'Documentarista.', liguagemSelect: ['audiovisual'], declaracaoMorador: false, declaracaoAutentico: true,
    } },
  ];
  for (const a of artistRows) {
    const v = a.v as Record<string, unknown>;
    if (v.conta && !v.cpfTitularConta) v.cpfTitularConta = v.cpf;
    const [row] = await insertRows({ db }, artists, { ...(v as object), company_id: pm, situacao: a.s, motivoSituacao: a.motivo ?? null, user_id: a.user ?? null } as never);
    await history('artist_id', row.id, a.s, a.motivo ?? null);
  }

  /* culture groups (one with CNPJ, one represented by its responsible) */
  const groupRows: { s: Situacao; user?: number; v: Record<string, unknown> }[] = [
    { s: 'ativo', v: {
      nome: 'Grupo de Teatro Ventania', nomeResponsavel: 'Ana Luíza Ferreira Costa', cpfResponsavel: '12345678909', cnpj: '45382109000179',
      endereco: 'Rua do Rosário', numero: '300', bairro: 'Centro', cep: '35400010', celular: '31933332222', email: 'contato@teatroventania.org.br',
      nomeParticipantes: 'Ana Luíza Ferreira Costa\nMarcos Vinícius Teixeira\nPatrícia Gomes\nRenato Alves', historico: 'Grupo fundado em 2009; 14 espetáculos montados.',
      proposta: 'Circulação do espetáculo "Quintais" pelas escolas municipais.', mediaApresentacao: 30, rendaProvem: 'Bilheteria e oficinas de teatro',
      banco: '756 - Sicoob', agencia: '3010', conta: '12345-0', tipoConta: 'corrente', documentoTitularConta: '45382109000179',
      liguagemSelect: ['teatro'], declaracaoAutentico: true,
    } },
    { s: 'em_analise', user: groupUser, v: {
      nome: 'Congado Nossa Senhora do Rosário de Vila Serena', nomeResponsavel: 'Raimundo Nonato Araújo', cpfResponsavel: '11144477735',
      endereco: 'Comunidade do Quilombo Boa Esperança', numero: 's/n', bairro: 'Zona Rural', cep: '35400800', celular: '31955554444',
      email: 'grupo@paco.demo', nomeParticipantes: 'Raimundo Nonato Araújo\nJosé Benedito da Silva\nMaria das Dores Araújo',
      historico: 'Guarda de congo centenária, festa do Rosário todo mês de outubro.', proposta: 'Registro audiovisual da festa e oficina de tambores.',
      mediaApresentacao: 8, rendaProvem: 'Doações da comunidade', liguagemSelect: ['cultura_popular', 'musica'], declaracaoAutentico: true,
    } },
  ];
  for (const g of groupRows) {
    const [row] = await insertRows({ db }, artistGroups, { ...(g.v as object), company_id: pm, situacao: g.s, user_id: g.user ?? null } as never);
    await history('artist_group_id', row.id, g.s, null);
  }

  /* places: cultural venues and a school */
  const kinds = await db.select({ id: types.id, slug: types.slug }).from(types).where(and(eq(types.type, 'places'), isNull(types.company_id)));
  const kind = (slug: string) => kinds.find((k) => k.slug === slug)?.id;
  const placeRows = [
    { type_id: kind('culture_place'), nomeEquipamento: 'Teatro Municipal Professora Helena Antipoff', nomeReduzido: 'Teatro Municipal',
      horarioFuncionamento: 'Terça a domingo, 14h às 22h', endereco: 'Praça da Matriz', numero: '10', bairro: 'Centro', cep: '35400000',
      celular: '3133334000', email: 'teatro@vilaserena.mg.gov.br', capacidade: 320, acessivel: true, ativo: true, declaracaoAutentico: true,
      textoEquipamento: 'Teatro com palco italiano, camarins e sala de ensaio; recebe a Mostra de Teatro de Vila Serena.' },
    { type_id: kind('culture_place'), nomeEquipamento: 'Casa de Cultura Dona Zica', nomeReduzido: 'Casa de Cultura',
      horarioFuncionamento: 'Segunda a sexta, 8h às 17h', endereco: 'Rua das Acácias', numero: '200', bairro: 'Centro', cep: '35400000',
      celular: '3133334010', email: 'casadecultura@vilaserena.mg.gov.br', capacidade: 80, acessivel: true, ativo: true, declaracaoAutentico: true,
      textoEquipamento: 'Oficinas de música, artesanato e dança; acervo de memória do congado.' },
    { type_id: kind('culture_place'), nomeEquipamento: 'Biblioteca Pública Municipal Carlos Drummond de Andrade', nomeReduzido: 'Biblioteca Municipal',
      horarioFuncionamento: 'Segunda a sábado, 8h às 20h', endereco: 'Avenida Brasil', numero: '800', bairro: 'Jardim Primavera', cep: '35400120',
      celular: '3133334020', capacidade: 60, acessivel: false, ativo: true, declaracaoAutentico: true },
    { type_id: kind('school_place'), nomeEquipamento: 'Escola Municipal Monteiro Lobato', nomeReduzido: 'EM Monteiro Lobato',
      horarioFuncionamento: 'Segunda a sexta, 7h às 17h', endereco: 'Rua Sete de Setembro', numero: '300', bairro: 'Vila Nova', cep: '35400240',
      celular: '3133335000', capacidade: 450, acessivel: true, ativo: true, declaracaoAutentico: true },
  ].filter((p) => p.type_id);
  if (placeRows.length) await insertRows({ db }, places, placeRows.map((p) => ({ ...p, type_id: p.type_id!, company_id: pm })));

  /* manifestations (numbered by the same yearly counter as new ones) */
  const today = todayInSaoPaulo();
  const year = Number(today.slice(0, 4));
  const manif = [
    { company: pm, tipo: 'reclamacao', canal: 'internet', assunto: 'Iluminação pública apagada na Rua das Acácias',
      texto: 'Os postes entre os números 100 e 200 estão apagados há duas semanas, o que deixa a rua perigosa à noite.',
      requerenteNome: 'Fernanda Lopes', requerenteEmail: 'fernanda.lopes@exemplo.com.br', situacao: 'em_analise', dias: 12 },
    { company: pm, tipo: 'sugestao', canal: 'presencial', assunto: 'Abrir a Biblioteca Municipal aos domingos',
      texto: 'Sugiro abrir a biblioteca aos domingos pela manhã, quando os estudantes têm mais tempo livre.',
      requerenteNome: 'Gabriel Souza', requerenteTelefone: '31991234567', situacao: 'recebida', dias: 2 },
    { company: pm, tipo: 'elogio', canal: 'email', assunto: 'Atendimento na UBS Centro',
      texto: 'Quero elogiar a equipe de enfermagem da UBS Centro pelo atendimento atencioso à minha mãe.',
      requerenteNome: 'Helena Prado', requerenteEmail: 'helena.prado@exemplo.com.br', situacao: 'respondida', dias: 20,
      resposta: 'Agradecemos o elogio, que foi encaminhado à coordenação da UBS Centro e à equipe.' },
    { company: pm, tipo: 'denuncia', canal: 'internet', anonima: true, assunto: 'Descarte irregular de entulho',
      texto: 'Caminhões descartam entulho às margens do córrego no final da Avenida Brasil, geralmente aos sábados.', situacao: 'recebida', dias: 35 },
    { company: companies.camara, tipo: 'solicitacao', canal: 'internet', assunto: 'Transmissão das sessões pela internet',
      texto: 'Solicito que as sessões ordinárias sejam transmitidas ao vivo pelo canal da Câmara.',
      requerenteNome: 'Igor Martins', requerenteEmail: 'igor.martins@exemplo.com.br', situacao: 'em_analise', dias: 5 },
    { company: pm, tipo: 'solicitacao', canal: 'internet', assunto: 'Poda de árvore na Praça da Matriz',
      texto: 'Uma árvore da Praça da Matriz está com galhos secos sobre o ponto de ônibus e pode cair.',
      requerenteNome: 'Júlia Castro', requerenteEmail: 'julia.castro@exemplo.com.br', situacao: 'encaminhada', dias: 9, encaminhar: true },
    { company: pm, tipo: 'reclamacao', canal: 'internet', assunto: 'Demora na marcação de consultas',
      texto: 'Tento marcar consulta com clínico geral na UBS Jardim Primavera há um mês e não consigo vaga.',
      requerenteNome: 'Lauro Teixeira', requerenteEmail: 'lauro.teixeira@exemplo.com.br', situacao: 'em_analise', dias: 33, prorrogada: true,
      justificativaProrrogacao: 'A Secretaria de Saúde está levantando a agenda de todas as UBS para responder com dados.' },
    { company: pm, tipo: 'elogio', canal: 'internet', anonima: true, assunto: 'Limpeza do Parque Municipal',
      texto: 'O parque está muito limpo e bem cuidado nos fins de semana. Parabéns à equipe.', situacao: 'encerrada', dias: 45,
      resposta: 'Agradecemos o elogio, repassado à equipe de limpeza urbana.' },
  ];
  const [sector] = await db.select({ id: sectors.id }).from(sectors).where(eq(sectors.company_id, pm)).limit(1);
  const given = new Map<number, number>();
  for (const { company, dias, resposta, encaminhar, ...m } of manif as (typeof manif[number] & { encaminhar?: boolean; prorrogada?: boolean })[]) {
    const created = addDays(today, -dias);
    const numero = (given.get(company) ?? 0) + 1;
    given.set(company, numero);
    const num = { ano: year, numero, protocolo: protocolOf(numero, year) };
    await insertRows({ db }, manifestacoes, {
      prorrogada: false, ...m, ...num, company_id: company, prazo: await computeDeadline(db, company, created, m.prorrogada ? 60 : 30), created_at: `${created}T13:00:00Z`,
      ...(resposta ? { resposta, dataResposta: new Date(`${addDays(created, 10)}T15:00:00Z`).toISOString() } : {}),
      ...(encaminhar && sector ? { sector_id: sector.id, despacho: 'Avaliar a poda e informar a data prevista.', encaminhadaEm: `${addDays(created, 2)}T14:00:00Z` } : {}),
    } as never);
  }

  /* funding calls: one with its result, one open, one draft */
  await seedFundingCalls(db, pm, today);
}
