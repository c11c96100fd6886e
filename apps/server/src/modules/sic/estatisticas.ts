/**
 * Public statistics of the E-SIC and of the Ouvidoria of one entity for one year (LAI art. 30, III; Decreto
 * 7.724/2012, art. 45): requests received, answered (granted or denied), within the deadline, appealed — in total,
 * by month of receipt and by subject (the request's `tema`; the manifestação's `tipo`). Counts only: no identity,
 * no text. Figures are computed from the records on each call (a municipality files hundreds a year, not millions).
 */
import { and, eq } from 'drizzle-orm';
import { MANIFESTACAO_TIPOS } from '@paco/domain/resources/cultura';
import { PEDIDO_EM_ABERTO, PEDIDO_TEMAS } from '@paco/domain/resources/sic';
import { todayIso } from '@paco/domain/workflow';
import { todayInSaoPaulo } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { manifestacoes, pedidosInformacao } from '../../db/schema.generated.ts';
import { toCsv } from '@paco/domain/csv';

export interface Counts { recebidos: number; respondidos: number; negados: number; noPrazo: number; recursos: number; emAberto: number }
export interface Group extends Counts { chave: string; rotulo: string }
const zero = (): Counts => ({ recebidos: 0, respondidos: 0, negados: 0, noPrazo: 0, recursos: 0, emAberto: 0 });

const MESES = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];
const day = (v: unknown): string | null => (v ? todayIso(v instanceof Date ? v : new Date(String(v))) : null);

interface Item { month: number; group: string; answered: boolean; denied: boolean; onTime: boolean; appealed: boolean; open: boolean }

function tally(items: Item[], groups: readonly { value: string; label: string }[], other: string) {
  const totais = zero();
  const porMes: Group[] = MESES.map((m, i) => ({ chave: String(i + 1).padStart(2, '0'), rotulo: m, ...zero() }));
  const porGrupo: Group[] = [...groups.map((g) => ({ chave: g.value, rotulo: g.label, ...zero() })), { chave: '', rotulo: other, ...zero() }];
  for (const it of items) {
    const g = porGrupo.find((x) => x.chave === it.group) ?? porGrupo[porGrupo.length - 1];
    for (const c of [totais, porMes[it.month - 1], g]) {
      c.recebidos += 1;
      if (it.answered) c.respondidos += 1;
      if (it.denied) c.negados += 1;
      if (it.answered && it.onTime) c.noPrazo += 1;
      if (it.appealed) c.recursos += 1;
      if (it.open) c.emAberto += 1;
    }
  }
  return { totais, porMes, porGrupo: porGrupo.filter((g) => g.chave || g.recebidos) };
}

/** The year's figures (JSON) and the same as CSV (Excel pt-BR: ';', BOM). */
export async function statistics(db: Db, companyId: number, ano: number) {
  const pedidos = await db.select({
    created_at: pedidosInformacao.created_at, tema: pedidosInformacao.tema, situacao: pedidosInformacao.situacao, dataResposta: pedidosInformacao.dataResposta,
    prazo: pedidosInformacao.prazo, noPrazo: pedidosInformacao.noPrazo, fundamentoNegativa: pedidosInformacao.fundamentoNegativa, recursoEm: pedidosInformacao.recursoEm,
  }).from(pedidosInformacao).where(and(eq(pedidosInformacao.company_id, companyId), eq(pedidosInformacao.ano, ano)));
  const manifs = await db.select({
    created_at: manifestacoes.created_at, tipo: manifestacoes.tipo, situacao: manifestacoes.situacao, dataResposta: manifestacoes.dataResposta, prazo: manifestacoes.prazo,
  }).from(manifestacoes).where(and(eq(manifestacoes.company_id, companyId), eq(manifestacoes.ano, ano)));
  const open: readonly unknown[] = PEDIDO_EM_ABERTO;
  const p = tally(pedidos.map((r) => ({
    month: Number(day(r.created_at)!.slice(5, 7)), group: r.tema ?? '', answered: !!r.dataResposta, denied: !!r.fundamentoNegativa,
    // recorded when decided; for requests decided before it was recorded (never appealed), from the deadline
    onTime: r.noPrazo || (!r.recursoEm && !!r.dataResposta && !!r.prazo && day(r.dataResposta)! <= String(r.prazo).slice(0, 10)),
    appealed: !!r.recursoEm, open: open.includes(r.situacao),
  })), PEDIDO_TEMAS, 'Não classificado');
  const m = tally(manifs.map((r) => ({
    month: Number(day(r.created_at)!.slice(5, 7)), group: r.tipo ?? '', answered: !!r.dataResposta, denied: false,
    onTime: !!r.dataResposta && !!r.prazo && day(r.dataResposta)! <= String(r.prazo).slice(0, 10),
    appealed: false, open: ['recebida', 'em_analise', 'encaminhada'].includes(String(r.situacao)),
  })), MANIFESTACAO_TIPOS, 'Não classificado');
  const data = {
    ano, atualizadoEm: todayInSaoPaulo(),
    pedidos: { totais: p.totais, porMes: p.porMes, porTema: p.porGrupo },
    manifestacoes: { totais: m.totais, porMes: m.porMes, porTipo: m.porGrupo },
  };
  const head = ['secao', 'agrupamento', 'grupo', 'recebidos', 'respondidos', 'negados', 'no_prazo', 'recursos', 'em_aberto'];
  const line = (secao: string, agr: string, g: Group | (Counts & { rotulo: string })) =>
    [secao, agr, g.rotulo, g.recebidos, g.respondidos, g.negados, g.noPrazo, g.recursos, g.emAberto];
  const lines = [
    line('pedidos_informacao', 'total', { rotulo: String(ano), ...p.totais }), ...p.porMes.map((g) => line('pedidos_informacao', 'mes', g)),
    ...p.porGrupo.map((g) => line('pedidos_informacao', 'tema', g)),
    line('manifestacoes', 'total', { rotulo: String(ano), ...m.totais }), ...m.porMes.map((g) => line('manifestacoes', 'mes', g)),
    ...m.porGrupo.map((g) => line('manifestacoes', 'tipo', g)),
  ];
  return { ano, data, csv: toCsv(head, lines) };
}
