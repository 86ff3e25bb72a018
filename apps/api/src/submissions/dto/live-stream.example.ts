import type { ApiResponseOptions } from '@nestjs/swagger';

/** What a client of a submission stream reads: a comment on connect, live events with ids, heartbeats. */
const LIVE_STREAM_EXAMPLE = [
  ': connected',
  '',
  'id: 7c9e6679-7425-40de-944b-e07fc1f90ae7',
  'data: {"id":"0b7d6a8e-3c1f-4e2a-9a55-2f1e8c4d7b90","problemId":1001,"userName":"alice","language":"C++ (GCC 12.2.0)","status":"running","verdict":"RUNNING","score":0,"progress":{"done":3,"total":10},"eventType":"progress","eventId":"7c9e6679-7425-40de-944b-e07fc1f90ae7","emittedAt":"2026-03-14T09:26:54.010Z"}',
  '',
  'event: heartbeat',
  'data: {}',
  '',
].join('\n');

/** The 200 of a stream operation, documented with that example. */
export function liveStreamResponse(description: string): ApiResponseOptions {
  return { description, content: { 'text/event-stream': { schema: { type: 'string' }, example: LIVE_STREAM_EXAMPLE } } };
}
