import './skip-link.css';

import { MouseEvent } from 'react';

/** The id of the app's <main>, which the skip link and a finished login move focus to. */
export const MAIN_CONTENT_ID = 'main-content';

/** Moves keyboard focus to the main content (it takes focus through tabIndex -1 without joining the Tab order). */
export function focusMainContent(): void {
  document.getElementById(MAIN_CONTENT_ID)?.focus();
}

/** The first focusable element of every page: past the header's links straight to the page's own content. */
export function SkipLink() {
  // Focus moves by hand: following the fragment would add "#main-content" to the URL and a history entry.
  const skip = (e: MouseEvent) => {
    e.preventDefault();
    focusMainContent();
  };
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      Skip to main content
    </a>
  );
}
