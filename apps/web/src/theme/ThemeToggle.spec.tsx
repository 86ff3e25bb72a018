import { act, fireEvent, render, screen } from '@testing-library/react';

import { THEME_KEY } from './theme-store';
import { ThemeToggle } from './ThemeToggle';

/** A stand-in for the system's prefers-color-scheme (jsdom has no matchMedia), whose change can be fired. */
function systemPrefers(dark: boolean) {
  const listeners = new Set<(e: { matches: boolean }) => void>();
  const query = {
    matches: dark,
    addEventListener: (_: string, l: (e: { matches: boolean }) => void) => listeners.add(l),
    removeEventListener: (_: string, l: (e: { matches: boolean }) => void) => listeners.delete(l),
  };
  window.matchMedia = jest.fn(() => query) as unknown as typeof window.matchMedia;
  return (next: boolean) => {
    query.matches = next;
    act(() => listeners.forEach((l) => l({ matches: next })));
  };
}

const toggle = () => screen.getByRole('button', { name: 'Dark mode' });

describe('ThemeToggle', () => {
  beforeEach(() => {
    localStorage.clear();
    delete document.documentElement.dataset.theme;
  });

  it('follows the system preference while the user has not picked, and leaves <html> to the CSS', () => {
    const systemChanges = systemPrefers(true);
    render(<ThemeToggle />);
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
    systemChanges(false);
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
  });

  it('remembers a pick across renders and pins it on <html>, whatever the system says later', () => {
    const systemChanges = systemPrefers(false);
    const first = render(<ThemeToggle />);
    fireEvent.click(toggle());
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    first.unmount();

    render(<ThemeToggle />);
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
    systemChanges(false);
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(toggle());
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
  });

  it('returns to following the system once picked (issue 33, defect 14)', () => {
    const systemChanges = systemPrefers(false);
    render(<ThemeToggle />);
    expect(screen.queryByRole('button', { name: 'Follow the system theme' })).toBeNull();
    fireEvent.click(toggle());
    expect(document.documentElement.dataset.theme).toBe('dark');
    fireEvent.click(screen.getByRole('button', { name: 'Follow the system theme' }));
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    systemChanges(true);
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: 'Follow the system theme' })).toBeNull();
  });
});
