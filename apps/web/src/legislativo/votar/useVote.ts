/**
 * The member's vote, from the tap to the server's confirmation (issue 16 item 7). Each confirmed choice is one
 * intention with one Idempotency-Key; it is sent with a timeout and retried with the same key while no answer comes
 * (a process that died, a connection that hangs), waiting for the connection when the device is offline. The
 * screen always says where the vote is: "Registrando…", "Sem conexão: será enviado quando a conexão voltar",
 * "Registrado às 19:42:10", or "NÃO registrado" with the reason. A retry is safe: the vote is idempotent by member
 * and voting (and a secret ballot is taken once; "já votou" on a retry is checked against the server).
 *
 * What the server holds (`GET vottings/:id`: `meu_voto`, `votou`, `meu_voto_em`) is read when the voting changes, so
 * a vote made on another device, or registered by an attempt whose answer was lost, shows as registered.
 *
 * The attempts live in a store of this page (`outbox`), not in the screen: when the device goes offline the app
 * shows its offline screen instead of the voting card, and the vote must keep its place and go on when the
 * connection returns, and the card, mounted again, must show where it is.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LiveVoting, VoteChoice } from '@paco/domain/plenary';
import { ApiError, newIdempotencyKey } from '../../api/client';
import { noAnswer } from '../../live/request';
import { castVote, fetchMyVote, refusalOf, type MyVote } from './api';
import { voteLabel } from './labels';

export type VoteProgress =
  | { kind: 'idle' }
  /** being sent (attempt 1, 2, …) */
  | { kind: 'sending'; choice: VoteChoice; attempt: number }
  /** the device is offline: sent when the connection returns */
  | { kind: 'waiting'; choice: VoteChoice }
  /** refused, or given up: NOT registered */
  | { kind: 'failed'; choice: VoteChoice; message: string };

export interface Registered {
  /** null in a secret ballot (the choice is never read back) */
  choice: VoteChoice | null;
  at: string | null;
}

const ALREADY_RECEIVED = /já foi recebida/;
const BACKOFF = [1000, 2000, 4000, 8000];
const sleep = (ms: number, signal: { stop: boolean }) => new Promise<void>((r) => {
  const t = setTimeout(r, ms);
  if (signal.stop) { clearTimeout(t); r(); }
});

const hhmmss = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', second: '2-digit' });
/** "19:42:10" in São Paulo time. */
export const clockTime = (iso: string): string => hhmmss.format(new Date(iso));

const myVoteKey = (v: Pick<LiveVoting, 'id' | 'status'>) => ['plenario', 'meu_voto', v.id, v.status] as const;

/** Resolves when the browser says it is online again (or at once when it is). */
function online(signal: { stop: boolean }): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine !== false) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => { window.removeEventListener('online', done); clearInterval(check); resolve(); };
    const check = setInterval(() => { if (signal.stop || navigator.onLine !== false) done(); }, 500);
    window.addEventListener('online', done);
  });
}

/* ---------- the outbox: one vote in flight per voting, outliving the screen ---------- */

interface Entry { votingId: number; progress: VoteProgress; stop: boolean }
const outbox = new Map<number, Entry>();
const listeners = new Set<() => void>();
let version = 0;
const emit = () => { version++; for (const l of listeners) l(); };
const subscribe = (l: () => void) => { listeners.add(l); return () => { listeners.delete(l); }; };
function setProgress(e: Entry, progress: VoteProgress) {
  if (outbox.get(e.votingId) !== e) return;
  e.progress = progress;
  if (progress.kind === 'idle') outbox.delete(e.votingId);
  emit();
}
/** For tests: forget every vote in flight. */
export function resetOutbox(): void {
  for (const e of outbox.values()) e.stop = true;
  outbox.clear();
  emit();
}

