import './markdown.css';

import { lazy, Suspense } from 'react';

// The Markdown and KaTeX stack is loaded with the first screen that renders a statement or an announcement.
const MarkdownRenderer = lazy(() => import('./MarkdownRenderer'));

/** Markdown with $…$ math; until the renderer has loaded, the text as written. */
export function Markdown({ children }: { children: string }) {
  return (
    <Suspense
      fallback={
        <div className="markdown markdown-loading" aria-busy="true">
          {children}
        </div>
      }
    >
      <MarkdownRenderer>{children}</MarkdownRenderer>
    </Suspense>
  );
}
