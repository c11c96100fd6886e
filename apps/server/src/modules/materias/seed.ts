/**
 * Demo data of the matters area for the Câmara Municipal de Vila Serena (called once by the demo seed on an empty
 * database, after the legislativo seed): authors (one per vereador, the Executive, the Mesa), subjects, the four
 * permanent commissions with their 2025–2026 compositions and a few meetings, 20 matters of 2026 (PL, PLC, REQ, IND,
 * MOÇ) with authors, subjects and tramitation, norms (one revoking another), propositions, an audience, reports,
 * the company's holidays, matter applications and solicitations, and two plenary sessions with their agendas: last
 * week's (finished; its votings come from the plenario seed) and today's (not started, presided by the Mesa's
 * president, with expediente items to read or vote symbolically and an ordem do dia with turnos and nominal votes).
 */
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  audiences, authors, boards, commissions, compositionPeriods, compositions, distributions, holidays, matterApplications, matterDocuments, matters, mattersAuthors, mattersSubjects,
  legislativeSessions, legislatures, meetings, normRelations, norms, participants, parliamentaries, plenaryMatters, plenarySessions, presences, propositions, reports,
  solicitations, subjects, tramitationFlows, tramitations, tramitationUnities, types, voteEffects,
} from '../../db/schema.generated.ts';
import { abbreviation } from './index.ts';
import { businessDeadline, deadline } from './deadline.ts';
import { syncMatter } from './tramitacao.ts';
import { numberKey, refreshNormStatus } from '../ciclo/normas.ts';
import { defaultVoteEffect, SEEDED_EFFECT_TYPES } from '@paco/domain/resources/ciclo';
import { todayInSaoPaulo as todayIso } from '../../auth/session.ts';
import { addDays } from '@paco/domain/holidays';
import { sessionNumbering } from '@paco/domain/plenary';
import { insertRows, updateRows } from '../../engine/rows.ts';
import type { FileStorage } from '../../storage/files.ts';
import { demoPdf } from '../conteudo/portal-seed.ts';

/** [type slug, date, ementa, indexação, author index (vereador) or 'executivo'/'mesa', subject slugs] */
type MatterSeed = [string, string, string, string, number | 'executivo' | 'mesa', string[]];
const MATTERS: MatterSeed[] = [
  ['pl', '2026-02-10', 'Institui o Programa Municipal de Hortas Comunitárias em áreas públicas ociosas do Município de Vila Serena e dá outras providências.', 'horta comunitária, agricultura urbana, segurança alimentar', 0, ['meio_ambiente']],
  ['pl', '2026-02-24', 'Dispõe sobre a obrigatoriedade de divulgação, no sítio eletrônico da Prefeitura, da lista de espera por consultas e exames especializados na rede municipal de saúde.', 'transparência, saúde, lista de espera, acesso à informação', 2, ['saude']],
  ['pl', '2026-03-17', 'Denomina Rua Professora Maria das Graças Silveira a atual Rua Projetada 7, no Bairro Jardim Primavera.', 'denominação de logradouro, homenagem', 7, ['homenagem', 'obras']],
  ['pl', '2026-04-07', 'Estima a receita e fixa a despesa do Município de Vila Serena para o exercício financeiro de 2027 (Lei de Diretrizes Orçamentárias).', 'LDO, orçamento, diretrizes orçamentárias', 'executivo', ['financas']],
  ['pl', '2026-05-12', 'Autoriza o Poder Executivo a celebrar convênio com o Estado de Minas Gerais para a pavimentação da estrada vicinal VS-040.', 'convênio, pavimentação, estrada vicinal', 'executivo', ['obras']],
  ['pl', '2026-08-18', 'Cria o Conselho Municipal dos Direitos da Pessoa Idosa e o Fundo Municipal da Pessoa Idosa.', 'conselho municipal, pessoa idosa, fundo municipal', 3, ['saude']],
  ['plc', '2026-06-02', 'Altera dispositivos do Código Tributário Municipal relativos à isenção do IPTU para aposentados e pensionistas de baixa renda.', 'IPTU, isenção, código tributário, aposentados', 'executivo', ['financas']],
  ['req', '2026-02-10', 'Requer ao Poder Executivo informações sobre o cronograma de reforma da Escola Municipal Professora Lúcia Helena.', 'pedido de informação, educação, reforma de escola', 0, ['educacao']],
  ['req', '2026-03-03', 'Requer informações à Secretaria Municipal de Saúde sobre o estoque de medicamentos da Farmácia Básica Municipal.', 'pedido de informação, medicamentos, farmácia básica', 6, ['saude']],
  ['req', '2026-04-14', 'Requer a realização de audiência pública para discutir o transporte coletivo urbano e o reajuste da tarifa.', 'audiência pública, transporte coletivo, tarifa', 3, ['obras']],
  ['req', '2026-09-22', 'Requer informações sobre os contratos de coleta de lixo e limpeza urbana vigentes no exercício de 2026.', 'pedido de informação, coleta de lixo, contratos', 10, ['meio_ambiente']],
  ['ind', '2026-02-17', 'Indica ao Poder Executivo a instalação de redutor de velocidade na Rua das Acácias, em frente à Creche Municipal Pequeno Príncipe.', 'redutor de velocidade, trânsito, creche', 4, ['obras']],
  ['ind', '2026-03-10', 'Indica a implantação de iluminação pública em LED na Avenida Brasil, trecho entre o Centro e o Bairro Santa Luzia.', 'iluminação pública, LED', 1, ['obras']],
  ['ind', '2026-05-05', 'Indica a ampliação do horário de atendimento da Unidade Básica de Saúde do Bairro Boa Vista até as 22 horas.', 'UBS, horário estendido, atenção básica', 5, ['saude']],
  ['ind', '2026-06-16', 'Indica a limpeza e o desassoreamento do Córrego Serena no trecho urbano.', 'córrego, desassoreamento, enchentes', 10, ['meio_ambiente']],
  ['ind', '2026-10-06', 'Indica a criação de ponto de ônibus coberto na Praça da Matriz.', 'ponto de ônibus, mobilidade urbana', 8, ['obras']],
  ['moc', '2026-03-24', 'Moção de aplauso à equipe de enfermagem do Hospital Municipal São Vicente pelos serviços prestados durante a campanha de vacinação.', 'moção de aplauso, enfermagem, vacinação', 5, ['homenagem', 'saude']],
  ['moc', '2026-05-19', 'Moção de pesar pelo falecimento do ex-vereador Sebastião Pereira da Costa.', 'moção de pesar, ex-vereador', 'mesa', ['homenagem']],
  ['moc', '2026-07-07', 'Moção de aplauso aos atletas da Escola Municipal Dom Pedro II, campeões dos Jogos Escolares de Minas Gerais.', 'moção de aplauso, esporte escolar', 9, ['homenagem', 'educacao']],
  ['moc', '2026-11-10', 'Moção de apoio à instalação de campus do Instituto Federal no Município de Vila Serena.', 'moção de apoio, instituto federal, educação profissional', 7, ['educacao']],
];

