import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LiveEvent } from '@oj/contracts';
import { ProblemEntity } from '@oj/db';
import { AccessChange, accessChangesChannel, liveEventsChannel } from '@oj/messaging';
import type { Response } from 'express';
import { Repository } from 'typeorm';

import { canSeeResult, canSeeSubmission, canViewSource, pendingRow } from '../access';
import type { AuthUser } from '../auth/auth-user';
import { AppConfig } from '../config/app-config';
import { RedisSubscriber } from '../redis/redis-subscriber';
import { eventForOthers } from '../submissions/result-messages';
import { connectionClosed, startEventStream, StreamCaps } from './stream-caps';

/** The final frame of every stream when the API stops. */
export const STOPPING_FRAME = ': server stopping\n\n';

/** How long a problem's visibility is trusted before it is read again. */
const VISIBILITY_TTL_MS = 5000;

interface StreamClient {
  res: Response;
  viewer: AuthUser;
  ip: string;
  problemId?: number;
}

/**
 * Fan-out of submission events: the instance's one Redis subscription (RedisSubscriber), many server-sent-event clients.
 * Workers (and this API, for new submissions) publish; every replica delivers to its own clients.
 */
@Injectable()
export class LiveService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(LiveService.name);
  private readonly clients = new Set<StreamClient>();
  private readonly caps: StreamCaps;
  private heartbeat?: NodeJS.Timeout;
  /** Deliveries run one after another so a client never sees a later change before an earlier one. */
  private delivering = Promise.resolve();
  private readonly problemCache = new Map<number, { problem: ProblemEntity | null; until: number }>();

  constructor(
    private readonly config: AppConfig,
    @InjectRepository(ProblemEntity) private readonly problems: Repository<ProblemEntity>,
    private readonly subscriber: RedisSubscriber,
  ) {
    this.caps = new StreamCaps(config);
  }

  async onModuleInit(): Promise<void> {
    // Access changes go through the same queue as events: an event published after a change sees its effect.
    const queued = (handle: (message: string) => Promise<void> | void) => (message: string) => {
      this.delivering = this.delivering.then(() => handle(message)).catch((error) => this.logger.warn(`Live delivery failed: ${error}`));
    };
    await this.subscriber.subscribe({
      [liveEventsChannel(this.config.REDIS_PREFIX)]: queued((message) => this.deliver(message)),
      [accessChangesChannel(this.config.REDIS_PREFIX)]: queued((message) => this.applyAccessChange(message)),
    });
    this.heartbeat = setInterval(() => this.broadcast('event: heartbeat\ndata: {}\n\n'), this.config.LIVE_HEARTBEAT_MS);
  }

  onModuleDestroy(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    // A last comment tells a watching client the server is going away; the SPA reconnects, to this or another API.
    for (const client of this.clients) client.res.end(STOPPING_FRAME);
    this.clients.clear();
    this.caps.clear();
  }

  /** Turns the response into an event stream that lasts until the client goes away. */
  open(res: Response, viewer: AuthUser, problemId?: number): void {
    if (connectionClosed(res)) return;
    const ip = res.req.ip ?? 'unknown';
    this.caps.admit(viewer.id, ip);
    startEventStream(res);
    const client: StreamClient = { res, viewer, ip, problemId };
    this.clients.add(client);
    res.on('close', () => this.forget(client));
  }

  /** The client is no longer served; counted once however many ways it ends (closed, or ended by an access change). */
  private forget(client: StreamClient): void {
    if (!this.clients.delete(client)) return;
    this.caps.release(client.viewer.id, client.ip);
  }

  get clientCount(): number {
    return this.clients.size;
  }

  /**
   * A problem changed: forget its cached visibility. A user's role or status changed: end their streams, which
   * were authorised with the old role; the client reconnects and is authorised afresh.
   */
  private applyAccessChange(message: string): void {
    const change = JSON.parse(message) as AccessChange;
    if ('problemId' in change) this.problemCache.delete(change.problemId);
    if ('userId' in change) {
      for (const client of this.clients) {
        if (client.viewer.id !== change.userId) continue;
        this.forget(client);
        client.res.end();
      }
    }
  }

  private async deliver(message: string): Promise<void> {
    let event: LiveEvent;
    try {
      event = JSON.parse(message);
    } catch {
      return this.logger.warn('Dropped a malformed live event');
    }
    const frame = `id: ${event.eventId}\ndata: ${message}\n\n`;
    let othersFrame: string | undefined;
    let frozenFrame: string | undefined;
    let problem: ProblemEntity | null | undefined;
    for (const client of this.clients) {
      if (client.problemId !== undefined && client.problemId !== event.problemId) continue;
      if (canViewSource(event, client.viewer)) {
        client.res.write(frame);
        continue;
      }
      // As in the lists: the others see the event where they may see the problem, without messages.
      if (problem === undefined) problem = await this.problemOf(event.problemId);
      if (!canSeeSubmission(event, problem, client.viewer)) continue;
      // A result hidden by a contest's freeze: others learn of the submission once, pending, at its creation, and of
      // nothing after: not its judging, nor a rejudge (a 'created' event with rejudgedAt), whose times tell the result.
      if (!canSeeResult(event, client.viewer)) {
        if (event.eventType !== 'created' || event.rejudgedAt) continue;
        frozenFrame ??= `id: ${event.eventId}\ndata: ${JSON.stringify(pendingRow(eventForOthers(event)))}\n\n`;
        client.res.write(frozenFrame);
        continue;
      }
      if (othersFrame === undefined) {
        const redacted = eventForOthers(event);
        othersFrame = redacted === event ? frame : `id: ${event.eventId}\ndata: ${JSON.stringify(redacted)}\n\n`;
      }
      client.res.write(othersFrame);
    }
  }

  private async problemOf(problemId: number): Promise<ProblemEntity | null> {
    const cached = this.problemCache.get(problemId);
    if (cached && cached.until > Date.now()) return cached.problem;
    const problem = await this.problems.findOne({ where: { problemId }, select: { id: true, problemId: true, isPublic: true } });
    this.problemCache.set(problemId, { problem, until: Date.now() + VISIBILITY_TTL_MS });
    return problem;
  }

  private broadcast(frame: string): void {
    for (const client of this.clients) client.res.write(frame);
  }
}
