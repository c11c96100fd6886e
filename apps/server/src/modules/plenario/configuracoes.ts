/** The plenary's settings of the company (times, the presiding officer's rule), pushed to every live session. */
import { and, eq } from 'drizzle-orm';
import { plenarySessions, plenarySettings } from '../../db/schema.generated.ts';
import { type ActionHandler } from '../../engine/context.ts';
import { txWrite, upsertRow } from '../../engine/rows.ts';
import { audit } from '../../engine/audit.ts';
import { DEFAULT_SETTINGS, publish, settingsOf } from './state.ts';
import { settingsDef, type Tx } from './live-common.ts';

export const settingsActions: Record<string, ActionHandler> = {
  async current(ctx) {
    const s = await settingsOf(ctx.db, ctx.auth!.companyId);
    return { data: { ...DEFAULT_SETTINGS, ...s, company_id: ctx.auth!.companyId } };
  },
  async save_current(ctx) {
    const b = ctx.body as Partial<typeof DEFAULT_SETTINGS>;
    const companyId = ctx.auth!.companyId;
    await ctx.db.transaction(async (t) => {
      const tx = t as unknown as Tx;
      const before = await settingsOf(tx, companyId);
      const values = { ...DEFAULT_SETTINGS, ...before, ...b };
      delete (values as { id?: number }).id;
      const row = await upsertRow(txWrite(ctx, tx), plenarySettings, { company_id: companyId, chave: companyId, ...values }, { target: [plenarySettings.company_id, plenarySettings.chave], set: values });
      await audit(tx, ctx.req, ctx.auth, 'update', settingsDef, row.id, b as Record<string, unknown>, `${ctx.auth!.name} alterou as configurações do plenário`);
      // the settings show on every live session of the company
      const live = await tx.select({ id: plenarySessions.id }).from(plenarySessions)
        .where(and(eq(plenarySessions.company_id, companyId), eq(plenarySessions.iniciada, true), eq(plenarySessions.finalizada, false)));
      for (const s of live) {
        await tx.select({ id: plenarySessions.id }).from(plenarySessions).where(eq(plenarySessions.id, s.id)).for('update');
        await publish(tx, ctx, s.id, ['settings', 'voting', 'total_membros']);
      }
    });
    return settingsActions.current(ctx);
  },
};
