/**
 * Co-authorship of a councillor's draft (issue 13 §1; docs/workflows/coautoria.md). The author invites other members
 * ("Convidar coautor"); each invited member sees the draft read-only (the row scope's filter below) and signs or
 * declines it from their own account ("Assinar", "Recusar assinatura": actions offered only to who was invited);
 * the author is told of each answer. Sending the draft freezes the signatures (invitations not answered are
 * closed); changing its text while still a draft asks the signers to sign again. When the house protocols the draft,
 * the matter's authors are the author and the signers, in signing order (received.ts).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { matterApplications as def } from '@paco/domain/resources/materias';
import { matterSignatures as sigDef } from '@paco/domain/resources/proposicao';
import type { AuthContext } from '../../auth/session.ts';
import type { Db } from '../../db/client.ts';
import { matterApplications, matterSignatures, parliamentaries, parliamentariesUsers } from '../../db/schema.generated.ts';
import { defineBehaviour } from '../../engine/behaviour.ts';
import { recordAnswer } from '../../engine/serialize.ts';
import type { ActionContext, HookContext, Row } from '../../engine/context.ts';
import { create, scopeOf, update, type WriteScope } from '../../engine/records.ts';
import { defineRowFilter, factSql, loadFacts } from '../../engine/rowscope.ts';
import { updateRows, type ServerWrite } from '../../engine/rows.ts';
import { conflict, unprocessable } from '../../http/errors.ts';
import { tellMembers, type NotifyContext } from './requests.ts';

/* ------------------------------------------------------------------ who sees what */

const invitedMe = (auth: AuthContext, id: unknown, pendingOnly: boolean) =>
  sql`exists (select 1 from matter_signatures ms where ms.application_id = ${id} and ms.parliamentary_id in ${factSql('parliamentary', auth)}${pendingOnly ? sql` and ms.situacao = 'pendente'` : sql``})`;

// a member sees the drafts they were invited to sign (besides their own), read-only: the row scope's edit keeps them
defineRowFilter('matter_application_cosigners', (auth, cols) => invitedMe(auth, cols.id, false));
// "Proposições aguardando minha assinatura"
defineRowFilter('matter_signature_pending_mine', (auth, cols) => invitedMe(auth, cols.id, true));

/* ------------------------------------------------------------------ the session's invitation */

/** The session's invitation to sign this draft (read once per row object: for its buttons and their reasons). */
const byRow = new WeakMap<Row, Promise<Row | null>>();
function invitationOf(db: Db, auth: AuthContext, row: Row): Promise<Row | null> {
  let p = byRow.get(row);
  if (!p) {
    p = (async () => {
      const mine = (await loadFacts(db, auth, ['parliamentary'])).parliamentary ?? [];
      if (!mine.length) return null;
      const [found] = await db.select().from(matterSignatures)
        .where(and(eq(matterSignatures.application_id, row.id as number), inArray(matterSignatures.parliamentary_id, [...mine]))).limit(1);
      return (found as Row | undefined) ?? null;
    })();
    byRow.set(row, p);
  }
  return p;
}

const NOT_INVITED = 'Só os vereadores convidados pelo autor assinam a matéria como coautores.';
const ONLY_AUTHOR = 'Só o autor envia a matéria à Câmara e convida coautores; você foi convidado(a) a assiná-la.';

/** Whether the session is the draft's author (one of its parliamentarian records). */
async function isAuthor(db: Db, auth: AuthContext, row: Row): Promise<boolean> {
  return ((await loadFacts(db, auth, ['parliamentary'])).parliamentary ?? []).includes(row.parliamentary_id as number);
}

/* ------------------------------------------------------------------ freezing, signers, changes */

/** Sending freezes the signatures: invitations not answered are closed. */
export async function freezeSignatures(w: ServerWrite, applicationId: number): Promise<void> {
  await updateRows(w, matterSignatures, and(eq(matterSignatures.application_id, applicationId), eq(matterSignatures.situacao, 'pendente')), { situacao: 'encerrada' });
}

