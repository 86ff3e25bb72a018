import type { Schemas } from '@oj/api-client';
import { LiveEvent } from '@oj/contracts';

/** A page of submissions as every list endpoint returns it, and one of its rows. */
export type SubmissionPage = Schemas['PagedSubmissionsDto'];
export type SubmissionRow = Schemas['SubmissionRowDto'];

const EVENT_ONLY = ['eventId', 'emittedAt', '_eventType', 'eventType'] as const;

function toRow(event: LiveEvent): SubmissionRow {
  const row: Record<string, unknown> = { ...event };
  for (const key of EVENT_ONLY) delete row[key];
  return row as unknown as SubmissionRow;
}

/**
 * SPEC 4: an event for a row on screen is merged into it; otherwise, on page 1 and matching the filters, it
 * is inserted at the top (dropping the row past the page size, raising total and page count); anything else
 * is ignored.
 */
export function applyLiveEvent(page: SubmissionPage, event: LiveEvent, matches: (event: LiveEvent) => boolean): SubmissionPage {
  const index = page.items.findIndex((row) => row.id === event.id);
  if (index >= 0) {
    const items = [...page.items];
    const merged = { ...items[index], ...toRow(event) };
    // A final result clears the progress bar.
    if (event._eventType !== 'progress') merged.progress = event.progress ?? null;
    items[index] = merged;
    return { ...page, items };
  }
  if (page.page !== 1 || !matches(event)) return page;
  const total = page.total + 1;
  return { ...page, items: [toRow(event), ...page.items].slice(0, page.limit), total, totalPages: Math.ceil(total / page.limit) };
}
