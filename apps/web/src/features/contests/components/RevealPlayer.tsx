import { ReactNode, useEffect, useRef, useState } from 'react';

import { errorMessage } from '../../../api/api-error';
import { type Contest, type Scoreboard } from '../api';
import { useRevealBoards, useUnfreeze } from '../hooks/useContestAdmin';
import { applyReveal, nextReveal, nextRowReveal, pendingCount, type RevealState, type RevealStep, startReveal } from '../reveal';
import { ScoreboardTable } from './ScoreboardTable';

/** The pauses Play may take between two steps: long enough to watch a row move, or brisk for a long board. */
const REVEAL_SPEEDS = [
  { label: 'Slow', ms: 3000 },
  { label: 'Normal', ms: 1500 },
  { label: 'Fast', ms: 500 },
] as const;
const DEFAULT_STEP_MS = 1500;

type StepSize = 'cell' | 'row';

interface Props {
  contest: Contest;
  /** The board as the public sees it (frozen) and as the admin does (live): the same final data. */
  publicBoard: Scoreboard;
  liveBoard: Scoreboard;
  stepMs?: number;
}

/**
 * The reveal: the frozen cells shown from the bottom of the board upward, a cell or a whole row at a time, the
 * board re-ranked after each by the format's rules, then the unfreeze call once the last cell is out. It starts
 * from the frozen board, plays at a chosen speed and fills the screen for a projector.
 */
export function RevealPlayer({ contest, publicBoard, liveBoard, stepMs = DEFAULT_STEP_MS }: Props) {
  const [state, setState] = useState<RevealState>(() => startReveal(contest, publicBoard.labels, publicBoard.items, liveBoard.items));
  const [playing, setPlaying] = useState(false);
  const [pauseMs, setPauseMs] = useState(stepMs);
  const [stepSize, setStepSize] = useState<StepSize>('cell');
  const [spotlight, setSpotlight] = useState<string | null>(null);
  // Said aloud to screen readers, who do not see the cell light up or the row move.
  const [lastShown, setLastShown] = useState('');
  const [fullScreen, setFullScreen] = useState(false);
  const stage = useRef<HTMLElement>(null);
  const unfreeze = useUnfreeze(contest.contestId);
  const left = pendingCount(state);

  const show = (steps: RevealStep[]) => {
    if (!steps.length) return;
    const after = steps.reduce(applyReveal, state);
    const last = steps[steps.length - 1];
    setSpotlight(`${last.key}:${last.label}`);
    const row = after.rows.find((r) => r.key === last.key);
    const results = steps.map((s) => `${s.label}: ${s.cell.solved ? 'solved' : 'not solved'}`).join(', ');
    setLastShown(`${last.key}, ${results}, now rank ${row?.rank}. `);
    setState(after);
  };
  const nextCell = () => {
    const next = nextReveal(state);
    if (next) show([next]);
  };
  const nextRow = () => show(nextRowReveal(state));

  useEffect(() => {
    if (!playing) return;
    if (!left) return setPlaying(false);
    const timer = setTimeout(stepSize === 'row' ? nextRow : nextCell, pauseMs);
    return () => clearTimeout(timer);
  });
  useEffect(() => {
    if (!left && unfreeze.isIdle) unfreeze.mutate();
  }, [left, unfreeze]);
  useEffect(() => {
    const onChange = () => setFullScreen(document.fullscreenElement === stage.current && !!stage.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggleFullScreen = () => {
    const change = document.fullscreenElement ? document.exitFullscreen() : stage.current?.requestFullscreen();
    // Refused (no user gesture, or no full screen here): the page stays as it is.
    change?.catch(() => undefined);
  };

  return (
    <section className="card reveal" aria-labelledby="reveal-heading" ref={stage}>
      <h2 id="reveal-heading">{fullScreen ? `${contest.title}: the reveal` : 'Reveal'}</h2>
      <div className="row reveal-controls">
        <button className="btn primary small" onClick={() => setPlaying((p) => !p)} disabled={!left}>
          {playing ? 'Pause' : 'Play'}
        </button>
        <button className="btn small" onClick={nextCell} disabled={!left || playing}>
          Next cell
        </button>
        <button className="btn small" onClick={nextRow} disabled={!left || playing}>
          Next row
        </button>
        <label>
          Play by
          <select value={stepSize} onChange={(e) => setStepSize(e.target.value as StepSize)}>
            <option value="cell">cell</option>
            <option value="row">row</option>
          </select>
        </label>
        <label>
          Speed
          <select value={pauseMs} onChange={(e) => setPauseMs(Number(e.target.value))}>
            {REVEAL_SPEEDS.map((speed) => (
              <option key={speed.ms} value={speed.ms}>
                {speed.label}
              </option>
            ))}
          </select>
        </label>
        <button className="btn small" onClick={toggleFullScreen} aria-pressed={fullScreen}>
          {fullScreen ? 'Exit full screen' : 'Full screen'}
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

/** Unfreeze at once, without a reveal: every result published; asks first, as it cannot be undone. */
function UnfreezeButton({ contest, onDone }: { contest: Contest; onDone: () => void }) {
  const [asking, setAsking] = useState(false);
  const unfreeze = useUnfreeze(contest.contestId);
  if (!asking)
    return (
      <button className="btn small" onClick={() => setAsking(true)}>
        Unfreeze
      </button>
    );
  return (
    <span className="row" role="group" aria-label="Unfreeze the board">
      <span>Publish every frozen result now, without a reveal?</span>
      <button className="btn danger small" disabled={unfreeze.isPending} onClick={() => unfreeze.mutate(undefined, { onSuccess: onDone })}>
        Unfreeze now
      </button>
      <button className="btn small" onClick={() => setAsking(false)}>
        Cancel
      </button>
      {unfreeze.isError && <span className="error">{errorMessage(unfreeze.error, 'Failed to unfreeze the board.')}</span>}
    </span>
  );
}

/**
 * For an admin after the end, while the public board is still frozen: the frozen board (safe to project), the
 * reveal and a plain Unfreeze; the final results (`children`, the admin's live board) only on request.
 */
export function RevealLauncher({ contest, children }: { contest: Contest; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [showFinal, setShowFinal] = useState(false);
  const [unfrozen, setUnfrozen] = useState(false);
  const boards = useRevealBoards(contest.contestId);
  if (boards.isPending) return <p className="muted">Loading…</p>;
  if (!boards.data?.publicBoard.frozen || unfrozen) return <>{children}</>;
  if (open) return <RevealPlayer contest={contest} publicBoard={boards.data.publicBoard} liveBoard={boards.data.liveBoard} />;
  const frozen = boards.data.publicBoard;
  return (
    <>
      <div className="row reveal-controls">
        <button className="btn primary small" onClick={() => setOpen(true)}>
          Start the reveal
        </button>
        <UnfreezeButton contest={contest} onDone={() => setUnfrozen(true)} />
        <button className="btn small" onClick={() => setShowFinal((shown) => !shown)} aria-pressed={showFinal}>
          {showFinal ? 'Show the frozen board' : 'Show the final results'}
        </button>
      </div>
      {showFinal ? (
        children
      ) : (
        <>
          <p className="muted">The frozen board, as the public sees it: safe to project before the reveal.</p>
          <ScoreboardTable
            format={frozen.format}
            labels={frozen.labels}
            rows={frozen.items}
            firstSolvers={frozen.firstSolvers}
            caption="Scoreboard"
          />
        </>
      )}
    </>
  );
}
