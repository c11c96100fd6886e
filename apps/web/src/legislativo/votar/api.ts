/**
 * The calls of the council member's voting screen (docs/plenary.md): who the user is as a parliamentarian, the
 * company's active session, the member's check-in and vote, and the member's own vote in a voting (`meu_voto`).
 */
import type { Phase, VoteChoice } from '@paco/domain/plenary';
import { ApiError } from '../../api/client';
import { liveApi } from '../../live/request';

export interface MemberInfo {
  isParliamentary: boolean;
  parliamentary: { id: number; nome?: string | null; nomeCompleto?: string | null } | null;
}

export interface ActiveSession { id: number; titulo?: string | null }

const CHOICES: readonly string[] = ['sim', 'nao', 'abstencao'];
const asChoice = (v: unknown): VoteChoice | null => (typeof v === 'string' && CHOICES.includes(v) ? (v as VoteChoice) : null);

/** A vote out of the server's answers: `'sim'`, `{ voto: 'sim' }`, `{ data: { voto } }`, `{ data: { meu_voto } }`. */
export function voteOf(answer: unknown): VoteChoice | null {
  const direct = asChoice(answer);
  if (direct) return direct;
  if (!answer || typeof answer !== 'object') return null;
  const o = answer as Record<string, unknown>;
  for (const k of ['meu_voto', 'voto']) {
    if (k in o) {
      const v = o[k];
      return asChoice(v) ?? (v && typeof v === 'object' ? asChoice((v as Record<string, unknown>).voto) : null);
    }
  }
  return 'data' in o ? voteOf(o.data) : null;
}

export async function fetchMember(signal?: AbortSignal): Promise<MemberInfo> {
  const r = await liveApi<{ data: MemberInfo }>('is-parliamentary', { signal });
  return r.data ?? { isParliamentary: false, parliamentary: null };
}

export async function fetchActiveSession(signal?: AbortSignal): Promise<ActiveSession | null> {
  const r = await liveApi<{ data: ActiveSession | null }>('status/active', { signal });
  return r.data ?? null;
}

/** What the server holds of the member's vote in a voting: the choice (nominal), or only that they voted (secret). */
export interface MyVote {
  voto: VoteChoice | null;
  votou: boolean;
  /** when it was registered (ISO), null when not voted */
  em: string | null;
}

export async function fetchMyVote(votingId: number, signal?: AbortSignal): Promise<MyVote> {
  const r = await liveApi<{ data?: { meu_voto?: unknown; votou?: boolean; meu_voto_em?: string | null } }>(`vottings/${votingId}`, { signal });
  const voto = voteOf(r);
  return { voto, votou: voto !== null || r?.data?.votou === true, em: r?.data?.meu_voto_em ?? null };
}

export async function checkIn(sessionId: number, phase: Phase): Promise<void> {
  await liveApi(`plenary_sessions/${sessionId}/add_checkin`, { method: 'POST', body: { type: phase } });
}

/** The server's answer to a vote: the choice it recorded (null for a secret ballot, which never repeats it) and when. */
export interface CastAnswer { voto: VoteChoice | null; registrado_em: string | null }

/**
 * Sends the vote once with `idempotencyKey` (the same key for every attempt of one intention: a retry after a lost
 * answer gets the first answer, never a second vote), bounded by `timeoutMs`.
 */
export async function castVote(votingId: number, voto: VoteChoice, idempotencyKey: string, timeoutMs = 8000): Promise<CastAnswer> {
  const r = await liveApi<{ data?: { voto?: unknown; registrado_em?: string } }>(`vottings/${votingId}/vote`, { method: 'POST', body: { voto }, idempotencyKey, timeoutMs });
  return { voto: voteOf(r), registrado_em: r?.data?.registrado_em ?? null };
}

/** The server's reason (409/403/422 `{message}`), else a plain fallback. */
export function refusalOf(e: unknown, fallback: string): string {
  if (e instanceof ApiError) return e.fromServer || e.status === 0 ? e.message : `${fallback} (erro ${e.status}).`;
  return fallback;
}
