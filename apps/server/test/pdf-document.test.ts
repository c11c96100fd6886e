/**
 * The PDF builder (pdf/document.ts) on its own: what a reader of the file finds in it (text with its accents, the page
 * count in every footer, the metadata, the crest), and that pages leave while the rows are still being read.
 */
import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { PdfDocument, printable } from '../src/pdf/document.ts';
import { crestPng } from '../src/seed/crest.ts';

const collect = async (stream: NodeJS.ReadableStream): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
};
const pagesOf = async (bytes: Buffer): Promise<string[]> => (await extractText(new Uint8Array(bytes), { mergePages: false })).text.map((t) => t.replace(/\s+/g, ' '));

describe('PdfDocument', () => {
  it('prints pt-BR text intact, a header and "Página X de Y" on every page, and its metadata', async () => {
    const pdf = await PdfDocument.open({ title: 'Ata da 1ª sessão', letterhead: { name: 'Câmara Municipal de São João', crest: crestPng('#1565c0', '#ffca28') }, now: new Date('2026-03-10T13:05:00Z') });
    const done = collect(pdf.stream);
    pdf.title('Ata da 1ª sessão ordinária', 'Convocação nº 3 — ação, coração, opções, café');
    pdf.fields([['Presidência', 'Vereadora Conceição Ávila'], ['Observação', null]]);
    pdf.heading('Matérias');
    const rows = Array.from({ length: 120 }, (_, i) => ({ n: i + 1, ementa: `Dispõe sobre a denominação da praça nº ${i + 1}` }));
    await pdf.table([
      { header: 'Nº', width: 1, value: (r) => r.n, align: 'right' },
      { header: 'Ementa', width: 6, value: (r) => r.ementa },
    ], rows, { detail: (r) => (r.n === 60 ? 'Parecer favorável da comissão de educação: aprovação unânime.' : null) });
    pdf.paragraph('Nada mais havendo a tratar, a sessão foi encerrada às 12h30.');
    pdf.end();
    const bytes = await done;

    const pages = await pagesOf(bytes);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((text, i) => {
      expect(text).toContain('Câmara Municipal de São João');
      expect(text).toContain(`Página ${i + 1} de ${pages.length}`);
      // São Paulo time: 13:05 UTC is 10:05
      expect(text).toContain('Gerado em 10/03/2026 10:05');
      // the table's head again on every page it runs over
      if (i > 0 && i < pages.length - 1) expect(text).toMatch(/Nº Ementa/);
    });
    const all = pages.join(' ');
    for (const s of ['Ata da 1ª sessão ordinária', 'ação, coração, opções, café', 'Conceição Ávila', 'praça nº 120', 'aprovação unânime', 'às 12h30', '—']) expect(all).toContain(s);

    const meta = await getMeta(new Uint8Array(bytes));
    expect(meta.info).toMatchObject({ Title: 'Ata da 1ª sessão', Author: 'Câmara Municipal de São João', Producer: 'Paço', Creator: 'Paço' });
    // the crest is stored once (the image and its transparency mask) and shown on every page
    expect(bytes.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBe(2);
    const doc = await getDocumentProxy(new Uint8Array(bytes));
    expect((await doc.getPage(1)).view.map(Math.round)).toEqual([0, 0, 595, 842]); // A4
  });

  it('sends pages while the rows are still being read (nothing waits for the whole document)', async () => {
    const pdf = await PdfDocument.open({ title: 'Movimentações', letterhead: { name: 'Prefeitura' } });
    let sent = 0;
    pdf.stream.on('data', (c: Buffer) => { sent += c.length; });
    const ended = new Promise((r) => pdf.stream.on('end', r));
    let sentMidway = 0;
    async function* rows() {
      for (let i = 1; i <= 600; i++) {
        if (i === 400) {
          await new Promise((r) => setImmediate(r));
          sentMidway = sent;
        }
        yield { i };
      }
    }
    await pdf.table([{ header: 'Linha', width: 1, value: (r: { i: number }) => `Movimentação ${r.i}` }], rows());
    pdf.end();
    await ended;
    expect(sentMidway).toBeGreaterThan(10_000);
    expect(sent).toBeGreaterThan(sentMidway);
  });

  it('keeps line breaks, drops control characters, composes accents', () => {
    expect(printable('Ac\u0327a\u0303o\r\nlinha\u0000 2\t!')).toBe('Ação\nlinha 2 !');
    expect(printable(null)).toBe('');
    expect(printable(12)).toBe('12');
  });
});
