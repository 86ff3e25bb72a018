import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * Holds navigation away from a form with unsaved changes until the user confirms (the returned blocker), and
 * asks the browser to confirm a reload or a closed tab. `allowNext()` lets the form's own navigation after a
 * save through.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const unsaved = useRef(dirty);
  unsaved.current = dirty;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return { blocker, allowNext: () => (unsaved.current = false) };
}