/** The members who signed the draft, in signing order. */
export async function signersOf(db: Db, applicationId: number): Promise<number[]> {
  const rows = await db.select({ parliamentary_id: matterSignatures.parliamentary_id }).from(matterSignatures)
    .where(and(eq(matterSignatures.application_id, applicationId), eq(matterSignatures.situacao, 'assinada')))
    .orderBy(asc(matterSignatures.respondida_em), asc(matterSignatures.id));
  return rows.map((r) => r.parliamentary_id);
}

const TEXT_FIELDS = ['type_id', 'ementa', 'destinatario', 'texto', 'justificativa'] as const;

/**
 * The author changed what was signed (its type or text) while it is a draft: each signature goes back to waiting, and
 * the signers are asked to sign again (a signature is given to a text).
 */
export async function resignAfterChange(row: Row, existing: Row | null, ctx: HookContext): Promise<void> {
  if (!existing || row.situacao !== 'rascunho' || !TEXT_FIELDS.some((k) => String(row[k] ?? '') !== String(existing[k] ?? ''))) return;
  const back = await updateRows(ctx, matterSignatures, and(eq(matterSignatures.application_id, row.id), eq(matterSignatures.situacao, 'assinada')),
    { situacao: 'pendente', respondida_em: null });
  await tellMembers(ctx, back.map((b) => b.parliamentary_id), {
    kind: 'coautoria_convite', title: 'O texto da matéria mudou: assine de novo',
    body: `O autor alterou a matéria que você assinou: ${String(row.ementa ?? '').slice(0, 200)}`, link: draftLink(row.id),
  });
}

const draftLink = (id: number): string => `/legislativo-parlamentar/matters/${id}`;
const nameOf = async (db: Db, id: number): Promise<string> =>
  (await db.select({ nome: parliamentaries.nome }).from(parliamentaries).where(eq(parliamentaries.id, id)).limit(1))[0]?.nome ?? `#${id}`;
const scoped = (ctx: ActionContext): WriteScope => scopeOf(ctx, ctx.req);

/** The author hears a co-signer's answer. */
async function tellAuthor(ctx: NotifyContext, draft: Row, who: number, signed: boolean, motivo?: string | null): Promise<void> {
  const name = await nameOf(ctx.db, who);
  await tellMembers(ctx, [draft.parliamentary_id], {
    kind: 'coautoria_resposta', title: signed ? `${name} assinou sua matéria` : `${name} recusou a assinatura da sua matéria`,
    body: [String(draft.ementa ?? '').slice(0, 200), motivo ? `Motivo: ${motivo}` : ''].filter(Boolean).join('\n'), link: draftLink(draft.id),
  });
}

/* ------------------------------------------------------------------ the actions */

