/**
 * The session's documents in PDF (issue 13 §2; docs/legislativo.md), written with the PDF builder (pdf/document.ts,
 * decision 0027): `GET plenary_sessions/:id/pauta/pdf` — the pauta as it stands (marked "NÃO PUBLICADA" when it is
 * not what was last published) or, with ?versao=N, a published version exactly as it was published — and
 * `GET plenary_minutes/:id/pdf` — the ata, its draft marked "RASCUNHO". Both are declared record actions that produce a
 * document: the engine loads the row in the session's company (404 otherwise) before anything is written.
 */
import { eq } from 'drizzle-orm';
import { formatDate, formatDateTime } from '@paco/domain/format';
import { plenarySessions as sessionsDomainDef } from '@paco/domain/resources/materias';
import { ATA_SITUACOES, plenaryMinutes as minutesDef } from '@paco/domain/resources/pauta-ata';
import { labelOf } from '@paco/domain/plenary';
import { plenarySessions, users } from '../../db/schema.generated.ts';
import { defineBehaviour } from '../../engine/behaviour.ts';
import type { ActionContext } from '../../engine/context.ts';
import { iso } from '../../engine/serialize.ts';
import { HttpError } from '../../http/errors.ts';
import { PdfDocument, type PdfColumn } from '../../pdf/document.ts';
import { letterheadOf } from '../../pdf/letterhead.ts';
import type { Pauta, PautaItem } from '@paco/domain/pauta';
import { comparable, pautaOf, versionsOf } from './pauta.ts';

const fileName = (what: string, title: string): string =>
  `${what}-${title.normalize('NFD').replace(/\p{M}+/gu, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase() || 'sessao'}.pdf`;

/** Answers the document as it is written; a failure after the first byte breaks the transfer (never a complete-looking file). */
function send(ctx: ActionContext, pdf: PdfDocument, name: string, write: () => Promise<void>): unknown {
  write().then(() => pdf.end()).catch((e: unknown) => {
    ctx.req.log.error({ err: e }, 'session document pdf');
    pdf.fail(e instanceof Error ? e : new Error(String(e)));
  });
  ctx.reply.type('application/pdf').header('Content-Disposition', `inline; filename="${name}"`).header('Cache-Control', 'private, no-store');
  return pdf.stream;
}

const ITEM_COLUMNS: PdfColumn<PautaItem>[] = [
  { header: 'Nº', width: 0.4, value: (i) => i.numOrdem, align: 'right' },
  { header: 'Matéria', width: 1.5, value: (i) => [i.identificacao, i.polemica ? 'Polêmica' : ''].filter(Boolean).join('\n') },
  { header: 'Autoria', width: 1.8, value: (i) => i.autores.join('; ') || '—' },
  { header: 'Turno', width: 1, value: (i) => i.turno ?? '—' },
  { header: 'Votação', width: 1.1, value: (i) => i.tipo_votacao ?? '—' },
  { header: 'Quórum', width: 1.9, value: (i) => `${i.quorum.nome}\n${i.quorum.exigencia}` },
];
const itemDetail = (i: PautaItem): string => [i.ementa ? `Ementa: ${i.ementa}` : '', i.obs ? `Observação: ${i.obs}` : '', i.quorum.fundamento ? `Quórum: ${i.quorum.fundamento}` : '']
  .filter(Boolean).join('\n');

