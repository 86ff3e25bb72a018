import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { type Clarification, type ContestBoardChange, type ContestStreamEvent, type LiveEvent, type ScoreboardRow } from '@oj/contracts';
import type { ContestEntity } from '@oj/db';
import {
  AccessChange,
  accessChangesChannel,
  type BoardChange,
  contestBoardsChannel,
  contestEventsChannel,
  liveEventsChannel,
} from '@oj/messaging';
import { randomUUID } from 'crypto';
import type { Response } from 'express';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';

import { canSeeClarification, canSeeClarificationAsker, canSeeResult, isAdmin } from '../../access';
import type { AuthUser } from '../../auth/auth-user';
import { AppConfig } from '../../config/app-config';
import { connectionClosed, startEventStream, StreamCaps } from '../../live/stream-caps';
import { REDIS } from '../../redis/redis.module';
import { RedisSubscriber } from '../../redis/redis-subscriber';
import { ContestsService } from '../contests.service';
import { BoardCache } from './board-cache';
import { BoardChanges } from './board-changes';
import { placedResult, type PlacedRowColumns } from './ranking';
import { placedRowSql } from './scoreboard.queries';
import { ScoreboardService } from './scoreboard.service';
import { VirtualBoardService } from './virtual-board.service';

/** What the API publishes on the contest channel: a clarification, and whose it is (null: an admin's notice). */
export interface ClarificationMessage {
  clarification: Clarification;
  askerId: string | null;
}

interface ContestStreamClient {
  res: Response;
  /** Undefined for a guest, who gets the public view (a projector without a login). */
  viewer: AuthUser | undefined;
  /** What the per-account cap counts: the user, or this guest stream alone (guests are capped by address). */
  account: string;
  ip: string;
}

/**
 * The contest stream (`GET /api/contests/{contestId}/scoreboard/stream`): the instance's one Redis subscription
 * (RedisSubscriber), fanned out to that instance's viewers of each contest. A result written by a worker arrives as its submission's
 * `finished` event; the instance reads which row changed, with its new keys, drops its cached reads of that contest's
 * board and moves the row in its kept rankings (BoardCache), and, with viewers of the contest, reads the changed row once (ScoreboardService.rowViews) and sends each viewer one of three frames
 * built once: admins the live row, the participant their own, the others the public one (frozen cells pending).
 * Every instance reads the same committed row, so all agree. A virtual run's row goes to its owner ranked on their
 * run's board, and to the others ranked on the board with virtual participants (`row.virtual`). A board
 * changed as a whole (BoardChanges: the unfreeze, an edit, a deletion) drops the cached reads too and sends a
 * `board` event. Clarifications come on a channel of their own, published by the API.
 *
 * While the subscription is down, invalidations may be lost: the cache keeps nothing from the moment the
 * connection closes until it is subscribed again.
 */
