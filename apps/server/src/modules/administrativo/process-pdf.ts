/**
 * `GET /api/processes/:id/pdf` (docs/workflows/protocolo.md, "Processo em PDF"): the process to print or keep — a cover
 * (number, date, procedure, interested people, object, access level with its legal basis, where it is and in what
 * situation), its movements, its finalizations and reopenings, and its documents.
 *
 * Who reads what is the show route's rule: the engine loads the process through the session's row scope (another
 * company's, or a restricted one of a sector the reader never held, is a 404 before anything is written), and the
 * movements and documents are read through theirs — a document the reader may not see (restricted, of a sector it
 * never passed through) is left out, as in the process's documents list. The PDF is streamed while its movements are
 * read in batches.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { formatDate, formatDateTime, formatMoney } from '@paco/domain/format';
import { movements as movementsDef, processDocuments as documentsDef, processes as processesDef } from '@paco/domain/resources/administrativo';
import type { SelectField } from '@paco/domain/fields';
import { logs, movements, processDocuments, procedures, users } from '../../db/schema.generated.ts';
import { defineBehaviour } from '../../engine/behaviour.ts';
import type { ActionContext, Row } from '../../engine/context.ts';
import { listInBatches } from '../../engine/query.ts';
import { linkedRows } from '../../engine/relations.ts';
import { iso, serialize } from '../../engine/serialize.ts';
import { PdfDocument, type PdfColumn } from '../../pdf/document.ts';
import { letterheadOf } from '../../pdf/letterhead.ts';
import type { StoredFile } from '../../storage/files.ts';

const LEVELS = (processesDef.fields.nivelAcesso as SelectField).options;
const levelOf = (v: unknown, basis: unknown): string => {
  const label = LEVELS.find((o) => o.value === (v ?? 'publico'))?.label ?? String(v);
  return v && v !== 'publico' ? `${label} — hipótese legal: ${String(basis ?? '—')}` : label;
};
const when = (v: unknown): string => formatDateTime(iso(v));
const nameOf = (ref: unknown, key = 'name'): string => String((ref as Row | null)?.[key] ?? '');

const KINDS: Record<string, string> = {
  'application/pdf': 'PDF', 'image/png': 'Imagem PNG', 'image/jpeg': 'Imagem JPEG', 'image/gif': 'Imagem GIF', 'image/webp': 'Imagem WebP',
};
export function fileSize(bytes: number | null | undefined): string {
  if (!bytes && bytes !== 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const [n, unit] = bytes < 1024 ** 2 ? [bytes / 1024, 'kB'] : [bytes / 1024 ** 2, 'MB'];
  return `${n.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} ${unit}`;
}

/** The file name a browser saves it under: the number's letters and digits (a NUP's slash is not a file name's). */
export const pdfFileName = (number: unknown): string => `processo-${String(number ?? '').replace(/[^A-Za-z0-9.-]+/g, '-').replace(/^-+|-+$/g, '') || 'sem-numero'}.pdf`;

function situation(p: Row): string {
  const sector = nameOf(p.current_sector) || nameOf(p.sector);
  if (p.finalizado) return `Finalizado no setor ${sector}`;
  if (p.aguardandoAceite) return `Enviado ao setor ${sector}, aguardando aceite`;
  return `Em andamento no setor ${sector}`;
}

const MOVEMENT_COLUMNS: PdfColumn<Row>[] = [
  { header: 'Nº', width: 0.45, value: (m) => m.sequence, align: 'right' },
  { header: 'De → Para', width: 2.6, value: (m) => `${nameOf(m.origem) || '—'} → ${nameOf(m.destino)}` },
  { header: 'Enviado', width: 1.9, value: (m) => [when(m.entrada), m.user ? `por ${nameOf(m.user)}` : '', m.prazo ? `Prazo: ${formatDate(m.prazo)}` : ''].filter(Boolean).join('\n') },
  {
    header: 'Recebimento', width: 1.9,
    value: (m) => (m.dataHoraAceito ? `Aceito em ${when(m.dataHoraAceito)}${m.accepted_by ? `\npor ${nameOf(m.accepted_by)}` : ''}`
      : m.devolvida ? `Recusado em ${when(m.dataHoraSaida)}` : 'Aguardando aceite'),
  },
  {
    header: 'Situação', width: 1.6,
    value: (m) => (m.finalizada ? 'Finalizado neste setor' : m.devolvida ? 'Devolvido ao setor de origem'
      : m.transferida ? `Enviado adiante em ${when(m.dataHoraSaida)}` : m.dataHoraAceito ? 'No setor' : 'Enviado'),
  },
];

interface DocumentLine { descricao: string; file: StoredFile | null; at: unknown; by: string; level: string }
const DOCUMENT_COLUMNS: PdfColumn<DocumentLine>[] = [
  { header: 'Documento', width: 2.6, value: (d) => d.descricao },
  { header: 'Tipo', width: 1, value: (d) => (d.file ? KINDS[d.file.mime] ?? d.file.mime : 'Sem arquivo') },
  { header: 'Incluído', width: 1.8, value: (d) => [when(d.at), d.by ? `por ${d.by}` : ''].filter(Boolean).join('\n') },
  { header: 'Nível de acesso', width: 1.8, value: (d) => d.level },
  { header: 'Tamanho', width: 0.9, value: (d) => (d.file ? fileSize(d.file.size) : '—'), align: 'right' },
];
const documentDetail = (d: DocumentLine): string | null =>
  d.file ? `Arquivo: ${d.file.name}${d.file.sha256 ? ` · SHA-256: ${d.file.sha256}` : ''}` : null;