async function pautaPdf(ctx: ActionContext): Promise<unknown> {
  const session = ctx.record!;
  const wanted = (ctx.body as { versao?: number } | undefined)?.versao;
  // everything is read before the answer starts: a refusal is still a JSON error
  const versions = await versionsOf(ctx.db, session.id);
  const current = await pautaOf(ctx.db, ctx.storage, session);
  const chosen = wanted ? versions.find((v) => v.versao === wanted) : undefined;
  if (wanted && !chosen) throw new HttpError(404, 'Versão da pauta não encontrada.');
  const last = versions[0];
  const pauta: Pauta = chosen ? (chosen.conteudo as Pauta) : current;
  const published = chosen ?? (last && comparable(last.conteudo as Pauta) === comparable(current) ? last : undefined);
  const letterhead = await letterheadOf(ctx, session.company_id);
  const title = `Pauta da ${pauta.sessao.titulo}`;
  const pdf = await PdfDocument.open({ title, subject: pauta.sessao.titulo, letterhead, marking: published ? undefined : 'NÃO PUBLICADA' });
  const publication = published
    ? `Versão ${published.versao}, publicada em ${formatDateTime(iso(published.publicadaEm))}${published.publicada_por_nome ? ` por ${published.publicada_por_nome}` : ''}`
    : last ? `Pauta alterada depois da última publicação (versão ${last.versao}, em ${formatDateTime(iso(last.publicadaEm))}): esta versão não foi publicada` : 'Ainda não publicada';
  return send(ctx, pdf, fileName('pauta', pauta.sessao.titulo), async () => {
    pdf.title(title, [pauta.sessao.tipo ? `Sessão ${pauta.sessao.tipo}` : '', `${formatDate(pauta.sessao.data)}${pauta.sessao.horario ? `, às ${pauta.sessao.horario}` : ''}`].filter(Boolean).join(' · '));
    pdf.fields([['Sessão', pauta.sessao.titulo], ['Data', formatDate(pauta.sessao.data)], ['Horário', pauta.sessao.horario], ['Publicação', publication]]);
    pdf.heading('Expediente');
    await pdf.table(ITEM_COLUMNS, pauta.expediente, { empty: 'Nenhuma matéria no expediente.', detail: itemDetail });
    pdf.heading('Ordem do dia');
    await pdf.table(ITEM_COLUMNS, pauta.ordem_dia, { empty: 'Nenhuma matéria na ordem do dia.', detail: itemDetail });
  });
}

const SECTIONS: [string, string][] = [
  ['abertura', 'Abertura'], ['presencas', 'Presenças'], ['expediente', 'Expediente'], ['ordem_dia', 'Ordem do dia'],
  ['oradores', 'Uso da palavra'], ['encerramento', 'Encerramento'], ['observacoes', 'Observações'],
];

async function ataPdf(ctx: ActionContext): Promise<unknown> {
  const ata = ctx.record!;
  const [approving] = ata.sessao_aprovacao_id
    ? await ctx.db.select({ titulo: plenarySessions.titulo }).from(plenarySessions).where(eq(plenarySessions.id, ata.sessao_aprovacao_id)).limit(1) : [];
  const [publisher] = ata.publicada_por_id ? await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, ata.publicada_por_id)).limit(1) : [];
  const letterhead = await letterheadOf(ctx, ata.company_id);
  const title = ata.titulo ? `Ata da ${String(ata.titulo)}` : 'Ata da sessão plenária';
  const pdf = await PdfDocument.open({ title, subject: title, letterhead, marking: ata.situacao === 'rascunho' ? 'RASCUNHO' : undefined });
  return send(ctx, pdf, fileName('ata', title), async () => {
    pdf.title(title);
    pdf.fields([
      ['Situação', labelOf(ATA_SITUACOES, ata.situacao)],
      ['Data da sessão', formatDate(ata.data)],
      ...(approving ? [['Aprovada na', `${approving.titulo}, em ${formatDate(ata.aprovadaEm)}`] as const] : []),
      ...(ata.publicadaEm ? [['Publicada em', `${formatDateTime(iso(ata.publicadaEm))}${publisher ? ` por ${publisher.name}` : ''}`] as const] : []),
    ]);
    for (const [key, heading] of SECTIONS) {
      const text = String(ata[key] ?? '').trim();
      if (!text) continue;
      pdf.heading(heading);
      // one paragraph per block of the section (an item, a phase), kept as written
      for (const block of text.split(/\n{2,}/)) pdf.paragraph(block);
    }
    pdf.heading('Assinaturas');
    pdf.paragraph('\n\n\n______________________________________\nPresidente');
    pdf.paragraph('\n\n\n______________________________________\nSecretário(a)');
  });
}

defineBehaviour(sessionsDomainDef, { actions: { pauta_pdf: pautaPdf } }, 'plenario-pdf');
defineBehaviour(minutesDef, { actions: { pdf: ataPdf } }, 'plenario-pdf');