/** Sends `choice` in `voting` until the server confirms or refuses it (or it is stopped). */
async function deliver(qc: QueryClient, voting: Pick<LiveVoting, 'id' | 'tipo' | 'status'>, choice: VoteChoice, onAnnounce: (t: string) => void): Promise<void> {
  const previous = outbox.get(voting.id);
  if (previous) previous.stop = true;
  const me: Entry = { votingId: voting.id, progress: { kind: 'sending', choice, attempt: 1 }, stop: false };
  outbox.set(voting.id, me);
  emit();
  const key = myVoteKey(voting);
  const secret = voting.tipo === 'secreta';
  let idem = newIdempotencyKey();
  const done = async (answer: MyVote) => {
    if (me.stop) return;
    // a read of the member's vote started before this answer would bring back the older state: drop it
    await qc.cancelQueries({ queryKey: key });
    qc.setQueryData<MyVote>(key, answer);
    setProgress(me, { kind: 'idle' });
    onAnnounce(secret ? 'Voto secreto registrado.' : `Voto registrado: ${voteLabel(choice)}.`);
  };
  const fail = (message: string) => {
    if (me.stop) return;
    setProgress(me, { kind: 'failed', choice, message });
    onAnnounce('O voto não foi registrado.');
    void qc.invalidateQueries({ queryKey: key });
  };
  /** after an ambiguous answer: is the vote there? */
  const verify = async (): Promise<boolean> => {
    const held = await fetchMyVote(voting.id).catch(() => null);
    if (held && (secret ? held.votou : held.voto === choice)) {
      await done(held);
      return true;
    }
    return false;
  };
  for (let attempt = 1; !me.stop; attempt++) {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setProgress(me, { kind: 'waiting', choice });
      onAnnounce('Sem conexão: o voto será enviado quando a conexão voltar.');
      await online(me);
      if (me.stop) return;
    }
    setProgress(me, { kind: 'sending', choice, attempt });
    try {
      const answer = await castVote(voting.id, choice, idem);
      return done({ voto: secret ? null : (answer.voto ?? choice), votou: true, em: answer.registrado_em });
    } catch (e) {
      if (me.stop) return;
      // the first attempt reached a server that died before answering (its key is pending), or a secret ballot was
      // already taken by an attempt whose answer was lost: ask what the server holds
      if (e instanceof ApiError && e.status === 409 && (ALREADY_RECEIVED.test(e.message) || (secret && /já votou/.test(e.message)))) {
        if (await verify()) return;
        if (secret && /já votou/.test(e.message)) return fail(e.message);
        idem = newIdempotencyKey();
        continue;
      }
      if (noAnswer(e) || (e instanceof ApiError && (e.status >= 500 || e.status === 429))) {
        await sleep(BACKOFF[Math.min(attempt - 1, BACKOFF.length - 1)], me);
        continue;
      }
      return fail(refusalOf(e, 'Não foi possível registrar o seu voto.'));
    }
  }
}

/** Stops the vote in flight of a voting, saying why it was NOT registered. */
function abandon(votingId: number, message: string) {
  const e = outbox.get(votingId);
  if (!e || (e.progress.kind !== 'sending' && e.progress.kind !== 'waiting')) return;
  const { choice } = e.progress;
  e.stop = true;
  e.progress = { kind: 'failed', choice, message };
  emit();
}

export function useVote(voting: LiveVoting | null, memberId: number, onAnnounce: (text: string) => void) {
  const qc = useQueryClient();
  const votable = !!voting && (voting.tipo === 'nominal' || voting.tipo === 'secreta') && voting.status !== 'cancelada';
  const mine = useQuery({
    queryKey: voting ? myVoteKey(voting) : ['plenario', 'meu_voto', 'none'],
    queryFn: ({ signal }) => fetchMyVote(voting!.id, signal),
    enabled: votable,
    staleTime: 0,
    retry: 3,
  });
  useSyncExternalStore(subscribe, () => version);
  const entry = voting ? outbox.get(voting.id) : undefined;
  const progress: VoteProgress = entry?.progress ?? { kind: 'idle' };

  // a vote seen in the public state (nominal votes shown live) is the server's, newer than the last answer
  const seen = voting?.votes?.find((v) => v.parliamentary_id === memberId)?.voto ?? null;
  const votedMark = voting?.votantes?.includes(memberId) ?? false;
  const id = voting?.id ?? null;
  const status = voting?.status ?? null;
  useEffect(() => {
    if (id === null || status === null || !seen) return;
    const key = ['plenario', 'meu_voto', id, status];
    const cur = qc.getQueryData<MyVote>(key);
    if (cur?.voto !== seen) qc.setQueryData<MyVote>(key, { voto: seen, votou: true, em: cur?.em ?? null });
  }, [seen, id, status, qc]);

  // the voting closed (or was cancelled) while a vote was still on its way: it was not registered, say so
  useEffect(() => {
    if (id !== null && status !== null && status !== 'aberta') {
      abandon(id, status === 'cancelada' ? 'A votação foi cancelada antes de o voto chegar ao servidor.' : 'A votação foi encerrada antes de o voto chegar ao servidor.');
    }
  }, [id, status]);

  const registered: Registered | null = mine.data?.votou
    ? { choice: voting?.tipo === 'secreta' ? null : mine.data.voto, at: mine.data.em }
    : seen ? { choice: seen, at: null } : votedMark && voting?.tipo === 'secreta' ? { choice: null, at: null } : null;

  const send = useCallback(async (choice: VoteChoice) => {
    if (!voting || voting.status !== 'aberta') return;
    await deliver(qc, voting, choice, onAnnounce);
  }, [voting, qc, onAnnounce]);

  const giveUp = useCallback(() => {
    if (id !== null) abandon(id, 'Você desistiu deste voto antes de ele ser registrado.');
  }, [id]);
  const clear = useCallback(() => {
    if (id === null) return;
    const e = outbox.get(id);
    if (e && e.progress.kind === 'failed') { outbox.delete(id); emit(); }
  }, [id]);

  return { progress, registered, send, giveUp, loading: votable && mine.isLoading, clear };
}
