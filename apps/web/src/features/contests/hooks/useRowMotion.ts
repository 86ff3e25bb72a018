import { useLayoutEffect, useRef } from 'react';

/**
 * Slides rows from where they were to where they are now (FLIP), so a row that changes rank is seen moving.
 * Rows carry `data-row-key`; `order` is their keys top to bottom, the trigger of the motion.
 */
export function useRowMotion(order: string, durationMs = 600) {
  const container = useRef<HTMLTableSectionElement>(null);
  const last = useRef(new Map<string, number>());
  useLayoutEffect(() => {
    const rows = container.current?.querySelectorAll<HTMLElement>('[data-row-key]') ?? [];
    const next = new Map<string, number>();
    rows.forEach((row) => {
      const key = row.dataset.rowKey as string;
      const top = row.getBoundingClientRect().top;
      next.set(key, top);
      const before = last.current.get(key);
      if (before === undefined || before === top || typeof row.animate !== 'function') return;
      row.animate([{ transform: `translateY(${before - top}px)` }, { transform: 'none' }], { duration: durationMs, easing: 'ease-in-out' });
    });
    last.current = next;
  }, [order, durationMs]);
  return container;
}