export async function seedDemo(db: Db, companies: { camara: number; prefeitura: number }, storage?: FileStorage): Promise<void> {
  const company_id = companies.camara;
  const typeOf = async (type: string, slug: string): Promise<{ id: number; label: string }> => {
    const [t] = await db.select({ id: types.id, label: types.label }).from(types).where(and(eq(types.type, type), eq(types.slug, slug), isNull(types.company_id))).limit(1);
    if (!t) throw new Error(`tipo ${type}/${slug} não semeado`);
    return t;
  };
  const today = todayIso();
  const year = 2026;

  /* holidays */
  const hol = await insertRows({ db }, holidays, [
    { company_id, data: '2026-08-15', descricao: 'Aniversário de Vila Serena e festa da padroeira', recorrente: true },
    { company_id, data: '2026-02-16', descricao: 'Carnaval (ponto facultativo)' },
    { company_id, data: '2026-02-17', descricao: 'Carnaval (ponto facultativo)' },
    { company_id, data: '2026-06-04', descricao: 'Corpus Christi (ponto facultativo)' },
  ]);
  const cal = { dates: new Set(hol.filter((h) => !h.recorrente).map((h) => String(h.data))), yearly: new Set(hol.filter((h) => h.recorrente).map((h) => String(h.data).slice(5))) };

  /* authors */
  const vereadores = await db.select({ id: parliamentaries.id, nome: parliamentaries.nome }).from(parliamentaries)
    .where(eq(parliamentaries.company_id, company_id)).orderBy(asc(parliamentaries.id));
  const tParl = await typeOf('authors', 'parlamentar');
  const authorRows = vereadores.length
    ? await insertRows({ db }, authors, vereadores.map((v) => ({ company_id, name: v.nome, cargo: 'Vereador(a)', type_id: tParl.id, parliamentary_id: v.id })))
    : [];
  const [executivo] = await insertRows({ db }, authors, { company_id, name: 'Prefeito Municipal', cargo: 'Chefe do Poder Executivo', type_id: (await typeOf('authors', 'executivo')).id });
  const [mesa] = await insertRows({ db }, authors, { company_id, name: 'Mesa Diretora', cargo: 'Mesa Diretora da Câmara', type_id: (await typeOf('authors', 'mesa_diretora')).id });
  const authorOf = (a: MatterSeed[4]) => (a === 'executivo' ? executivo : a === 'mesa' ? mesa : authorRows[a % Math.max(authorRows.length, 1)] ?? mesa);

  /* subjects */
  const subjectSlugs = ['saude', 'educacao', 'obras', 'financas', 'meio_ambiente', 'homenagem'];
  const subjectNames: Record<string, string> = {
    saude: 'Saúde pública', educacao: 'Educação', obras: 'Obras, trânsito e urbanismo', financas: 'Finanças e tributos', meio_ambiente: 'Meio ambiente', homenagem: 'Homenagens e denominações',
  };
  const subjectRows: Record<string, number> = {};
  for (const slug of subjectSlugs) {
    const [s] = await insertRows({ db }, subjects, { company_id, assunto: subjectNames[slug], type_id: (await typeOf('subjects', slug)).id });
    subjectRows[slug] = s.id;
  }

  /* commissions, compositions, participants, meetings */
  const tPerm = await typeOf('commissions', 'permanente');
  const comms = await insertRows({ db }, commissions, [
    { company_id, nome: 'Comissão de Legislação, Justiça e Redação', sigla: 'CLJR', type_id: tPerm.id, ativa: true, deliberativa: true, criacao: '1990-04-05', localReuniao: 'Sala das Comissões', dataHora: 'Terças-feiras, às 14h', descricao: 'Opina sobre a constitucionalidade, a legalidade e a técnica legislativa das proposições.' },
    { company_id, nome: 'Comissão de Finanças, Orçamento e Tomada de Contas', sigla: 'CFOTC', type_id: tPerm.id, ativa: true, deliberativa: true, criacao: '1990-04-05', localReuniao: 'Sala das Comissões', dataHora: 'Quartas-feiras, às 14h', descricao: 'Opina sobre matéria tributária, orçamentária e as contas do Município.' },
    { company_id, nome: 'Comissão de Obras, Serviços Públicos e Meio Ambiente', sigla: 'COSPMA', type_id: tPerm.id, ativa: true, deliberativa: true, criacao: '1990-04-05', localReuniao: 'Sala das Comissões', dataHora: 'Quintas-feiras, às 9h' },
    { company_id, nome: 'Comissão de Educação, Saúde e Assistência Social', sigla: 'CESAS', type_id: tPerm.id, ativa: true, deliberativa: true, criacao: '1997-03-12', localReuniao: 'Plenarinho', dataHora: 'Segundas-feiras, às 15h' },
  ]);
  const [period] = await insertRows({ db }, compositionPeriods, { company_id, descricao: 'Biênio 2025–2026', inicio: '2025-02-01', fim: '2026-12-31' });
  // one query at a time: the seed runs in a transaction (one connection)
  const cargos = [];
  for (const slug of ['presidente', 'vice_presidente', 'relator']) cargos.push(await typeOf('cargos_comissao', slug));
  const compRows = [];
  for (const [i, c] of comms.entries()) {
    const [comp] = await insertRows({ db }, compositions, { company_id, comission_id: c.id, composition_period_id: period.id, descricao: `${c.sigla} — ${period.descricao}` });
    compRows.push(comp);
    if (vereadores.length >= 3) {
      await insertRows({ db }, participants, cargos.map((cg, k) => ({
        company_id, composition_id: comp.id, parliamentary_id: vereadores[(i * 3 + k) % vereadores.length].id, cargo_id: cg.id, titular: true, designacao: '2025-02-03',
      })));
    }
  }
  await insertRows({ db }, meetings, [
    { company_id, commission_id: comms[0].id, numero: 12, nome: '12ª Reunião Ordinária da CLJR', tema: 'Pareceres sobre projetos de lei em tramitação', local: 'Sala das Comissões', data: '2026-10-20', horaInicio: '14:00', horaFim: '15:30' },
    { company_id, commission_id: comms[1].id, numero: 9, nome: '9ª Reunião Ordinária da CFOTC', tema: 'Análise do PL da LDO 2027', local: 'Sala das Comissões', data: '2026-05-06', horaInicio: '14:00', horaFim: '16:00' },
    { company_id, commission_id: comms[3].id, numero: 7, nome: '7ª Reunião da CESAS', tema: 'Conselho Municipal da Pessoa Idosa', local: 'Plenarinho', data: '2026-09-14', horaInicio: '15:00' },
  ]);

  /* matters */
  const regime = await typeOf('regime_tramitacao', 'ordinario');
  const simbolica = await typeOf('votation', 'simbolica');
  const nominal = await typeOf('votation', 'nominal');
  const counters = new Map<string, number>();
  const matterRows: (typeof matters.$inferSelect)[] = [];
  for (const [slug, data, ementa, indexacao, author, subs] of MATTERS) {
    const t = await typeOf('matters', slug);
    const numero = (counters.get(slug) ?? 0) + 1;
    counters.set(slug, numero);
    const isPl = slug === 'pl' || slug === 'plc';
    const [m] = await insertRows({ db }, matters, {
      company_id, type_id: t.id, numero, ano: year, identificacao: `${abbreviation(t.label)} ${numero}/${year}`, numeracao: `${t.id}/${numero}/${year}`,
      dataApresentacao: data, numProtocolo: `${String(100 + matterRows.length * 7).padStart(4, '0')}/${year}`, ementa, indexacao,
      regime_tramitacao_id: regime.id, type_votation_id: isPl ? nominal.id : simbolica.id, emTramitacao: true, complementar: slug === 'plc',
      diasPrazo: isPl ? 45 : null, fimPrazo: isPl ? deadline(data, 45, cal) : null,
    });
    matterRows.push(m);
    await insertRows({ db }, mattersAuthors, { matter_id: m.id, author_id: authorOf(author).id });
    await insertRows({ db }, mattersSubjects, subs.map((s) => ({ matter_id: m.id, subject_id: subjectRows[s] })));
  }

  /* two accessory documents of the LDO (decision 0059): the Prefeitura's ofício, public; a certidão kept internal */
  const ldo = matterRows[3];
  const docs = await insertRows({ db }, matterDocuments, [
    { company_id, matter_id: ldo.id, tipo_id: (await typeOf('documentos_acessorios', 'oficio')).id, nome: 'Ofício nº 45/2026 — encaminha o Projeto de LDO 2027', data: '2026-04-07',
      autor: 'Prefeitura Municipal', ementa: 'Encaminha à Câmara o projeto da Lei de Diretrizes Orçamentárias para 2027, com os anexos de metas e riscos fiscais.', publico: true },
    { company_id, matter_id: ldo.id, tipo_id: (await typeOf('documentos_acessorios', 'certidao')).id, nome: 'Certidão de publicação do edital de audiência pública', data: '2026-04-20',
      autor: 'Secretaria da Câmara', ementa: 'Certifica a publicação do edital da audiência pública da LDO no mural da Câmara.', publico: false },
  ]);
  if (storage) {
    for (const d of docs) {
      await updateRows({ db }, matterDocuments, eq(matterDocuments.id, d.id), { arquivo: await storage.save([company_id, 'matter_documents', d.id, 'arquivo'], demoPdf(d.nome), `documento-${d.id}.pdf`, 'application/pdf') });
    }
  }

  /* the tramitation's flow (Configurações › Fluxo de tramitação) and the units a bill passes through */
  const st = async (s: string) => (await typeOf('tramitation_status', s)).id;
  await seedFlows(db, company_id, st);
  await seedVoteEffects(db, company_id, typeOf);
  const unitIds: Record<string, number> = {};
  for (const u of await db.select().from(tramitationUnities).where(eq(tramitationUnities.company_id, company_id))) unitIds[u.descricao] = u.id;
  for (const descricao of ['Protocolo Legislativo', 'Plenário', 'Gabinete do Prefeito']) {
    if (unitIds[descricao]) continue;
    const [u] = await insertRows({ db }, tramitationUnities, { company_id, descricao });
    unitIds[descricao] = u.id;
  }
  const unit = (name: string): number => unitIds[name] ?? unitIds['Secretaria Legislativa'] ?? Object.values(unitIds)[0];
  const [protocolo, secretaria, plenario, gabinete] = ['Protocolo Legislativo', 'Secretaria Legislativa', 'Plenário', 'Gabinete do Prefeito'].map(unit);

  /*
   * tramitation of the bills (each step follows the flow): protocol → CLJR (15 days); two back with the opinion and on
   * the agenda, one of them approved, sent to the mayor and sanctioned; the newest at a second commission whose
   * deadline ends in a few days
   */
  const [protocolada, emComissao, parecer, pronta, aprovada, remetida, sancionada] = [
    await st('protocolada'), await st('em_comissao'), await st('parecer_emitido'), await st('pronta_pauta'), await st('aprovada'), await st('remetida_sancao'), await st('sancionada'),
  ];
  const turnoUnico = (await typeOf('turno', 'unico')).id;
  const bills = matterRows.filter((m) => MATTERS[matterRows.indexOf(m)][0] === 'pl' || MATTERS[matterRows.indexOf(m)][0] === 'plc');
  /** the steps that sent a bill to a commission: each opened a distribution (seeded below) */
  const toCommissions: { bill: number; step: typeof tramitations.$inferSelect }[] = [];
  for (const [i, m] of bills.entries()) {
    const start = String(m.dataApresentacao);
    const sent = deadline(start, 2, cal);
    const steps: Record<string, unknown>[] = [
      { data: start, status_id: protocolada, acao: 'Matéria protocolada e lida no expediente.', origem_id: protocolo, destino_id: secretaria },
      { data: sent, status_id: emComissao, acao: 'Encaminhada à Comissão de Legislação, Justiça e Redação para parecer.', commission_id: comms[0].id, diasPrazo: 15, fimPrazo: deadline(sent, 15, cal), origem_id: secretaria },
    ];
    if (i === 0 || i === 3) {
      steps.push({ data: deadline(sent, 11, cal), status_id: parecer, acao: 'Parecer favorável da CLJR.', destino_id: secretaria });
      steps.push({ data: deadline(sent, 12, cal), status_id: pronta, acao: 'Matéria pronta para a Ordem do Dia.', origem_id: secretaria, destino_id: plenario });
    }
    if (i === 3) {
      steps.push({ data: deadline(sent, 30, cal), status_id: aprovada, acao: 'Aprovado em turno único na sessão ordinária.', origem_id: plenario, destino_id: secretaria });
      steps.push({ data: deadline(sent, 32, cal), status_id: remetida, acao: 'Autógrafo remetido ao Prefeito para sanção (15 dias úteis).', origem_id: secretaria, destino_id: gabinete });
      steps.push({ data: '2026-07-01', status_id: sancionada, acao: 'Sancionado pelo Prefeito: Lei nº 2.355/2026.', origem_id: gabinete, destino_id: secretaria });
    }
    if (i === bills.length - 1 && start < addDays(today, -30)) {
      const back = addDays(today, -20);
      const again = addDays(today, -8);
      steps.push({ data: back, status_id: parecer, acao: 'Parecer favorável da CLJR, com emenda.', destino_id: secretaria });
      steps.push({ data: again, status_id: emComissao, acao: 'Encaminhada à Comissão de Educação, Saúde e Assistência Social.', commission_id: comms[3].id, diasPrazo: 10, fimPrazo: deadline(again, 10, cal), origem_id: secretaria });
    }
    const made = await insertRows({ db }, tramitations, steps.map((s) => ({ company_id, matter_id: m.id, turno_id: turnoUnico, urgente: false, ...s })) as (typeof tramitations.$inferInsert)[]);
    toCommissions.push(...made.filter((x) => x.commission_id).map((x) => ({ bill: i, step: x })));
    // the matter's current status, place, deadline and "em tramitação", as the server keeps them
    await syncMatter({ db }, company_id, m.id);
  }

  /* reports (relatorias) */
  const cljr = compRows[0];
  const relator = vereadores[2 % Math.max(vereadores.length, 1)];
  if (relator) {
    await insertRows({ db }, reports, bills.slice(0, 3).map((m) => ({
      company_id, matter_id: m.id, parliamentary_id: relator.id, commission_id: comms[0].id, composition_id: cljr.id, designacao: deadline(String(m.dataApresentacao), 3, cal),
    })));
  }

  /*
   * the commissions' work on the bills (distributions): the CLJR's opinion given on the first, the fourth and the
   * newest bills, its rapporteur still working on the second and third (past the deadline); the newest bill's second
   * commission (CESAS) with its rapporteur — Vera Lúcia, a member — designated a week ago, the deadline closing in
   */
  if (relator) {
    const stepsOf = (bill: number) => toCommissions.filter((x) => x.bill === bill).map((x) => x.step);
    const designated = (m: typeof matters.$inferSelect) => deadline(String(m.dataApresentacao), 3, cal);
    for (const [i, m] of bills.entries()) {
      const [cljrStep, secondStep] = stepsOf(i);
      if (!cljrStep) continue;
      const withRelator = i <= 3 || i === bills.length - 1;
      const opinion = await db.select({ data: tramitations.data }).from(tramitations)
        .where(and(eq(tramitations.matter_id, m.id), eq(tramitations.status_id, parecer))).orderBy(asc(tramitations.id)).limit(1);
      const base = { company_id, matter_id: m.id, commission_id: comms[0].id, data: String(cljrStep.data), tramitation_id: cljrStep.id, descricao: `${m.identificacao} — ${comms[0].sigla}` };
      if (!withRelator) {
        await insertRows({ db }, distributions, { ...base, situacao: 'aguardando_relator' });
        continue;
      }
      const designacao = designated(m) < String(cljrStep.data) ? String(cljrStep.data) : designated(m);
      const [rep] = i <= 2 ? await db.select({ id: reports.id }).from(reports).where(eq(reports.matter_id, m.id)).limit(1)
        : await insertRows({ db }, reports, { company_id, matter_id: m.id, parliamentary_id: relator.id, commission_id: comms[0].id, composition_id: cljr.id, designacao });
      const given = opinion[0]?.data ? String(opinion[0].data) : null;
      await insertRows({ db }, distributions, {
        ...base, relator_id: relator.id, report_id: rep?.id ?? null, designacao, diasPrazo: 15, prazoParecer: businessDeadline(designacao, 15, cal),
        ...(given ? { situacao: 'parecer_emitido', parecer: i === bills.length - 1 ? 'favoravel_emendas' : 'favoravel', parecer_data: given, votos_favoraveis: 3, votos_contrarios: 0, abstencoes: 0 } : { situacao: 'com_relator' }),
      });
      if (secondStep) {
        const cesas = vereadores[(3 * 3 + 2) % vereadores.length];
        const [r2] = await insertRows({ db }, reports, { company_id, matter_id: m.id, parliamentary_id: cesas.id, commission_id: comms[3].id, composition_id: compRows[3].id, designacao: String(secondStep.data) });
        await insertRows({ db }, distributions, {
          company_id, matter_id: m.id, commission_id: comms[3].id, data: String(secondStep.data), tramitation_id: secondStep.id, situacao: 'com_relator', descricao: `${m.identificacao} — ${comms[3].sigla}`,
          relator_id: cesas.id, report_id: r2.id, designacao: String(secondStep.data), diasPrazo: 10, prazoParecer: businessDeadline(String(secondStep.data), 10, cal),
        });
      }
    }
  }

  /* norms */
  const leiOrd = await typeOf('norms', 'lei_ordinaria');
  const leiComp = await typeOf('norms', 'lei_complementar');
  const resol = await typeOf('norms', 'resolucao');
  const normRows = await insertRows({ db }, norms, [
    { company_id, type_id: leiOrd.id, numero: '1.987', ano: 2019, esfera: 'municipal', data: '2019-05-14', dataPublicacao: '2019-05-16', ementa: 'Dispõe sobre o acesso à informação no âmbito do Município de Vila Serena, regulamentando a Lei Federal nº 12.527/2011.', indexacao: 'acesso à informação, transparência, LAI' },
    { company_id, type_id: leiOrd.id, numero: '2.310', ano: 2025, esfera: 'municipal', data: '2025-06-10', dataPublicacao: '2025-06-12', ementa: 'Dispõe sobre a transparência das informações de saúde e dá nova redação às regras de acesso a informações públicas municipais.', indexacao: 'informações de saúde, transparência ativa' },
    { company_id, type_id: leiComp.id, numero: '45', ano: 2023, esfera: 'municipal', complementar: true, data: '2023-12-19', dataPublicacao: '2023-12-20', ementa: 'Institui o Código Tributário do Município de Vila Serena.', indexacao: 'código tributário, IPTU, ISSQN, taxas' },
    { company_id, type_id: leiOrd.id, numero: '2.355', ano: 2026, esfera: 'municipal', data: '2026-07-01', dataPublicacao: '2026-07-02', ementa: 'Dispõe sobre as diretrizes para a elaboração e execução da Lei Orçamentária de 2027.', indexacao: 'LDO, diretrizes orçamentárias', matter_id: bills[3]?.id ?? null },
    { company_id, type_id: resol.id, numero: '112', ano: 2024, esfera: 'municipal', data: '2024-02-20', dataPublicacao: '2024-02-21', ementa: 'Aprova o Regimento Interno da Câmara Municipal de Vila Serena.', indexacao: 'regimento interno, processo legislativo' },
  ]);
  // what the server keeps of each norm (modules/ciclo/normas.ts): identification, numbering key, status from relations
  const normLabels = new Map([leiOrd, leiComp, resol].map((t) => [t.id, t.label]));
  for (const n of normRows) {
    await updateRows({ db }, norms, eq(norms.id, n.id), {
      identificacao: `${normLabels.get(n.type_id)} nº ${n.numero}/${n.ano}`, numeracao: `${n.type_id}/${numberKey(String(n.numero))}/${n.ano}`,
      situacao: 'vigente', vigencia: 'Vigente', ...(n.matter_id ? { sancao: 'sancionada' } : {}),
    });
  }
  await insertRows({ db }, normRelations, { company_id, norm_id: normRows[1].id, tipo: 'altera', inverso: 'altera', related_norm_id: normRows[0].id, obs: 'Dá nova redação aos arts. 3º e 8º.' });
  await refreshNormStatus({ db }, normRows[0].id);
  // the LDO's bill became Lei 2.355/2026
  if (bills[3]) await updateRows({ db }, matters, eq(matters.id, bills[3].id), { norma_id: normRows[3].id });

  /* propositions */
  const emenda = await typeOf('propositions', 'emenda');
  const plType = await typeOf('matters', 'pl');
  await insertRows({ db }, propositions, [
    { company_id, type_id: emenda.id, numero: 1, ano: year, ementa: 'Emenda modificativa ao PL 1/2026: inclui as escolas municipais entre as áreas aptas a receber hortas comunitárias.', type_matter_id: plType.id, matter_id: bills[0]?.id ?? null, author_id: authorRows[3]?.id ?? mesa.id },
    { company_id, type_id: emenda.id, numero: 2, ano: year, ementa: 'Emenda aditiva ao PL 2/2026: exige a atualização semanal das informações da lista de espera.', type_matter_id: plType.id, matter_id: bills[1]?.id ?? null, author_id: authorRows[6]?.id ?? mesa.id },
  ]);

  /* audience */
  await insertRows({ db }, audiences, {
    company_id, nome: 'Audiência pública sobre o transporte coletivo urbano', numero: 3, tema: 'Qualidade do serviço e reajuste da tarifa de ônibus', tipo_materia_id: (await typeOf('matters', 'req')).id,
    numMateria: 3, anoMateria: year, data: '2026-05-28', horaInicio: '19:00', horaFim: '21:30', cancelada: false,
  });

  /* matter applications and solicitations (from the vereadora of the demo user and another vereador; one draft) */
  if (vereadores.length >= 2) {
    await insertRows({ db }, matterApplications, [
      { company_id, type_id: (await typeOf('matters', 'ind')).id, parliamentary_id: vereadores[0].id, data: '2026-11-16', ementa: 'Indica a instalação de academia ao ar livre na Praça do Bairro Santa Luzia.', destinatario: 'Excelentíssimo Senhor Prefeito Municipal', texto: 'Indico ao Poder Executivo, na forma regimental, a instalação de academia ao ar livre na Praça do Bairro Santa Luzia.', justificativa: 'A praça é muito frequentada por idosos, que não dispõem de equipamentos de atividade física no bairro.', situacao: 'enviada' },
      { company_id, type_id: (await typeOf('matters', 'mocao_aplauso')).id, parliamentary_id: vereadores[1].id, data: '2026-11-12', ementa: 'Moção de aplauso à Associação Comercial de Vila Serena pelos 50 anos de fundação.', texto: 'A Câmara Municipal manifesta aplauso à Associação Comercial pelos 50 anos de fundação.', situacao: 'em_analise' },
      // a draft the vereadora has not sent yet: only she sees it
      { company_id, type_id: (await typeOf('matters', 'req')).id, parliamentary_id: vereadores[0].id, ementa: 'Requer informações sobre o cronograma de recapeamento das ruas do Centro.', destinatario: 'Secretaria Municipal de Obras', situacao: 'rascunho' },
    ]);
    await insertRows({ db }, solicitations, [
      { company_id, tipo: 'diaria', parliamentary_id: vereadores[0].id, destino: 'Belo Horizonte/MG', finalidade: 'Participação no Congresso Mineiro de Vereadores, promovido pela Associação Mineira de Municípios.', dataSaida: '2026-12-02', horaSaida: '06:00', dataRetorno: '2026-12-04', horaRetorno: '20:00', quantidadeDiarias: 2.5, valor: 1125, situacao: 'pendente' },
      { company_id, tipo: 'veiculo', parliamentary_id: vereadores[1].id, destino: 'Zona rural — Comunidade do Barreiro', finalidade: 'Visita às obras da estrada vicinal VS-040 com a Comissão de Obras.', dataSaida: '2026-11-25', horaSaida: '08:00', dataRetorno: '2026-11-25', horaRetorno: '12:00', passageiros: 'Vereadores da COSPMA e assessor técnico', situacao: 'deferida', situacao_obs: 'Veículo oficial placa RVS-2A31 reservado.' },
    ]);
  }

  /*
   * plenary sessions: the last one (a week ago, finished, with presences and its agenda; its votings are seeded by the
   * plenario seed) and today's, not started, with an expediente and an ordem do dia, presided by the Mesa's president
   */
  const ordinaria = await typeOf('sessions', 'ordinaria');
  const presAbertura = await typeOf('presences', 'abertura');
  const presOrdem = await typeOf('presences', 'ordem_dia');
  const lastDate = addDays(today, -7);
  const [leg] = await db.select({ id: legislatures.id }).from(legislatures).where(eq(legislatures.company_id, company_id)).orderBy(desc(legislatures.inicio)).limit(1);
  const legSessions = await db.select({ id: legislativeSessions.id, inicio: legislativeSessions.inicio, fim: legislativeSessions.fim })
    .from(legislativeSessions).where(eq(legislativeSessions.company_id, company_id)).orderBy(asc(legislativeSessions.inicio));
  /** the legislative session of a date: the one whose period holds it, else the one of its year */
  const legSessionOf = (d: string) => (legSessions.find((x) => String(x.inicio) <= d && d <= String(x.fim)) ?? legSessions.find((x) => String(x.inicio).slice(0, 4) === d.slice(0, 4)))?.id ?? null;
  const [president] = await db.select({ id: boards.parliamentary_id }).from(boards)
    .innerJoin(types, eq(types.id, boards.cargo_id))
    .where(and(eq(boards.company_id, company_id), eq(types.type, 'cargos_mesa'), eq(types.slug, 'presidente')))
    .orderBy(desc(boards.legislative_session_id)).limit(1);
  const sessionBase = { company_id, type_id: ordinaria.id, horarioInicio: '18:00', legislature_id: leg?.id ?? null, presidente_id: president?.id ?? null };
  const [last] = await insertRows({ db }, plenarySessions, {
    ...sessionBase, numero: 37, titulo: `37ª Sessão ${ordinaria.label} de ${br(lastDate)}`, abertura: lastDate, legislative_session_id: legSessionOf(lastDate),
    numeracao: sessionNumbering({ ...sessionBase, numero: 37, abertura: lastDate, legislative_session_id: legSessionOf(lastDate) }).key,
    encerramento: lastDate, horarioFim: '21:10', iniciada: true, finalizada: true,
    iniciadaEm: `${lastDate}T18:04:00-03:00`, finalizadaEm: `${lastDate}T21:10:00-03:00`, lista_abertura: 'encerrada', lista_ordem_dia: 'encerrada',
    linkMidia: 'https://www.youtube.com/@CamaraVilaSerena/streams',
    ocorrencias: 'Sessão realizada com a presença de todos os vereadores; aprovadas as matérias da Ordem do Dia.',
  });
  if (vereadores.length) {
    await insertRows({ db }, presences, vereadores.flatMap((v) => [
      { company_id, plenary_session_id: last.id, type_id: presAbertura.id, parliamentary_id: v.id, chave: `${last.id}:${presAbertura.id}:${v.id}` },
      { company_id, plenary_session_id: last.id, type_id: presOrdem.id, parliamentary_id: v.id, chave: `${last.id}:${presOrdem.id}:${v.id}` },
    ]));
  }
  const [session] = await insertRows({ db }, plenarySessions, {
    ...sessionBase, numero: 38, titulo: `38ª Sessão ${ordinaria.label} de ${br(today)}`, abertura: today, legislative_session_id: legSessionOf(today),
    numeracao: sessionNumbering({ ...sessionBase, numero: 38, abertura: today, legislative_session_id: legSessionOf(today) }).key,
    iniciada: false, finalizada: false, lista_abertura: 'fechada', lista_ordem_dia: 'fechada',
  });

  /* the agendas: [type slug, number of the matter of that type, voting kind, turno slug or null, polêmica, obs] */
  const leitura = await typeOf('votation', 'leitura');
  const turnoPrimeiro = (await typeOf('turno', 'primeiro')).id;
  const votation: Record<string, number> = { leitura: leitura.id, simbolica: simbolica.id, nominal: nominal.id };
  const turno: Record<string, number> = { primeiro: turnoPrimeiro, unico: turnoUnico };
  type AgendaItem = [string, number, 'leitura' | 'simbolica' | 'nominal', 'primeiro' | 'unico' | null, boolean?, string?];
  const matterOf = (slug: string, n: number) => matterRows.filter((_, i) => MATTERS[i][0] === slug)[n - 1];
  const agenda = (plenary_session_id: number, kind: 'expediente' | 'ordem_dia', items: AgendaItem[]) => items
    .map(([slug, n, vot, tur, polemica = false, obs = null], i) => ({ m: matterOf(slug, n), vot, tur, polemica, obs, i }))
    .filter((x) => x.m)
    .map(({ m, vot, tur, polemica, obs, i }) => ({
      company_id, plenary_session_id, kind, numOrdem: i + 1, matter_id: m.id, tipo_meteria_id: m.type_id, tipo_votacao_id: votation[vot],
      turno_id: tur ? turno[tur] : null, dataApresentacao: m.dataApresentacao, polemica, obs,
    }));
  await insertRows({ db }, plenaryMatters, [
    ...agenda(last.id, 'expediente', [
      ['ind', 1, 'leitura', null],
      ['req', 1, 'simbolica', null],
    ]),
    ...agenda(last.id, 'ordem_dia', [
      ['pl', 5, 'nominal', 'unico', false, 'Discussão e votação em turno único; pareceres favoráveis da CLJR e da CFOTC.'],
    ]),
    ...agenda(session.id, 'expediente', [
      ['ind', 3, 'leitura', null],
      ['ind', 4, 'leitura', null],
      ['ind', 5, 'leitura', null],
      ['req', 3, 'simbolica', null],
      ['req', 4, 'simbolica', null],
      ['moc', 3, 'simbolica', null],
      ['moc', 4, 'simbolica', null],
    ]),
    ...agenda(session.id, 'ordem_dia', [
      ['plc', 1, 'nominal', 'unico', true, 'Turno único; quórum de maioria absoluta (Lei Orgânica, art. 38).'],
      ['pl', 1, 'nominal', 'primeiro', false, 'Discussão e votação em primeiro turno.'],
      ['pl', 2, 'nominal', 'unico', false, 'Com a Emenda Aditiva nº 2/2026.'],
      ['pl', 3, 'simbolica', 'unico', false, 'Denominação de logradouro: votação simbólica.'],
      ['pl', 6, 'nominal', 'primeiro', false, 'Discussão e votação em primeiro turno.'],
    ]),
  ]);
}

