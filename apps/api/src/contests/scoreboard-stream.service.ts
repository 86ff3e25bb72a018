import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { type Clarification, type ContestStreamEvent, type LiveEvent, type ScoreboardRow } from '@oj/contracts';
import type { ContestEntity } from '@oj/db';
import {
  AccessChange,
  accessChangesChannel,
  closeRedisConnection,
  contestEventsChannel,
  createSubscriberConnection,
  liveEventsChannel,
} from '@oj/messaging';
import { randomUUID } from 'crypto';
import type { Response } from 'express';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';

import { canSeeClarification, canSeeClarificationAsker, isAdmin } from '../access';
import type { AuthUser } from '../auth/auth-user';
import { AppConfig } from '../config/app-config';
import { startEventStream, StreamCaps } from '../live/stream-caps';
import { REDIS } from '../redis/redis.module';
import { ContestsService } from './contests.service';
import { ScoreboardService } from './scoreboard.service';
import { VirtualBoardService } from './virtual-board.service';

/** What the API publishes on the contest channel: a clarification, and whose it is (null: an admin's notice). */
export interface ClarificationMessage {
  clarification: Clarification;
  askerId: string | null;
}

interface ContestStreamClient {
  res: Response;
  viewer: AuthUser;
  ip: string;
}

/** The participation a finished submission belongs to, read once per event by each instance with viewers. */
interface ChangedParticipation {
  id: string;
  contest_id: number;
  kind: 'official' | 'virtual';
  user_id: string;
}

/**
 * The contest stream (`GET /api/contests/{contestId}/scoreboard/stream`): one Redis subscription per API instance,
 * fanned out to that instance's viewers of each contest. A result written by a worker arrives as its submission's
 * `finished` event; the instance with viewers of that contest reads the changed row once (ScoreboardService
 * .rowViews) and sends each viewer one of three frames built once: admins the live row, the participant their own,
 * the others the public one (frozen cells pending). Every instance reads the same committed row, so all agree.
 * A virtual run's row goes to its owner alone. Clarifications come on a channel of their own, published by the API.
 */
