/** The stored tokens: one local-storage entry. Anything unparsable means logged out. */
export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
}

export const SESSION_KEY = 'oj.session';

type Listener = (tokens: StoredTokens | null) => void;
const listeners = new Set<Listener>();

export function readTokens(): StoredTokens | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw);
    return typeof parsed?.accessToken === 'string' && typeof parsed?.refreshToken === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

export function writeTokens(tokens: StoredTokens | null): void {
  if (tokens) localStorage.setItem(SESSION_KEY, JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }));
  else localStorage.removeItem(SESSION_KEY);
  for (const listener of listeners) listener(tokens);
}

export function onTokensChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
