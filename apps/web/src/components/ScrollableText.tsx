/**
 * Preformatted text that may scroll (a long test, sample or output): a tab stop with a name, so the keyboard can
 * scroll it too (axe's scrollable-region-focusable).
 */
export function ScrollableText({ label, className, children }: { label: string; className?: string; children: string }) {
  return (
    <pre className={className} tabIndex={0} role="region" aria-label={label}>
      {children}
    </pre>
  );
}
