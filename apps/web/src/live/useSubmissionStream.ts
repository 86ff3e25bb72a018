import { LiveEvent } from '@oj/contracts';
import { useEffect, useRef } from 'react';

import { refreshSession } from '../api/client';
import { readTokens } from '../session/session-store';
import { connectSubmissionStream } from './submission-stream';

export interface StreamHookOptions {
  enabled: boolean;
  onEvent: (event: LiveEvent) => void;
  pollIntervalMs?: number;
  streamPath?: string;
  /** null: no catch-up poll through the helper (the caller polls its own route). */
  updatesPath?: string | null;
  /** Which messages are events; submission events by default. */
  accepts?: (event: unknown) => boolean;
}

/** SPEC 4's helper: enabled, an event callback, a poll interval, a stream path and an updates path. */
export function useSubmissionStream({
  enabled,
  onEvent,
  pollIntervalMs,
  streamPath = '/api/submissions/stream',
  updatesPath = '/api/submissions/updates',
  accepts,
}: StreamHookOptions): void {
  const callback = useRef(onEvent);
  callback.current = onEvent;
  useEffect(() => {
    if (!enabled) return;
    return connectSubmissionStream({
      streamPath,
      updatesPath,
      pollIntervalMs,
      accepts,
      onEvent: (event) => callback.current(event),
      getToken: () => readTokens()?.accessToken,
      refresh: refreshSession,
    });
  }, [enabled, streamPath, updatesPath, pollIntervalMs, accepts]);
}
