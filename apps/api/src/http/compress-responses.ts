import compression from 'compression';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** A request for a live submission stream (`/api/submissions/stream`, `/api/problems/:id/submissions/stream`). */
export function isEventStreamRequest(req: Request): boolean {
  return req.path.endsWith('/stream');
}

/** Any other response that turns out to be an event stream: compressing it would hold events back in the compressor. */
function isEventStreamResponse(res: Response): boolean {
  return String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream');
}

/**
 * gzip/brotli for the API's responses (JSON, the OpenAPI document). Static files arrive precompressed and carry
 * their own Content-Encoding, which the middleware leaves alone; event streams are never compressed.
 * Stream requests skip the middleware altogether: it wraps the response's write, end and listeners in closures
 * for the life of the response whether it compresses or not, and a live stream lasts for hours.
 */
export function compressResponses(): RequestHandler {
  const compress = compression({ filter: (req, res) => !isEventStreamResponse(res) && compression.filter(req, res) });
  return (req: Request, res: Response, next: NextFunction) => (isEventStreamRequest(req) ? next() : compress(req, res, next));
}
