import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { LiveEvent, liveEventsChannel } from '@oj/contracts';
import type { Response } from 'express';
import Redis from 'ioredis';
import type { AuthUser } from '../auth/auth-user';
import { AppConfig } from '../config/app-config';

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

  constructor(private readonly config: AppConfig) {}

  async onModuleInit(): Promise<void> {
    this.subscriber = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
    this.subscriber.on('message', (_channel: string, message: string) => this.deliver(message));
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

  private deliver(message: string): void {
    let event: LiveEvent;
    try {
      event = JSON.parse(message);
    } catch {
      return this.logger.warn('Dropped a malformed live event');
    }
    const frame = `id: ${event.eventId}\ndata: ${message}\n\n`;
    for (const client of this.clients) {
      if (client.problemId !== undefined && client.problemId !== event.problemId) continue;
      client.res.write(frame);
    }
  }

  private broadcast(frame: string): void {
    for (const client of this.clients) client.res.write(frame);
  }
}
