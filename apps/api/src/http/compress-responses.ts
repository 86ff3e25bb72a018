import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/** Live submission streams: compressing them would hold events back in the compressor's buffer. */
function isEventStream(req: Request, res: Response): boolean {
  return req.path.endsWith('/stream') || String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream');
}

/**
 * gzip/brotli for the API's responses (JSON, the OpenAPI document). Static files arrive precompressed and carry
 * their own Content-Encoding, which the middleware leaves alone; event streams are never compressed.
 */
export function compressResponses(): RequestHandler {
  return compression({ filter: (req, res) => !isEventStream(req, res) && compression.filter(req, res) });
}
