import { HttpStatus } from '@nestjs/common';
import { ERROR_CODES } from '@oj/contracts';
import type { Response } from 'express';

import { ApiException } from '../common/api-exception';
import { StreamCounts } from './stream-counts';

/**
 * The caps on the streams one kind of live stream (submissions, a contest's board) may hold open on an instance:
 * LIVE_STREAMS_PER_USER per account and LIVE_STREAMS_PER_IP per client address. `admit` refuses the next with
 * 429, or counts it; `release` gives it back on the connection's 'close'. Each open stream holds a socket and a
 * share of every fan-out, hence the caps; the one past a cap is refused before its stream starts, and one whose
 * connection closed before it started (`connectionClosed`) is never counted.
 */
export class StreamCaps {
  private readonly ofUser = new StreamCounts();
  private readonly ofIp = new StreamCounts();

  constructor(private readonly limits: { LIVE_STREAMS_PER_USER: number; LIVE_STREAMS_PER_IP: number }) {}

  admit(userId: string, ip: string): void {
    const refuse = (who: string, limit: number) =>
      new ApiException(
        HttpStatus.TOO_MANY_REQUESTS,
        ERROR_CODES.RATE_LIMITED,
        `Too many live streams open ${who} (at most ${limit}). Close another tab and try again.`,
      );
    if (this.ofUser.of(userId) >= this.limits.LIVE_STREAMS_PER_USER) throw refuse('for this account', this.limits.LIVE_STREAMS_PER_USER);
    if (this.ofIp.of(ip) >= this.limits.LIVE_STREAMS_PER_IP) throw refuse('from this address', this.limits.LIVE_STREAMS_PER_IP);
    this.ofUser.add(userId);
    this.ofIp.add(ip);
  }

  release(userId: string, ip: string): void {
    this.ofUser.remove(userId);
    this.ofIp.remove(ip);
  }

  clear(): void {
    this.ofUser.clear();
    this.ofIp.clear();
  }
}

/**
 * Whether the client has already gone: it may reset the connection while the handler still awaits (the token's
 * check, the contest's read). Its 'close' has then fired, so a slot taken now would never be given back.
 */
export function connectionClosed(res: Response): boolean {
  return res.closed || res.destroyed || !res.socket || res.socket.destroyed;
}

/** Answers `res` as a server-sent event stream, never compressed or buffered by a proxy, and says it is connected. */
export function startEventStream(res: Response): void {
  res.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  res.write(': connected\n\n');
}
