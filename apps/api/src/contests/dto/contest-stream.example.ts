import type { ApiResponseOptions } from '@nestjs/swagger';

/** What a viewer of a contest stream reads: a comment on connect, a row change, a clarification, the unfreeze, heartbeats. */
const CONTEST_STREAM_EXAMPLE = [
  ': connected',
  '',
  'id: 1b4e28ba-2fa1-41d2-883f-0016d3cca427',
  'data: {"eventId":"1b4e28ba-2fa1-41d2-883f-0016d3cca427","emittedAt":"2025-06-01T11:40:02.120Z","contestId":12,"eventType":"row","row":{"rank":2,"username":"bob","solved":1,"score":1,"penalty":52,"cells":{"A":{"attempts":1,"solved":true,"score":1,"minute":32,"pending":0},"B":{"attempts":1,"solved":false,"score":0,"minute":null,"pending":2}}}}',
  '',
  'id: 6fa459ea-ee8a-4ca4-894e-db77e160355e',
  'data: {"eventId":"6fa459ea-ee8a-4ca4-894e-db77e160355e","emittedAt":"2025-06-01T11:45:00.000Z","contestId":12,"eventType":"clarification","clarification":{"id":7,"contestId":12,"username":null,"problemLabel":"A","question":"May the input end without a newline?","answer":"Yes.","public":true,"createdAt":"2025-06-01T11:40:00.000Z","answeredAt":"2025-06-01T11:45:00.000Z"}}',
  '',
  'id: 9c858901-8a57-4791-81fe-4c455b099bc9',
  'data: {"eventId":"9c858901-8a57-4791-81fe-4c455b099bc9","emittedAt":"2025-06-01T13:05:00.000Z","contestId":12,"eventType":"board","change":"unfrozen"}',
  '',
  'event: heartbeat',
  'data: {}',
  '',
].join('\n');

/** The 200 of the contest stream, documented with that example. */
export function contestStreamResponse(description: string): ApiResponseOptions {
  return { description, content: { 'text/event-stream': { schema: { type: 'string' }, example: CONTEST_STREAM_EXAMPLE } } };
}
