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
  updatesPath?: string;
}

/** SPEC 4's helper: enabled, an event callback, a poll interval, a stream path and an updates path. */
export function useSubmissionStream({
  enabled,
  onEvent,
  pollIntervalMs,
  streamPath = '/api/submissions/stream',
  updatesPath = '/api/submissions/updates',
}: StreamHookOptions): void {
  const callback = useRef(onEvent);
  callback.current = onEvent;
  useEffect(() => {
    if (!enabled) return;
    return connectSubmissionStream({
      streamPath,
      updatesPath,
      pollIntervalMs,
      onEvent: (event) => callback.current(event),
      getToken: () => readTokens()?.accessToken,
      refresh: refreshSession,
    });
  }, [enabled, streamPath, updatesPath, pollIntervalMs]);
}
