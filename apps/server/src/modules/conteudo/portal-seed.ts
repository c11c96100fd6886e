/**
 * Demo: the public portals of both Vila Serena entities (issue 12): addresses, footer data, photos of an event,
 * files of publications and contracts, and records that must stay off the portal (a draft post, a secretariat not
 * shown on the site, a tender still being planned). Runs after the other areas' seeds (conteudo's seedDemo).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  banners, companies, contratos, eventPhotos, events, faqs, licitacaoDocumentos, licitacaoFases, licitacaos, people, posts, publicacaos, secretarias, services, types,
} from '../../db/schema.generated.ts';
import type { FileStorage } from '../../storage/files.ts';
import { encodePng, hex } from '../../seed/png.ts';
import { insertRows, updateRows } from '../../engine/rows.ts';

/** A one-page PDF saying what it stands for (demo files). */
export function demoPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, ' ').normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const stream = `BT /F1 14 Tf 50 780 Td (${text}) Tj ET`;
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => { offsets.push(out.length); out += `${i + 1} 0 obj\n${o}\nendobj\n`; });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A landscape picture in two colours (demo photos). */
function photoPng(a: string, b: string, w = 320, h = 200): Buffer {
  const raw = Buffer.alloc((w * 3 + 1) * h);
  const [ca, cb] = [hex(a), hex(b)];
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    for (let x = 0; x < w; x++) {
      const c = y > h * 0.6 + Math.sin(x / 25) * 12 ? cb : ca;
      raw.set(c, y * (w * 3 + 1) + 1 + x * 3);
    }
  }
  return encodePng(raw, w, h, 3);
}

