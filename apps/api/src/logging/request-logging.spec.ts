import type { Request, Response } from 'express';
import pino from 'pino';
import { Writable } from 'stream';

import { requestLogBindings, runInRequestContext } from './request-context';
import { logServedRequests } from './request-logging';

function loggerWithLines(): { logger: pino.Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ mixin: requestLogBindings }, sink), lines };
}

function served(statusCode: number, { finished = true, path = '/api/problems' } = {}): [Request, Response] {
  const req = { method: 'GET', path, originalUrl: path, headers: {}, socket: {} } as Request;
  const res = { statusCode, writableFinished: finished } as Response;
  return [req, res];
}

describe('request logging', () => {
  it('names the request on every line written while serving it, and on no other', () => {
    const { logger, lines } = loggerWithLines();
    runInRequestContext('req-7', () => logger.info('inside'));
    logger.info('outside');
    expect(lines[0]).toMatchObject({ msg: 'inside', requestId: 'req-7' });
    expect(lines[1]).not.toHaveProperty('requestId');
  });

  it.each([
    [200, true, 30, 'request completed'],
    [404, true, 30, 'request completed'],
    [503, true, 40, 'request completed'],
    [504, true, 40, 'request completed'],
    [500, true, 50, 'request completed'],
    [200, false, 30, 'request aborted'],
  ])('logs status %i (sent in full: %s) at level %i as "%s"', (status, finished, level, msg) => {
    const { logger, lines } = loggerWithLines();
    logServedRequests(logger)(...served(status, { finished }), { requestId: 'r', elapsedMs: 1.6 });
    expect(lines).toEqual([expect.objectContaining({ level, msg, requestId: 'r', res: { statusCode: status }, responseTime: 2 })]);
  });

  it.each(['/api/health', '/api/health/ready', '/metrics'])('leaves %s out', (path) => {
    const { logger, lines } = loggerWithLines();
    logServedRequests(logger)(...served(200, { path }), { requestId: 'r', elapsedMs: 1 });
    expect(lines).toEqual([]);
  });
});
