/**
 * @jest-environment node
 */
import { connectSubmissionStream, RecentIds } from './submission-stream';

/** A fetch that serves scripted responses: SSE bodies for the stream path, JSON for polls. */
function scriptedFetch(script: (url: string, init: RequestInit, call: number) => Response | Promise<Response>) {
  let calls = 0;
  const fn = jest.fn((input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(script(String(input), init ?? {}, calls++)));
  return fn as unknown as typeof fetch & jest.Mock;
}

function sse(frames: string[], status = 200): Response {
  const body = new ReadableStream({
    start(controller) {
      for (const f of frames) controller.enqueue(new TextEncoder().encode(f));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'Content-Type': 'text/event-stream' } });
}

const event = (id: string, eventId: string, extra = {}) =>
  `id: ${eventId}\ndata: ${JSON.stringify({ id, eventId, emittedAt: '2026-11-23T10:00:00.000Z', status: 'queued', ...extra })}\n\n`;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('connectSubmissionStream', () => {
  beforeAll(() => {
    // fetch-event-source schedules its retries on window; Node's own fetch, streams and timers serve here.
    (globalThis as { window?: unknown }).window = globalThis;
    (globalThis as { document?: unknown }).document = {
      hidden: false,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
  });

  it('delivers events once, ignores heartbeats and skips malformed ones with a warning', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const received: string[] = [];
    const fetch = scriptedFetch((url, _init, call) =>
      url.includes('/stream') && call === 0
        ? sse([event('a', 'e1'), 'event: heartbeat\ndata: {}\n\n', 'data: {not json\n\n', event('a', 'e1'), event('b', 'e2')])
        : new Promise<Response>(() => undefined),
    );
    const stop = connectSubmissionStream({
      streamPath: '/api/submissions/stream',
      updatesPath: '/u',
      onEvent: (e) => received.push(e.eventId),
      getToken: () => 't',
      refresh: async () => true,
      fetch,
      pollIntervalMs: 60_000,
    });
    await wait(50);
    stop();
    expect(received).toEqual(['e1', 'e2']);
    expect(warn).toHaveBeenCalledWith('Skipped a malformed live event', '{not json');
    expect((fetch.mock.calls[0][1] as RequestInit).headers).toMatchObject({ Authorization: 'Bearer t' });
    warn.mockRestore();
  });

  it('delivers what `accepts` lets through, without ids, and polls nothing without an updates path', async () => {
    const received: unknown[] = [];
    const fetch = scriptedFetch((url, _init, call) =>
      call === 0 ? sse(['data: {"contestId":7}\n\n', 'data: {"contestId":7}\n\n']) : new Promise<Response>(() => undefined),
    );
    const stop = connectSubmissionStream({
      streamPath: '/api/contests/7/scoreboard/stream',
      updatesPath: null,
      accepts: () => true,
      onEvent: (e) => received.push(e),
      getToken: () => undefined,
      refresh: async () => false,
      fetch,
      pollIntervalMs: 10,
    });
    await wait(60);
    stop();
    // Two change notices, both delivered: with no id there is nothing to deduplicate by.
    expect(received).toEqual([{ contestId: 7 }, { contestId: 7 }]);
    expect(fetch.mock.calls.every(([url]) => String(url).startsWith('/api/contests/7/scoreboard/stream'))).toBe(true);
  });

  it('refreshes the token on a 401 and reconnects with the new one', async () => {
    let token = 'old';
    const received: string[] = [];
    const fetch = scriptedFetch((_url, _init, call) =>
      call === 0 ? new Response('', { status: 401 }) : call === 1 ? sse([event('a', 'e1')]) : new Promise<Response>(() => undefined),
    );
    const stop = connectSubmissionStream({
      streamPath: '/s',
      updatesPath: '/u',
      onEvent: (e) => received.push(e.eventId),
      getToken: () => token,
      refresh: async () => ((token = 'new'), true),
      fetch,
      pollIntervalMs: 60_000,
      reconnectDelayMs: 10_000,
    });
    await wait(50);
    stop();
    expect(received).toEqual(['e1']);
    expect((fetch.mock.calls[1][1] as RequestInit).headers).toMatchObject({ Authorization: 'Bearer new' });
  });

  it('retries after the reconnect delay on other failures', async () => {
    const received: string[] = [];
    const fetch = scriptedFetch((_url, _init, call) =>
      call === 0 ? new Response('', { status: 502 }) : call === 1 ? sse([event('a', 'e9')]) : new Promise<Response>(() => undefined),
    );
    const stop = connectSubmissionStream({
      streamPath: '/s',
      updatesPath: '/u',
      onEvent: (e) => received.push(e.eventId),
      getToken: () => 't',
      refresh: async () => true,
      fetch,
      pollIntervalMs: 60_000,
      reconnectDelayMs: 80,
    });
    await wait(30);
    expect(received).toEqual([]);
    await wait(120);
    stop();
    expect(received).toEqual(['e9']);
  });

  it('polls the updates path with since and ignores poll errors', async () => {
    const received: string[] = [];
    const fetch = scriptedFetch((url) => {
      if (url.startsWith('/s')) return new Promise<Response>(() => undefined);
      if (fetch.mock.calls.filter((c: unknown[]) => String(c[0]).startsWith('/u')).length === 1)
        return new Response('boom', { status: 500 });
      return new Response(JSON.stringify({ items: [{ id: 'p', status: 'accepted', updatedAt: '2030-01-01T00:00:00.000Z' }] }), {
        status: 200,
      });
    });
    const stop = connectSubmissionStream({
      streamPath: '/s',
      updatesPath: '/u',
      onEvent: (e) => received.push(`${e.id}:${e._eventType}`),
      getToken: () => 't',
      refresh: async () => true,
      fetch,
      pollIntervalMs: 20,
    });
    await wait(100);
    stop();
    expect(received).toEqual(['p:finished']);
    const pollUrl = String(fetch.mock.calls.find((c: unknown[]) => String(c[0]).startsWith('/u'))?.[0]);
    expect(pollUrl).toMatch(/^\/u\?since=/);
  });
  it('de-duplicates events without an eventId by id plus emit time, across the stream and the poll', async () => {
    const received: string[] = [];
    const frame = (id: string, emittedAt: string) => `data: ${JSON.stringify({ id, emittedAt, status: 'running' })}\n\n`;
    const fetch = scriptedFetch((url, _init, call) => {
      if (url.startsWith('/s') && call === 0) return sse([frame('a', 't1'), frame('a', 't1'), frame('a', 't2')]);
      if (url.startsWith('/u'))
        return new Response(JSON.stringify({ items: [{ id: 'a', status: 'running', updatedAt: 't2' }] }), { status: 200 });
      return new Promise<Response>(() => undefined);
    });
    const stop = connectSubmissionStream({
      streamPath: '/s',
      updatesPath: '/u',
      onEvent: (e) => received.push(`${e.id}@${e.emittedAt}`),
      getToken: () => 't',
      refresh: async () => true,
      fetch,
      pollIntervalMs: 30,
    });
    await wait(100);
    stop();
    expect(received).toEqual(['a@t1', 'a@t2']);
  });

  it('stops for good once stopped', async () => {
    const fetch = scriptedFetch(() => new Response('', { status: 503 }));
    const stop = connectSubmissionStream({
      streamPath: '/s',
      updatesPath: '/u',
      onEvent: () => undefined,
      getToken: () => 't',
      refresh: async () => true,
      fetch,
      pollIntervalMs: 10,
      reconnectDelayMs: 10,
    });
    await wait(15);
    stop();
    const calls = fetch.mock.calls.length;
    await wait(60);
    expect(fetch.mock.calls.length).toBe(calls);
  });
});

describe('RecentIds', () => {
  it('forgets the oldest ids past its limit', () => {
    const ids = new RecentIds(2);
    expect([ids.add('a'), ids.add('a'), ids.add('b'), ids.add('c'), ids.add('a')]).toEqual([true, false, true, true, true]);
  });
});