/**
 * The demo câmara's flow (docs/workflows/tramitacao.md): protocolada → em comissão → parecer emitido → pronta para
 * pauta → aprovada / rejeitada (fim); an approved bill goes on to sanção (sancionada, fim) or veto; arquivada and
 * retirada end it for good. Statuses in progress may repeat (redistribuída a outra comissão, novo prazo).
 */
/** What the plenary may decide on a matter on its pauta (the steps a voting, a vista, a retirada, an adiamento add). */
const IN_PLENARY = ['aprovada_1turno', 'remetida_sancao', 'a_promulgar', 'aprovada', 'rejeitada', 'arquivada', 'vista', 'retirada_pauta', 'adiada'];
const FLOWS: [status: string, fim: boolean, next: string[]][] = [
  ['protocolada', false, ['em_comissao', 'aguardando_parecer', 'pronta_pauta', 'retirada', 'arquivada']],
  ['em_comissao', false, ['em_comissao', 'aguardando_parecer', 'parecer_emitido', 'retirada', 'arquivada']],
  ['aguardando_parecer', false, ['aguardando_parecer', 'parecer_emitido', 'retirada', 'arquivada']],
  ['parecer_emitido', false, ['em_comissao', 'pronta_pauta', 'retirada', 'arquivada']],
  ['pronta_pauta', false, ['aprovada', 'rejeitada', 'em_comissao', 'retirada', ...IN_PLENARY.filter((x) => x !== 'aprovada' && x !== 'rejeitada')]],
  ['aprovada_1turno', false, ['pronta_pauta', ...IN_PLENARY]],
  ['vista', false, ['pronta_pauta', 'em_comissao', ...IN_PLENARY]],
  ['adiada', false, ['pronta_pauta', ...IN_PLENARY]],
  ['retirada_pauta', false, ['pronta_pauta', 'em_comissao', 'retirada', 'arquivada']],
  ['aprovada', true, ['remetida_sancao']],
  ['rejeitada', true, ['arquivada']],
  ['remetida_sancao', false, ['sancionada', 'vetada', 'transformada_norma']],
  ['a_promulgar', false, ['transformada_norma', 'arquivada']],
  ['vetada', false, ['em_comissao', 'arquivada']],
  ['sancionada', true, ['transformada_norma']],
  ['transformada_norma', true, []],
  ['arquivada', true, []],
  ['retirada', true, []],
];

