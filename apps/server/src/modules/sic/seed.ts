/**
 * Demo requests for information (E-SIC): at the prefeitura one just received, one in analysis past its deadline,
 * one answered (its appeal window open); at the câmara one received. Numbered by the same yearly counter as new
 * ones; deadlines as the workflow computes them.
 */
import { pedidoInformacaoSequencias, pedidosInformacao } from '../../db/schema.generated.ts';
import type { Db } from '../../db/client.ts';
import { todayInSaoPaulo } from '../../auth/session.ts';
import { nextProtocol, type Sequences } from '../cultura/ouvidoria.ts';
import { addDays, computeDeadline } from '../materias/deadline.ts';

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
  for (const { company, dias, resposta, ...r } of requests) {
    const created = addDays(today, -dias);
    const answered = resposta ? addDays(today, -5) : null;
    await db.insert(pedidosInformacao).values({
      ...r, ...(await nextProtocol(db, company, year, pedidoInformacaoSequencias as unknown as Sequences)), company_id: company,
      prazo: await computeDeadline(db, company, created, 20), prorrogado: false, created_at: new Date(`${created}T13:00:00Z`),
      ...(resposta && answered ? { resposta, dataResposta: new Date(`${answered}T15:00:00Z`), prazoRecurso: await computeDeadline(db, company, answered, 10) } : {}),
    } as never);
  }
}
