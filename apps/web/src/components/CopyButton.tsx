import { useEffect, useState } from 'react';

import { copyText } from './copy-text';

/** How long the button says "Copied". */
const CONFIRM_MS = 1500;

interface Props {
  text: string;
  /** What is copied, for the button's name: "Copy sample input 1". */
  label: string;
  /** The button's visible text; "Copy" when the label around it already says what. */
  caption?: string;
}

/**
 * Copies `text`, then says so on the button and to screen readers. Where the browser refuses to copy, it says how
 * to copy by hand instead of pretending.
 */
export function CopyButton({ text, label, caption = 'Copy' }: Props) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (outcome !== 'copied') return;
    const timer = setTimeout(() => setOutcome(null), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [outcome]);
  return (
    <>
      <button
        className="btn small"
        type="button"
        aria-label={outcome === 'copied' ? `${label} copied` : `Copy ${label}`}
        onClick={() => void copyText(text).then((copied) => setOutcome(copied ? 'copied' : 'failed'))}
      >
        {outcome === 'copied' ? 'Copied' : caption}
      </button>
      <span role="status" className={outcome === 'failed' ? 'error small' : 'visually-hidden'}>
        {outcome === 'copied' && `Copied the ${label}.`}
        {outcome === 'failed' && 'This browser refused to copy: select the text and press Ctrl+C.'}
      </span>
    </>
  );
}
