/** The letterhead of a company's documents: its name and, when it has one stored that pdfkit draws, its crest. */
import { eq } from 'drizzle-orm';
import { companies } from '../db/schema.generated.ts';
import type { Services } from '../engine/context.ts';
import type { StoredFile } from '../storage/files.ts';
import type { Letterhead } from './document.ts';

/** crests pdfkit can draw; a GIF or WebP crest leaves the name alone */
const DRAWN = new Set(['image/png', 'image/jpeg']);

export async function letterheadOf(s: Pick<Services, 'db' | 'storage'>, companyId: number): Promise<Letterhead> {
  const [c] = await s.db.select({ name: companies.name, brasao: companies.brasao }).from(companies).where(eq(companies.id, companyId)).limit(1);
  const file = c?.brasao as StoredFile | null | undefined;
  // a crest that cannot be read (moved, storage down) does not stop the document: the name is enough
  const crest = file?.key && DRAWN.has(file.mime) ? await s.storage.read(file.key).catch(() => null) : null;
  return { name: c?.name ?? '', crest };
}