@Injectable()
export class ScoreboardStreamService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ScoreboardStreamService.name);
  private readonly viewers = new Map<number, Set<ContestStreamClient>>();
  /** The same caps as the submission streams (LIVE_STREAMS_PER_USER, LIVE_STREAMS_PER_IP), counted apart. */
  private readonly caps: StreamCaps;
  private subscriber?: Redis;
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
  ) {
    this.caps = new StreamCaps(config);
  }

  async onModuleInit(): Promise<void> {
    this.subscriber = createSubscriberConnection(this.config.REDIS_URL);
    const channels = {
      [liveEventsChannel(this.config.REDIS_PREFIX)]: (message: string) => this.onSubmissionEvent(message),
      [contestEventsChannel(this.config.REDIS_PREFIX)]: (message: string) => this.onClarification(message),
      [accessChangesChannel(this.config.REDIS_PREFIX)]: (message: string) => this.onAccessChange(message),
    };
    this.subscriber.on('message', (channel: string, message: string) => {
      const handle = channels[channel];
      // Nothing to do without viewers: an instance serving no contest stream reads nothing per result.
      if (!handle || !this.viewers.size) return;
      this.delivering = this.delivering.then(() => handle(message)).catch((error) => this.logger.warn(`Contest delivery failed: ${error}`));
    });
    await this.subscriber.subscribe(...Object.keys(channels));
    this.heartbeat = setInterval(() => this.broadcast('event: heartbeat\ndata: {}\n\n'), this.config.LIVE_HEARTBEAT_MS);
  }

  async onModuleDestroy(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const client of this.clients()) client.res.end(': server stopping\n\n');
    this.viewers.clear();
    this.caps.clear();
    if (this.subscriber) await closeRedisConnection(this.subscriber);
  }

  /** Publishes a clarification to every instance's viewers of its contest (call once it is committed). */
  async publishClarification(message: ClarificationMessage): Promise<void> {
    await this.redis
      .publish(contestEventsChannel(this.config.REDIS_PREFIX), JSON.stringify(message))
      .catch((error) => this.logger.warn(`Could not publish a clarification: ${error}`));
  }

  /** Turns the response into the contest's event stream, for a viewer of an existing contest. */
  async open(res: Response, viewer: AuthUser, contestId: number): Promise<void> {
    await this.contests.find(contestId);
    const ip = res.req.ip ?? 'unknown';
    this.caps.admit(viewer.id, ip);
    startEventStream(res);
    const client: ContestStreamClient = { res, viewer, ip };
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
    this.caps.release(client.viewer.id, client.ip);
  }

  /** A result was written: if it is a contest participation's, its row changed. */
  private async onSubmissionEvent(message: string): Promise<void> {
    const event = JSON.parse(message) as LiveEvent;
    if (event.eventType !== 'finished') return;
    const [changed]: ChangedParticipation[] = await this.dataSource.query(
      `SELECT p.id, p.contest_id, p.kind, p.user_id FROM submissions s JOIN contest_participations p ON p.id = s.participation_id
       WHERE s.id = $1`,
      [event.id],
    );
    const viewers = changed && this.viewers.get(changed.contest_id);
    if (!viewers) return;
    const contest = await this.contests.find(changed.contest_id);
    if (changed.kind === 'virtual') return this.sendVirtualRow(contest, changed, viewers);
    const views = await this.scoreboard.rowViews(contest, changed.id);
    if (!views) return;
    const frame = (row: ScoreboardRow) => this.frame({ ...this.stamp(contest.contestId), eventType: 'row', row });
    const [live, own, others] = [frame(views.live), frame(views.own), frame(views.public)];
    for (const client of viewers) {
      if (isAdmin(client.viewer)) client.res.write(live);
      else client.res.write(client.viewer.id === changed.user_id ? own : others);
    }
  }

  /** A virtual row is its owner's alone, ranked on their own board. */
  private async sendVirtualRow(contest: ContestEntity, changed: ChangedParticipation, viewers: Set<ContestStreamClient>): Promise<void> {
    const owners = [...viewers].filter((client) => client.viewer.id === changed.user_id);
    if (!owners.length) return;
    const run = await this.contests.virtualRunOf(contest.contestId, owners[0].viewer);
    if (!run) return;
    const board = await this.virtualBoards.board(contest, run, owners[0].viewer);
    const mine = board.rows.find((row) => row.id === run.id);
    if (!mine) return;
    const { id: _id, ...row } = mine;
    const frame = this.frame({ ...this.stamp(contest.contestId), eventType: 'row', row });
    for (const client of owners) client.res.write(frame);
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
      this.contests.participantsAmong(contestId, [...new Set([...viewers].map((client) => client.viewer.id))]),
    ]);
    const access = { askerId, isPublic: clarification.public, answered: clarification.answer !== null };
    const stamp = this.stamp(contestId);
    const signed = this.frame({ ...stamp, eventType: 'clarification', clarification });
    const unsigned = this.frame({ ...stamp, eventType: 'clarification', clarification: { ...clarification, username: null } });
    const now = new Date();
    for (const { viewer, res } of viewers) {
      if (!access.answered && !isAdmin(viewer)) continue;
      if (canSeeClarification(viewer, access, contest, participants.has(viewer.id), now))
        res.write(canSeeClarificationAsker(viewer, access) ? signed : unsigned);
    }
  }

  /** A user's role or status changed: end their streams, authorised with the old rights; the client reconnects. */
  private onAccessChange(message: string): void {
    const change = JSON.parse(message) as AccessChange;
    if (!('userId' in change)) return;
    for (const [contestId, viewers] of this.viewers)
      for (const client of viewers) {
        if (client.viewer.id !== change.userId) continue;
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
