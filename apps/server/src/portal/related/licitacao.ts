/**
 * A tender's phases, documents and the contracts that came from it (issue 12; PNTP: the edital and its annexes, avisos,
 * esclarecimentos, atas, the result, each phase with its date). The phases are the server's record of every change of
 * situação (licitacao_fases); the documents, those staff marked public that have a file.
 */
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { labelOf } from '@paco/domain/plenary';
import { formatDate, formatDateTime, formatMoney } from '@paco/domain/format';
import { LICITACAO_DOCUMENTOS, LICITACAO_SITUACOES } from '@paco/domain/resources/administrativo';
import { contratos, licitacaoDocumentos, licitacaoFases } from '../../db/schema.generated.ts';

import type { Related, RelatedLoader } from './types.ts';

export const licitacaoRelated: RelatedLoader = async (sv, rec, companyId, base) => {
  const id = rec.id as number;
  const out: Related = [];
  const phases = await sv.db.select({ situacao: licitacaoFases.situacao, data: licitacaoFases.data }).from(licitacaoFases)
    .where(and(eq(licitacaoFases.licitacao_id, id), eq(licitacaoFases.company_id, companyId))).orderBy(asc(licitacaoFases.data), asc(licitacaoFases.id));
  // the preparatory phase is not public (the section shows no tender still planned): its date is not either
  const shown = phases.filter((p) => p.situacao !== 'planejada');
  if (shown.length) {
    out.push({
      title: 'Fases', note: `Situação atual: ${labelOf(LICITACAO_SITUACOES, rec.situacao)}`,
      table: { head: ['Data', 'Fase'], rows: shown.map((p) => [{ text: formatDateTime(p.data as string) }, { text: labelOf(LICITACAO_SITUACOES, p.situacao) }]) },
    });
  }
  const docs = await sv.db.select().from(licitacaoDocumentos)
    .where(and(eq(licitacaoDocumentos.licitacao_id, id), eq(licitacaoDocumentos.company_id, companyId), eq(licitacaoDocumentos.publico, true), isNotNull(licitacaoDocumentos.arquivo)))
    .orderBy(asc(licitacaoDocumentos.data), asc(licitacaoDocumentos.id));
  if (docs.length) {
    out.push({
      title: 'Documentos', items: docs.map((d) => ({
        text: `${labelOf(LICITACAO_DOCUMENTOS, d.tipo)}${d.descricao ? `: ${d.descricao}` : ''}`, url: sv.storage.url(d.arquivo as never),
        detail: formatDate(d.data as string),
      })),
    });
  }
  const cs = await sv.db.select().from(contratos).where(and(eq(contratos.licitacao_id, id), eq(contratos.company_id, companyId))).orderBy(desc(contratos.id));
  if (cs.length) out.push({ title: 'Contratos desta licitação', items: cs.map((c) => ({ text: `Contrato ${c.numero}`, url: `${base}/contratos/${c.id}`, detail: c.valorGlobal ? formatMoney(c.valorGlobal as never) : undefined })) });
  return out;
};
