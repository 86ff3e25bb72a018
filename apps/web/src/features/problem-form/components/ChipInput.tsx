import '../problem-form.css';

import { KeyboardEvent, useId, useRef, useState } from 'react';

import { addChips, chipSuggestions } from '../chip-rules';

interface Props {
  label: string;
  chips: string[];
  onChange: (chips: string[]) => void;
  limit: { max: number; full: string };
  /**
   * Known values offered while typing (algorithms): the field becomes a combobox whose arrow keys move through
   * them, and what is typed there is a search, so leaving the field does not add it.
   */
  known?: string[];
  /** Called the first time the field gets focus: suggestions are fetched lazily (SPEC 7). */
  onFirstFocus?: () => void;
}

/**
 * Tags or Algorithms: Enter or a comma adds, Backspace in an empty field removes the last, × removes one. Tags
 * also add what is typed when the field is left.
 */
export function ChipInput({ label, chips, onChange, limit, known, onFirstFocus }: Props) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  // The highlighted suggestion (-1: none), and whether Escape has closed the list until the next key typed.
  const [active, setActive] = useState(-1);
  const [closed, setClosed] = useState(false);
  const asked = useRef(false);
  const suggestions = known ? chipSuggestions(known, chips, typed) : [];
  const open = focused && !closed && suggestions.length > 0;
  const highlighted = open && active >= 0 && active < suggestions.length ? active : -1;
  const optionId = (index: number) => `${id}-option-${index}`;

  const type = (value: string) => {
    setTyped(value);
    setActive(-1);
    setClosed(false);
  };
  const add = (text: string) => {
    const result = addChips(chips, text, limit);
    setError(result.error);
    if (result.chips.length !== chips.length) onChange(result.chips);
    type('');
  };
  // The arrows cycle through the suggestions and back to the typed text itself (nothing highlighted).
  const move = (step: 1 | -1) => {
    setClosed(false);
    const slots = suggestions.length + 1;
    const from = highlighted < 0 ? suggestions.length : highlighted;
    const to = (from + step + slots) % slots;
    setActive(to === suggestions.length ? -1 : to);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && suggestions.length) {
      e.preventDefault();
      move(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setClosed(true);
      setActive(-1);
    } else if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      if (e.key === 'Enter' && highlighted >= 0) add(suggestions[highlighted]);
      else if (typed.trim()) add(typed);
    } else if (e.key === 'Backspace' && !typed && chips.length) {
      onChange(chips.slice(0, -1));
      setError(null);
    }
  };
  const combobox = known
    ? {
        role: 'combobox',
        'aria-autocomplete': 'list' as const,
        'aria-expanded': open,
        'aria-controls': listId,
        'aria-activedescendant': highlighted >= 0 ? optionId(highlighted) : undefined,
      }
    : {};
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
          {...combobox}
          value={typed}
          onChange={(e) => {
            const value = e.target.value;
            if (value.includes(',')) add(value);
            else type(value);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => {
            if (!asked.current) onFirstFocus?.();
            asked.current = true;
            setFocused(true);
          }}
          onBlur={() => {
            setFocused(false);
            setActive(-1);
            if (!known && typed.trim()) add(typed);
          }}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      {open && (
        <ul className="suggestions" id={listId} role="listbox" aria-label={`${label} suggestions`}>
          {suggestions.map((s, i) => (
            // Options are picked with the arrow keys from the field, or clicked; the field keeps focus.
            <li
              key={s}
              id={optionId(i)}
              role="option"
              aria-selected={i === highlighted}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => add(s)}
            >
              {s}
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
