import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { LiveEvent } from '@oj/contracts';
import { accessChangesChannel, type BoardChange, contestBoardsChannel, contestEventsChannel, liveEventsChannel } from '@oj/messaging';
import { DataSource } from 'typeorm';

import { AppConfig } from '../config/app-config';
import type { ClarificationMessage } from '../contests/scoreboard/scoreboard-stream.service';
import { RedisSubscriber } from '../redis/redis-subscriber';

/**
 * One open feed's doorbell. A ring while the feed is busy reading is kept, so a change that lands between its read
 * and its wait is never lost.
 */
export class FeedDoorbell {
  private rung = false;
  private wake?: () => void;

  ring(): void {
    this.rung = true;
    this.wake?.();
  }

  /** Resolves true once rung (at once if it was rung since the last call), false after `ms` of silence. */
  next(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (rung: boolean) => {
        clearTimeout(timer);
        this.wake = undefined;
        this.rung = false;
        resolve(rung);
      };
      const timer = setTimeout(() => done(false), ms);
      this.wake = () => done(true);
      if (this.rung) done(true);
    });
  }
}

/**
 * Wakes the open CLICS event feeds of a contest when it changes, from the Redis events that already exist: a
 * submission's live events (created, judged, rejudged: the worker's `finished` among them) and the board changes
 * (BoardChanges: an edit, the unfreeze, a deletion), and the clarifications (the contest
 * stream's events), the access changes of users (a demoted admin's feeds end at once); a revoked token rings its contest's feeds itself (ClicsTokensService). The instance's one subscription (RedisSubscriber); a submission event costs one
 * read of its contest, and only while feeds are open.
 */
@Injectable()
export class ClicsFeedWakeupsService implements OnModuleInit {
  private readonly logger = new Logger(ClicsFeedWakeupsService.name);
  private readonly bells = new Map<number, Set<FeedDoorbell>>();

  constructor(
    private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly subscriber: RedisSubscriber,
  ) {}

  async onModuleInit(): Promise<void> {
    const prefix = this.config.REDIS_PREFIX;
    // Nothing to wake without open feeds.
    const whileWatched = (handle: (message: string) => Promise<void> | void) => (message: string) => {
      if (!this.bells.size) return;
      Promise.resolve()
        .then(() => handle(message))
        .catch((error) => this.logger.warn(`CLICS feeds not woken: ${error}`));
    };
    await this.subscriber.subscribe({
      [liveEventsChannel(prefix)]: whileWatched((message) => this.onSubmissionEvent(message)),
      [contestBoardsChannel(prefix)]: whileWatched((message) => this.onBoardChange(message)),
      [accessChangesChannel(prefix)]: whileWatched((message) => this.onAccessChange(message)),
      [contestEventsChannel(prefix)]: whileWatched((message) => this.onContestEvent(message)),
    });
  }

  /** A doorbell rung on each change of the contest, until `unwatch`. */
  watch(contestId: number): FeedDoorbell {
    const bell = new FeedDoorbell();
    const bells = this.bells.get(contestId) ?? new Set();
    bells.add(bell);
    this.bells.set(contestId, bells);
    return bell;
  }

  unwatch(contestId: number, bell: FeedDoorbell): void {
    const bells = this.bells.get(contestId);
    if (!bells?.delete(bell)) return;
    if (!bells.size) this.bells.delete(contestId);
  }

  private async onSubmissionEvent(message: string): Promise<void> {
    const event = JSON.parse(message) as LiveEvent;
    // Progress moves no CLICS object: a judgement starts with `running` and ends with `finished`.
    if (event.eventType === 'progress') return;
    const [row]: { contest_id: number | null }[] = await this.dataSource.query('SELECT contest_id FROM submissions WHERE id = $1', [
      event.id,
    ]);
    if (row?.contest_id != null) this.ring(row.contest_id);
  }

  private onBoardChange(message: string): void {
    const { contestId } = JSON.parse(message) as BoardChange;
    if (contestId !== null) return this.ring(contestId);
    for (const id of this.bells.keys()) this.ring(id);
  }

  /** A clarification asked or answered (ScoreboardStreamService.publishClarification) wakes its contest's feeds. */
  private onContestEvent(message: string): void {
    const { clarification } = JSON.parse(message) as Partial<ClarificationMessage>;
    if (clarification) this.ring(clarification.contestId);
  }

  /** A user's role or status changed: every open feed asks again whether its reader is still let in. */
  private onAccessChange(message: string): void {
    if (!('userId' in JSON.parse(message))) return;
    for (const id of this.bells.keys()) this.ring(id);
  }

  /** Wakes the contest's open feeds on this instance. */
  ring(contestId: number): void {
    for (const bell of this.bells.get(contestId) ?? []) bell.ring();
  }
}
