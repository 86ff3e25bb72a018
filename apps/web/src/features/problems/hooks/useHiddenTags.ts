import { useState } from 'react';

const HIDE_TAGS_KEY = 'oj.archive.hideTags';

function stored(): boolean {
  try {
    return localStorage.getItem(HIDE_TAGS_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * The archive's "Hide tags" switch, for browsing without spoilers (a tag or an algorithm names the idea of a
 * solution), remembered in this browser.
 */
export function useHiddenTags(): [boolean, (hidden: boolean) => void] {
  const [hidden, setHidden] = useState(stored);
  const set = (next: boolean) => {
    setHidden(next);
    try {
      if (next) localStorage.setItem(HIDE_TAGS_KEY, 'true');
      else localStorage.removeItem(HIDE_TAGS_KEY);
    } catch {
      // Storage refused (a private window's quota): the switch still works for this visit.
    }
  };
  return [hidden, set];
}
