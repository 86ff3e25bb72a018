import compression from 'compression';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

import { isStreamingResponse } from '../common/streaming-response';

/** A request for a live submission stream (`/api/submissions/stream`, `/api/problems/:id/submissions/stream`). */
export function isEventStreamRequest(req: Request): boolean {
  return req.path.endsWith('/stream');
}

/**
 * gzip/brotli for the API's responses (JSON, the OpenAPI document). Static files arrive precompressed and carry
 * their own Content-Encoding, which the middleware leaves alone; streams (isStreamingResponse) are never compressed.
 * Stream requests skip the middleware altogether: it wraps the response's write, end and listeners in closures
 * for the life of the response whether it compresses or not, and a live stream lasts for hours.
 */
export function compressResponses(): RequestHandler {
  const compress = compression({ filter: (req, res) => !isStreamingResponse(res) && compression.filter(req, res) });
  return (req: Request, res: Response, next: NextFunction) => (isEventStreamRequest(req) ? next() : compress(req, res, next));
}
