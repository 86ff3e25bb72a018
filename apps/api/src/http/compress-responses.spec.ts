import type { Request, Response } from 'express';
import { ServerResponse } from 'http';

import { compressResponses } from './compress-responses';

/** A response as the middleware sees it: Node's own methods, no headers sent yet. */
function fakeExchange(path: string): { req: Request; res: Response } {
  const req = { path, method: 'GET', headers: { 'accept-encoding': 'gzip' } } as unknown as Request;
  const res = Object.create(ServerResponse.prototype) as Response;
  Object.assign(res, { getHeader: () => undefined, setHeader: () => undefined, on: ServerResponse.prototype.on });
  return { req, res };
}

describe('compressResponses', () => {
  const compress = compressResponses();

  it('lets live stream requests through without wrapping anything of their response', () => {
    for (const path of ['/api/submissions/stream', '/api/problems/7/submissions/stream']) {
      const { req, res } = fakeExchange(path);
      const own = { write: res.write, end: res.end, on: res.on, writeHead: res.writeHead };
      const next = jest.fn();
      compress(req, res, next);
      expect(next).toHaveBeenCalledTimes(1);
      expect({ write: res.write, end: res.end, on: res.on, writeHead: res.writeHead }).toEqual(own);
    }
  });

  it('wraps other responses, which it may compress once their type is known', () => {
    const { req, res } = fakeExchange('/api/problems');
    const write = res.write;
    compress(req, res, jest.fn());
    expect(res.write).not.toBe(write);
  });
});