export async function seedPortal(db: Db, ids: { camara: number; prefeitura: number }, storage: FileStorage): Promise<void> {
  const { prefeitura: pm, camara: cm } = ids;
  const year = new Date().getFullYear();
  const typeId = async (category: string, slug: string) => (await db.select({ id: types.id }).from(types).where(and(eq(types.type, category), eq(types.slug, slug), isNull(types.company_id))))[0]?.id ?? null;

  await updateRows({ db: db }, companies, eq(companies.id, pm), {
    slug: 'prefeitura-vila-serena', portal_publicado: true, endereco: 'Praça da Matriz, 100, Centro, Vila Serena - MG, 35400-000',
    telefone: '3133215000', email_atendimento: 'atendimento@vilaserena.mg.gov.br', horario_atendimento: 'Segunda a sexta, das 8h às 17h',
  });
  await updateRows({ db: db }, companies, eq(companies.id, cm), {
    slug: 'camara-vila-serena', portal_publicado: true, endereco: 'Rua da Câmara, 45, Centro, Vila Serena - MG, 35400-000',
    telefone: '3133219000', email_atendimento: 'contato@camaravilaserena.mg.gov.br', horario_atendimento: 'Segunda a sexta, das 12h às 18h',
  });

  // files: the publications and portarias of the Prefeitura, its contracts and the tender's edital
  const file = (company: number, table: string, id: number, field: string, name: string, title: string) =>
    storage.save([company, table, id, field], demoPdf(title), name, 'application/pdf', table === 'publicacaos');
  for (const p of await db.select().from(publicacaos).where(eq(publicacaos.company_id, pm))) {
    await updateRows({ db: db }, publicacaos, eq(publicacaos.id, p.id), { arquivo: await file(pm, 'publicacaos', p.id, 'arquivo', `${p.secao}-${p.id}.pdf`, p.descricao) });
  }
  for (const c of await db.select().from(contratos).where(eq(contratos.company_id, pm))) {
    await updateRows({ db: db }, contratos, eq(contratos.id, c.id), { arquivo: await file(pm, 'contratos', c.id, 'arquivo', `contrato-${c.id}.pdf`, `Contrato ${c.numero}`) });
  }
  for (const l of await db.select().from(licitacaos).where(eq(licitacaos.company_id, pm))) {
    await updateRows({ db: db }, licitacaos, eq(licitacaos.id, l.id), { edital: await file(pm, 'licitacaos', l.id, 'edital', `edital-${l.id}.pdf`, `Edital ${l.numero}`) });
  }

  // photos of the winter festival
  const [festival] = await db.select().from(events).where(and(eq(events.company_id, pm), eq(events.title, 'Festival de Inverno de Vila Serena')));
  if (festival) {
    for (const [i, [a, b, legenda]] of ([['#1565c0', '#2e7d32', 'Palco principal na Praça da Matriz'], ['#6a1b9a', '#ef6c00', 'Feira de artesanato local']] as const).entries()) {
      const [row] = await insertRows({ db: db }, eventPhotos, { company_id: pm, event_id: festival.id, description: legenda });
      await updateRows({ db: db }, eventPhotos, eq(eventPhotos.id, row.id), { photo: await storage.save([pm, 'event_photos', row.id, 'photo'], photoPng(a, b), `festival-${i + 1}.png`, 'image/png', true) });
    }
  }

  // what stays off the portal: a secretariat not shown, a tender still in planning
  await insertRows({ db: db }, secretarias, { company_id: pm, nome: 'Gabinete de Planejamento Interno', abreviacao: 'GPI', mostrar_no_site: false, missao: 'Apoio interno (não publicado).' });
  const [maria] = await db.select().from(people).where(and(eq(people.company_id, pm), eq(people.name, 'Maria Aparecida da Silva')));
  await insertRows({ db: db }, licitacaos, [
    { company_id: pm, exercicio: year, numero: `020/${year}`, modalidade_id: (await typeId('tenders', 'concorrencia'))!, objeto: 'Aquisição de ambulância para o SAMU municipal (em planejamento).', situacao: 'planejada', valorEstimado: 350000 },
    {
      company_id: pm, exercicio: year, numero: `018/${year}`, modalidade_id: (await typeId('tenders', 'pregao_eletronico'))!, criterioJulgamento: 'menor_preco',
      objeto: 'Contratação de empresa para fornecimento de merenda escolar.', situacao: 'em_andamento', valorEstimado: 620000,
      dataPublicacao: `${year}-10-20`, dataAbertura: `${year}-11-05 09:00:00-03`, pncp: `12345678000190-1-000018/${year}`,
    },
    {
      company_id: pm, exercicio: year - 1, numero: `031/${year - 1}`, modalidade_id: (await typeId('tenders', 'dispensa'))!,
      objeto: 'Aquisição de uniformes escolares.', situacao: 'homologada', valorEstimado: 95000, dataPublicacao: `${year - 1}-06-02`,
    },
  ]);
  await insertRows({ db: db }, contratos, [
    {
      company_id: pm, exercicio: year, numero: `052/${year}`, data: `${year}-05-02`, objeto: 'Consultoria individual para atualização do Plano Municipal de Educação.',
      valorGlobal: 36000, inicio: `${year}-05-02`, fim: `${year}-12-31`, tipo_contrato_id: await typeId('contracts', 'servico'), credor_id: maria?.id ?? null,
    },
    {
      company_id: pm, exercicio: year - 1, numero: `077/${year - 1}`, data: `${year - 1}-07-01`, objeto: 'Fornecimento de uniformes escolares.',
      valorGlobal: 91800, inicio: `${year - 1}-07-01`, fim: `${year - 1}-12-31`, tipo_contrato_id: await typeId('contracts', 'compra'),
    },
  ]);

  // the Câmara's portal: news, events, services, FAQ, a banner, publications and its own transparency records
  await insertRows({ db: db }, posts, [
    { company_id: cm, title: 'Audiência pública debate o orçamento de 2027', type_id: await typeId('posts', 'noticia'), published: true, published_at: `${year}-11-10`, description: 'Comissão de Finanças ouviu a população sobre a LOA.', content: 'A Comissão de Finanças e Orçamento da Câmara realizou audiência pública sobre a Lei Orçamentária Anual de 2027, com participação de moradores e entidades.' },
    { company_id: cm, title: 'Câmara lança programa Vereador Mirim', type_id: await typeId('posts', 'noticia'), published: true, published_at: `${year}-10-15`, description: 'Estudantes das escolas municipais conhecem o trabalho legislativo.', content: 'O programa Vereador Mirim leva estudantes das escolas municipais para conhecer a Câmara, a tramitação dos projetos e as sessões plenárias.' },
  ]);
  await insertRows({ db: db }, events, [
    { company_id: cm, title: 'Sessão solene de entrega de títulos de cidadania', local: 'Plenário da Câmara', dataInicio: `${year}-12-10 19:00:00-03`, description: 'Entrega de títulos de cidadão serenense.' },
  ]);
  await insertRows({ db: db }, services, [
    { company_id: cm, title: 'Protocolo de documentos na Câmara', publico_alvo: 'Cidadãos e entidades', requisitos: 'Documento de identificação.', prazo: 'Imediato', custo: 'Gratuito', forma: 'presencial', local: 'Recepção da Câmara', horario: 'Segunda a sexta, das 12h às 18h', active: true },
    { company_id: cm, title: 'Tribuna livre', description: 'Uso da tribuna por cidadãos e entidades nas sessões ordinárias, conforme o Regimento Interno.', publico_alvo: 'Cidadãos e entidades', requisitos: 'Inscrição até 48 horas antes da sessão.', prazo: 'Conforme a pauta', custo: 'Gratuito', forma: 'ambas', active: true },
  ]);
  await insertRows({ db: db }, faqs, [
    { company_id: cm, type_id: await typeId('faqs', 'transparencia'), order: 2, question: 'Como pedir uma informação à Câmara?', answer: 'Pelo e-SIC da Câmara ou na recepção. Não é preciso dizer o motivo do pedido.' },
  ]);
  await insertRows({ db: db }, banners, { company_id: cm, title: 'Acompanhe as sessões ao vivo', description: 'Painel eletrônico com votações em tempo real.', order: 1, active: true });
  await insertRows({ db: db }, publicacaos, [
    { company_id: cm, secao: 'lrf', numero: `RGF-2/${year}`, exercicio: year, descricao: `Relatório de Gestão Fiscal da Câmara — 2º quadrimestre de ${year}`, tipo_publicacao_id: await typeId('publications', 'lrf') },
    { company_id: cm, secao: 'diarias', numero: `12/${year}`, exercicio: year, descricao: `Diárias pagas a vereadores e servidores — outubro de ${year}`, tipo_publicacao_id: await typeId('publications', 'diarias') },
  ]);
  const [credorCm] = await insertRows({ db: db }, people, { company_id: cm, name: 'Clima Frio Refrigeração Ltda.', cnpj: '33444555000181' });
  const [licCm] = await insertRows({ db: db }, licitacaos, {
    company_id: cm, exercicio: year, numero: `002/${year}`, modalidade_id: (await typeId('tenders', 'dispensa'))!, objeto: 'Manutenção preventiva dos aparelhos de ar-condicionado do Plenário.',
    situacao: 'homologada', valorEstimado: 18000, dataPublicacao: `${year}-03-02`,
  });
  await insertRows({ db: db }, contratos, {
    company_id: cm, exercicio: year, numero: `004/${year}`, data: `${year}-03-20`, objeto: 'Manutenção preventiva e corretiva dos aparelhos de ar-condicionado do Plenário.',
    valorGlobal: 17400, inicio: `${year}-03-20`, fim: `${year + 1}-03-19`, licitacao_id: licCm.id, credor_id: credorCm.id, tipo_contrato_id: await typeId('contracts', 'servico'),
  });
  await seedTenderHistory(db, [pm, cm], file);
}

