import { useEffect, useState } from 'react';

import { serverNow } from '../server-clock';

/** The server's time now (ms), ticking every `intervalMs`, for countdowns and the time left. */
export function useServerNow(intervalMs = 1000): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
