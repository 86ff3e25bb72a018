import { Logger } from '@nestjs/common';
import { EventEmitter } from 'events';
import type { NextFunction, Request, Response } from 'express';

import { currentRequestId } from '../logging/request-context';
import { observeRequests, ResponseObserver, ServedRequest } from './observe-requests';

function fakeExchange(headers: Record<string, string> = {}): { req: Request; res: Response & EventEmitter; sent: Map<string, unknown> } {
  const sent = new Map<string, unknown>();
  const res = Object.assign(new EventEmitter(), { setHeader: (name: string, value: unknown) => sent.set(name, value) });
  return { req: { headers } as unknown as Request, res: res as unknown as Response & EventEmitter, sent };
}

describe('observeRequests', () => {
  it('echoes a sane request id, serves the request in its context and tells every observer once when it closes', () => {
    const seen: ServedRequest[] = [];
    const observer: ResponseObserver = (_req, _res, served) => seen.push(served);
    const { req, res, sent } = fakeExchange({ 'x-request-id': 'abc-1' });
    let idInside: string | undefined;
    const next: NextFunction = () => {
      idInside = currentRequestId();
    };
    observeRequests([observer, observer])(req, res, next);
    expect(sent.get('X-Request-Id')).toBe('abc-1');
    expect(idInside).toBe('abc-1');
    expect(seen).toEqual([]);
    res.emit('close');
    res.emit('close');
    expect(seen).toEqual([
      { requestId: 'abc-1', elapsedMs: expect.any(Number) },
      { requestId: 'abc-1', elapsedMs: expect.any(Number) },
    ]);
  });

  it('keeps serving when an observer throws: the error is logged and the next observer still runs', () => {
    const logged = jest.spyOn(Logger, 'error').mockImplementation(() => undefined);
    const after = jest.fn();
    const { req, res } = fakeExchange();
    observeRequests([
      () => {
        throw new Error('observer broke');
      },
      after,
    ])(req, res, () => undefined);
    expect(() => res.emit('close')).not.toThrow();
    expect(after).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('observer broke'), 'ObserveRequests');
    logged.mockRestore();
  });
});
