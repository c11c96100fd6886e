/**
 * A secretariat's secretários, contacts and duties. Secretários' institutional phones and e-mails are shown as the
 * secretariat's contacts; no user account is ever read.
 */
import { and, asc, eq } from 'drizzle-orm';
import { formatDate } from '@paco/domain/format';
import { contacts, funcaos, secretarios, secretariasContacts } from '../../db/schema.generated.ts';
import { phone, type Related, type RelatedLoader } from './types.ts';

export const secretariaRelated: RelatedLoader = async (sv, rec, companyId) => {
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
};
