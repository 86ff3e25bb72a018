import { performance } from 'perf_hooks';

const TICK_MS = 25;
/** A tick later than this means the event loop was blocked: only this much of the gap counts. */
const MAX_COUNTED_TICK_MS = 250;

/**
 * Calls `expire` once `ms` have passed while this worker was able to listen, and returns a function that cancels
 * it. Deadlines on a box (its wall clock, the launcher's reply) are about the box, not about this process: when
 * one job blocks the event loop (a slow check, a long synchronous write), a plain timer fires the moment the loop
 * is free, before the box's answer that has been waiting in a pipe all along is read, and an innocent run is
 * killed or its box declared dead. Here the blocked stretch does not count, and when the time is up `expire`
 * still waits for the I/O already pending (the poll phase runs before setImmediate), so an answer that arrived
 * in time cancels it.
 */
export function awakeDeadline(ms: number, expire: () => void): () => void {
  let counted = 0;
  let last = performance.now();
  let pending: NodeJS.Immediate | undefined;
  const ticker = setInterval(
    () => {
      const now = performance.now();
      counted += Math.min(now - last, MAX_COUNTED_TICK_MS);
      last = now;
      if (counted < ms) return;
      clearInterval(ticker);
      pending = setImmediate(expire);
    },
    Math.min(TICK_MS, Math.max(1, ms)),
  );
  // What the deadline is about (a box's pipes, a run's streams) keeps the process alive while it matters; an idle
  // warm box's (a pre-started fork server's hour-long run) must not.
  ticker.unref();
  return () => {
    clearInterval(ticker);
    if (pending) clearImmediate(pending);
  };
}
