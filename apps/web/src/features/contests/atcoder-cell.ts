import type { ContestCell } from '@oj/contracts';

/** Whole seconds as a clock: "12:34", or "1:02:03" past an hour (AtCoder's time in a cell). */
export function elapsedClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const mm = String(Math.floor(seconds / 60) % 60);
  const ss = String(seconds % 60).padStart(2, '0');
  return hours ? `${hours}:${mm.padStart(2, '0')}:${ss}` : `${mm.padStart(2, '0')}:${ss}`;
}

/** An AtCoder cell's two lines, as AtCoder draws it: "300 (1)" over "12:34"; each empty when it has none. */
export interface AtcoderCellLines {
  /** The points once accepted, the wrong tries before it (or so far) in brackets, and "?2" for tries the freeze hides. */
  head: string;
  /** The accepted's time from the contest's start (a virtual run's or own window's: its start). */
  time: string;
}

export function atcoderCellLines(cell: ContestCell): AtcoderCellLines {
  const head = [cell.solved ? String(cell.score) : '', cell.attempts ? `(${cell.attempts})` : '', cell.pending ? `?${cell.pending}` : '']
    .filter(Boolean)
    .join(' ');
  if (!cell.solved) return { head, time: '' };
  // A cell folded before seconds were kept (the migration filled them) shows its minute.
  return { head, time: elapsedClock(cell.elapsedSeconds ?? (cell.minute ?? 0) * 60) };
}
