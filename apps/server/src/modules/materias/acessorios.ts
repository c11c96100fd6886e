/**
 * A matter's accessory documents (SAPL's `DocumentoAcessorio`; decision 0059): declared in the domain
 * (`matter_documents`, the matter's tab "Documentos acessórios"), written by the engine's routes; the rules here hold
 * for every write path:
 * - who registered it is the session's user, set on create (the field is read-only: a body's value is dropped);
 * - its date is not in the future (São Paulo's today) nor before the matter's presentation (422 on `data`).
 * The PDF (first bytes checked, 20 MB) is the engine's file field; the portal lists the public ones (portal/related/materia.ts).
 */
import { eq } from 'drizzle-orm';
import { formatDate } from '@paco/domain/format';
import { matterDocuments as def } from '@paco/domain/resources/materias';
import { todayInSaoPaulo } from '../../auth/session.ts';
import { matters } from '../../db/schema.generated.ts';
import { defineBehaviour } from '../../engine/behaviour.ts';
import { unprocessable } from '../../http/errors.ts';

defineBehaviour(def, {
  hooks: {
    async beforeWrite(values, existing, ctx) {
      if (!existing) values.registrado_por_id = ctx.auth.userId;
      if (values.data === undefined && values.matter_id === undefined) return;
      const data = String(values.data ?? existing?.data ?? '');
      if (!data) return;
      if (data > todayInSaoPaulo()) throw unprocessable({ data: ['A data do documento não pode estar no futuro.'] });
      const matterId = (values.matter_id ?? existing?.matter_id) as number;
      // the reference was checked in the company before the hooks; its date of presentation bounds the document's
      const [m] = await ctx.db.select({ apresentacao: matters.dataApresentacao }).from(matters).where(eq(matters.id, matterId)).limit(1);
      if (m && data < String(m.apresentacao)) {
        throw unprocessable({ data: [`A data do documento não pode ser anterior à apresentação da matéria (${formatDate(String(m.apresentacao))}).`] });
      }
    },
  },
}, 'materias');
