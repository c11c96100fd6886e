/**
 * The calls of the council member's voting screen (docs/plenary.md): who the user is as a parliamentarian, the
 * company's active session, the member's check-in and vote, and the member's own vote in a voting (`meu_voto`).
 */
import type { Phase, VoteChoice } from '@paco/domain/plenary';
import { parliamentaries } from '@paco/domain/resources/legislativo';
import { plenarySessions } from '@paco/domain/resources/materias';
import { vottings } from '@paco/domain/resources/plenario';
import { call, dataOf, type Transport } from '../../api/actions';
import { ApiError } from '../../api/client';
import { liveApi } from '../../live/request';

export interface MemberInfo {
  isParliamentary: boolean;
  parliamentary: { id: number; nome?: string | null; nomeCompleto?: string | null } | null;
}

export interface ActiveSession { id: number; titulo?: string | null }

const CHOICES: readonly string[] = ['sim', 'nao', 'abstencao'];
const asChoice = (v: unknown): VoteChoice | null => (typeof v === 'string' && CHOICES.includes(v) ? (v as VoteChoice) : null);

export async function fetchMember(signal?: AbortSignal): Promise<MemberInfo> {
  return dataOf<MemberInfo | null>(await call(parliamentaries, 'is_parliamentary', { signal }, liveApi)) ?? { isParliamentary: false, parliamentary: null };
}

export async function fetchActiveSession(signal?: AbortSignal): Promise<ActiveSession | null> {
  return dataOf<ActiveSession | null>(await call(plenarySessions, 'active', { signal }, liveApi));
}

/** What the server holds of the member's vote in a voting: the choice (nominal), or only that they voted (secret). */
export interface MyVote {
  voto: VoteChoice | null;
  votou: boolean;
  /** when it was registered (ISO), null when not voted */
  em: string | null;
}

/** The voting as the member reads it (`GET vottings/:id`): their own vote (`meu_voto`), whether they voted, and when. */
export async function fetchMyVote(votingId: number, signal?: AbortSignal): Promise<MyVote> {
  const v = dataOf<{ meu_voto?: unknown; votou?: boolean; meu_voto_em?: string | null }>(await liveApi(`${vottings.path}/${votingId}`, { signal }));
  const voto = asChoice(v.meu_voto);
  return { voto, votou: voto !== null || v.votou === true, em: v.meu_voto_em ?? null };
}

export async function checkIn(sessionId: number, phase: Phase): Promise<void> {
  await call(plenarySessions, 'add_checkin', { params: { id: sessionId }, input: { type: phase } }, liveApi);
}

/** The server's answer to a vote: the choice it recorded (null for a secret ballot, which never repeats it) and when. */
export interface CastAnswer { voto: VoteChoice | null; registrado_em: string | null }

/**
 * Sends the vote once with `idempotencyKey` (the same key for every attempt of one intention: a retry after a lost
 * answer gets the first answer, never a second vote), bounded by `timeoutMs`.
 */
export async function castVote(votingId: number, voto: VoteChoice, idempotencyKey: string, timeoutMs = 8000): Promise<CastAnswer> {
  const bounded: Transport = (path, opts) => liveApi(path, { ...opts, timeoutMs });
  const r = dataOf<{ voto?: unknown; registrado_em?: string | null }>(await call(vottings, 'vote', { params: { id: votingId }, input: { voto }, idempotencyKey }, bounded));
  return { voto: asChoice(r.voto), registrado_em: r.registrado_em ?? null };
}

/** The server's reason (409/403/422 `{message}`), else a plain fallback. */
export function refusalOf(e: unknown, fallback: string): string {
  if (e instanceof ApiError) return e.fromServer || e.status === 0 ? e.message : `${fallback} (erro ${e.status}).`;
  return fallback;
}