defineBehaviour(def, {
  actions: {
    async invite(ctx) {
      const draft = ctx.record!;
      const who = Number((ctx.body as { parliamentary_id: number }).parliamentary_id);
      if (who === draft.parliamentary_id) throw unprocessable({ parliamentary_id: ['O autor não assina como coautor da própria matéria.'] });
      const [member] = await ctx.db.select({ nome: parliamentaries.nome, ativo: parliamentaries.ativo }).from(parliamentaries).where(eq(parliamentaries.id, who)).limit(1);
      if (!member?.ativo) throw unprocessable({ parliamentary_id: ['Convide um(a) vereador(a) em exercício.'] });
      const [linked] = await ctx.db.select({ id: parliamentariesUsers.user_id }).from(parliamentariesUsers).where(eq(parliamentariesUsers.parliamentary_id, who)).limit(1);
      if (!linked) throw unprocessable({ parliamentary_id: [`${member.nome} não tem usuário no Paço para assinar da própria conta; peça ao administrador o vínculo.`] });
      const [already] = await ctx.db.select({ id: matterSignatures.id }).from(matterSignatures)
        .where(and(eq(matterSignatures.application_id, draft.id), eq(matterSignatures.parliamentary_id, who))).limit(1);
      if (already) throw unprocessable({ parliamentary_id: [`${member.nome} já foi convidado(a) a assinar esta matéria.`] });
      await create(scoped(ctx), sigDef, { application_id: draft.id, parliamentary_id: who }, { set: { chave: `${draft.id}:${who}`, situacao: 'pendente' }, action: 'convida' });
      await tellMembers(ctx, [who], {
        kind: 'coautoria_convite', title: 'Convite para assinar uma matéria como coautor(a)',
        body: `${await nameOf(ctx.db, draft.parliamentary_id)} convida você a assinar: ${String(draft.ementa ?? '').slice(0, 200)}`, link: draftLink(draft.id),
      });
      return recordAnswer(ctx, def, draft, `Convite enviado a ${member.nome}.`);
    },
    async sign(ctx) {
      const draft = ctx.record!;
      const inv = (await invitationOf(ctx.db, ctx.auth!, draft))!;
      await update(scoped(ctx), sigDef, inv, { situacao: 'assinada', respondida_em: new Date(), motivo: null }, { action: 'assina', where: eq(matterSignatures.situacao, inv.situacao) });
      await tellAuthor(ctx, draft, inv.parliamentary_id, true);
      return recordAnswer(ctx, def, draft, 'Matéria assinada. O autor foi avisado.');
    },
    async decline(ctx) {
      const draft = ctx.record!;
      const inv = (await invitationOf(ctx.db, ctx.auth!, draft))!;
      const motivo = (ctx.body as { motivo?: string | null } | null)?.motivo ?? null;
      await update(scoped(ctx), sigDef, inv, { situacao: 'recusada', respondida_em: new Date(), motivo }, { action: 'recusa', where: eq(matterSignatures.situacao, inv.situacao) });
      await tellAuthor(ctx, draft, inv.parliamentary_id, false, motivo);
      return recordAnswer(ctx, def, draft, 'Assinatura recusada. O autor foi avisado.');
    },
  },
  // signing concerns only who was invited, sending and inviting only the author: each sees only their own buttons
  offered: {
    sign: async (row, { db, auth }) => ((await invitationOf(db, auth, row)) ? null : NOT_INVITED),
    decline: async (row, { db, auth }) => ((await invitationOf(db, auth, row)) ? null : NOT_INVITED),
    send: async (row, { db, auth }) => ((await isAuthor(db, auth, row)) ? null : ONLY_AUTHOR),
    invite: async (row, { db, auth }) => ((await isAuthor(db, auth, row)) ? null : ONLY_AUTHOR),
  },
  available: {
    async sign(row, { db, auth }) {
      const inv = await invitationOf(db, auth, row);
      return inv?.situacao === 'assinada' ? 'Você já assinou esta matéria.' : inv?.situacao === 'encerrada' ? CLOSED : null;
    },
    async decline(row, { db, auth }) {
      const inv = await invitationOf(db, auth, row);
      return inv?.situacao === 'recusada' ? 'Você já recusou a assinatura desta matéria.' : inv?.situacao === 'encerrada' ? CLOSED : null;
    },
  },
}, 'materias');

const CLOSED = 'O convite foi encerrado quando a matéria foi enviada à Câmara.';

/** An invitation is removed by the author (the sub-list's remove) only while the draft was never sent. */
defineBehaviour(sigDef, {
  hooks: {
    async beforeDelete(existing, ctx) {
      const [draft] = await ctx.db.select({ situacao: matterApplications.situacao }).from(matterApplications).where(eq(matterApplications.id, existing.application_id)).limit(1);
      if (draft?.situacao !== 'rascunho') throw conflict('As assinaturas ficam congeladas depois que a matéria é enviada à Câmara.');
    },
  },
}, 'materias');