/** The effects of a voting for the bills and resolutions (Configurações › Efeitos da votação): the national defaults, written down. */
async function seedVoteEffects(db: Db, company_id: number, typeOf: (type: string, slug: string) => Promise<{ id: number }>): Promise<void> {
  for (const slug of SEEDED_EFFECT_TYPES) {
    const type = (await typeOf('matters', slug)).id;
    for (const [turno, resultado] of [['primeiro', 'aprovado'], [null, 'aprovado'], [null, 'rejeitado']] as const) {
      const effect = defaultVoteEffect(slug, turno, resultado);
      const turnoId = turno ? (await typeOf('turno', turno)).id : null;
      await insertRows({ db }, voteEffects, {
        company_id, type_id: type, turno_id: turnoId, resultado, status_id: (await typeOf('tramitation_status', effect.status)).id,
        turno_passo_id: effect.turno ? (await typeOf('turno', effect.turno)).id : null, chave: `${type}:${turnoId ?? ''}:${resultado}`,
        obs: 'Padrão nacional (Paço)',
      });
    }
  }
}

async function seedFlows(db: Db, company_id: number, st: (slug: string) => Promise<number>): Promise<void> {
  for (const [status, fim, next] of FLOWS) await insertRows({ db }, tramitationFlows, { company_id, status_id: await st(status), fim, proximos: next });
}

const br = (s: string): string => `${s.slice(8, 10)}/${s.slice(5, 7)}/${s.slice(0, 4)}`;
