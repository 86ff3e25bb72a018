import type { MouseEvent } from 'react';

import { errorMessage } from '../../../api/api-error';
import { type Contest, contestCalendarName } from '../api';
import { useContestCalendar } from '../hooks/useContestCalendar';

/**
 * The contest's .ics file. A real link (a public contest's address can be copied into a calendar that subscribes);
 * a click fetches it with the session, which a private contest's file needs. Its name starts with the visible text
 * (axe's label-in-name) and says which contest, as a list holds several.
 */
export function CalendarLink({ contest }: { contest: Contest }) {
  const calendar = useContestCalendar(contest.contestId);
  const save = (event: MouseEvent) => {
    event.preventDefault();
    calendar.mutate();
  };
  return (
    <>
      <a
        className="small"
        href={`/api/contests/${contest.contestId}/calendar.ics`}
        download={contestCalendarName(contest.contestId)}
        onClick={save}
        aria-label={`Add to calendar (.ics): ${contest.title}`}
      >
        Add to calendar (.ics)
      </a>
      {calendar.isError && <span className="error">{errorMessage(calendar.error, 'Failed to get the calendar file.')}</span>}
    </>
  );
}
