/**
 * Demo requests for information (E-SIC), one in every state: at the prefeitura one just received, one in analysis
 * past its deadline, one answered (its appeal window open), one forwarded (identity restricted), one denied, one
 * appealed (identity restricted), one whose appeal was decided; at the câmara one received. The Prefeitura's appeal
 * instances: the Secretário de Administração (1ª) and the Prefeito (2ª). Numbered by the same yearly counter as new
 * ones; deadlines as the workflow computes them.
 */
import { eq } from 'drizzle-orm';
import { pedidosInformacao, sectors, sicInstancias, users } from '../../db/schema.generated.ts';
import type { Db } from '../../db/client.ts';
import { todayInSaoPaulo } from '../../auth/session.ts';
import { protocolOf } from '../cultura/ouvidoria.ts';
import { addDays, computeDeadline } from '../materias/deadline.ts';
import { insertRows } from '../../engine/rows.ts';

export async function seedDemo(db: Db, companies: { camara: number; prefeitura: number }): Promise<void> {
  const today = todayInSaoPaulo();
  const year = Number(today.slice(0, 4));
  const pm = companies.prefeitura;
  const requests = [
    { company: pm, dias: 3, situacao: 'recebido', canal: 'internet', requerenteNome: 'Rita Campos', requerenteEmail: 'rita.campos@exemplo.com.br',
      assunto: 'Contratos de coleta de lixo de 2025', texto: 'Peço cópia dos contratos de coleta de lixo vigentes em 2025 e dos seus aditivos.' },
    { company: pm, dias: 26, situacao: 'em_analise', canal: 'internet', requerenteNome: 'Sérgio Nunes', requerenteEmail: 'sergio.nunes@exemplo.com.br',
      assunto: 'Plantões médicos da UPA em março', texto: 'Solicito a escala de plantões médicos da UPA no mês de março, com a carga horária de cada plantão.' },
    { company: pm, dias: 15, situacao: 'respondido', canal: 'presencial', formaRecebimento: 'presencial', requerenteNome: 'Tereza Matos',
      assunto: 'Gastos com combustível da frota', texto: 'Quanto a prefeitura gastou com combustível da frota municipal em cada mês do ano passado?',
      resposta: 'Os gastos mensais com combustível estão na planilha entregue pessoalmente e no Portal da Transparência, em Despesas › Combustíveis.' },
    { company: companies.camara, dias: 4, situacao: 'recebido', canal: 'internet', requerenteNome: 'Ulisses Prado', requerenteEmail: 'ulisses.prado@exemplo.com.br',
      assunto: 'Presença dos vereadores nas sessões', texto: 'Peço a lista de presença dos vereadores em todas as sessões ordinárias deste ano.' },
  ];
  const user = async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1))[0]?.id;
  const [silvia, paulo, renato] = [await user('sic@paco.demo'), await user('admin.prefeitura@paco.demo'), await user('prefeito@paco.demo')];
  const [sector] = await db.select({ id: sectors.id }).from(sectors).where(eq(sectors.company_id, pm)).limit(1);
  // the appeal instances of the Prefeitura (E-SIC › Instâncias de recurso)
  if (paulo) await insertRows({ db }, sicInstancias, { company_id: pm, instancia: '1', user_id: paulo, cargo: 'Secretário Municipal de Administração' });
  if (renato) await insertRows({ db }, sicInstancias, { company_id: pm, instancia: '2', user_id: renato, cargo: 'Prefeito Municipal' });
  const decided = async (company: number, day: string) => ({
    dataResposta: new Date(`${day}T15:00:00Z`), responsavel_id: silvia ?? null, noPrazo: true, prazoRecurso: await computeDeadline(db, company, day, 10),
  });
  const more: Row[] = [
    { company: pm, dias: 8, situacao: 'encaminhado', canal: 'internet', tema: 'obras', requerenteNome: 'Vânia Rocha', requerenteEmail: 'vania.rocha@exemplo.com.br',
      identidadeRestrita: true, assunto: 'Medições da obra da creche do Jardim Primavera',
      texto: 'Peço os boletins de medição da obra da creche do Jardim Primavera e os pagamentos feitos à construtora.',
      sector_id: sector?.id ?? null, despacho: 'Enviar ao SIC os boletins de medição e as notas de empenho pagas.', encaminhadoEm: new Date(`${addDays(today, -6)}T14:00:00Z`) },
    { company: pm, dias: 30, situacao: 'negado', canal: 'internet', tema: 'administracao', requerenteNome: 'Wagner Lima', requerenteEmail: 'wagner.lima@exemplo.com.br',
      assunto: 'Endereços residenciais dos servidores', texto: 'Solicito a lista de servidores da prefeitura com os respectivos endereços residenciais.',
      fundamentoNegativa: 'dados_pessoais', justificativaNegativa: 'Endereços residenciais são informação pessoal protegida (Lei 12.527/2011, art. 31); a relação de servidores com cargos e lotação está no Portal da Transparência.',
      decidedDay: addDays(today, -4) },
    { company: pm, dias: 40, situacao: 'em_recurso', canal: 'internet', tema: 'financas', requerenteNome: 'Yara Duarte', requerenteEmail: 'yara.duarte@exemplo.com.br',
      identidadeRestrita: true, assunto: 'Dívida ativa por bairro', texto: 'Peço o valor total da dívida ativa do IPTU por bairro, sem identificar contribuintes.',
      fundamentoNegativa: 'trabalho_adicional', justificativaNegativa: 'Os dados não estão consolidados por bairro e exigiriam trabalho adicional de consolidação (Decreto 7.724/2012, art. 13, III).',
      decidedDay: addDays(today, -12), recurso: 'A informação existe no sistema tributário e pode ser extraída por bairro sem esforço desproporcional.',
      recursoEm: new Date(`${addDays(today, -3)}T12:00:00Z`), appealDue: true },
    { company: pm, dias: 60, situacao: 'recurso_decidido', canal: 'internet', tema: 'saude', requerenteNome: 'Zélia Moura', requerenteEmail: 'zelia.moura@exemplo.com.br',
      assunto: 'Fila de cirurgias eletivas', texto: 'Quantas pessoas aguardam cirurgia eletiva no município, por especialidade?',
      resposta: 'A fila por especialidade está no anexo publicado no Portal da Transparência, em Saúde › Regulação.',
      decidedDay: addDays(today, -40), recurso: 'A resposta não traz o tempo médio de espera por especialidade.', recursoEm: new Date(`${addDays(today, -35)}T12:00:00Z`),
      decisaoRecurso: 'provido', fundamentacaoRecurso: 'Recurso provido: a Secretaria de Saúde enviou o tempo médio de espera por especialidade, anexado à consulta.',
      recursoDecididoEm: new Date(`${addDays(today, -32)}T12:00:00Z`), recursoDecididoPor_id: paulo ?? null },
  ];
  const given = new Map<number, number>();
  for (const { company, dias, resposta, decidedDay, appealDue, ...r } of [...requests, ...more] as Row[]) {
    const numero = (given.get(company as number) ?? 0) + 1;
    given.set(company as number, numero);
    const created = addDays(today, -dias);
    const answered = resposta && !decidedDay ? addDays(today, -5) : (decidedDay as string | undefined) ?? null;
    await insertRows({ db }, pedidosInformacao, {
      ...r, ano: year, numero, protocolo: protocolOf(numero, year), company_id: company,
      prazo: appealDue ? await computeDeadline(db, company, dayOf(r.recursoEm), 5) : await computeDeadline(db, company, created, 20),
      prorrogado: false, created_at: new Date(`${created}T13:00:00Z`),
      ...(resposta ? { resposta } : {}), ...(answered ? await decided(company, answered) : {}),
    } as never);
  }
}

type Row = Record<string, any>;
const dayOf = (d: unknown): string => (d as Date).toISOString().slice(0, 10);