/** The movements the session may read, in order, serialized (names of sectors and people) a batch at a time. */
async function* movementsOf(ctx: ActionContext, processId: number): AsyncGenerator<Row> {
  // in the order they were sent (their ids; `sequence` follows it, and may be empty on imported rows)
  for await (const batch of listInBatches(ctx.db, movementsDef, ctx.auth, [eq(movements.process_id, processId)])) {
    yield* await serialize(ctx, movementsDef, batch, ctx.auth, null);
  }
}

/** The process's own attachment, then the documents the session may read, in the order they were added. */
async function* documentsOf(ctx: ActionContext, p: Row, raw: Row): AsyncGenerator<DocumentLine> {
  if (raw.anexo) yield { descricao: 'Anexo do processo', file: raw.anexo as StoredFile, at: p.created_at, by: '', level: levelOf(p.nivelAcesso, p.baseLegal) };
  for await (const batch of listInBatches(ctx.db, documentsDef, ctx.auth, [eq(processDocuments.process_id, p.id)])) {
    const shown = await serialize(ctx, documentsDef, batch, ctx.auth, null);
    for (const [i, d] of batch.entries()) {
      yield { descricao: d.descricao, file: (d.arquivo as StoredFile | null) ?? null, at: d.created_at, by: nameOf(shown[i].user), level: levelOf(d.nivelAcesso, d.baseLegal) };
    }
  }
}

/** Finalizations and reopenings, from the process's audit trail (who, when, and the reopening's reason). */
async function closings(ctx: ActionContext, processId: number): Promise<Row[]> {
  return ctx.db.select({ action: logs.action, at: logs.created_at, by: users.name, changes: logs.changes }).from(logs)
    .leftJoin(users, eq(users.id, logs.user_id))
    .where(and(eq(logs.company_id, ctx.auth!.companyId), eq(logs.resource, 'processes'), eq(logs.record_id, processId), inArray(logs.action, ['finaliza', 'reabre'])))
    .orderBy(asc(logs.created_at), asc(logs.id));
}

async function processPdf(ctx: ActionContext): Promise<unknown> {
  const raw = ctx.record!;
  // everything the cover needs is read before the answer starts: a failure here is still a proper error answer
  const [p] = await serialize(ctx, processesDef, [raw], ctx.auth, null, false);
  const [people, procedure, closed, letterhead] = await Promise.all([
    linkedRows(ctx.db, processesDef, 'people', raw.id),
    ctx.db.select({ useValues: procedures.useValues }).from(procedures).where(eq(procedures.id, raw.procedure_id)).limit(1),
    closings(ctx, raw.id),
    letterheadOf(ctx, ctx.auth!.companyId),
  ]);
  const number = String(raw.number ?? `#${raw.id}`);
  // a restricted or secret process says so on every page
  const marking = raw.nivelAcesso && raw.nivelAcesso !== 'publico' ? LEVELS.find((o) => o.value === raw.nivelAcesso)?.label.toUpperCase() : undefined;
  const pdf = await PdfDocument.open({ title: `Processo ${number}`, subject: String(raw.object ?? '').slice(0, 200), letterhead, marking });

  const write = async () => {
    pdf.title(`Processo nº ${number}`, nameOf(p.procedure) || undefined);
    const money = procedure[0]?.useValues || raw.valorBruto != null || raw.valorLiquido != null;
    pdf.fields([
      ['Número', number],
      ['Data', formatDate(raw.date)],
      ['Procedimento', nameOf(p.procedure)],
      ['Interessados', people.map((x) => x.name).join('; ')],
      ['Objeto', raw.object],
      ...(raw.notaFiscal ? [['Nota fiscal', raw.notaFiscal] as const] : []),
      ...(money ? [['Valor bruto', formatMoney(raw.valorBruto)] as const, ['Valor líquido', formatMoney(raw.valorLiquido)] as const] : []),
      ['Nível de acesso', levelOf(raw.nivelAcesso, raw.baseLegal)],
      ['Setor de origem', nameOf(p.sector)],
      ['Setor atual', nameOf(p.current_sector) || nameOf(p.sector)],
      ['Situação', situation(p)],
      ...(raw.obs ? [['Observações', raw.obs] as const] : []),
    ]);
    pdf.heading('Movimentações');
    await pdf.table(MOVEMENT_COLUMNS, movementsOf(ctx, raw.id), {
      empty: 'O processo ainda não foi movimentado.',
      detail: (m) => [m.historicoSetor && `Despacho: ${m.historicoSetor}`, m.motivoDevolucao && `Motivo da recusa: ${m.motivoDevolucao}`].filter(Boolean).join('\n'),
    });
    if (closed.length) {
      pdf.heading('Finalizações e reaberturas');
      await pdf.table([
        { header: 'Quando', width: 1.3, value: (l: Row) => when(l.at) },
        { header: 'O quê', width: 1, value: (l: Row) => (l.action === 'reabre' ? 'Reaberto' : 'Finalizado') },
        { header: 'Por', width: 2, value: (l: Row) => l.by },
        { header: 'Motivo', width: 3.5, value: (l: Row) => (l.changes as Row | null)?.motivo ?? '' },
      ], closed);
    }
    pdf.heading('Documentos');
    await pdf.table(DOCUMENT_COLUMNS, documentsOf(ctx, p, raw), { empty: 'Nenhum documento incluído.', detail: documentDetail });
    pdf.end();
  };
  write().catch((e: unknown) => {
    ctx.req.log.error({ err: e }, 'process pdf');
    pdf.fail(e instanceof Error ? e : new Error(String(e)));
  });

  ctx.reply.type('application/pdf').header('Content-Disposition', `inline; filename="${pdfFileName(raw.number)}"`).header('Cache-Control', 'private, no-store');
  return pdf.stream;
}

defineBehaviour(processesDef, { actions: { pdf: processPdf } }, 'protocolo-pdf');
