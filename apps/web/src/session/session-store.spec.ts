import { onTokensChange, readTokens, SESSION_KEY, writeTokens } from './session-store';

describe('session store', () => {
  beforeEach(() => localStorage.clear());

  it('keeps both tokens in one local-storage entry', () => {
    writeTokens({ accessToken: 'a', refreshToken: 'r' });
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) as string)).toEqual({ accessToken: 'a', refreshToken: 'r' });
    expect(readTokens()).toEqual({ accessToken: 'a', refreshToken: 'r' });
    expect(localStorage.length).toBe(1);
  });

  it.each([['{not json'], ['"just a string"'], ['{"accessToken":"a"}'], ['null'], ['{"accessToken":1,"refreshToken":"r"}']])(
    'treats the stored value %s as logged out',
    (raw) => {
      localStorage.setItem(SESSION_KEY, raw);
      expect(readTokens()).toBeNull();
    },
  );

  it('is logged out with nothing stored', () => {
    expect(readTokens()).toBeNull();
  });

  it('clears the entry and tells listeners, until they unsubscribe', () => {
    const seen: unknown[] = [];
    const stop = onTokensChange((t) => seen.push(t));
    writeTokens({ accessToken: 'a', refreshToken: 'r' });
    writeTokens(null);
    stop();
    writeTokens({ accessToken: 'b', refreshToken: 'r' });
    expect(seen).toEqual([{ accessToken: 'a', refreshToken: 'r' }, null]);
    expect(localStorage.getItem(SESSION_KEY)).toContain('"b"');
  });
});
