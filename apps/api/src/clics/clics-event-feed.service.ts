import { Injectable } from '@nestjs/common';
import type { Response } from 'express';

import type { Viewer } from '../access';
import { ApiException } from '../common/api-exception';
import { ClicsService, type ClicsSnapshot } from './clics.service';

/** How often an open feed looks for new events, and how long it stays silent before a heartbeat newline. */
export const FEED_POLL_MS = 1_000;
export const FEED_HEARTBEAT_MS = 10_000;

/** A CLICS notification: the object's endpoint name, its id, the object as it is now, and the token to resume after it. */
export interface ClicsEvent {
  type: string;
  id: string | null;
  data: unknown;
  token: string;
}

/** An event's place in the feed: the instant its object took its form, then the type's order, then the id. */
interface FeedKey {
  ms: number;
  order: number;
  id: string;
}

/** State last: at one instant, the end of updates follows the judgements it waited for. */
const TYPE_ORDER = ['contest', 'judgement-types', 'languages', 'problems', 'teams', 'submissions', 'judgements', 'runs', 'state'];

function tokenOf(key: FeedKey): string {
  return `${key.ms}-${key.order}-${key.id}`;
}

/** A since_token back into its key; anything this feed did not hand out is a 400. */
export function parseToken(token: string): FeedKey {
  const match = /^(\d{1,15})-(\d)-([A-Za-z0-9-]{1,80})$/.exec(token);
  if (!match || Number(match[2]) >= TYPE_ORDER.length)
    throw ApiException.badRequest('since_token is not a token of this feed.', 'since_token');
  return { ms: Number(match[1]), order: Number(match[2]), id: match[3] };
}

function after(a: FeedKey, b: FeedKey): boolean {
  if (a.ms !== b.ms) return a.ms > b.ms;
  if (a.order !== b.order) return a.order > b.order;
  return a.id > b.id;
}

/**
 * The event feed (NDJSON): every object of the snapshot as a notification, ordered by the instant it took its
 * current form, so a reader resuming with `since_token` gets what appeared or changed after that event: new
 * submissions, judgements as they end, and the judgements the freeze hid once they are revealed. The contest,
 * judgement types, languages and problems come first, so a full read sends them before what refers to them.
 */
@Injectable()
export class ClicsEventFeedService {
  constructor(private readonly clics: ClicsService) {}

  events(snapshot: ClicsSnapshot): ClicsEvent[] {
    // The contest's own objects open the feed, before any team or submission however those are dated.
    const created = 0;
    const state = this.clics.stateOfSnapshot(snapshot);
    const stateAt = Math.max(
      created,
      ...Object.values(state).map((at) => (at ? new Date(at).getTime() : 0)),
      ...(state.end_of_updates ? snapshot.judgements.map((j) => j.at.getTime()) : []),
    );
    const keyed: { key: FeedKey; type: string; id: string | null; data: unknown }[] = [];
    const add = (type: string, at: Date | number, id: string | null, data: unknown) =>
      keyed.push({ key: { ms: new Date(at).getTime(), order: TYPE_ORDER.indexOf(type), id: id ?? type }, type, id, data });
    add('contest', created, String(snapshot.contest.contestId), this.clics.contestOf(snapshot.contest));
    for (const t of this.clics.judgementTypes()) add('judgement-types', created, t.id, t);
    for (const l of snapshot.languages) add('languages', created, l.id, l);
    for (const p of snapshot.problems) add('problems', created, p.data.id, p.data);
    for (const t of snapshot.teams) add('teams', t.at, t.data.id, t.data);
    add('state', stateAt, null, state);
    for (const s of snapshot.submissions) add('submissions', s.at, s.data.id, s.data);
    for (const j of snapshot.judgements) add('judgements', j.at, j.data.id, j.data);
    for (const r of snapshot.runs) add('runs', r.at, r.data.id, r.data);
    keyed.sort((a, b) => (after(a.key, b.key) ? 1 : after(b.key, a.key) ? -1 : 0));
    return keyed.map(({ key, type, id, data }) => ({ type, id, data, token: tokenOf(key) }));
  }

  /**
   * Streams the feed from after `since` (all of it without one): what there is now, then each new event as a poll
   * finds it, a newline after FEED_HEARTBEAT_MS of silence, until the contest's end of updates has been sent or the
   * reader leaves. With `stream` false it answers what there is now and ends.
   */
  async stream(res: Response, contestId: number, viewer: Viewer, since: string | undefined, stream: boolean): Promise<void> {
    let last = since === undefined ? null : parseToken(since);
    let snapshot = await this.clics.snapshot(contestId, viewer);
    res
      .status(200)
      .set({ 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' });
    res.flushHeaders();
    let open = true;
    res.on('close', () => (open = false));
    let quietSince = Date.now();
    try {
      for (;;) {
        const fresh = this.events(snapshot).filter((e) => !last || after(parseToken(e.token), last));
        if (fresh.length) {
          res.write(fresh.map((e) => JSON.stringify(e) + '\n').join(''));
          last = parseToken(fresh[fresh.length - 1].token);
          quietSince = Date.now();
        }
        if (!stream || !open || this.clics.stateOfSnapshot(snapshot).end_of_updates) return;
        await new Promise((resolve) => setTimeout(resolve, FEED_POLL_MS));
        if (!open) return;
        if (Date.now() - quietSince >= FEED_HEARTBEAT_MS) {
          res.write('\n');
          quietSince = Date.now();
        }
        snapshot = await this.clics.snapshot(contestId, viewer);
      }
    } catch {
      // The contest went (deleted) while the feed was open: the answer has begun, so it can only end.
    } finally {
      res.end();
    }
  }
}
