import { useEffect, useState } from 'react';

import { applyTheme, onSystemThemeChange, storedTheme, systemTheme, Theme } from './theme-store';

/**
 * The header's dark-mode switch: shows the scheme in use (the system's until the user picks one) and remembers a pick;
 * once picked, a second button returns to following the system.
 */
export function ThemeToggle() {
  const [picked, setPicked] = useState<Theme | null>(storedTheme);
  const [system, setSystem] = useState<Theme>(systemTheme);
  useEffect(() => onSystemThemeChange(setSystem), []);
  const dark = (picked ?? system) === 'dark';
  return (
    <>
      <button
        type="button"
        className="btn small theme-toggle"
        aria-label="Dark mode"
        aria-pressed={dark}
        title={dark ? 'Switch to the light theme' : 'Switch to the dark theme'}
        onClick={() => {
          const next: Theme = dark ? 'light' : 'dark';
          applyTheme(next);
          setPicked(next);
        }}
      >
        {dark ? '☾' : '☀'}
      </button>
      {picked && (
        <button
          type="button"
          className="btn small theme-toggle"
          aria-label="Follow the system theme"
          title="Follow the system theme"
          onClick={() => {
            applyTheme(null);
            setPicked(null);
          }}
        >
          Auto
        </button>
      )}
    </>
  );
}
