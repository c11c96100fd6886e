/**
 * The server's clock, as every live screen of this browser sees it (issue 16 item 9): one offset shared by the panel,
 * the control room and the tablets, measured from the `at` (server ms) of the pushed events and heartbeats.
 *
 * An event is received some latency after its `at`, so each sample `at - receivedAt` underestimates the offset by
 * that latency; the largest sample of the last minutes is the one that travelled fastest, hence the best estimate
 * (as NTP keeps its best round trips). Old samples expire, so a corrected device clock is followed.
 *
 * `useServerClock` re-renders on each new second of the server's time (not on this device's), so two screens in
 * different places change the displayed second within a few milliseconds of each other.
 */
import { useEffect, useState } from 'react';

const WINDOW_MS = 5 * 60_000;
const samples: { offset: number; at: number }[] = [];
let offset = 0;
let known = false;

/** Records the server time `at` of a message received now (or at `receivedAt`). */
export function noteServerTime(at: number, receivedAt: number = Date.now()): void {
  if (!Number.isFinite(at)) return;
  samples.push({ offset: at - receivedAt, at: receivedAt });
  while (samples.length && (samples[0].at < receivedAt - WINDOW_MS || samples.length > 200)) samples.shift();
  offset = Math.max(...samples.map((s) => s.offset));
  known = true;
}

/** The server's time now, in ms (this device's time until the first sample). */
export const serverNow = (): number => Date.now() + offset;
export const serverOffset = (): number => offset;
export const serverTimeKnown = (): boolean => known;

/** For tests: forget every sample. */
export function resetServerClock(): void {
  samples.length = 0;
  offset = 0;
  known = false;
}

/** The server's time, re-rendered on each of its seconds (aligned to the second boundary). */
export function useServerClock(now: () => number = serverNow): Date {
  const [t, setT] = useState(() => new Date(now()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const ms = now();
      setT(new Date(ms));
      // wake up just after the next second of the server's clock
      timer = setTimeout(tick, 1000 - (ms % 1000) + 5);
    };
    tick();
    return () => clearTimeout(timer);
  }, [now]);
  return t;
}