/**
 * Each demo tender's phases (planned some weeks before the edital, in progress from its publication, homologated some
 * weeks later) and the merenda tender's documents: the edital, an aviso, an esclarecimento with its answer, and an
 * internal ata that stays off the portal.
 */
async function seedTenderHistory(db: Db, companies: number[], file: (company: number, table: string, id: number, field: string, name: string, title: string) => Promise<unknown>): Promise<void> {
  const at = (day: string, plus: number) => { const d = new Date(`${day}T12:00:00-03:00`); d.setDate(d.getDate() + plus); return d.toISOString(); };
  for (const company of companies) {
    for (const l of await db.select().from(licitacaos).where(eq(licitacaos.company_id, company))) {
      const start = l.dataPublicacao ?? String(l.created_at).slice(0, 10);
      const steps: [string, string][] = [['planejada', at(start, -30)]];
      if (l.situacao !== 'planejada') steps.push(['em_andamento', at(start, 0)]);
      if (l.situacao !== 'planejada' && l.situacao !== 'em_andamento') steps.push([l.situacao ?? 'homologada', at(start, 40)]);
      await insertRows({ db: db }, licitacaoFases, steps.map(([situacao, data]) => ({ company_id: company, licitacao_id: l.id, situacao, data })));
      if (!l.numero.startsWith('018/')) continue;
      const docs = [
        ['edital', start, 'Edital do Pregão Eletrônico', true], ['anexo', start, 'Termo de referência (Anexo I)', true],
        ['aviso', at(start, 1).slice(0, 10), 'Aviso de licitação publicado no Diário Oficial', true],
        ['esclarecimento', at(start, 6).slice(0, 10), 'Pedido de esclarecimento sobre o cardápio', true],
        ['resposta', at(start, 8).slice(0, 10), 'Resposta ao pedido de esclarecimento', true],
        ['ata', at(start, 16).slice(0, 10), 'Ata interna da equipe de apoio (não publicada)', false],
      ] as const;
      for (const [tipo, data, descricao, publico] of docs) {
        const [row] = await insertRows({ db: db }, licitacaoDocumentos, { company_id: company, licitacao_id: l.id, tipo, data, descricao, publico });
        await updateRows({ db: db }, licitacaoDocumentos, eq(licitacaoDocumentos.id, row!.id), { arquivo: await file(company, 'licitacao_documentos', row!.id, 'arquivo', `${tipo}-${row!.id}.pdf`, descricao) });
      }
    }
  }
}
