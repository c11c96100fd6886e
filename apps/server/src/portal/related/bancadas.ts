/**
 * Bancadas and blocos parlamentares on the portal (decision 0057): the posts a councillor holds today, for their page,
 * and the leaderships of the groups in force, for the Mesa Diretora page. Only periods that include today (the
 * member's and the group's); never the `obs` fields (staff notes).
 */
import { and, asc, eq, gte, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { formatDate } from '@paco/domain/format';
import { CARGOS_BANCADA } from '@paco/domain/resources/bancadas';
import type { LiderancaView } from '@paco/portal/types.ts';
import { bancadas, blocos, blocosPartidos, membrosBancada, parliamentaries, parties } from '../../db/schema.generated.ts';
import type { Services } from '../../engine/context.ts';
import type { RelatedGroup } from './types.ts';

/** A period (start required, end optional) that includes `today`. */
const inForce = (p: { inicio: AnyPgColumn; fim: AnyPgColumn }, today: string): SQL => and(lte(p.inicio, today), or(isNull(p.fim), gte(p.fim, today)))!;
const cargoLabel = (v: string): string => CARGOS_BANCADA.find((c) => c.value === v)?.label ?? v;
const RANK: Record<string, number> = { lider: 0, vice_lider: 1, membro: 2 };
/** "Bloco Vila Serena Progressista" already says what it is; another name gets "bloco" before it. */
const blocoName = (nome: string): string => (/^bloco\b/i.test(nome) ? nome : `bloco ${nome}`);

/** Each bloco's parties (abbreviations, alphabetical), by bloco id. */
async function partiesOf(sv: Services, ids: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!ids.length) return out;
  const rows = await sv.db.select({ bloco: blocosPartidos.bloco_id, sigla: parties.abbreviations }).from(blocosPartidos)
    .innerJoin(parties, eq(parties.id, blocosPartidos.party_id)).where(inArray(blocosPartidos.bloco_id, ids)).orderBy(asc(parties.abbreviations));
  for (const r of rows) out.set(r.bloco, [...(out.get(r.bloco) ?? []), r.sigla]);
  return out;
}

/** The councillor's posts in force: "Líder da bancada do PT", "Vice-líder do Bloco Vila Serena Progressista". */
export async function bancadasDoParlamentar(sv: Services, parliamentaryId: number, companyId: number, today: string): Promise<RelatedGroup | null> {
  const mine = and(eq(membrosBancada.parliamentary_id, parliamentaryId), eq(membrosBancada.company_id, companyId), inForce(membrosBancada, today));
  const inBancadas = await sv.db.select({ cargo: membrosBancada.cargo, desde: membrosBancada.inicio, nome: bancadas.nome, sigla: parties.abbreviations })
    .from(membrosBancada).innerJoin(bancadas, and(eq(bancadas.id, membrosBancada.bancada_id), eq(bancadas.company_id, companyId)))
    .innerJoin(parties, eq(parties.id, bancadas.party_id))
    .where(and(mine, inForce(bancadas, today))).orderBy(asc(bancadas.nome));
  const inBlocos = await sv.db.select({ id: blocos.id, cargo: membrosBancada.cargo, desde: membrosBancada.inicio, nome: blocos.nome })
    .from(membrosBancada).innerJoin(blocos, and(eq(blocos.id, membrosBancada.bloco_id), eq(blocos.company_id, companyId)))
    .where(and(mine, inForce(blocos, today))).orderBy(asc(blocos.nome));
  if (!inBancadas.length && !inBlocos.length) return null;
  const partidos = await partiesOf(sv, inBlocos.map((b) => b.id));
  const byRank = <T extends { cargo: string }>(xs: T[]) => [...xs].sort((a, b) => (RANK[a.cargo] ?? 9) - (RANK[b.cargo] ?? 9));
  return {
    title: 'Bancada e bloco parlamentar',
    items: [
      ...byRank(inBancadas).map((b) => ({
        text: `${cargoLabel(b.cargo)} da bancada do ${b.sigla}`,
        detail: [b.nome.toLowerCase() === `bancada do ${b.sigla}`.toLowerCase() ? null : b.nome, `desde ${formatDate(b.desde)}`].filter(Boolean).join(' · '),
      })),
      ...byRank(inBlocos).map((b) => ({
        text: `${cargoLabel(b.cargo)} do ${blocoName(b.nome)}`,
        detail: [partidos.get(b.id)?.length ? `Partidos: ${partidos.get(b.id)!.join(', ')}` : null, `desde ${formatDate(b.desde)}`].filter(Boolean).join(' · '),
      })),
    ],
  };
}

/** The bancadas and blocos in force with their líder and vice-líderes today (and a bloco's parties). */
export async function liderancas(sv: Services, companyId: number, today: string, base: string): Promise<LiderancaView[]> {
  const bs = await sv.db.select({ id: bancadas.id, nome: bancadas.nome, sigla: parties.abbreviations }).from(bancadas).innerJoin(parties, eq(parties.id, bancadas.party_id))
    .where(and(eq(bancadas.company_id, companyId), inForce(bancadas, today))).orderBy(asc(bancadas.nome));
  const bls = await sv.db.select({ id: blocos.id, nome: blocos.nome }).from(blocos)
    .where(and(eq(blocos.company_id, companyId), inForce(blocos, today))).orderBy(asc(blocos.nome));
  if (!bs.length && !bls.length) return [];
  const leaders = await sv.db.select({ bancada: membrosBancada.bancada_id, bloco: membrosBancada.bloco_id, cargo: membrosBancada.cargo, id: parliamentaries.id,
    nome: parliamentaries.nome, ativo: parliamentaries.ativo })
    .from(membrosBancada).innerJoin(parliamentaries, and(eq(parliamentaries.id, membrosBancada.parliamentary_id), eq(parliamentaries.company_id, companyId)))
    .where(and(eq(membrosBancada.company_id, companyId), inArray(membrosBancada.cargo, ['lider', 'vice_lider']), inForce(membrosBancada, today)))
    .orderBy(asc(parliamentaries.nome));
  const partidos = await partiesOf(sv, bls.map((b) => b.id));
  const of = (key: 'bancada' | 'bloco', id: number) => leaders.filter((l) => l[key] === id).sort((a, b) => RANK[a.cargo] - RANK[b.cargo])
    .map((l) => ({ cargo: cargoLabel(l.cargo), nome: l.nome, url: l.ativo ? `${base}/vereadores/${l.id}` : null }));
  return [
    ...bs.map((b) => ({ kind: 'bancada' as const, nome: b.nome, partidos: [b.sigla], lideres: of('bancada', b.id) })),
    ...bls.map((b) => ({ kind: 'bloco' as const, nome: b.nome, partidos: partidos.get(b.id) ?? [], lideres: of('bloco', b.id) })),
  ];
}
