/**
 * Process numbers in the company's mask (decision 0048): the setting (GET/PUT protocol_settings/current), the next
 * number of a new process, and the reading of a number typed by hand.
 */
import { and, eq } from 'drizzle-orm';
import { resourceByName } from '@paco/domain/resources';
import { formatProtocolNumber, NUP_MASK, protocolMask, readProtocolNumber, unitDigits, type ProtocolMask } from '@paco/domain/protocol-number';
import { processes, protocolSettings } from '../../db/schema.generated.ts';
import type { Db } from '../../db/client.ts';
import type { ActionHandler } from '../../engine/context.ts';
import { upsertRow, type ServerWrite } from '../../engine/rows.ts';
import { takeNumber } from '../../engine/sequences.ts';
import { audit } from '../../engine/audit.ts';
import { conflict, unprocessable } from '../../http/errors.ts';

const settingsDef = resourceByName.get('protocol_settings')!;

/** The company's saved mask (the federal NUP when it never saved one). */
export async function companyMask(db: Db, companyId: number): Promise<ProtocolMask> {
  const [row] = await db.select({ mascara: protocolSettings.mascara }).from(protocolSettings).where(eq(protocolSettings.company_id, companyId)).limit(1);
  return protocolMask(row?.mascara ?? NUP_MASK);
}

const pt = (n: number) => n.toLocaleString('pt-BR');

/**
 * The next number of a process opened in `sector` in `year`, in the company's mask: the yearly sequence of the unit
 * when the mask writes the unit, of the company otherwise (engine/sequences.ts; its row is held until the commit),
 * skipping numbers already taken (typed by hand). The NUP's key is the one decision 0035 gave it.
 */
export async function allocateProcessNumber(w: ServerWrite, companyId: number, sector: { id: number; code: string | null }, year: number): Promise<string> {
  const mask = await companyMask(w.db, companyId);
  const unit = unitDigits(sector.code, sector.id, mask.unit);
  const key = mask.unit ? `processes.number:unidade=${unit},ano=${year}` : `processes.number:ano=${year}`;
  for (let i = 0; i < 50; i++) {
    const last = await takeNumber(w, companyId, key, 1);
    if (last > mask.capacity) {
      const whose = mask.unit ? 'desta unidade' : 'da entidade';
      throw conflict(`A numeração anual de processos ${whose} se esgotou: a máscara ${mask.mask} vai até ${pt(mask.capacity)}. Informe o número à mão ou aumente a sequência em Configurações › Numeração de processos.`);
    }
    const number = formatProtocolNumber(mask, unit, last, year);
    const [taken] = await w.db.select({ id: processes.id }).from(processes).where(and(eq(processes.company_id, companyId), eq(processes.number, number))).limit(1);
    if (!taken) return number;
  }
  throw conflict('Não foi possível numerar o processo. Tente novamente.');
}

/** A number typed by hand, checked against the company's mask and written as the mask writes it; 422 otherwise. */
export async function typedProcessNumber(db: Db, companyId: number, typed: string): Promise<string> {
  const mask = await companyMask(db, companyId);
  const number = readProtocolNumber(mask, typed);
  if (number) return number;
  const checks = mask.check ? ', com os dígitos verificadores corretos' : '';
  throw unprocessable({ number: [`O número não segue a máscara da entidade (${mask.mask}${checks}). Deixe em branco para numerar automaticamente.`] });
}

export const settingsActions: Record<string, ActionHandler> = {
  async current(ctx) {
    const mask = await companyMask(ctx.db, ctx.auth!.companyId);
    return { data: { company_id: ctx.auth!.companyId, mascara: mask.mask, padrao: NUP_MASK } };
  },
  async save_current(ctx) {
    const companyId = ctx.auth!.companyId;
    const mascara = protocolMask(String((ctx.body as { mascara: string }).mascara)).mask;
    const before = await companyMask(ctx.db, companyId);
    const row = await upsertRow(ctx, protocolSettings, { company_id: companyId, chave: companyId, mascara }, { target: [protocolSettings.company_id, protocolSettings.chave], set: { mascara } });
    await audit(ctx.db, ctx.req, ctx.auth, 'update', settingsDef, row.id, { mascara: { de: before.mask, para: mascara } },
      `${ctx.auth!.name} alterou a máscara dos números de processo de ${before.mask} para ${mascara}`);
    return { data: { company_id: companyId, mascara, padrao: NUP_MASK } };
  },
};
