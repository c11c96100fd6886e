/**
 * Received matters (issue 11; docs/workflows/materias-recebidas.md): a parliamentarian's draft goes to the house
 * (`send`), which receives it, analyses it, and protocols it as a matter — created through the engine's write path,
 * numbered in its type and year, authored by the draft's parliamentarian and its co-signers (coautoria.ts), carrying
 * its ementa, text and attachment —
 * or returns it for correction or archives it, with the reason. States, reasons and who may act are declared in
 * packages/domain (resources/materias.ts); each handler runs in its action's transaction, on a row already checked.
 */
import { and, eq, isNull, or } from 'drizzle-orm';
import { authors as authorsDef, matterApplications as def, matters as mattersDef } from '@paco/domain/resources/materias';
import { todayInSaoPaulo as todayIso } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { authors, matterApplications as table, parliamentaries, types } from '../../db/schema.generated.ts';
import { defineBehaviour } from '../../engine/behaviour.ts';
import { recordAnswer } from '../../engine/serialize.ts';
import type { ActionContext, Row } from '../../engine/context.ts';
import { attach, create, link, scopeOf, update, type WriteOptions } from '../../engine/records.ts';
import { unprocessable } from '../../http/errors.ts';
import { listActions, requestHooks, situationLabel, situationVia, tellOwner, type NotifyContext } from './requests.ts';
import { freezeSignatures, resignAfterChange, signersOf } from './coautoria.ts';

/** The councillor hears what the house did with their draft (received, analysed, protocolled, returned, archived). */
async function notifyApplication(ctx: NotifyContext, row: Row): Promise<void> {
  if (['rascunho', 'enviada'].includes(String(row.situacao))) return;
  const label = situationLabel(def, row.situacao);
  await tellOwner(ctx, def, row, 'materia_recebida_situacao', `Sua matéria enviada: ${label}`,
    [String(row.ementa ?? '').slice(0, 200), row.situacao_obs ? `Observação: ${String(row.situacao_obs)}` : ''].filter(Boolean).join('\n'));
}

/** Sets the draft's situation (the server's own change: the author's edit rules do not apply), then notifies. */
async function moveTo(ctx: ActionContext, values: Row, action: string, extra?: WriteOptions['auditExtra']): Promise<Row> {
  const row = ctx.record!;
  const moved = await update(scopeOf(ctx, ctx.req), def, row, values, { hooks: false, action, auditExtra: extra, where: eq(table.situacao, row.situacao) });
  await notifyApplication(ctx, moved);
  return moved;
}

/** The author record of the parliamentarian (one per parliamentarian; created, as the seed does, when missing). */
async function authorOf(ctx: ActionContext, parliamentaryId: number): Promise<number> {
  const companyId = ctx.record!.company_id as number;
  const [found] = await ctx.db.select({ id: authors.id }).from(authors)
    .where(and(eq(authors.company_id, companyId), eq(authors.parliamentary_id, parliamentaryId))).limit(1);
  if (found) return found.id;
  const [p] = await ctx.db.select({ nome: parliamentaries.nome }).from(parliamentaries).where(eq(parliamentaries.id, parliamentaryId)).limit(1);
  const typeId = await authorType(ctx.db, companyId);
  if (!p || !typeId) throw unprocessable({ type_id: ['Cadastre o tipo de autor "Parlamentar" (Configurações › Tipos) antes de protocolar.'] });
  const created = await create(scopeOf(ctx, ctx.req), authorsDef, { name: p.nome, cargo: 'Vereador(a)', type_id: typeId, parliamentary_id: parliamentaryId });
  return created.id as number;
}

async function authorType(db: Db, companyId: number): Promise<number | null> {
  const [t] = await db.select({ id: types.id }).from(types)
    .where(and(eq(types.type, 'authors'), eq(types.slug, 'parlamentar'), or(isNull(types.company_id), eq(types.company_id, companyId)))).limit(1);
  return t?.id ?? null;
}

