import { KeyboardEvent, useId, useRef, useState } from 'react';

import { addChips, chipSuggestions } from '../chip-rules';

interface Props {
  label: string;
  chips: string[];
  onChange: (chips: string[]) => void;
  limit: { max: number; full: string };
  /** Known values offered while typing (algorithms). */
  known?: string[];
  /** Called the first time the field gets focus: suggestions are fetched lazily (SPEC 7). */
  onFirstFocus?: () => void;
}

/** Tags or Algorithms: Enter or a comma adds, Backspace in an empty field removes the last, × removes one. */
export function ChipInput({ label, chips, onChange, limit, known = [], onFirstFocus }: Props) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const asked = useRef(false);
  const add = (text: string) => {
    const result = addChips(chips, text, limit);
    setError(result.error);
    if (result.chips.length !== chips.length) onChange(result.chips);
    setTyped('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      if (typed.trim()) add(typed);
    } else if (e.key === 'Backspace' && !typed && chips.length) {
      onChange(chips.slice(0, -1));
      setError(null);
    }
  };
  const suggestions = chipSuggestions(known, chips, typed);
  return (
    <div className="field chip-field">
      <label htmlFor={id}>{label}</label>
      <div className="chips">
        {chips.map((chip) => (
          <span className="chip" key={chip}>
            {chip}
            <button type="button" aria-label={`Remove ${chip}`} onClick={() => onChange(chips.filter((c) => c !== chip))}>
              ×
            </button>
          </span>
        ))}
        <input
          id={id}
          value={typed}
          onChange={(e) => {
            const value = e.target.value;
            if (value.includes(',')) add(value);
            else setTyped(value);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => {
            if (!asked.current) onFirstFocus?.();
            asked.current = true;
            setFocused(true);
          }}
          onBlur={() => {
            setFocused(false);
            if (typed.trim()) add(typed);
          }}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      {focused && suggestions.length > 0 && (
        <ul className="suggestions" aria-label={`${label} suggestions`}>
          {suggestions.map((s) => (
            <li key={s}>
              <button type="button" onMouseDown={(e) => e.preventDefault()} onClick={() => add(s)}>
                {s}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <span className="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
