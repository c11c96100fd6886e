/**
 * Related lists on a detail page (the section's `related`): an event's photos; a secretariat's secretários,
 * contacts and duties; a tender's phases and the contracts that came from it. Only public data: secretários'
 * institutional phones and e-mails are shown as the secretariat's contacts; no user account is ever read.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { formatDate, formatMoney } from '@paco/domain/format';
import type { PortalSection } from '@paco/domain/portal';
import { LICITACAO_SITUACOES } from '@paco/domain/resources/administrativo';
import {
  boards, contacts, contratos, eventPhotos, funcaos, legislativeSessions, legislatures, mandates, parliamentaries, secretarios, secretariasContacts, types,
} from '../db/schema.generated.ts';
import type { Row, Services } from '../engine/context.ts';

type Related = { title: string; items: { text: string; url?: string; image?: string; detail?: string }[] }[];

const phone = (v: string | null): string | null => {
  if (!v) return null;
  const d = v.replace(/\D/g, '');
  return d.length === 11 ? `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}` : d.length === 10 ? `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}` : v;
};

export async function relatedOf(sv: Services, s: PortalSection, rec: Row, companyId: number, base: string): Promise<Related> {
  if (s.related === 'event_photos') {
    const rows = await sv.db.select().from(eventPhotos).where(and(eq(eventPhotos.event_id, rec.id as number), eq(eventPhotos.company_id, companyId))).orderBy(asc(eventPhotos.id));
    const items = rows.filter((p) => p.photo).map((p, i) => ({ text: p.description || `Foto ${i + 1} do evento`, image: sv.storage.url(p.photo as never) }));
    return items.length ? [{ title: 'Fotos', items }] : [];
  }
  if (s.related === 'secretaria') {
    const out: Related = [];
    const sec = await sv.db.select().from(secretarios).where(and(eq(secretarios.secretaria_id, rec.id as number), eq(secretarios.company_id, companyId))).orderBy(asc(secretarios.nome));
    if (sec.length) {
      out.push({
        title: 'Responsáveis', items: sec.map((x) => ({
          text: `${x.nome}${x.cargo ? `, ${x.cargo}` : ''}`,
          detail: [x.inicio ? `desde ${formatDate(x.inicio as string)}` : null, phone(x.telefone), x.email].filter(Boolean).join(' · ') || undefined,
        })),
      });
    }
    const cs = await sv.db.select({ c: contacts }).from(secretariasContacts).innerJoin(contacts, eq(contacts.id, secretariasContacts.contact_id))
      .where(and(eq(secretariasContacts.secretaria_id, rec.id as number), eq(contacts.company_id, companyId))).orderBy(asc(contacts.id));
    if (cs.length) {
      out.push({
        title: 'Contatos', items: cs.map(({ c }) => ({
          text: c.description ?? 'Contato',
          detail: [phone(c.phone), c.whatsapp ? `WhatsApp ${phone(c.whatsapp)}` : null, c.email,
            [c.endereco, c.numero].filter(Boolean).join(', ') || null, c.bairro, c.horario_atendimento].filter(Boolean).join(' · ') || undefined,
        })),
      });
    }
    const fs = await sv.db.select().from(funcaos).where(and(eq(funcaos.secretaria_id, rec.id as number), eq(funcaos.company_id, companyId))).orderBy(asc(funcaos.nome));
    if (fs.length) out.push({ title: 'Competências', items: fs.map((x) => ({ text: x.nome, detail: x.descricao ?? undefined })) });
    return out;
  }
  if (s.related === 'licitacao') {
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
  }
  if (s.related === 'parlamentar') {
    const out: Related = [];
    const ms = await sv.db.select({ m: mandates, leg: legislatures.descricao }).from(mandates).innerJoin(legislatures, eq(legislatures.id, mandates.legislature_id))
      .where(and(eq(mandates.parliamentary_id, rec.id as number), eq(mandates.company_id, companyId))).orderBy(desc(mandates.inicio));
    if (ms.length) {
      out.push({
        title: 'Mandatos', items: ms.map(({ m, leg }) => ({
          text: leg, detail: [m.titular ? 'Titular' : 'Suplente', m.inicio ? `de ${formatDate(m.inicio as string)}` : null, m.fim ? `a ${formatDate(m.fim as string)}` : null,
            m.votos ? `${m.votos.toLocaleString('pt-BR')} votos` : null].filter(Boolean).join(' · '),
        })),
      });
    }
    const bs = await sv.db.select({ cargo: types.label, numero: legislativeSessions.numero, inicio: legislativeSessions.inicio, fim: legislativeSessions.fim })
      .from(boards).innerJoin(types, eq(types.id, boards.cargo_id)).innerJoin(legislativeSessions, eq(legislativeSessions.id, boards.legislative_session_id))
      .where(and(eq(boards.parliamentary_id, rec.id as number), eq(boards.company_id, companyId))).orderBy(desc(legislativeSessions.inicio));
    if (bs.length) {
      out.push({ title: 'Mesa Diretora', items: bs.map((b) => ({ text: b.cargo, detail: `${b.numero}ª sessão legislativa, ${formatDate(b.inicio as string)} a ${formatDate(b.fim as string)}` })) });
    }
    return out;
  }
  return [];
}

/** The Mesa Diretora of the legislative session in course (else the latest one): cargo and member. */
export async function mesaDiretora(sv: Services, companyId: number, today: string): Promise<{ session: string | null; seats: { cargo: string; nome: string; id: number }[] }> {
  const sessions = await sv.db.select().from(legislativeSessions).where(eq(legislativeSessions.company_id, companyId)).orderBy(desc(legislativeSessions.inicio));
  const current = sessions.find((x) => x.inicio <= today && x.fim >= today) ?? sessions.find((x) => x.inicio <= today) ?? sessions[0];
  if (!current) return { session: null, seats: [] };
  const rows = await sv.db.select({ cargo: types.label, cargoSlug: types.slug, nome: parliamentaries.nome, id: parliamentaries.id, ativo: parliamentaries.ativo })
    .from(boards).innerJoin(types, eq(types.id, boards.cargo_id)).innerJoin(parliamentaries, eq(parliamentaries.id, boards.parliamentary_id))
    .where(and(eq(boards.legislative_session_id, current.id), eq(boards.company_id, companyId))).orderBy(asc(boards.id));
  return {
    session: `${current.numero}ª sessão legislativa (${formatDate(current.inicio as string)} a ${formatDate(current.fim as string)})`,
    seats: rows.map((r) => ({ cargo: r.cargo, nome: r.nome, id: r.id })),
  };
}
