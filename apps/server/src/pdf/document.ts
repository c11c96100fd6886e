/**
 * Printable documents (decision 0027): a small builder over pdfkit for the PDFs people print — a protocol process
 * today, a plenary session's pauta and ata next. A4 portrait; every page carries the company's letterhead (crest and
 * name, and the document's title) and the footer "Gerado em dd/mm/aaaa hh:mm" (São Paulo time) · "Página X de Y".
 * Text is set in DejaVu Sans Condensed, embedded (only the glyphs used), so accents and any name print, and are
 * extracted, intact.
 *
 * The document is a stream: each page leaves as soon as the next one starts, so a process with hundreds of
 * movements is never whole in memory, and `table` takes rows from an async iterable (read from the database in
 * batches). The "Y" of the footer is not known until the end: each footer draws a small form object of its page,
 * whose text is written last (a few bytes kept per page).
 *
 *   const pdf = await PdfDocument.open({ title: 'Processo 00101.000001/2026-03', letterhead: await letterheadOf(s, companyId) });
 *   reply.type('application/pdf'); send(pdf.stream);
 *   pdf.title('Processo nº …', 'Pagamento').fields([['Objeto', …]]).heading('Movimentações');
 *   await pdf.table(columns, rowsInBatches(…), { detail: (mv) => mv.despacho });
 *   pdf.end();
 *
 * pdfkit is loaded on the first document (`open`), not at start: a server that prints nothing keeps its 5–6 MB of
 * heap (docs/performance.md, seventh round).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import type PDFKitDocument from 'pdfkit';
import { formatDateTime } from '@paco/domain/format';

/** Where the company's crest and name come from: `letterheadOf` (pdf/letterhead.ts). */
export interface Letterhead {
  name: string;
  /** PNG or JPEG bytes (pdfkit draws no other kind); absent: the name alone */
  crest?: Buffer | null;
}

export interface PdfOptions {
  /** the document's title: the metadata Title and the second line of every page's letterhead */
  title: string;
  letterhead: Letterhead;
  subject?: string;
  /** a marking at the top right of every page ("SIGILOSO" on a secret process) */
  marking?: string;
  /** the generation time shown in the footer (default: now) */
  now?: Date;
}

export interface PdfColumn<T> {
  header: string;
  /** share of the line: the widths of a table's columns are taken relative to their sum */
  width: number;
  value: (row: T) => string | number | null | undefined;
  align?: 'left' | 'right' | 'center';
}

export interface TableOptions<T> {
  /** said instead of the table when there is no row */
  empty?: string;
  /** a text under the row's cells, across the whole table (a dispatch): it may run over pages, under a repeated head */
  detail?: (row: T) => string | null | undefined;
}

type Rows<T> = Iterable<T> | AsyncIterable<T>;
interface Style { font: 'regular' | 'bold'; size: number; color: string }

const A4: [number, number] = [595.28, 841.89];
const LEFT = 48;
const WIDTH = A4[0] - 2 * LEFT;
const TOP = 96;
const BOTTOM = 56;
const PAD = 3;
/** a cell shows at most this many lines (then "…"); long texts go in the row's `detail` */
const CELL_LINES = 6;
/** the document waits for its reader past this many bytes not yet read (a slow connection) */
const UNREAD_MAX = 1 << 20;

const S = {
  company: { font: 'bold', size: 12, color: '#111111' },
  header: { font: 'regular', size: 8.5, color: '#444444' },
  marking: { font: 'bold', size: 10, color: '#b71c1c' },
  footer: { font: 'regular', size: 8, color: '#555555' },
  title: { font: 'bold', size: 15, color: '#111111' },
  subtitle: { font: 'regular', size: 10.5, color: '#333333' },
  heading: { font: 'bold', size: 11.5, color: '#111111' },
  body: { font: 'regular', size: 9.5, color: '#1f1f1f' },
  muted: { font: 'regular', size: 9, color: '#555555' },
  label: { font: 'bold', size: 9, color: '#333333' },
  cell: { font: 'regular', size: 8.5, color: '#1f1f1f' },
  head: { font: 'bold', size: 8.5, color: '#111111' },
  detail: { font: 'regular', size: 8.5, color: '#333333' },
} satisfies Record<string, Style>;

