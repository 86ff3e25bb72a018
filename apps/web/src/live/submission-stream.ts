import { fetchEventSource } from '@microsoft/fetch-event-source';
import type { Schemas } from '@oj/api-client';
import { isFinalStatus, LIVE_DEDUP_MEMORY, LIVE_POLL_INTERVAL_MS, LIVE_RECONNECT_DELAY_MS, LiveEvent } from '@oj/contracts';

export interface SubmissionStreamOptions {
  streamPath: string;
  /** The catch-up poll's route; null for a stream whose caller polls a route of its own (the scoreboard). */
  updatesPath: string | null;
  onEvent: (event: LiveEvent) => void;
  pollIntervalMs?: number;
  getToken: () => string | undefined;
  /** Refreshes the access token; false when the session is gone. */
  refresh: () => Promise<boolean>;
  fetch?: typeof fetch;
  reconnectDelayMs?: number;
  /** Whether a message is an event to deliver; by default a submission event (one with a string id). */
  accepts?: (event: unknown) => boolean;
}

const isSubmissionEvent = (event: unknown) => !!event && typeof event === 'object' && typeof (event as { id?: unknown }).id === 'string';

class Unauthorized extends Error {}

/** Remembers the latest ids it saw, forgetting the oldest past the limit. */
export class RecentIds {
  private readonly seen = new Set<string>();
  private readonly order: string[] = [];

  constructor(private readonly limit = LIVE_DEDUP_MEMORY) {}

  /** True the first time an id is offered. */
  add(id: string): boolean {
    if (this.seen.has(id)) return false;
    this.seen.add(id);
    this.order.push(id);
    if (this.order.length > this.limit) this.seen.delete(this.order.shift() as string);
    return true;
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Live submission events over fetch-based server-sent events (so the bearer token goes in a header), with a
 * fallback poll. A 401 refreshes the token and reconnects; any other failure reconnects after 3 s. Heartbeats
 * are ignored, malformed events skipped with a warning, duplicates dropped. Returns a function that stops it.
 */
export function connectSubmissionStream(options: SubmissionStreamOptions): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  const recent = new RecentIds();
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const delay = options.reconnectDelayMs ?? LIVE_RECONNECT_DELAY_MS;
  let latest = new Date().toISOString();

  const accepts = options.accepts ?? isSubmissionEvent;

  const deliver = (event: LiveEvent) => {
    // Events without an id (a board's "changed" notices) are not deduplicated: there is nothing to tell them apart by.
    const key = event.eventId ?? (event.id === undefined ? null : `${event.id}:${event.emittedAt}`);
    if (key !== null && !recent.add(key)) return;
    if (event.emittedAt && event.emittedAt > latest) latest = event.emittedAt;
    options.onEvent(event);
  };

  const stream = async () => {
    while (!signal.aborted) {
      const token = options.getToken();
      try {
        await fetchEventSource(options.streamPath, {
          signal,
          fetch: doFetch,
          openWhenHidden: true,
          headers: token ? { Authorization: `Bearer ${token}` } : {},
          onopen: async (response) => {
            if (response.ok) return;
            throw response.status === 401 ? new Unauthorized() : new Error(`stream answered ${response.status}`);
          },
          onmessage: (message) => {
            if (message.event === 'heartbeat' || !message.data) return;
            let event: LiveEvent;
            try {
              event = JSON.parse(message.data);
            } catch {
              console.warn('Skipped a malformed live event', message.data);
              return;
            }
            if (!accepts(event)) {
              console.warn('Skipped a malformed live event', message.data);
              return;
            }
            deliver(event);
          },
          onerror: (error) => {
            throw error;
          },
        });
      } catch (error) {
        if (signal.aborted) return;
        if (error instanceof Unauthorized && token && (await options.refresh())) continue;
      }
      await sleep(delay, signal);
    }
  };

  const poll = async (updatesPath: string) => {
    try {
      const token = options.getToken();
      const separator = updatesPath.includes('?') ? '&' : '?';
      const response = await doFetch(`${updatesPath}${separator}since=${encodeURIComponent(latest)}`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        signal,
      });
      if (!response.ok) return;
      const { items } = (await response.json()) as Schemas['SubmissionUpdatesDto'];
      for (const row of items) {
        const type = isFinalStatus(row.status) ? 'finished' : 'running';
        deliver({ ...row, eventId: `${row.id}:${row.updatedAt}`, emittedAt: row.updatedAt, _eventType: type, eventType: type });
      }
    } catch {
      // poll errors are ignored: the stream or the next poll catches up
    }
  };

  void stream();
  const { updatesPath } = options;
  const pollTimer = updatesPath ? setInterval(() => void poll(updatesPath), options.pollIntervalMs ?? LIVE_POLL_INTERVAL_MS) : undefined;
  return () => {
    if (pollTimer) clearInterval(pollTimer);
    controller.abort();
  };
}
