import type { ContestEntity } from '@oj/db';
import ical from 'ical-generator';

/** The contest as an iCalendar file (RFC 5545): one event, in UTC, that links back to the contest's page. */
export function contestCalendar(contest: ContestEntity, origin: string, now: Date): string {
  const host = new URL(origin).host;
  const calendar = ical({ prodId: { company: 'online-judge', product: 'contests', language: 'EN' } });
  calendar.createEvent({
    // Stable per contest and server, so a calendar that imports the file again updates the event, not doubles it.
    id: `contest-${contest.contestId}@${host}`,
    stamp: now,
    start: contest.startsAt,
    end: contest.endsAt,
    summary: contest.title,
    url: `${origin}/contests/${contest.contestId}`,
  });
  // RFC 5545 ends every content line with CRLF, the last one too; the library leaves the last one bare.
  return `${calendar.toString()}\r\n`;
}
