import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { closeRedisConnection, createSubscriberConnection } from '@oj/messaging';
import Redis from 'ioredis';

import { AppConfig } from '../config/app-config';

/** What the instance's subscriber connection is called in Redis (CLIENT LIST), under the instance's prefix. */
export function subscriberConnectionName(prefix: string): string {
  return `${prefix}:api-subscriber`;
}

export type ChannelHandler = (message: string) => void;

/**
 * The API instance's one Redis subscriber connection, shared by everything that listens: the submission streams
 * (LiveService), the scoreboard's caches and stream (ScoreboardStreamService) and the CLICS feeds
 * (ClicsFeedWakeupsService). Each hands its channels' handlers to `subscribe`; a message goes to every handler of its
 * channel, in the order they subscribed, so every listener sees every channel's messages in publish order. A
 * connection in subscriber mode sends nothing else, so this one is apart from the commands' (REDIS).
 */
@Injectable()
export class RedisSubscriber implements OnModuleDestroy {
  private readonly logger = new Logger(RedisSubscriber.name);
  private readonly connection: Redis;
  private readonly handlers = new Map<string, ChannelHandler[]>();
  private readonly interruptions: { lost: () => void; back: () => void }[] = [];

  constructor(config: AppConfig) {
    this.connection = createSubscriberConnection(config.REDIS_URL, subscriberConnectionName(config.REDIS_PREFIX));
    this.connection.on('message', (channel: string, message: string) => {
      for (const handle of this.handlers.get(channel) ?? []) {
        try {
          handle(message);
        } catch (error) {
          this.logger.warn(`A ${channel} message was not handled: ${error}`);
        }
      }
    });
    this.connection.on('close', () => {
      for (const { lost } of this.interruptions) lost();
    });
    // Connected again (ioredis subscribes again too): once Redis answers this SUBSCRIBE, every later message arrives.
    this.connection.on('ready', () => {
      const channels = [...this.handlers.keys()];
      if (!channels.length) return;
      this.connection
        .subscribe(...channels)
        .then(() => {
          for (const { back } of this.interruptions) back();
        })
        .catch((error) => this.logger.warn(`Could not subscribe again: ${error}`));
    });
  }

  /** Hands every later message of each channel to its handler; resolves once Redis has confirmed the subscription. */
  async subscribe(handlers: Record<string, ChannelHandler>): Promise<void> {
    for (const [channel, handle] of Object.entries(handlers)) this.handlers.set(channel, [...(this.handlers.get(channel) ?? []), handle]);
    await this.connection.subscribe(...Object.keys(handlers));
  }

  /**
   * For a listener that must know when messages may be missed: `lost` as the connection closes, `back` once it is
   * subscribed again after a reconnection.
   */
  onInterruption(lost: () => void, back: () => void): void {
    this.interruptions.push({ lost, back });
  }

  /** Closed with the modules, before the database: no message then starts a read of a closing DataSource. */
  onModuleDestroy(): Promise<void> {
    return closeRedisConnection(this.connection);
  }
}
