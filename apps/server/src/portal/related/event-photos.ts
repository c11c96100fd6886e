/** An event's photos, with their captions. */
import { and, asc, eq } from 'drizzle-orm';
import { eventPhotos } from '../../db/schema.generated.ts';
import type { RelatedLoader } from './types.ts';

export const eventPhotosRelated: RelatedLoader = async (sv, rec, companyId) => {
  const rows = await sv.db.select().from(eventPhotos).where(and(eq(eventPhotos.event_id, rec.id as number), eq(eventPhotos.company_id, companyId))).orderBy(asc(eventPhotos.id));
  const items = rows.filter((p) => p.photo).map((p, i) => ({ text: p.description || `Foto ${i + 1} do evento`, image: sv.storage.url(p.photo as never) }));
  return items.length ? [{ title: 'Fotos', items }] : [];
};
