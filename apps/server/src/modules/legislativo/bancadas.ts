/**
 * Bancadas e blocos parlamentares (decision 0057; definitions in packages/domain/src/resources/bancadas.ts): the
 * rules the engine's declaration cannot say, as hooks in the write's transaction, each refused with 422 under the
 * field people type.
 *
 * - a group (bancada, bloco) lies inside its legislature; a bancada is the only one of its party in the legislature;
 *   a group's period changed keeps its members' posts inside it;
 * - a member belongs to exactly one group, has a mandate in the group's legislature, holds the post within the
 *   group's period, is not twice in the group at once, and the group has one Líder at a time. Adding a member locks
 *   the group's row, so two additions of a Líder take turns and the second sees the first.
 *
 * Periods are dates (yyyy-mm-dd, compared as text); an empty end is open.
 */
import { and, eq, gt, gte, isNull, lt, lte, ne, or, type SQL } from 'drizzle-orm';
import { formatDate } from '@paco/domain/format';
import { bancadas as bancadasDef, blocos as blocosDef, membrosBancada as membrosDef } from '@paco/domain/resources/bancadas';
import { bancadas, blocos, legislatures, mandates, membrosBancada, parliamentaries, parties } from '../../db/schema.generated.ts';
import type { Db } from '../../db/client.ts';
import { defineBehaviour } from '../../engine/behaviour.ts';
import type { ResourceHooks, Row } from '../../engine/context.ts';
import { unprocessable } from '../../http/errors.ts';

/** The value a write will leave in the record: the new one when sent, else the stored one. */
const after = (values: Row, existing: Row | null, k: string): any => (k in values ? values[k] : existing?.[k] ?? null);
const period = (inicio: string, fim: string | null): string => (fim ? `${formatDate(inicio)} a ${formatDate(fim)}` : `desde ${formatDate(inicio)}`);

/** Rows of membros_bancada whose period meets [inicio, fim] (fim null: open). */
const overlapping = (inicio: string, fim: string | null): SQL[] => [
  or(isNull(membrosBancada.fim), gte(membrosBancada.fim, inicio))!,
  ...(fim ? [lte(membrosBancada.inicio, fim)] : []),
];

/** A group's period inside its legislature's; on update, its members' posts inside the new period. */
function groupHooks(kind: 'bancada' | 'bloco'): ResourceHooks {
  const noun = kind === 'bancada' ? 'a bancada' : 'o bloco';
  const fk = kind === 'bancada' ? membrosBancada.bancada_id : membrosBancada.bloco_id;
  return {
    async beforeWrite(values, existing, { db }) {
      const inicio: string = after(values, existing, 'inicio');
      const fim: string | null = after(values, existing, 'fim');
      const [leg] = await db.select().from(legislatures).where(eq(legislatures.id, after(values, existing, 'legislature_id'))).limit(1);
      if (leg) {
        const within = `${kind === 'bancada' ? 'A bancada' : 'O bloco'} deve estar dentro da legislatura (${period(leg.inicio, leg.fim)}).`;
        if (inicio < leg.inicio || inicio > leg.fim) throw unprocessable({ inicio: [within] });
        if (fim && fim > leg.fim) throw unprocessable({ fim: [within] });
      }
      if (kind === 'bancada') {
        const party = after(values, existing, 'party_id');
        const [dup] = await db.select({ nome: bancadas.nome, sigla: parties.abbreviations }).from(bancadas)
          .innerJoin(parties, eq(parties.id, bancadas.party_id))
          .where(and(eq(bancadas.legislature_id, leg?.id ?? -1), eq(bancadas.party_id, party), ...(existing ? [ne(bancadas.id, existing.id)] : []))).limit(1);
        if (dup) throw unprocessable({ party_id: [`O ${dup.sigla} já tem bancada nesta legislatura: ${dup.nome}.`] });
      }
      if (!existing || !('inicio' in values || 'fim' in values)) return;
      const [before] = await db.select({ inicio: membrosBancada.inicio }).from(membrosBancada)
        .where(and(eq(fk, existing.id), lt(membrosBancada.inicio, inicio))).limit(1);
      if (before) throw unprocessable({ inicio: [`Há membros com cargo desde ${formatDate(before.inicio)}, antes deste início: ajuste os membros antes.`] });
      if (fim) {
        const [beyond] = await db.select({ inicio: membrosBancada.inicio }).from(membrosBancada)
          .where(and(eq(fk, existing.id), or(isNull(membrosBancada.fim), gt(membrosBancada.fim, fim), gt(membrosBancada.inicio, fim)))).limit(1);
        if (beyond) throw unprocessable({ fim: [`Há membros com cargo depois deste fim (ou sem fim): informe o fim dos cargos antes de encerrar ${noun}.`] });
      }
    },
  };
}

