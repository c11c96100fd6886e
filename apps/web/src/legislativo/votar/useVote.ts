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
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
  const [progress, setProgress] = useState<VoteProgress>({ kind: 'idle' });
  /** the attempt in flight, to stop it (voting changed, member gave up) */
  const run = useRef<{ stop: boolean; votingId: number } | null>(null);

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

  // the voting closed or changed while a vote was still on its way: it was not registered, say so
  useEffect(() => {
    const r = run.current;
    if (!r) return;
    if (r.votingId !== id || status !== 'aberta') {
      r.stop = true;
      run.current = null;
      setProgress((p) => (p.kind === 'sending' || p.kind === 'waiting'
        ? { kind: 'failed', choice: p.choice, message: status === 'aberta' ? 'A votação mudou antes de o voto chegar ao servidor.' : 'A votação foi encerrada antes de o voto chegar ao servidor.' }
        : p));
    }
  }, [id, status]);
  useEffect(() => () => { if (run.current) run.current.stop = true; }, []);

  const registered: Registered | null = mine.data?.votou
    ? { choice: voting?.tipo === 'secreta' ? null : mine.data.voto, at: mine.data.em }
    : seen ? { choice: seen, at: null } : votedMark && voting?.tipo === 'secreta' ? { choice: null, at: null } : null;

  const send = useCallback(async (choice: VoteChoice) => {
    if (!voting || voting.status !== 'aberta') return;
    if (run.current) run.current.stop = true;
    const me = { stop: false, votingId: voting.id };
    run.current = me;
    const key = myVoteKey(voting);
    const secret = voting.tipo === 'secreta';
    let idem = newIdempotencyKey();
    const done = (answer: MyVote) => {
      if (me.stop) return;
      qc.setQueryData<MyVote>(key, answer);
      run.current = null;
      setProgress({ kind: 'idle' });
      onAnnounce(secret ? 'Voto secreto registrado.' : `Voto registrado: ${voteLabel(choice)}.`);
    };
    /** after an ambiguous answer: is the vote there? */
    const verify = async (): Promise<boolean> => {
      const held = await fetchMyVote(voting.id).catch(() => null);
      if (held && (secret ? held.votou : held.voto === choice)) {
        done(held);
        return true;
      }
      return false;
    };
    for (let attempt = 1; !me.stop; attempt++) {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        setProgress({ kind: 'waiting', choice });
        onAnnounce('Sem conexão: o voto será enviado quando a conexão voltar.');
        await online(me);
        if (me.stop) return;
      }
      setProgress({ kind: 'sending', choice, attempt });
      try {
        const answer = await castVote(voting.id, choice, idem);
        return done({ voto: secret ? null : (answer.voto ?? choice), votou: true, em: answer.registrado_em });
      } catch (e) {
        if (me.stop) return;
        const status409 = e instanceof ApiError && e.status === 409;
        // the first attempt reached a server that died before answering (its key is pending), or a secret ballot
        // already taken by an attempt whose answer was lost: ask what the server holds
        if (status409 && (ALREADY_RECEIVED.test(e.message) || (secret && /já votou/.test(e.message)))) {
          if (await verify()) return;
          if (secret && /já votou/.test(e.message)) {
            run.current = null;
            setProgress({ kind: 'failed', choice, message: e.message });
            return;
          }
          idem = newIdempotencyKey();
          continue;
        }
        if (noAnswer(e) || (e instanceof ApiError && (e.status >= 500 || e.status === 429))) {
          await sleep(BACKOFF[Math.min(attempt - 1, BACKOFF.length - 1)], me);
          continue;
        }
        run.current = null;
        setProgress({ kind: 'failed', choice, message: refusalOf(e, 'Não foi possível registrar o seu voto.') });
        onAnnounce('O voto não foi registrado.');
        void qc.invalidateQueries({ queryKey: key });
        return;
      }
    }
  }, [voting, qc, onAnnounce]);

  const giveUp = useCallback(() => {
    const r = run.current;
    if (!r) return;
    r.stop = true;
    run.current = null;
    setProgress((p) => (p.kind === 'sending' || p.kind === 'waiting' ? { kind: 'failed', choice: p.choice, message: 'Você desistiu deste voto antes de ele ser registrado.' } : p));
  }, []);

  return { progress, registered, send, giveUp, loading: votable && mine.isLoading, clear: () => setProgress({ kind: 'idle' }) };
}
