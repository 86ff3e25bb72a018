import '../contests.css';

import type { ContestStreamEvent, LiveEvent } from '@oj/contracts';
import { createContext, ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { Toast } from '../../../components/Toast';
import { useSubmissionStream } from '../../../live/useSubmissionStream';
import { useSession } from '../../../session/SessionProvider';
import { type Clarification, scoreboardStreamPath } from '../api';
import { showsVirtual } from '../board-url';
import { virtualRunOn } from '../contest-time';
import { useClarificationArrivals } from '../hooks/useClarifications';
import { useBoardChangeRefresh, useContest } from '../hooks/useContest';
import { useContestTurns } from '../hooks/useRefreshAt';
import { serverNow } from '../server-clock';

type Listener = (event: ContestStreamEvent) => void;

/** Subscribes a listener to the page's one contest stream; returns the unsubscribe. */
const ContestEventsContext = createContext<((listener: Listener) => () => void) | null>(null);

const isContestEvent = (event: unknown) => {
  const type = (event as { eventType?: unknown } | null)?.eventType;
  return type === 'row' || type === 'clarification' || type === 'board';
};

/** An answer without the question it quotes (Markdown "> " lines): the notice is short, the list has both. */
const withoutQuote = (answer: string) =>
  answer
    .split('\n')
    .filter((line) => !line.startsWith('>'))
    .join(' ')
    .trim();

/** The line a notice reads out: an answer or announcement to participants, a new question to admins. */
export function noticeText(c: Clarification): string {
  const about = c.problemLabel ? ` on ${c.problemLabel}` : '';
  if (c.answer === null) return `New question${about}${c.username ? ` from ${c.username}` : ''}: ${c.question ?? ''}`;
  return `New clarification${about}: ${withoutQuote(c.answer)}`;
}

/**
 * The contest stream of a page in the contest (its overview, problems and scoreboard): one connection, whose row
 * events go to the page's listeners (the board) and whose clarifications update the list and raise a notice in a
 * live region, wherever the participant is in the contest. A `board` event (the unfreeze, an edit, the deletion)
 * reads the contest and its board again. Open while the contest is not over, while its board is still frozen for
 * the caller after the end (so the unfreeze reaches them), for admins, during the caller's virtual run, and on a
 * board showing virtual participants (`?virtual=1`), whose runs go on after the end; for guests too, who get the
 * public view.
 */
export function ContestStream({ contestId, children }: { contestId: number; children: ReactNode }) {
  const { loading, isAdmin } = useSession();
  const contest = useContest(contestId).data;
  const arrived = useClarificationArrivals(contestId);
  const refreshBoard = useBoardChangeRefresh();
  const listeners = useRef(new Set<Listener>());
  const [params] = useSearchParams();
  const [notice, setNotice] = useState<Clarification | null>(null);
  // Every contest page sits in this one: each changes state at the contest's moments, for guests too.
  useContestTurns(contestId, contest);
  // Guests too (a board on a projector): the server sends them the public view.
  const enabled =
    !loading &&
    !!contest &&
    (contest.phase !== 'past' || contest.frozen || isAdmin || virtualRunOn(contest, serverNow()) || showsVirtual(params));
  const onEvent = useCallback(
    (message: LiveEvent) => {
      const event = message as unknown as ContestStreamEvent;
      if (event.eventType === 'clarification') {
        arrived(event.clarification);
        setNotice(event.clarification);
      }
      if (event.eventType === 'board') refreshBoard(event.change);
      listeners.current.forEach((listener) => listener(event));
    },
    [arrived, refreshBoard],
  );
  useSubmissionStream({ enabled, onEvent, streamPath: scoreboardStreamPath(contestId), updatesPath: null, accepts: isContestEvent });
  const subscribe = useCallback((listener: Listener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  return (
    <ContestEventsContext.Provider value={subscribe}>
      {children}
      {/* Always rendered, so screen readers already watch the region when a notice arrives. */}
      <div className="toast-region" role="status" aria-live="polite">
        {notice && (
          <Toast key={notice.id} onDismiss={() => setNotice(null)}>
            <p>{noticeText(notice)}</p>
            <div className="row">
              <Link className="btn small" to={`/contests/${contestId}#clarifications`} onClick={() => setNotice(null)}>
                Clarifications
              </Link>
              <button className="btn small" onClick={() => setNotice(null)}>
                Dismiss
              </button>
            </div>
          </Toast>
        )}
      </div>
    </ContestEventsContext.Provider>
  );
}

/** Calls `listener` with each event of the surrounding ContestStream (none outside one). */
export function useContestEvents(listener: Listener): void {
  const subscribe = useContext(ContestEventsContext);
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => subscribe?.((event) => latest.current(event)), [subscribe]);
}
