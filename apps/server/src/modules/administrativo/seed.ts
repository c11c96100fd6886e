/** Demo data of this area (called once by the demo seed on an empty database), and the national bank list. */
import { and, eq, isNull } from 'drizzle-orm';
import { formatNup } from '@paco/domain/resources/administrativo';
import type { Db } from '../../db/client.ts';
import {
  bankAccounts, banks, conselhos, constructions, contratos, convenios, historics, items, licitacaos, measures, movements, people,
  processes, processesItems, processesPeople, procedures, sequences, responsibles, sectors, sectorsProcedures, tramitationUnities, types, users,
} from '../../db/schema.generated.ts';
import { insertRows } from '../../engine/rows.ts';

/** Banks by COMPE code (Banco Central), shared by every company. */
export const NATIONAL_BANKS: readonly (readonly [string, string])[] = [
  ['001', 'Banco do Brasil S.A.'], ['003', 'Banco da Amazônia S.A.'], ['004', 'Banco do Nordeste do Brasil S.A.'],
  ['033', 'Banco Santander (Brasil) S.A.'], ['041', 'Banco do Estado do Rio Grande do Sul S.A. (Banrisul)'], ['070', 'BRB - Banco de Brasília S.A.'],
  ['077', 'Banco Inter S.A.'], ['104', 'Caixa Econômica Federal'], ['208', 'Banco BTG Pactual S.A.'], ['212', 'Banco Original S.A.'],
  ['237', 'Banco Bradesco S.A.'], ['260', 'Nu Pagamentos S.A. (Nubank)'], ['336', 'Banco C6 S.A.'], ['341', 'Itaú Unibanco S.A.'],
  ['422', 'Banco Safra S.A.'], ['748', 'Banco Cooperativo Sicredi S.A.'], ['756', 'Banco Cooperativo Sicoob S.A.'],
];

/** Ensures the national bank list (idempotent). Meant for the reference seed, run on every start. */
export async function seedBanks(db: Db): Promise<void> {
  const have = new Set((await db.select({ code: banks.code }).from(banks).where(isNull(banks.company_id))).map((b) => b.code));
  const missing = NATIONAL_BANKS.filter(([code]) => !have.has(code)).map(([code, name]) => ({ code, name }));
  if (missing.length) await insertRows({ db }, banks, missing);
}

/** A valid CPF from 9 base digits (two mod-11 check digits). */
export function cpfFrom(base9: string): string {
  const d = base9.split('').map(Number);
  const dv = (n: number[]) => { const s = n.reduce((a, x, i) => a + x * (n.length + 1 - i), 0) % 11; return s < 2 ? 0 : 11 - s; };
  d.push(dv(d));
  d.push(dv(d));
  return d.join('');
}

