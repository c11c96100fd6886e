/**
 * Steps the server adds to a matter's tramitação by itself (decision 0030): a voting's result, the plenary's decision on
 * an item, a sanction, a commission's parecer. Its own file so the modules that add them (commissions, the legislative
 * cycle) need not import the tramitação's behaviour, which imports theirs.
 */
import { eq, sql } from 'drizzle-orm';
import { tramitations as stepsDef } from '@paco/domain/resources/materias';
import { matters, tramitations } from '../../db/schema.generated.ts';
import type { Row } from '../../engine/context.ts';
import { create, type WriteScope } from '../../engine/records.ts';

export interface AutomaticStep {
  matter_id: number;
  /** when it happened (the session's date, the sanction's): moved to the last step's date when that is later */
  data: string;
  status_id: number;
  acao: string;
  turno_id?: number | null;
  destino_id?: number | null;
  urgente?: boolean;
  diasPrazo?: number | null;
  /** what caused it: the plenary session, the voting, the item */
  plenary_session_id?: number | null;
  votting_id?: number | null;
  plenary_matter_id?: number | null;
}

/**
 * Adds a step the server decided (decision 0030) through the write path: the step's rules (origin from the previous
 * destination, the deadline in business days, the matter's current state) apply; the flow is noted, not enforced; a
 * date before the matter's latest step (or its presentation) becomes that date, so the steps stay in order.
 */
export async function addAutomaticStep(scope: WriteScope, step: AutomaticStep): Promise<Row> {
  const db = scope.db;
  const [matter] = await db.select({ apresentacao: matters.dataApresentacao }).from(matters).where(eq(matters.id, step.matter_id)).limit(1);
  const [last] = await db.select({ data: sql<string | null>`max(${tramitations.data})::text` }).from(tramitations).where(eq(tramitations.matter_id, step.matter_id));
  const floor = [step.data, matter?.apresentacao ? String(matter.apresentacao) : '', last?.data ?? ''].sort().pop()!;
  const { plenary_session_id = null, votting_id = null, plenary_matter_id = null, ...input } = step;
  return create(scope, stepsDef, { ...input, data: floor, urgente: step.urgente ?? false }, {
    action: 'tramita', set: { automatico: true, plenary_session_id, votting_id, plenary_matter_id },
  });
}
