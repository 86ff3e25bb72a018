/** The colour scheme: the one the user picked with the header's toggle (one local-storage entry), else the system's. */
export type Theme = 'light' | 'dark';

export const THEME_KEY = 'oj.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The user's pick, or null when they never picked one (or the entry is unreadable). */
export function storedTheme(): Theme | null {
  const raw = localStorage.getItem(THEME_KEY);
  return raw === 'light' || raw === 'dark' ? raw : null;
}

export function systemTheme(): Theme {
  return window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

/**
 * Remembers the pick and applies it: data-theme on <html> pins styles.css's scheme; without it the CSS follows
 * prefers-color-scheme by itself, so a page shows the system's scheme before any script runs.
 */
export function applyTheme(theme: Theme | null, remember = true): void {
  if (remember) {
    if (theme) localStorage.setItem(THEME_KEY, theme);
    else localStorage.removeItem(THEME_KEY);
  }
  if (theme) document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}

/** Calls `listener` with the system's scheme whenever it changes. */
export function onSystemThemeChange(listener: (theme: Theme) => void): () => void {
  const query = window.matchMedia?.(DARK_QUERY);
  if (!query) return () => undefined;
  const onChange = (e: MediaQueryListEvent) => listener(e.matches ? 'dark' : 'light');
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