export async function seedDemo(db: Db, companies: { camara: number; prefeitura: number }): Promise<void> {
  await seedBanks(db);
  const pm = companies.prefeitura;
  const cm = companies.camara;
  const typeId = async (type: string, slug: string): Promise<number | null> =>
    (await db.select({ id: types.id }).from(types).where(and(eq(types.type, type), eq(types.slug, slug), isNull(types.company_id))).limit(1))[0]?.id ?? null;
  const userId = async (email: string): Promise<number | null> => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1))[0]?.id ?? null;

  // Sectors of the Prefeitura (codes are the NUP unit codes)
  const sec = await insertRows({ db }, sectors, [
    { company_id: pm, code: '00101', name: 'Protocolo Geral', description: 'Recebimento e registro de documentos e processos.', type: await typeId('sectors', 'protocolo') },
    { company_id: pm, code: '00201', name: 'Secretaria Municipal de Finanças', description: 'Empenho, liquidação e pagamento.', type: await typeId('sectors', 'financeiro') },
    { company_id: pm, code: '00301', name: 'Procuradoria Jurídica', description: 'Pareceres e análise jurídica.', type: await typeId('sectors', 'juridico') },
    { company_id: pm, code: '00401', name: 'Departamento de Recursos Humanos', description: 'Gestão de pessoal.', type: await typeId('sectors', 'administrativo') },
    { company_id: pm, code: '00501', name: 'Gabinete do Prefeito', type: await typeId('sectors', 'gabinete') },
    { company_id: pm, code: '00601', name: 'Controladoria Interna', type: await typeId('sectors', 'administrativo') },
  ]);
  const [protocolo, financas, juridico, rh] = sec;
  const cmSec = await insertRows({ db }, sectors, [
    { company_id: cm, code: '00101', name: 'Protocolo da Câmara', type: await typeId('sectors', 'protocolo') },
    { company_id: cm, code: '00201', name: 'Secretaria Legislativa', type: await typeId('sectors', 'administrativo') },
  ]);

  const proc = await insertRows({ db }, procedures, [
    { company_id: pm, code: 'PAG', name: 'Pagamento a fornecedor', description: 'Liquidação e pagamento de nota fiscal.', useValues: true, useCredors: true },
    { company_id: pm, code: 'DIA', name: 'Concessão de diárias', useValues: true, useCredors: true },
    { company_id: pm, code: 'FER', name: 'Férias de servidor', useValues: false, useCredors: false },
    { company_id: pm, code: 'REQ', name: 'Requerimento administrativo', useValues: false, useCredors: false },
    { company_id: pm, code: 'LIC', name: 'Licitação', description: 'Fase interna e externa de contratação (Lei 14.133/2021).', useValues: true, useCredors: false },
  ]);
  const [pagamento, , ferias] = proc;
  await insertRows({ db }, sectorsProcedures, [
    ...proc.map((p) => ({ sector_id: protocolo.id, procedure_id: p.id })),
    { sector_id: financas.id, procedure_id: pagamento.id }, { sector_id: financas.id, procedure_id: proc[1].id },
    { sector_id: rh.id, procedure_id: ferias.id }, { sector_id: juridico.id, procedure_id: proc[4].id },
  ]);

  await insertRows({ db }, historics, [
    { company_id: pm, name: 'Encaminhamento para análise', description: 'Encaminhamos para análise e providências.' },
    { company_id: pm, sector_id: financas.id, name: 'Pagamento efetuado', description: 'Pagamento efetuado conforme nota fiscal e empenho.' },
    { company_id: pm, sector_id: juridico.id, name: 'Parecer favorável', description: 'Parecer jurídico favorável, nos termos da legislação vigente.' },
    { company_id: pm, sector_id: rh.id, name: 'Férias deferidas', description: 'Férias deferidas conforme escala anual.' },
  ]);

  const priscila = await userId('protocolo@paco.demo');
  const paulo = await userId('admin.prefeitura@paco.demo');
  const year = new Date().getFullYear();
  const start = `${year}-01-02`;
  if (priscila) await insertRows({ db }, responsibles, { company_id: pm, user_id: priscila, sector_id: protocolo.id, dataInicio: start });
  if (paulo) await insertRows({ db }, responsibles, { company_id: pm, user_id: paulo, sector_id: financas.id, dataInicio: start });
  // a clerk of another sector: the protocol workflow has two sides (send from Protocolo, accept in Finanças)
  const fabio = await userId('financas@paco.demo');
  if (fabio) await insertRows({ db }, responsibles, { company_id: pm, user_id: fabio, sector_id: financas.id, dataInicio: start });

  // Measures and items
  const ms = await insertRows({ db }, measures, [
    { company_id: pm, code: 'UN', label: 'Unidade' }, { company_id: pm, code: 'CX', label: 'Caixa' }, { company_id: pm, code: 'KG', label: 'Quilograma' },
    { company_id: pm, code: 'L', label: 'Litro' }, { company_id: pm, code: 'M2', label: 'Metro quadrado' }, { company_id: pm, code: 'H', label: 'Hora' },
  ]);
  const m = (code: string) => ms.find((x) => x.code === code)!.id;
  const it = await insertRows({ db }, items, [
    { company_id: pm, name: 'Papel A4 75 g/m² (resma com 500 folhas)', measure_id: m('CX'), type_id: await typeId('items', 'material_consumo') },
    { company_id: pm, name: 'Cimento Portland CP II 50 kg', measure_id: m('UN'), type_id: await typeId('items', 'material_consumo') },
    { company_id: pm, name: 'Óleo diesel S10', measure_id: m('L'), type_id: await typeId('items', 'material_consumo') },
    { company_id: pm, name: 'Microcomputador desktop', measure_id: m('UN'), type_id: await typeId('items', 'material_permanente') },
    { company_id: pm, name: 'Manutenção predial', measure_id: m('H'), type_id: await typeId('items', 'servico') },
  ]);

  // People (valid CPFs from fixed bases) and a company creditor
  const pf = await typeId('people', 'fisica');
  const pj = await typeId('people', 'juridica');
  const fem = await typeId('gender', 'feminino');
  const masc = await typeId('gender', 'masculino');
  const sup = await typeId('escolaridade', 'superior');
  const med = await typeId('escolaridade', 'medio');
  const ppl = await insertRows({ db }, people, [
    { company_id: pm, name: 'Maria Aparecida da Silva', cpf: cpfFrom('529982247'), nascimento: '1978-03-14', type_id: pf, gender_id: fem, escolaridade_id: sup, mae: 'Ana da Silva' },
    { company_id: pm, name: 'João Batista Pereira', cpf: cpfFrom('123456789'), nascimento: '1985-07-22', type_id: pf, gender_id: masc, escolaridade_id: med, situacao_militar_id: await typeId('situacao_militar', 'reservista') },
    { company_id: pm, name: 'Conceição Araújo Gonçalves', cpf: cpfFrom('987654321'), nascimento: '1969-11-02', type_id: pf, gender_id: fem, escolaridade_id: sup },
    { company_id: pm, name: 'Construtora Serra Azul Ltda.', cnpj: '11444777000161', type_id: pj },
    { company_id: pm, name: 'Papelaria Vila Serena ME', cnpj: '45723174000110', type_id: pj },
    { company_id: cm, name: 'José Antônio Ribeiro', cpf: cpfFrom('111444777'), type_id: pf, gender_id: masc },
  ]);
  const [maria, , , construtora, papelaria] = ppl;

  const bb = (await db.select({ id: banks.id }).from(banks).where(and(eq(banks.code, '001'), isNull(banks.company_id))).limit(1))[0].id;
  const cef = (await db.select({ id: banks.id }).from(banks).where(and(eq(banks.code, '104'), isNull(banks.company_id))).limit(1))[0].id;
  const corrente = await typeId('bank_accounts', 'corrente');
  const [contaFpm] = await insertRows({ db }, bankAccounts, [
    { company_id: pm, bank_id: bb, agence: '1234-5', number: '12345-6', description: 'Conta movimento - FPM', accounttable_type: corrente },
    { company_id: pm, bank_id: cef, agence: '0987', number: '00006789-0', description: 'Conta FUNDEB', accounttable_type: corrente },
    { company_id: pm, bank_id: bb, agence: '1234-5', number: '55555-1', description: 'Conta do credor', accounttable_type: corrente, person_id: papelaria.id },
  ]);

  // Two processes with movements (NUPs of the Protocolo Geral unit)
  const nup1 = formatNup('00101', 1, year);
  const nup2 = formatNup('00101', 2, year);
  await insertRows({ db }, sequences, { company_id: pm, chave: `processes.number:unidade=00101,ano=${year}`, ultimo: 2 });
  const [p1, p2] = await insertRows({ db }, processes, [
    {
      company_id: pm, number: nup1, date: `${year}-02-10`, procedure_id: pagamento.id, sector_id: protocolo.id, current_sector_id: financas.id,
      object: 'Pagamento da nota fiscal de fornecimento de material de expediente (papel A4) às escolas municipais.',
      notaFiscal: '000.123', valorBruto: 4850, valorLiquido: 4610.5, bank_account_id: contaFpm.id, aguardandoAceite: false,
    },
    {
      company_id: pm, number: nup2, date: `${year}-03-05`, procedure_id: ferias.id, sector_id: protocolo.id, current_sector_id: rh.id,
      object: 'Requerimento de férias regulamentares da servidora Maria Aparecida da Silva.', aguardandoAceite: true,
    },
  ]);
  await insertRows({ db }, processesPeople, [{ process_id: p1.id, person_id: papelaria.id }, { process_id: p2.id, person_id: maria.id }]);
  await insertRows({ db }, processesItems, [{ process_id: p1.id, item_id: it[0].id }]);
  const at = (d: string, h: string) => new Date(`${d}T${h}:00-03:00`).toISOString();
  await insertRows({ db }, movements, [
    {
      company_id: pm, process_id: p1.id, sequence: 1, origem_id: protocolo.id, destino_id: juridico.id, user_id: priscila,
      historicoSetor: 'Encaminhamos para análise e providências.', entrada: at(`${year}-02-10`, '09:12'),
      dataHoraAceito: at(`${year}-02-10`, '10:40'), accepted_by_id: paulo, dataHoraSaida: at(`${year}-02-12`, '15:05'), transferida: true,
    },
    {
      company_id: pm, process_id: p1.id, sequence: 2, origem_id: juridico.id, destino_id: financas.id, user_id: paulo,
      historicoSetor: 'Parecer jurídico favorável; encaminhe-se para pagamento.', entrada: at(`${year}-02-12`, '15:05'),
      dataHoraAceito: at(`${year}-02-13`, '08:30'), accepted_by_id: paulo,
    },
    {
      company_id: pm, process_id: p2.id, sequence: 1, origem_id: protocolo.id, destino_id: rh.id, user_id: priscila,
      historicoSetor: 'Encaminhamos para análise e providências.', entrada: at(`${year}-03-05`, '14:20'),
    },
  ]);

  // Tender, contract, agreement, councils, a construction work
  const [lic] = await insertRows({ db }, licitacaos, {
    company_id: pm, exercicio: year, numero: '012/' + year, modalidade_id: (await typeId('tenders', 'pregao_eletronico'))!, criterioJulgamento: 'menor_preco',
    objeto: 'Registro de preços para aquisição de material de expediente para as secretarias municipais.',
    dataPublicacao: `${year}-01-20`, dataAbertura: at(`${year}-02-03`, '09:00'), valorEstimado: 185000, situacao: 'homologada', process_id: p1.id,
  });
  const ctr = await insertRows({ db }, contratos, [
    {
      company_id: pm, exercicio: year, numero: '034/' + year, data: `${year}-02-08`, objeto: 'Fornecimento de material de expediente conforme ata de registro de preços.',
      valorGlobal: 48500, inicio: `${year}-02-08`, fim: `${year}-12-31`, processoLicitatorio: `Pregão Eletrônico 012/${year}`,
      tipo_contrato_id: await typeId('contracts', 'compra'), licitacao_id: lic.id, credor_id: papelaria.id,
    },
    {
      company_id: pm, exercicio: year, numero: '041/' + year, data: `${year}-03-01`, objeto: 'Reforma e ampliação da Escola Municipal Professora Lúcia Helena.',
      valorGlobal: 1250000, inicio: `${year}-03-10`, fim: `${year + 1}-03-09`, processoLicitatorio: `Concorrência 003/${year}`,
      tipo_contrato_id: await typeId('contracts', 'obra'), credor_id: construtora.id,
    },
  ]);
  await insertRows({ db }, convenios, {
    company_id: pm, exercicio: year, numero: '1.234/' + year, tipo: 'convenio', concedente: 'Estado de Minas Gerais - Secretaria de Estado de Infraestrutura',
    convenente: 'Prefeitura Municipal de Vila Serena', objeto: 'Pavimentação asfáltica de vias urbanas no bairro Jardim das Acácias.',
    data: `${year}-01-15`, inicio: `${year}-01-15`, fim: `${year + 1}-01-14`, valor: 800000, contrapartida: 80000, situacao: 'em_execucao',
  });
  await insertRows({ db }, conselhos, [
    { company_id: pm, nome: 'Conselho Municipal de Saúde', sigla: 'CMS', tipo: 'conselho', leiCriacao: 'Lei Municipal nº 1.045/1991', presidente: 'Conceição Araújo Gonçalves', ativo: true },
    { company_id: pm, nome: 'Conselho Municipal dos Direitos da Criança e do Adolescente', sigla: 'CMDCA', tipo: 'conselho', leiCriacao: 'Lei Municipal nº 1.210/1993', ativo: true },
    { company_id: pm, nome: 'Associação de Moradores do Bairro Centro', tipo: 'associacao', cnpj: '34028316000103', presidente: 'João Batista Pereira', ativo: true },
  ]);
  await insertRows({ db }, constructions, {
    company_id: pm, nome: 'Reforma da Escola Municipal Professora Lúcia Helena', objeto: 'Reforma da cobertura, salas de aula e construção de quadra coberta.',
    local: 'Rua das Flores, 250', bairro: 'Centro', situacao: 'em_andamento', percentualExecutado: 35, valor: 1250000,
    dataInicio: `${year}-03-10`, dataPrevisao: `${year + 1}-03-09`, contrato_id: ctr[1].id,
  });

  await insertRows({ db }, tramitationUnities, [
    { company_id: cm, descricao: 'Secretaria Legislativa', sector_id: cmSec[1].id },
    { company_id: cm, descricao: 'Procuradoria da Câmara' },
  ]);
}
