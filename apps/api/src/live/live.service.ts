import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LiveEvent, liveEventsChannel } from '@oj/contracts';
import { ProblemEntity } from '@oj/db';
import type { Response } from 'express';
import Redis from 'ioredis';
import { Repository } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { AppConfig } from '../config/app-config';
import { canEditProblem } from '../problems/problems.service';

/** How long a problem's visibility is trusted before it is read again. */
const VISIBILITY_TTL_MS = 5000;

interface StreamClient {
  res: Response;
  viewer: AuthUser;
  problemId?: number;
}

/**
 * Fan-out of submission events: one Redis subscription per API instance, many server-sent-event clients.
 * Workers (and this API, for new submissions) publish; every replica delivers to its own clients.
 */
@Injectable()
export class LiveService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(LiveService.name);
  private readonly clients = new Set<StreamClient>();
  private subscriber?: Redis;
  private heartbeat?: NodeJS.Timeout;
  /** Deliveries run one after another so a client never sees a later change before an earlier one. */
  private delivering = Promise.resolve();
  private readonly problemCache = new Map<number, { problem: ProblemEntity | null; until: number }>();

  constructor(
    private readonly config: AppConfig,
    @InjectRepository(ProblemEntity) private readonly problems: Repository<ProblemEntity>,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscriber = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
    this.subscriber.on('message', (_channel: string, message: string) => {
      this.delivering = this.delivering.then(() => this.deliver(message)).catch((error) => this.logger.warn(`Live delivery failed: ${error}`));
    });
    await this.subscriber.subscribe(liveEventsChannel(this.config.REDIS_PREFIX));
    this.heartbeat = setInterval(() => this.broadcast('event: heartbeat\ndata: {}\n\n'), this.config.LIVE_HEARTBEAT_MS);
  }

  async onModuleDestroy(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const client of this.clients) client.res.end();
    this.clients.clear();
    await this.subscriber?.quit().catch(() => undefined);
  }

  /** Turns the response into an event stream that lasts until the client goes away. */
  open(res: Response, viewer: AuthUser, problemId?: number): void {
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    res.write(': connected\n\n');
    const client: StreamClient = { res, viewer, problemId };
    this.clients.add(client);
    res.on('close', () => this.clients.delete(client));
  }

  get clientCount(): number {
    return this.clients.size;
  }

  private async deliver(message: string): Promise<void> {
    let event: LiveEvent;
    try {
      event = JSON.parse(message);
    } catch {
      return this.logger.warn('Dropped a malformed live event');
    }
    const frame = `id: ${event.eventId}\ndata: ${message}\n\n`;
    let problem: ProblemEntity | null | undefined;
    for (const client of this.clients) {
      if (client.problemId !== undefined && client.problemId !== event.problemId) continue;
      // As in the lists: a private problem's submissions reach admins, its author and the submitter only.
      if (client.viewer.role !== 'admin' && client.viewer.id !== event.userId) {
        if (problem === undefined) problem = await this.problemOf(event.problemId);
        if (!problem || !(problem.isPublic || canEditProblem(problem, client.viewer))) continue;
      }
      client.res.write(frame);
    }
  }

  private async problemOf(problemId: number): Promise<ProblemEntity | null> {
    const cached = this.problemCache.get(problemId);
    if (cached && cached.until > Date.now()) return cached.problem;
    const problem = await this.problems.findOne({ where: { problemId }, select: { id: true, problemId: true, isPublic: true, authorId: true } });
    this.problemCache.set(problemId, { problem, until: Date.now() + VISIBILITY_TTL_MS });
    return problem;
  }

  private broadcast(frame: string): void {
    for (const client of this.clients) client.res.write(frame);
  }
}