const fontPath = createRequire(import.meta.url);
let fonts: Record<Style['font'], Buffer> | undefined;
const fontFiles = () => (fonts ??= {
  regular: readFileSync(fontPath.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf')),
  bold: readFileSync(fontPath.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf')),
});

/** Text as printed: composed accents (a decomposed "é" prints as one glyph), no control characters but line breaks. */
export function printable(v: string | number | null | undefined): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return v === null || v === undefined ? '' : String(v).normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '').trim();
}

/** pdfkit's members the builder needs beyond its typings (the current font, to write the page count). */
interface FontInternals { id: string; ascender: number; encode(text: string): [string[], unknown]; ref(): unknown }
type Doc = PDFKit.PDFDocument & { _font: FontInternals; openImage(src: Buffer): unknown };

let pdfkit: Promise<typeof PDFKitDocument> | undefined;

export class PdfDocument {
  /** the PDF's bytes, as they are written */
  readonly stream: Readable;
  private readonly doc: Doc;
  private readonly crest: unknown;
  private readonly generated: string;
  private style: Style = S.body;
  private pages = 0;
  /** each page's "Página X de Y", written at the end */
  private readonly labels: PDFKit.PDFKitReference[] = [];
  /** the table being written: its head is drawn again on each new page */
  private head: { columns: readonly PdfColumn<never>[]; widths: number[] } | null = null;

  /** A new document (pdfkit loaded on the first one). */
  static async open(opts: PdfOptions): Promise<PdfDocument> {
    pdfkit ??= import('pdfkit').then((m) => m.default);
    return new PdfDocument(opts, await pdfkit);
  }

  private constructor(private readonly opts: PdfOptions, PDFDocument: typeof PDFKitDocument) {
    const f = fontFiles();
    this.doc = new PDFDocument({
      size: A4, margins: { top: TOP, bottom: BOTTOM, left: LEFT, right: LEFT }, autoFirstPage: false, lang: 'pt-BR', displayTitle: true,
      info: { Title: opts.title, Author: opts.letterhead.name, Subject: opts.subject ?? opts.title, Creator: 'Paço', Producer: 'Paço' },
    }) as Doc;
    this.stream = this.doc;
    this.doc.registerFont('regular', f.regular);
    this.doc.registerFont('bold', f.bold);
    this.generated = formatDateTime(opts.now ?? new Date());
    this.crest = this.openCrest(opts.letterhead.crest);
    this.doc.on('pageAdded', () => this.decorate());
    this.doc.addPage();
  }

  /** The document's title on the page (large), and a line under it. */
  title(text: string, subtitle?: string): this {
    this.room(60);
    this.write(S.title, text);
    if (subtitle) this.write(S.subtitle, subtitle);
    this.doc.moveDown(0.6);
    return this;
  }

  /** A section's heading, kept with at least the first lines that follow it. */
  heading(text: string): this {
    this.doc.moveDown(0.5);
    this.room(60);
    this.write(S.heading, text);
    const y = this.doc.y + 1;
    this.doc.moveTo(LEFT, y).lineTo(LEFT + WIDTH, y).lineWidth(0.6).strokeColor('#999999').stroke();
    this.doc.y = y + 5;
    return this;
  }

  paragraph(text: string, opts: { muted?: boolean } = {}): this {
    this.room(14);
    this.write(opts.muted ? S.muted : S.body, printable(text));
    this.doc.moveDown(0.4);
    return this;
  }

  /** Label and value pairs, one a line (an empty value shows "—"); a long value wraps, and may go on over pages. */
  fields(pairs: readonly (readonly [string, string | number | null | undefined])[]): this {
    const labelWidth = 130;
    const valueX = LEFT + labelWidth + 8;
    const valueWidth = WIDTH - labelWidth - 8;
    for (const [label, raw] of pairs) {
      const value = printable(raw) || '—';
      this.set(S.label);
      const labelHeight = this.doc.heightOfString(label, { width: labelWidth });
      this.set(S.body);
      this.room(Math.min(Math.max(labelHeight, this.doc.heightOfString(value, { width: valueWidth })), 40));
      const top = this.doc.y;
      const page = this.pages;
      this.set(S.label);
      this.doc.text(label, LEFT, top, { width: labelWidth });
      const labelEnd = this.doc.y;
      this.set(S.body);
      this.doc.text(value, valueX, top, { width: valueWidth });
      // a value that went on to another page leaves the cursor there
      this.doc.y = (this.pages === page ? Math.max(labelEnd, this.doc.y) : this.doc.y) + 3;
      this.doc.x = LEFT;
    }
    return this;
  }