@Injectable()
export class ScoreboardStreamService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ScoreboardStreamService.name);
  private readonly viewers = new Map<number, Set<ContestStreamClient>>();
  /** The same caps as the submission streams (LIVE_STREAMS_PER_USER, LIVE_STREAMS_PER_IP), counted apart. */
  private readonly caps: StreamCaps;
  private heartbeat?: NodeJS.Timeout;
  /** Deliveries run one after another so a viewer never sees a later row before an earlier one. */
  private delivering = Promise.resolve();

  constructor(
    private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly dataSource: DataSource,
    private readonly contests: ContestsService,
    private readonly scoreboard: ScoreboardService,
    private readonly virtualBoards: VirtualBoardService,
    private readonly cache: BoardCache,
    private readonly boards: BoardChanges,
    private readonly subscriber: RedisSubscriber,
  ) {
    this.caps = new StreamCaps(config);
  }

  async onModuleInit(): Promise<void> {
    const prefix = this.config.REDIS_PREFIX;
    // Nothing to do without viewers.
    const forViewers = (handle: (message: string) => Promise<void> | void) => (message: string) => {
      if (this.viewers.size) this.deliver(() => handle(message));
    };
    // While the subscription is down, invalidations may be lost: the cache keeps nothing until it is subscribed again.
    this.subscriber.onInterruption(
      () => this.cache.suspend(),
      () => this.cache.resume(),
    );
    await this.subscriber.subscribe({
      // Every instance keeps its cache exact from these two, viewers or not.
      [liveEventsChannel(prefix)]: (message) => this.onSubmissionEvent(message),
      [contestBoardsChannel(prefix)]: (message) => this.onBoardChange(message),
      [contestEventsChannel(prefix)]: forViewers((message) => this.onClarification(message)),
      [accessChangesChannel(prefix)]: forViewers((message) => this.onAccessChange(message)),
    });
    this.cache.resume();
    this.heartbeat = setInterval(() => this.broadcast('event: heartbeat\ndata: {}\n\n'), this.config.LIVE_HEARTBEAT_MS);
  }

  onModuleDestroy(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const client of this.clients()) client.res.end(': server stopping\n\n');
    this.viewers.clear();
    this.caps.clear();
  }

  /** Publishes a clarification to every instance's viewers of its contest (call once it is committed). */
  async publishClarification(message: ClarificationMessage): Promise<void> {
    await this.redis
      .publish(contestEventsChannel(this.config.REDIS_PREFIX), JSON.stringify(message))
      .catch((error) => this.logger.warn(`Could not publish a clarification: ${error}`));
  }

  /** Turns the response into the contest's event stream, for a viewer (or a guest) the contest exists for (findVisible). */
  async open(res: Response, viewer: AuthUser | undefined, contestId: number): Promise<void> {
    await this.contests.findVisible(contestId, viewer);
    if (connectionClosed(res)) return;
    const ip = res.req.ip ?? 'unknown';
    const account = viewer?.id ?? `guest:${randomUUID()}`;
    this.caps.admit(account, ip);
    startEventStream(res);
    const client: ContestStreamClient = { res, viewer, account, ip };
    const viewers = this.viewers.get(contestId) ?? new Set();
    viewers.add(client);
    this.viewers.set(contestId, viewers);
    res.on('close', () => this.forget(contestId, client));
  }

  get clientCount(): number {
    let n = 0;
    for (const viewers of this.viewers.values()) n += viewers.size;
    return n;
  }

  private forget(contestId: number, client: ContestStreamClient): void {
    const viewers = this.viewers.get(contestId);
    if (!viewers?.delete(client)) return;
    if (!viewers.size) this.viewers.delete(contestId);
    this.caps.release(client.account, client.ip);
  }

  /** Deliveries run one after another so a viewer never sees a later row before an earlier one. */
  private deliver(send: () => Promise<void> | void): void {
    this.delivering = this.delivering.then(send).catch((error) => this.logger.warn(`Contest delivery failed: ${error}`));
  }

  /**
   * A result was written: if it is a contest participation's, its row changed. The contest's cached reads go as soon
   * as the participation is read (before any row is sent, so a viewer who reads the board on a row event gets the
   * new one); the rows go out in event order.
   */
  private onSubmissionEvent(message: string): void {
    const event = JSON.parse(message) as LiveEvent;
    // A result, or a new submission the freeze hides, which is pending on the public board from its creation.
    if (event.eventType !== 'finished' && !(event.eventType === 'created' && event.frozen)) return;
    // Nothing cached and nobody watching: an instance serving no board reads nothing per result.
    if (!this.viewers.size && this.cache.isEmpty) return;
    const changed = this.changedParticipation(event.id);
    // Taken in the same turn as the live stream sends the event: a board read it prompts waits for this placement.
    this.cache.resultArriving(changed);
    // A failed read is reported by the delivery that awaits it, however long after it fails.
    changed.catch(() => undefined);
    this.deliver(async () => {
      const participation = await changed;
      if (participation) await this.sendRow(participation, event);
    });
  }

  /**
   * The participation a finished submission belongs to, its contest's cached reads dropped and its row moved in the
   * contest's kept rankings; null outside contests.
   */
  private async changedParticipation(submissionId: string): Promise<PlacedRowColumns | null> {
    try {
      const ticket = this.cache.ticket();
      const [changed]: PlacedRowColumns[] = await this.dataSource.query(placedRowSql('submission'), [submissionId]);
      if (changed)
        this.cache.resultsChanged(changed.contest_id, changed.kind === 'official' ? { result: placedResult(changed), ticket } : undefined);
      return changed ?? null;
    } catch (error) {
      // Which board changed is unknown: none of them is kept.
      this.cache.clear();
      throw error;
    }
  }

  /**
   * A result only to those who may see it (canSeeResult): a result the freeze hides leaves the public row as it was,
   * and a row event at its judging would tell those who see the public one when it was judged, and so how far an
   * ICPC submission got. A hidden submission's creation, which everyone sees, goes to those who see the public row
   * (its pending count), the only one it changes.
   */
  private async sendRow(changed: PlacedRowColumns, result: LiveEvent): Promise<void> {
    const viewers = this.viewers.get(changed.contest_id);
    if (!viewers) return;
    const contest = await this.contests.find(changed.contest_id);
    const owners = changed.kind === 'virtual' ? await this.sendVirtualRow(contest, changed, viewers) : new Set<ContestStreamClient>();
    const views = await this.scoreboard.rowViews(contest, changed.id, changed.kind === 'virtual' ? 'all' : 'official');
    if (!views) return;
    const frame = (row: ScoreboardRow) => this.frame({ ...this.stamp(contest.contestId), eventType: 'row', row });
    const [live, own, others] = [frame(views.live), frame(views.own), frame(views.public)];
    for (const client of viewers) {
      if (owners.has(client)) continue;
      // A hidden submission's creation changes only the public row, and its result only the live one and its own.
      if ((result.eventType === 'finished') !== canSeeResult(result, client.viewer)) continue;
      if (isAdmin(client.viewer)) client.res.write(live);
      else client.res.write(client.viewer?.id === changed.user_id ? own : others);
    }
  }

  /** A board changed as a whole (BoardChanges): its cached reads go now, and its viewers are told in event order. */
  private onBoardChange(message: string): void {
    const { contestId, change, registered } = JSON.parse(message) as BoardChange;
    if (contestId === null) this.cache.clear();
    else if (registered) void this.boards.placeRegistration(contestId, registered);
    else this.cache.invalidate(contestId);
    if (contestId !== null && change) this.deliver(() => this.sendBoardChange(contestId, change));
  }

  /** Every viewer reads the board again; a deleted contest's streams end, as nothing more will come on them. */
  private sendBoardChange(contestId: number, change: ContestBoardChange): void {
    const viewers = this.viewers.get(contestId);
    if (!viewers) return;
    const frame = this.frame({ ...this.stamp(contestId), eventType: 'board', change });
    for (const client of viewers) {
      client.res.write(frame);
      if (change !== 'deleted') continue;
      this.forget(contestId, client);
      client.res.end();
    }
  }

  /**
   * A virtual row goes to its owner ranked on their own run's board, which is the board they see (ScoreboardService.read);
   * the others get it ranked on the board with virtual participants (sendRow), which boards showing only official rows
   * leave aside. Returns the owner's streams, sent here.
   */
  private async sendVirtualRow(
    contest: ContestEntity,
    changed: PlacedRowColumns,
    viewers: Set<ContestStreamClient>,
  ): Promise<Set<ContestStreamClient>> {
    const owners = new Set([...viewers].filter((client) => client.viewer?.id === changed.user_id));
    const owner = [...owners][0]?.viewer;
    if (!owner) return owners;
    const run = await this.contests.virtualRunOf(contest.contestId, owner);
    if (!run) return owners;
    const board = await this.virtualBoards.board(contest, run, owner);
    const mine = board.rows.find((row) => row.id === run.id);
    if (!mine) return owners;
    const { id: _id, ...row } = mine;
    const frame = this.frame({ ...this.stamp(contest.contestId), eventType: 'row', row });
    for (const client of owners) client.res.write(frame);
    return owners;
  }

  /**
   * Each viewer gets the clarification if they may read it (canSeeClarification), signed or not
   * (canSeeClarificationAsker); an unanswered question is news to admins alone, its asker has just sent it.
   */
  private async onClarification(message: string): Promise<void> {
    const { clarification, askerId } = JSON.parse(message) as ClarificationMessage;
    const { contestId } = clarification;
    const viewers = this.viewers.get(contestId);
    if (!viewers) return;
    const [contest, participants] = await Promise.all([
      this.contests.find(contestId),
      this.contests.participantsAmong(contestId, [...new Set([...viewers].flatMap((client) => (client.viewer ? [client.viewer.id] : [])))]),
    ]);
    const access = { askerId, isPublic: clarification.public, answered: clarification.answer !== null };
    const stamp = this.stamp(contestId);
    const signed = this.frame({ ...stamp, eventType: 'clarification', clarification });
    const unsigned = this.frame({
      ...stamp,
      eventType: 'clarification',
      clarification: { ...clarification, username: null, rating: null },
    });
    const now = new Date();
    for (const { viewer, res } of viewers) {
      if (!access.answered && !isAdmin(viewer)) continue;
      if (canSeeClarification(viewer, access, contest, !!viewer && participants.has(viewer.id), now))
        res.write(canSeeClarificationAsker(viewer, access) ? signed : unsigned);
    }
  }

  /** A user's role or status changed: end their streams, authorised with the old rights; the client reconnects. */
  private onAccessChange(message: string): void {
    const change = JSON.parse(message) as AccessChange;
    if (!('userId' in change)) return;
    for (const [contestId, viewers] of this.viewers)
      for (const client of viewers) {
        if (client.viewer?.id !== change.userId) continue;
        this.forget(contestId, client);
        client.res.end();
      }
  }

  private stamp(contestId: number) {
    return { eventId: randomUUID(), emittedAt: new Date().toISOString(), contestId };
  }

  private frame(event: ContestStreamEvent): string {
    return `id: ${event.eventId}\ndata: ${JSON.stringify(event)}\n\n`;
  }

  private *clients(): Iterable<ContestStreamClient> {
    for (const viewers of this.viewers.values()) yield* viewers;
  }

  private broadcast(frame: string): void {
    for (const client of this.clients()) client.res.write(frame);
  }
}
