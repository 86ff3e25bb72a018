import type { Response } from 'express';

/** Content types answered as long-lived streams: server-sent events, and the CLICS event feed's NDJSON. */
const STREAM_TYPES = ['text/event-stream', 'application/x-ndjson'];

/** A response that streams for as long as its reader stays: never compressed (events would wait in the compressor), never timed. */
export function isStreamingResponse(res: Response): boolean {
  const type = String(res.getHeader('Content-Type') ?? '');
  return STREAM_TYPES.some((t) => type.startsWith(t));
}