  /**
   * A table with a head row, repeated on every page it runs over. Cells show at most a few lines; the row's `detail`
   * (a long text) goes under its cells across the table. Rows may come from an async iterable: they are read as the
   * pages are written.
   */
  async table<T>(columns: readonly PdfColumn<T>[], rows: Rows<T>, opts: TableOptions<T> = {}): Promise<this> {
    const source = Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]();
    let next = await source.next();
    if (next.done) return this.paragraph(opts.empty ?? 'Nenhum registro.', { muted: true });
    const share = columns.reduce((n, c) => n + c.width, 0);
    const widths = columns.map((c) => (c.width / share) * WIDTH);
    this.set(S.cell);
    const maxCell = CELL_LINES * this.doc.currentLineHeight(true) + 2 * PAD;
    this.room(this.headHeight(columns, widths) + maxCell);
    this.head = { columns: columns as readonly PdfColumn<never>[], widths };
    this.drawHead();
    try {
      for (let count = 1; !next.done && !this.doc.destroyed; count++) {
        this.row(columns, widths, maxCell, next.value, opts.detail);
        if (count % 50 === 0) await this.unread();
        next = await source.next();
      }
    } finally {
      this.head = null;
      if (!next.done) await source.return?.();
    }
    this.doc.moveDown(0.6);
    return this;
  }

  /** Ends the document: each page's "Página X de Y" is written, then the rest of the file. */
  end(): void {
    if (this.doc.destroyed) return;
    this.set(S.footer);
    const font = this.doc._font;
    const size = S.footer.size;
    this.labels.forEach((label, i) => {
      const text = `Página ${i + 1} de ${this.pages}`;
      const [glyphs] = font.encode(text);
      const width = this.doc.widthOfString(text);
      Object.assign(label.data, { BBox: [-width - 1, -size / 2, 1, size * 1.2], Resources: { Font: { [font.id]: font.ref() } } });
      label.end(`BT /${font.id} ${size} Tf ${rgb(S.footer.color)} rg ${-width} 0 Td <${glyphs.join('')}> Tj ET`);
    });
    this.doc.end();
  }

  /** Stops the document (an error while reading its rows): the reader gets a broken file, never a complete-looking one. */
  fail(err: Error): void {
    this.doc.destroy(err);
  }

  /* ---------------------------------------------------------------- page furniture */

  private decorate(): void {
    const d = this.doc;
    const saved = this.style;
    this.pages++;
    let x = LEFT;
    if (this.crest) {
      d.image(this.crest as Buffer, LEFT, 28, { fit: [44, 44], align: 'center', valign: 'center' });
      x += 54;
    }
    let right = LEFT + WIDTH;
    if (this.opts.marking) {
      this.set(S.marking);
      const width = d.widthOfString(this.opts.marking);
      d.text(this.opts.marking, right - width, 34, { lineBreak: false });
      right -= width + 12;
    }
    this.set(S.company);
    d.text(printable(this.opts.letterhead.name), x, 32, { width: right - x, height: 30, ellipsis: true });
    this.set(S.header);
    d.text(printable(this.opts.title), x, d.y + 1, { width: right - x, height: 12, ellipsis: true });
    this.rule(80, '#777777');

    // footer: drawn below the text area, where pdfkit would start a new page for text that wraps: lines are not wrapped
    this.set(S.footer);
    const y = d.page.height - 38;
    d.text(`Gerado em ${this.generated}`, LEFT, y, { lineBreak: false });
    // "Página X de Y": a form object of the page, written at the end when Y is known, right-aligned to the margin
    const label = this.doc.ref({ Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 0, 0], Resources: {} });
    this.labels.push(label);
    d.page.xobjects.PgN = label;
    d.addContent(`q 1 0 0 -1 ${LEFT + WIDTH} ${y + (d._font.ascender / 1000) * S.footer.size} cm /PgN Do Q`);
    this.rule(y - 6, '#bbbbbb');

    d.x = LEFT;
    d.y = d.page.margins.top;
    if (this.head) {
      this.drawHead();
      // text that runs on over this page (a row's detail) starts below the head
      d.page.margins.top = d.y;
    }
    this.set(saved);
  }

  private row<T>(columns: readonly PdfColumn<T>[], widths: number[], maxCell: number, row: T, detailOf?: (row: T) => string | null | undefined): void {
    const d = this.doc;
    const cells = columns.map((c) => printable(c.value(row)));
    this.set(S.cell);
    const height = Math.min(maxCell, Math.max(...cells.map((t, i) => d.heightOfString(t || ' ', { width: widths[i] - 2 * PAD }) + 2 * PAD)));
    if (d.y + height > this.maxY()) d.addPage();
    const top = d.y;
    let x = LEFT;
    cells.forEach((t, i) => {
      d.text(t, x + PAD, top + PAD, { width: widths[i] - 2 * PAD, height: height - 2 * PAD, ellipsis: true, align: columns[i].align ?? 'left' });
      x += widths[i];
    });
    d.y = top + height;
    const detail = printable(detailOf?.(row));
    if (detail) {
      this.set(S.detail);
      this.room(d.currentLineHeight(true) + 2 * PAD);
      d.text(detail, LEFT + PAD + 8, d.y + 1, { width: WIDTH - 2 * PAD - 8 });
      d.y += PAD;
    }
    this.rule(d.y, '#cccccc');
    d.x = LEFT;
  }

  private headHeight(columns: readonly PdfColumn<never>[], widths: number[]): number {
    this.set(S.head);
    return Math.max(...columns.map((c, i) => this.doc.heightOfString(c.header, { width: widths[i] - 2 * PAD }))) + 2 * PAD;
  }

  private drawHead(): void {
    const { columns, widths } = this.head!;
    const d = this.doc;
    const height = this.headHeight(columns, widths);
    const top = d.y;
    d.rect(LEFT, top, WIDTH, height).fill('#eeeeee');
    this.set(S.head);
    let x = LEFT;
    columns.forEach((c, i) => {
      d.text(c.header, x + PAD, top + PAD, { width: widths[i] - 2 * PAD, align: c.align ?? 'left' });
      x += widths[i];
    });
    d.y = top + height;
    this.rule(d.y, '#888888');
    d.x = LEFT;
  }

  /* ---------------------------------------------------------------- helpers */

  private set(style: Style): void {
    this.doc.font(style.font).fontSize(style.size).fillColor(style.color);
    this.style = style;
  }

  private write(style: Style, text: string): void {
    this.set(style);
    this.doc.text(text, LEFT, this.doc.y, { width: WIDTH });
  }

  private rule(y: number, color: string): void {
    this.doc.moveTo(LEFT, y).lineTo(LEFT + WIDTH, y).lineWidth(0.5).strokeColor(color).stroke();
  }

  private maxY(): number {
    return this.doc.page.maxY();
  }

  /** A new page unless `height` fits below the cursor. */
  private room(height: number): void {
    if (this.doc.y + height > this.maxY()) this.doc.addPage();
  }

  /** Lets the reader catch up while much of the document waits to be read (a slow connection). */
  private async unread(): Promise<void> {
    await new Promise((r) => setImmediate(r));
    while (this.doc.readableLength > UNREAD_MAX && !this.doc.destroyed) await new Promise((r) => setTimeout(r, 20));
  }

  private openCrest(bytes: Buffer | null | undefined): unknown {
    if (!bytes?.length) return null;
    try {
      return this.doc.openImage(bytes);
    } catch {
      return null; // a crest pdfkit cannot read (not a PNG or JPEG): the letterhead shows the name alone
    }
  }
}

const rgb = (hex: string): string => [1, 3, 5].map((i) => (parseInt(hex.slice(i, i + 2), 16) / 255).toFixed(3)).join(' ');
