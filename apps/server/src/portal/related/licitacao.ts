/** A tender's phases and the contracts that came from it. */
import { and, asc, eq } from 'drizzle-orm';
import { formatDate, formatMoney } from '@paco/domain/format';
import { LICITACAO_SITUACOES } from '@paco/domain/resources/administrativo';
import { contratos } from '../../db/schema.generated.ts';
import type { Related, RelatedLoader } from './types.ts';

export const licitacaoRelated: RelatedLoader = async (sv, rec, companyId, base) => {
  const out: Related = [];
  const order = ['planejada', 'em_andamento', 'homologada'];
  const now = String(rec.situacao ?? '');
  const label = (v: string) => LICITACAO_SITUACOES.find((o) => o.value === v)?.label ?? v;
  const phases = order.includes(now) ? order.slice(0, order.indexOf(now) + 1) : ['planejada', 'em_andamento', now];
  out.push({
    title: 'Fases', items: phases.map((p, i) => ({
      text: label(p), detail: p === now ? 'fase atual' : i === 1 && rec.dataPublicacao ? `edital publicado em ${formatDate(rec.dataPublicacao as string)}` : 'concluída',
    })),
  });
  const cs = await sv.db.select().from(contratos).where(and(eq(contratos.licitacao_id, rec.id as number), eq(contratos.company_id, companyId))).orderBy(asc(contratos.id));
  if (cs.length) out.push({ title: 'Contratos desta licitação', items: cs.map((c) => ({ text: `Contrato ${c.numero}`, url: `${base}/contratos/${c.id}`, detail: c.valorGlobal ? formatMoney(c.valorGlobal as never) : undefined })) });
  return out;
};
