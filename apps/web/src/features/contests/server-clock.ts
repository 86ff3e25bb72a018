/**
 * The server's clock as this browser estimates it: contest pages count down and change phase on it, since the
 * browser's own clock may be minutes off and the server decides what a submission counts for. Each contest answer
 * carries the server's time (`serverTime`); the offset is taken at the middle of the request's round trip.
 */
let offsetMs = 0;

/** Records the server's time from an answer requested at `sentAt` and received at `receivedAt` (browser clock, ms). */
export function noteServerTime(serverTime: string, sentAt: number, receivedAt: number): void {
  const server = Date.parse(serverTime);
  if (Number.isFinite(server)) offsetMs = server - (sentAt + receivedAt) / 2;
}

/** The server's time now, in ms since the epoch, as far as the last answer tells. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** Calls `request` and records the server's time of its answer (a contest, or a list of them). */
export async function withServerTime<T extends { serverTime: string } | { items: { serverTime: string }[] }>(
  request: () => Promise<T>,
): Promise<T> {
  const sentAt = Date.now();
  const answer = await request();
  const serverTime = 'items' in answer ? answer.items[0]?.serverTime : answer.serverTime;
  if (serverTime) noteServerTime(serverTime, sentAt, Date.now());
  return answer;
}