interface Group { id: number; nome: string; legislature_id: number; inicio: string; fim: string | null }

/** The member's group, its row locked until the write commits (additions to one group take turns). */
async function groupOf(db: Db, bancadaId: number | null, blocoId: number | null): Promise<Group | undefined> {
  const table = bancadaId ? bancadas : blocos;
  const [g] = await db.select({ id: table.id, nome: table.nome, legislature_id: table.legislature_id, inicio: table.inicio, fim: table.fim })
    .from(table).where(eq(table.id, (bancadaId ?? blocoId)!)).for('update').limit(1);
  return g;
}

const memberHooks: ResourceHooks = {
  async beforeWrite(values, existing, { db }) {
    const bancadaId: number | null = after(values, existing, 'bancada_id');
    const blocoId: number | null = after(values, existing, 'bloco_id');
    if (!bancadaId === !blocoId) throw unprocessable({ bancada_id: ['Informe a bancada ou o bloco parlamentar do membro (um só).'] });
    const group = await groupOf(db, bancadaId, blocoId);
    if (!group) return; // the engine's reference check answers a group that is not there
    const noun = bancadaId ? 'da bancada' : 'do bloco';
    const parliamentaryId: number = after(values, existing, 'parliamentary_id');
    const inicio: string = after(values, existing, 'inicio');
    const fim: string | null = after(values, existing, 'fim');
    const cargo: string = after(values, existing, 'cargo');

    const [p] = await db.select({ nome: parliamentaries.nome }).from(parliamentaries).where(eq(parliamentaries.id, parliamentaryId)).limit(1);
    const nome = p?.nome ?? 'O parlamentar';
    const [mandate] = await db.select({ id: mandates.id }).from(mandates)
      .where(and(eq(mandates.parliamentary_id, parliamentaryId), eq(mandates.legislature_id, group.legislature_id))).limit(1);
    if (!mandate) {
      const [leg] = await db.select({ descricao: legislatures.descricao }).from(legislatures).where(eq(legislatures.id, group.legislature_id)).limit(1);
      throw unprocessable({ parliamentary_id: [`${nome} não tem mandato na legislatura ${noun} (${leg?.descricao ?? ''}).`] });
    }

    const within = `O cargo deve estar dentro do período ${noun} (${period(group.inicio, group.fim)}).`;
    if (inicio < group.inicio || (group.fim && inicio > group.fim)) throw unprocessable({ inicio: [within] });
    if (group.fim && fim && fim > group.fim) throw unprocessable({ fim: [within] });

    const inGroup = [bancadaId ? eq(membrosBancada.bancada_id, bancadaId) : eq(membrosBancada.bloco_id, blocoId!), ...(existing ? [ne(membrosBancada.id, existing.id)] : [])];
    const [twice] = await db.select({ inicio: membrosBancada.inicio, fim: membrosBancada.fim }).from(membrosBancada)
      .where(and(...inGroup, eq(membrosBancada.parliamentary_id, parliamentaryId), ...overlapping(inicio, fim))).limit(1);
    if (twice) throw unprocessable({ parliamentary_id: [`${nome} já é membro ${noun} neste período (${period(twice.inicio, twice.fim)}).`] });

    if (cargo === 'lider') {
      const [leader] = await db.select({ nome: parliamentaries.nome, inicio: membrosBancada.inicio, fim: membrosBancada.fim }).from(membrosBancada)
        .innerJoin(parliamentaries, eq(parliamentaries.id, membrosBancada.parliamentary_id))
        .where(and(...inGroup, eq(membrosBancada.cargo, 'lider'), ...overlapping(inicio, fim))).limit(1);
      if (leader) {
        throw unprocessable({ cargo: [`${bancadaId ? 'A bancada' : 'O bloco'} já tem líder neste período: ${leader.nome} (${period(leader.inicio, leader.fim)}). Para trocar a liderança, informe o fim do cargo do líder atual.`] });
      }
    }
  },
};

defineBehaviour(bancadasDef, { hooks: groupHooks('bancada') }, 'legislativo');
defineBehaviour(blocosDef, { hooks: groupHooks('bloco') }, 'legislativo');
defineBehaviour(membrosDef, { hooks: memberHooks }, 'legislativo');
