import '../problem-form.css';

import { useId } from 'react';

import { Markdown } from '../../../components/Markdown';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  error?: string;
}

/** A Markdown text with its live preview, rendered as the problem page renders it. */
export function MarkdownField({ label, value, onChange, rows = 6, error }: Props) {
  const id = useId();
  return (
    <div className="field markdown-field">
      <label htmlFor={id}>{label}</label>
      <div className="markdown-edit">
        <textarea
          id={id}
          rows={rows}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <div className="markdown-preview" role="region" aria-label={`${label} preview`}>
          {value.trim() ? <Markdown>{value}</Markdown> : <span className="muted">Preview</span>}
        </div>
      </div>
      {error && (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}
