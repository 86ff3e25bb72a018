import { ReactNode, useEffect, useState } from 'react';

import { errorMessage } from '../../../api/api-error';
import { type Contest, type Scoreboard } from '../api';
import { useRevealBoards, useUnfreeze } from '../hooks/useContestAdmin';
import { applyReveal, nextReveal, pendingCount, type RevealState, startReveal } from '../reveal';
import { ScoreboardTable } from './ScoreboardTable';

/** A pause between two cells while playing: long enough to watch a row move. */
const REVEAL_STEP_MS = 1500;

interface Props {
  contest: Contest;
  /** The board as the public sees it (frozen) and as the admin does (live): the same final data. */
  publicBoard: Scoreboard;
  liveBoard: Scoreboard;
  stepMs?: number;
}

/**
 * The reveal: the frozen cells shown one at a time from the bottom of the board upward, the board re-ranked after
 * each by the format's rules, then the unfreeze call once the last cell is out.
 */
export function RevealPlayer({ contest, publicBoard, liveBoard, stepMs = REVEAL_STEP_MS }: Props) {
  const [state, setState] = useState<RevealState>(() => startReveal(contest, publicBoard.labels, publicBoard.items, liveBoard.items));
  const [playing, setPlaying] = useState(false);
  const [spotlight, setSpotlight] = useState<string | null>(null);
  // Said aloud to screen readers, who do not see the cell light up or the row move.
  const [lastShown, setLastShown] = useState('');
  const unfreeze = useUnfreeze(contest.contestId);
  const left = pendingCount(state);

  const step = () => {
    const next = nextReveal(state);
    if (!next) return;
    setSpotlight(`${next.key}:${next.label}`);
    const after = applyReveal(state, next);
    const row = after.rows.find((r) => r.key === next.key);
    setLastShown(`${next.key}, ${next.label}: ${next.cell.solved ? 'solved' : 'not solved'}, now rank ${row?.rank}. `);
    setState(after);
  };

  useEffect(() => {
    if (!playing) return;
    if (!left) return setPlaying(false);
    const timer = setTimeout(step, stepMs);
    return () => clearTimeout(timer);
  });
  useEffect(() => {
    if (!left && unfreeze.isIdle) unfreeze.mutate();
  }, [left, unfreeze]);

  return (
    <section className="card reveal" aria-labelledby="reveal-heading">
      <h2 id="reveal-heading">Reveal</h2>
      <div className="row">
        <button className="btn primary small" onClick={() => setPlaying((p) => !p)} disabled={!left}>
          {playing ? 'Pause' : 'Play'}
        </button>
        <button className="btn small" onClick={step} disabled={!left || playing}>
          Next cell
        </button>
        <span className="muted" role="status">
          {lastShown}
          {left ? `${left} frozen cells left` : unfreeze.isSuccess ? 'Revealed: the board is unfrozen.' : 'Revealed.'}
        </span>
      </div>
      {unfreeze.isError && <p className="error">{errorMessage(unfreeze.error, 'Failed to unfreeze the board.')}</p>}
      <ScoreboardTable
        format={state.format}
        labels={state.labels}
        rows={state.rows}
        firstSolvers={liveBoard.firstSolvers}
        spotlight={spotlight}
        caption="Reveal board"
      />
    </section>
  );
}

/**
 * For an admin after the end: offers the reveal while the public board is still frozen. Once it plays, it takes
 * the place of the board (`children`), which would show the live results and spoil it.
 */
export function RevealLauncher({ contest, children }: { contest: Contest; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const boards = useRevealBoards(contest.contestId);
  if (open && boards.data)
    return <RevealPlayer contest={contest} publicBoard={boards.data.publicBoard} liveBoard={boards.data.liveBoard} />;
  return (
    <>
      {boards.data?.publicBoard.frozen && (
        <button className="btn primary small" onClick={() => setOpen(true)}>
          Start the reveal
        </button>
      )}
      {children}
    </>
  );
}
