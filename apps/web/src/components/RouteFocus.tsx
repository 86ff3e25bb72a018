import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

import { MAIN_CONTENT_ID } from './SkipLink';

/** How long a new page may take to show its heading (a lazy chunk, then its data). */
const HEADING_WAIT_MS = 10_000;

/** Whether focus was left where a page change cannot keep it: nowhere, or on the header's link or menu. */
function focusLeftBehind(main: HTMLElement): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !main.contains(active);
}

/**
 * After a route change (a new path, not a new query), moves focus to the new page's heading once it shows, and
 * announces the page in a live region, as a full page load would for a screen reader. Focus someone put inside
 * the main content on purpose (after a login, a form's first field) stays where it is.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState('');
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    const land = (): boolean => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading || main.querySelector('[aria-busy="true"]')) return false;
      setAnnouncement(heading.textContent ?? '');
      if (focusLeftBehind(main)) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
      }
      return true;
    };
    if (land()) return;
    const observer = new MutationObserver(() => land() && stop());
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
    return stop;
  }, [pathname]);

  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {announcement}
    </p>
  );
}