defineBehaviour(def, {
  hooks: requestHooks(def, { own: 'rascunho', staff: 'recebida' }, {
    // the date it reached the house: a draft gets it when sent
    async beforeWrite(values, existing) { if (!existing && values.situacao === 'recebida') values.data = todayIso(); },
    // a signed text changed by its author: the co-signers sign again (coautoria.ts)
    afterWrite: resignAfterChange,
  }),
  actions: {
    ...listActions(def),
    situation: situationVia({
      rascunho: { refuse: 'Uma matéria enviada não volta a ser rascunho; devolva-a para correção.' },
      enviada: { refuse: 'Só o parlamentar envia a matéria à Câmara.' },
      recebida: { action: 'receive' },
      em_analise: { action: 'analyse' },
      protocolada: { action: 'protocol' },
      devolvida: { action: 'return', note: 'motivo' },
      arquivada: { action: 'archive', note: 'motivo' },
    }),
    async send(ctx) {
      const sent = await moveTo(ctx, { situacao: 'enviada', data: todayIso(), situacao_obs: null }, 'envia');
      // the co-signers' signatures are frozen as they are
      await freezeSignatures(ctx, sent.id);
      return recordAnswer(ctx, def, sent, 'Matéria enviada à Câmara.');
    },
    async receive(ctx) {
      return recordAnswer(ctx, def, await moveTo(ctx, { situacao: 'recebida' }, 'recebe'));
    },
    async analyse(ctx) {
      return recordAnswer(ctx, def, await moveTo(ctx, { situacao: 'em_analise' }, 'analisa'));
    },
    async protocol(ctx) {
      const draft = ctx.record!;
      const b = ctx.body as { type_id?: number | null; numero?: number | null; ano?: number | null; dataApresentacao?: string | null };
      const scope = scopeOf(ctx, ctx.req);
      // the matter: numbered by its hooks (the next of its type in the year unless a number is given), then its author
      const matter = await create(scope, mattersDef, {
        type_id: b.type_id ?? draft.type_id, numero: b.numero ?? undefined, ano: b.ano ?? undefined,
        dataApresentacao: b.dataApresentacao ?? todayIso(), ementa: draft.ementa, texto: draft.texto, justificativa: draft.justificativa,
        obs: draft.destinatario ? `Destinatário: ${draft.destinatario}` : undefined,
      }, { action: 'protocola' });
      // its authors: the draft's author, then the co-signers in signing order
      const members = [...new Set([...(draft.parliamentary_id ? [draft.parliamentary_id as number] : []), ...(await signersOf(ctx.db, draft.id))])];
      const authorIds: number[] = [];
      for (const m of members) authorIds.push(await authorOf(ctx, m));
      if (authorIds.length) await link(scope, mattersDef, 'authors', matter, authorIds);
      const file = draft.anexo as { key: string; name: string; mime: string } | null;
      if (file?.key) await attach(scope, mattersDef, matter, 'texto_original', { data: await ctx.storage.read(file.key), name: file.name, mime: file.mime });
      const moved = await moveTo(ctx, { situacao: 'protocolada', matter_id: matter.id, situacao_obs: null }, 'protocola', { matter: matter.identificacao });
      return recordAnswer(ctx, def, moved, `Protocolada como ${matter.identificacao}.`);
    },
    async return(ctx) {
      const motivo = String((ctx.body as { motivo: string }).motivo);
      return recordAnswer(ctx, def, await moveTo(ctx, { situacao: 'devolvida', situacao_obs: motivo }, 'devolve', { motivo }));
    },
    async archive(ctx) {
      const motivo = String((ctx.body as { motivo: string }).motivo);
      return recordAnswer(ctx, def, await moveTo(ctx, { situacao: 'arquivada', situacao_obs: motivo }, 'arquiva', { motivo }));
    },
  },
}, 'materias');
