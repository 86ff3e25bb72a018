import '../problems.css';

import { RunOutcome } from '../api';

type Chunk = NonNullable<RunOutcome['transcript']>[number];

const DIRECTIONS: Record<Chunk['from'], string> = {
  program: 'Program → interactor',
  interactor: 'Interactor → program',
};

/**
 * What the program and the interactor of an interactive run wrote to each other, in order: one scrolling box
 * (focusable and named, so keyboard and screen-reader users reach it), each write under who sent it and to whom.
 */
export function RunTranscript({ outcome }: { outcome: RunOutcome }) {
  if (!outcome.transcript)
    return (
      <p className="muted small">
        This judge engine cannot record the exchange between the program and the interactor: only how the run ended and the interactor’s
        verdict are shown.
      </p>
    );
  return (
    <>
      <h3>Exchange with the interactor</h3>
      {outcome.transcript.length === 0 ? (
        <p className="muted small">Neither side wrote anything.</p>
      ) : (
        <ol className="run-transcript" tabIndex={0} aria-label="Exchange with the interactor">
          {outcome.transcript.map((chunk, i) => (
            <li key={i} className={`transcript-${chunk.from}`}>
              <span className="muted small">{DIRECTIONS[chunk.from]}</span>
              <pre>{chunk.text}</pre>
            </li>
          ))}
        </ol>
      )}
      {outcome.transcriptTruncated && <p className="muted small">Exchange cut at 64 KiB or 200 writes; the run went on.</p>}
    </>
  );
}
