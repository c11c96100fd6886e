/**
 * What a session's item is about (issue 13 §2; docs/legislativo.md): a matter, or the ata of an earlier session put on
 * the pauta for approval (`plenary_matters.plenary_minute_id`; a CHECK keeps exactly one of the two). The reads of the
 * agenda, the panel, the pauta and the ata join both and take the item's identification and ementa from here: an ata
 * reads "Ata da 12ª Sessão Ordinária de ..." with the ementa "Aprovação da ata".
 */
import { eq, sql } from 'drizzle-orm';
import { matters, plenaryMatters, plenaryMinutes } from '../../db/schema.generated.ts';

export const ATA_ITEM_EMENTA = 'Aprovação da ata';

/** The join conditions (left joins: an item has one of the two). */
export const itemMatterJoin = eq(matters.id, plenaryMatters.matter_id);
export const itemAtaJoin = eq(plenaryMinutes.id, plenaryMatters.plenary_minute_id);

/** The item's identification: the matter's, else "Ata da <sessão>". */
export const itemIdentificacao = sql<string | null>`coalesce(${matters.identificacao}, 'Ata da ' || ${plenaryMinutes.titulo})`;
/** The item's ementa: the matter's, else "Aprovação da ata". */
export const itemEmenta = sql<string | null>`case when ${plenaryMatters.plenary_minute_id} is not null then ${ATA_ITEM_EMENTA} else ${matters.ementa} end`;
