import { useEffect, useState } from 'react';

/** `text` once it has stayed the same for `delayMs`: a search box asks the server when typing pauses, not per key. */
export function useSettledText(text: string, delayMs: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return settled;
}
