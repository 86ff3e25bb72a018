import { canResubmit as mayResubmit, LiveEvent } from '@oj/contracts';
import { useEffect, useRef, useState } from 'react';

import { detailedErrorMessage, errorMessage } from '../../../api/api-error';
import { Pagination } from '../../../components/Pagination';
import { SubmissionPage, SubmissionRow } from '../../../live/live-paging';
import { useSession } from '../../../session/SessionProvider';
import { SubmissionListSource } from '../api';
import { useLiveSubmissionPage } from '../hooks/useLiveSubmissionPage';
import { useResubmit } from '../hooks/useSubmissionActions';
import { RecentSubmissionsTable } from './RecentSubmissionsTable';
import { useResubmitConfirmation } from './ResubmitActions';
import { SubmissionDetailsModal } from './SubmissionDetailsModal';
import { SubmissionsTable } from './SubmissionsTable';

interface Props {
  source: SubmissionListSource;
  /** Whether a live event belongs in this list (filters, My tab). */
  matches: (event: LiveEvent) => boolean;
  emptyText: string;
  /** `full`: the archive's columns (with Problem when `showProblem`); `recent`: the dashboard's (SPEC 2). */
  layout?: 'full' | 'recent';
  showProblem?: boolean;
  page: number;
  onPage: (page: number) => void;
  showActions?: boolean;
  /** A submission to scroll into view once its row is on the page (the one just sent). */
  revealId?: string | null;
  /** Every live event the list receives, for counts kept beside it. */
  onEvent?: (event: LiveEvent) => void;
}

/**
 * Scrolls the row of `id` into view once it is rendered, once per id, and moves focus to it so the keyboard goes
 * on from the submission just sent: unless focus has moved on since it was sent (the user clicked elsewhere).
 */
function useRevealRow(id: string | null | undefined, page: SubmissionPage | undefined): void {
  const revealed = useRef<string | null>(null);
  const focusedWhenSent = useRef<Element | null>(null);
  useEffect(() => {
    focusedWhenSent.current = document.activeElement;
  }, [id]);
  useEffect(() => {
    if (!id || revealed.current === id || !page?.items.some((row) => row.id === id)) return;
    revealed.current = id;
    const row = document.querySelector<HTMLElement>(`[data-submission-id="${id}"]`);
    if (!row) return;
    row.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    const focused = document.activeElement;
    if (focused !== focusedWhenSent.current && focused !== document.body) return;
    // Focusable by script only: the row does not join the Tab order.
    row.tabIndex = -1;
    row.focus({ preventScroll: true });
  }, [id, page]);
}

/** A paged submissions list kept current by the live stream (SPEC 4 paging rules), with details and re-submit. */
export function LiveSubmissionList({
  source,
  matches,
  emptyText,
  layout = 'full',
  showProblem,
  page,
  onPage,
  showActions,
  revealId,
  onEvent,
}: Props) {
  const { viewer } = useSession();
  const [details, setDetails] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useLiveSubmissionPage(source, page, matches, onEvent);
  useRevealRow(revealId, list.data);

  const again = useResubmit({
    onSuccess: () => {
      setDetails(null);
      setNotice('Re-submitted.');
    },
    onError: (error) => setNotice(errorMessage(error, 'Failed to re-submit submission.')),
  });
  const confirmResubmit = useResubmitConfirmation((id) => again.mutate(id));
  const canResubmit = (row: Pick<SubmissionRow, 'userId'>) => mayResubmit(row, viewer);

  return (
    <div className="live-list">
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {list.isPending && <p className="muted">Loading…</p>}
      {list.isError && <p className="error">{detailedErrorMessage(list.error, 'Failed to load submissions.')}</p>}
      {list.data && (
        <>
          {layout === 'recent' ? (
            <RecentSubmissionsTable
              rows={list.data.items}
              emptyText={emptyText}
              onDetails={setDetails}
              onResubmit={(row) => confirmResubmit.ask(row.id)}
              canResubmit={canResubmit}
            />
          ) : (
            <SubmissionsTable
              rows={list.data.items}
              emptyText={emptyText}
              showProblem={showProblem}
              onDetails={setDetails}
              onResubmit={(row) => confirmResubmit.ask(row.id)}
              canResubmit={canResubmit}
              showActions={showActions}
            />
          )}
          <Pagination page={page} totalPages={list.data.totalPages} more={list.data.totalCapped} onPage={onPage} />
        </>
      )}
      {details && (
        <SubmissionDetailsModal
          id={details}
          onClose={() => setDetails(null)}
          canResubmit={canResubmit({ userId: list.data?.items.find((r) => r.id === details)?.userId ?? null })}
          onResubmit={(id) => {
            // One dialog at a time: the question replaces the details.
            setDetails(null);
            confirmResubmit.ask(id);
          }}
        />
      )}
      {confirmResubmit.dialog}
    </div>
  );
}
