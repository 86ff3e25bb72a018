import './toast.css';

import { ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** How long a notice stays unless the pointer or focus is on it. */
export const TOAST_MS = 6000;

/** Controls a notice must never cover (the problem page's Run and Submit). */
const AVOID_SELECTOR = '[data-toast-avoid]';
const MARGIN_PX = 16;

type Edge = 'bottom' | 'top';

const overlaps = (a: DOMRect, b: { top: number; bottom: number; left: number; right: number }) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The bottom corner unless a control to avoid is there now, else the top one: where the notice, of its measured size,
 * covers none of them (the bottom when both would).
 */
function freeEdge(toast: HTMLElement): Edge {
  const { width, height } = toast.getBoundingClientRect();
  const right = window.innerWidth - MARGIN_PX;
  const at = (edge: Edge) => {
    const top = edge === 'bottom' ? window.innerHeight - MARGIN_PX - height : MARGIN_PX;
    return { top, bottom: top + height, left: right - width, right };
  };
  const avoided = Array.from(document.querySelectorAll(AVOID_SELECTOR), (el) => el.getBoundingClientRect());
  const clear = (edge: Edge) => !avoided.some((rect) => overlaps(rect, at(edge)));
  return clear('bottom') || !clear('top') ? 'bottom' : 'top';
}

/**
 * A notice in a corner of the screen that goes by itself after a few seconds (not while the pointer or focus is on
 * it, so it can be read and used), and moves to the other corner rather than cover a Run or Submit button, as the
 * page scrolls or resizes.
 */
export function Toast({ children, onDismiss }: { children: ReactNode; onDismiss: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const [edge, setEdge] = useState<Edge>('bottom');
  const [held, setHeld] = useState(false);
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;

  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => dismiss.current(), TOAST_MS);
    return () => clearTimeout(timer);
  }, [held]);

  useLayoutEffect(() => {
    let frame = 0;
    const place = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => ref.current && setEdge(freeEdge(ref.current)));
    };
    if (ref.current) setEdge(freeEdge(ref.current));
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
    };
  }, []);

  return (
    <div
      ref={ref}
      className={`toast at-${edge}`}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {children}
    </div>
  );
}
