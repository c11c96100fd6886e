/**
 * A matter's public record (issue 12): its authors, the tramitação step by step, the commissions' pareceres, its
 * votings in plenary (closed ones), the matters attached to it (or the one it is attached to), the amendments
 * presented to it, its public accessory documents (decision 0059) and the norm it became.
 */
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatDate } from '@paco/domain/format';
import { labelOf, OUTCOMES, VOTING_KINDS } from '@paco/domain/plenary';
import { PARECERES } from '@paco/domain/resources/proposicao';
import { authors, commissions, distributions, matterAttachments, matterDocuments, matters, mattersAuthors, norms, plenaryMatters, plenarySessions, tramitationUnities, tramitations, types, vottings } from '../../db/schema.generated.ts';
import { publicNorm, short, totals } from './shared.ts';
import type { Related, RelatedLoader } from './types.ts';

const origem = alias(tramitationUnities, 'origem');
const destino = alias(tramitationUnities, 'destino');

export const materiaRelated: RelatedLoader = async (sv, rec, companyId, base) => {
  const id = rec.id as number;
  const out: Related = [];
  const by = await sv.db.select({ name: authors.name, cargo: authors.cargo, parlamentar: authors.parliamentary_id })
    .from(mattersAuthors).innerJoin(authors, eq(authors.id, mattersAuthors.author_id))
    .where(and(eq(mattersAuthors.matter_id, id), eq(authors.company_id, companyId))).orderBy(asc(mattersAuthors.ordem));
  if (by.length) {
    out.push({ title: by.length === 1 ? 'Autor' : 'Autores', items: by.map((a) => ({ text: a.name, ...(a.parlamentar ? { url: `${base}/vereadores/${a.parlamentar}` } : {}), ...(a.cargo ? { detail: a.cargo } : {}) })) });
  }
  const steps = await sv.db.select({
    data: tramitations.data, status: types.label, origem: origem.descricao, destino: destino.descricao, comissao: commissions.nome, comissaoId: commissions.id,
    acao: tramitations.acao, sessao: tramitations.plenary_session_id,
  }).from(tramitations).leftJoin(types, eq(types.id, tramitations.status_id)).leftJoin(origem, eq(origem.id, tramitations.origem_id))
    .leftJoin(destino, eq(destino.id, tramitations.destino_id)).leftJoin(commissions, eq(commissions.id, tramitations.commission_id))
    .where(and(eq(tramitations.matter_id, id), eq(tramitations.company_id, companyId))).orderBy(asc(tramitations.data), asc(tramitations.id));
  if (steps.length) {
    out.push({
      title: 'Tramitação', note: `${steps.length} ${steps.length === 1 ? 'passo' : 'passos'}, do mais antigo ao mais recente`,
      table: {
        head: ['Data', 'Status', 'Onde', 'Ação'],
        rows: steps.map((st) => [
          { text: formatDate(st.data as string) },
          { text: st.status ?? '—' },
          st.comissaoId ? { text: st.comissao!, url: `${base}/comissoes/${st.comissaoId}` } : { text: [st.origem, st.destino].filter(Boolean).join(' → ') || '—' },
          st.sessao ? { text: short(st.acao, 200) ?? 'Sessão plenária', url: `${base}/sessoes/${st.sessao}` } : { text: short(st.acao, 200) ?? '—' },
        ]),
      },
    });
  }
  const pareceres = await sv.db.select({ comissao: commissions.nome, comissaoId: commissions.id, parecer: distributions.parecer, data: distributions.parecer_data,
    fav: distributions.votos_favoraveis, con: distributions.votos_contrarios, abs: distributions.abstencoes })
    .from(distributions).innerJoin(commissions, eq(commissions.id, distributions.commission_id))
    .where(and(eq(distributions.matter_id, id), eq(distributions.company_id, companyId), isNotNull(distributions.parecer))).orderBy(asc(distributions.parecer_data));
  if (pareceres.length) {
    out.push({
      title: 'Pareceres das comissões', items: pareceres.map((p) => ({
        text: p.comissao, url: `${base}/comissoes/${p.comissaoId}`,
        detail: [labelOf(PARECERES, p.parecer), p.data ? formatDate(p.data as string) : null, p.fav !== null ? `${p.fav} a favor, ${p.con ?? 0} contra, ${p.abs ?? 0} abstenções` : null].filter(Boolean).join(' · '),
      })),
    });
  }
  const voted = await sv.db.select({ v: vottings, sessao: plenarySessions.titulo, sessaoId: plenarySessions.id })
    .from(vottings).innerJoin(plenaryMatters, eq(plenaryMatters.id, vottings.plenary_matter_id)).innerJoin(plenarySessions, eq(plenarySessions.id, vottings.plenary_session_id))
    .where(and(eq(plenaryMatters.matter_id, id), eq(vottings.company_id, companyId), eq(vottings.status, 'encerrada'))).orderBy(asc(vottings.encerradaEm));
  if (voted.length) {
    out.push({
      title: 'Votações em plenário', items: voted.map(({ v, sessao, sessaoId }) => ({
        text: sessao ?? `Sessão ${sessaoId}`, url: `${base}/sessoes/${sessaoId}`,
        detail: [labelOf(VOTING_KINDS, v.tipo), v.resultado ? labelOf(OUTCOMES, v.resultado) : null, v.tipo === 'leitura' ? null : totals(v)].filter(Boolean).join(' · '),
      })),
    });
  }
  const emendas = await sv.db.select({ id: matters.id, ident: matters.identificacao, ementa: matters.ementa }).from(matters)
    .where(and(eq(matters.principal_id, id), eq(matters.company_id, companyId))).orderBy(asc(matters.dataApresentacao), asc(matters.id)).limit(50);
  // the matters attached to it now, and the one it is attached to (decision 0058)
  const anexadas = await sv.db.select({ id: matters.id, ident: matters.identificacao, ementa: matters.ementa, desde: matterAttachments.data_anexacao }).from(matterAttachments)
    .innerJoin(matters, eq(matters.id, matterAttachments.anexada_id))
    .where(and(eq(matterAttachments.principal_id, id), eq(matterAttachments.company_id, companyId), eq(matterAttachments.situacao, 'anexada')))
    .orderBy(asc(matterAttachments.data_anexacao), asc(matterAttachments.id)).limit(50);
  if (anexadas.length) out.push({ title: 'Matérias anexadas', items: anexadas.map((a) => ({ text: a.ident ?? `Matéria ${a.id}`, url: `${base}/materias/${a.id}`, detail: [`desde ${formatDate(a.desde as string)}`, short(a.ementa)].filter(Boolean).join(' · ') })) });
  const [principal] = await sv.db.select({ id: matters.id, ident: matters.identificacao, ementa: matters.ementa, desde: matterAttachments.data_anexacao }).from(matterAttachments)
    .innerJoin(matters, eq(matters.id, matterAttachments.principal_id))
    .where(and(eq(matterAttachments.anexada_id, id), eq(matterAttachments.company_id, companyId), eq(matterAttachments.situacao, 'anexada'))).limit(1);
  if (principal) out.push({ title: 'Anexada a', items: [{ text: principal.ident ?? `Matéria ${principal.id}`, url: `${base}/materias/${principal.id}`, detail: [`desde ${formatDate(principal.desde as string)}`, short(principal.ementa)].filter(Boolean).join(' · ') }] });
  if (emendas.length) out.push({ title: 'Emendas e substitutivos', items: emendas.map((e) => ({ text: e.ident ?? `Emenda ${e.id}`, url: `${base}/materias/${e.id}`, detail: short(e.ementa) })) });
  // the accessory documents marked public that have their file (a non-public one is never read here)
  const docs = await sv.db.select({ tipo: types.label, nome: matterDocuments.nome, data: matterDocuments.data, autor: matterDocuments.autor, arquivo: matterDocuments.arquivo })
    .from(matterDocuments).leftJoin(types, eq(types.id, matterDocuments.tipo_id))
    .where(and(eq(matterDocuments.matter_id, id), eq(matterDocuments.company_id, companyId), eq(matterDocuments.publico, true), isNotNull(matterDocuments.arquivo)))
    .orderBy(asc(matterDocuments.data), asc(matterDocuments.id)).limit(100);
  if (docs.length) {
    out.push({
      title: 'Documentos acessórios', items: docs.map((d) => ({
        text: `${d.tipo ? `${d.tipo}: ` : ''}${d.nome}`, url: sv.storage.url(d.arquivo as never),
        detail: [formatDate(d.data as string), d.autor].filter(Boolean).join(' · '),
      })),
    });
  }
  const became = await sv.db.select({ id: norms.id, ident: norms.identificacao, ementa: norms.ementa }).from(norms)
    .where(and(eq(norms.matter_id, id), eq(norms.company_id, companyId), publicNorm())).orderBy(desc(norms.data));
  if (became.length) out.push({ title: 'Norma jurídica gerada', items: became.map((n) => ({ text: n.ident ?? `Norma ${n.id}`, url: `${base}/normas/${n.id}`, detail: short(n.ementa) })) });
  return out;
};
