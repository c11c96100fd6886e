/**
 * The calls of the council member's voting screen (docs/plenary.md): who the user is as a parliamentarian, the
 * company's active session, the member's check-in and vote, and the member's own vote in a voting (`meu_voto`).
 */
import type { Phase, VoteChoice } from '@paco/domain/plenary';
import { ApiError, api } from '../../api/client';

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
  const r = await api<{ data: MemberInfo }>('is-parliamentary', { signal });
  return r.data ?? { isParliamentary: false, parliamentary: null };
}

export async function fetchActiveSession(signal?: AbortSignal): Promise<ActiveSession | null> {
  const r = await api<{ data: ActiveSession | null }>('status/active', { signal });
  return r.data ?? null;
}

/** The member's own vote in a voting, or null when they have not voted. */
export async function fetchMyVote(votingId: number, signal?: AbortSignal): Promise<VoteChoice | null> {
  return voteOf(await api<unknown>(`vottings/${votingId}`, { signal }));
}

export async function checkIn(sessionId: number, phase: Phase): Promise<void> {
  await api(`plenary_sessions/${sessionId}/add_checkin`, { method: 'POST', body: { type: phase } });
}

/** Sends the vote; answers the vote the server recorded (the one sent when the answer does not say). */
export async function castVote(votingId: number, voto: VoteChoice): Promise<VoteChoice> {
  return voteOf(await api<unknown>(`vottings/${votingId}/vote`, { method: 'POST', body: { voto } })) ?? voto;
}

/** The server's reason (409/403/422 `{message}`), else a plain fallback. */
export function refusalOf(e: unknown, fallback: string): string {
  if (e instanceof ApiError) return e.fromServer || e.status === 0 ? e.message : `${fallback} (erro ${e.status}).`;
  return fallback;
}
