import { Injectable } from '@nestjs/common';
import type { Response } from 'express';

import { ApiException } from '../common/api-exception';
import { AppConfig } from '../config/app-config';
import { StreamCaps } from '../live/stream-caps';
import { CLICS_COLLECTIONS, ClicsService, type ClicsSnapshot } from './clics.service';
import { ClicsFeedWakeupsService } from './clics-feed-wakeups.service';
import { type ClicsReader, ClicsReadersService } from './clics-readers.service';

/** How long an open feed stays silent before a heartbeat newline. */
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

/**
 * The order of the types at one instant, which the tokens carry (so it only ever grows before `state`): state last,
 * as the end of updates follows the judgements it waited for.
 */
const TYPE_ORDER = ['contest', ...CLICS_COLLECTIONS, 'state'];

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
  /** The same caps as the SSE streams (LIVE_STREAMS_PER_USER per admin or token, LIVE_STREAMS_PER_IP), counted apart. */
  private readonly caps: StreamCaps;
  private openCount = 0;

  constructor(
    private readonly clics: ClicsService,
    private readonly wakeups: ClicsFeedWakeupsService,
    private readonly readers: ClicsReadersService,
    private readonly config: AppConfig,
  ) {
    this.caps = new StreamCaps(config);
  }

  events(snapshot: ClicsSnapshot): ClicsEvent[] {
    // The contest's own objects open the feed, before any team or submission however those are dated.
    const created = 0;
    const state = this.clics.stateOfSnapshot(snapshot);
    const stateAt = Math.max(
      created,
      ...Object.values(state).map((at) => (at ? new Date(at).getTime() : 0)),
      // The end of updates is the feed's last event: after every judgement and clarification it would follow.
      ...(state.end_of_updates ? [...snapshot.judgements, ...snapshot.clarifications].map((o) => o.at.getTime()) : []),
    );
    const keyed: { key: FeedKey; type: string; id: string | null; data: unknown }[] = [];
    const add = (type: string, at: Date | number, id: string | null, data: unknown) =>
      keyed.push({ key: { ms: new Date(at).getTime(), order: TYPE_ORDER.indexOf(type), id: id ?? type }, type, id, data });
    // 2023-06: the contest's notification has no id.
    add('contest', created, null, this.clics.contestOf(snapshot.contest));
    for (const t of this.clics.judgementTypes()) add('judgement-types', created, t.id, t);
    for (const l of snapshot.languages) add('languages', created, l.id, l);
    for (const p of snapshot.problems) add('problems', created, p.data.id, p.data);
    for (const t of snapshot.teams) add('teams', t.at, t.data.id, t.data);
    add('state', stateAt, null, state);
    for (const s of snapshot.submissions) add('submissions', s.at, s.data.id, s.data);
    for (const j of snapshot.judgements) add('judgements', j.at, j.data.id, j.data);
    for (const r of snapshot.runs) add('runs', r.at, r.data.id, r.data);
    for (const c of snapshot.clarifications) add('clarifications', c.at, c.data.id, c.data);
    keyed.sort((a, b) => (after(a.key, b.key) ? 1 : after(b.key, a.key) ? -1 : 0));
    return keyed.map(({ key, type, id, data }) => ({ type, id, data, token: tokenOf(key) }));
  }

  /** The feeds open on this instance. */
  get openFeeds(): number {
    return this.openCount;
  }

  /**
   * Streams the feed from after `since` (all of it without one): what there is now, then each new event as soon as a
   * change of the contest wakes the feed (ClicsFeedWakeupsService; CLICS_FEED_POLL_MS without one), a newline after
   * FEED_HEARTBEAT_MS of silence, until the contest's end of updates has been sent, the reader leaves, or what let the
   * reader in no longer does (a revoked token, a demoted admin: asked before every read, so within
   * CLICS_FEED_POLL_MS, at once on this instance). With `stream` false it answers what there is now and ends. Each
   * feed counts against the live stream caps only while its connection is open.
   */
  async stream(res: Response, contestId: number, reader: ClicsReader, since: string | undefined, stream: boolean): Promise<void> {
    let last = since === undefined ? null : parseToken(since);
    let snapshot = await this.clics.snapshot(contestId, reader.viewer);
    // A client that left while the guard or the first read waited holds no slot and starts no feed; from here on
    // (nothing awaited in between) its leaving closes the response.
    if (res.req.socket.destroyed) return;
    const ip = res.req.ip ?? 'unknown';
    this.caps.admit(reader.readerId, ip);
    this.openCount++;
    const bell = this.wakeups.watch(contestId);
    let open = true;
    const close = () => {
      if (!open) return;
      open = false;
      this.wakeups.unwatch(contestId, bell);
      this.caps.release(reader.readerId, ip);
      this.openCount--;
      bell.ring();
    };
    res.on('close', close);
    res
      .status(200)
      .set({ 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' });
    res.flushHeaders();
    let quietSince = Date.now();
    let readAt = Date.now();
    try {
      for (;;) {
        const fresh = this.events(snapshot).filter((e) => !last || after(parseToken(e.token), last));
        if (fresh.length) {
          res.write(fresh.map((e) => JSON.stringify(e) + '\n').join(''));
          last = parseToken(fresh[fresh.length - 1].token);
          quietSince = Date.now();
        }
        if (!stream || !open || this.clics.stateOfSnapshot(snapshot).end_of_updates) return;
        // Asleep until a change, the heartbeat or the fallback read, whichever comes first.
        for (let rung = false; !rung;) {
          const wait = Math.min(readAt + this.config.CLICS_FEED_POLL_MS, quietSince + FEED_HEARTBEAT_MS) - Date.now();
          rung = await bell.next(Math.max(0, wait));
          if (!open) return;
          if (Date.now() - quietSince >= FEED_HEARTBEAT_MS) {
            res.write('\n');
            quietSince = Date.now();
          }
          rung ||= Date.now() - readAt >= this.config.CLICS_FEED_POLL_MS;
        }
        readAt = Date.now();
        if (!(await this.readers.stillAllowed(reader)) || !open) return;
        snapshot = await this.clics.snapshot(contestId, reader.viewer);
      }
    } catch {
      // The contest went (deleted) while the feed was open: the answer has begun, so it can only end.
    } finally {
      close();
      res.end();
    }
  }
}
