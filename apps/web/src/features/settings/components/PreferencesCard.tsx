import '../preferences.css';

import type { Schemas } from '@oj/api-client';
import { EDITOR_FONT_SIZE, EDITOR_KEYMAPS, EDITOR_TAB_WIDTHS, type EditorKeymap, type EditorTabWidth } from '@oj/contracts';
import { ChangeEvent, FormEvent, useId, useState } from 'react';

import { ApiError, errorMessage } from '../../../api/api-error';
import { useLanguages } from '../../../api/languages';
import { usePreferencesQuery, useSavePreferences } from '../hooks/usePreferences';

const FONT_SIZE_ERROR = `Font size must be a whole number from ${EDITOR_FONT_SIZE.min} to ${EDITOR_FONT_SIZE.max}.`;
const PREVIEW = 'print(sum(map(int, input().split())))';

type Preferences = Schemas['PreferencesDto'];

const KEYMAP_NAMES: Record<EditorKeymap, string> = { default: 'Default', vim: 'Vim', emacs: 'Emacs' };

/** The server's message for one field of a refused save, if it named that field. */
function fieldError(error: unknown, path: keyof Preferences): string | undefined {
  return error instanceof ApiError ? error.details?.find((d) => d.path === path)?.message : undefined;
}

function PreferencesForm({ saved }: { saved: Preferences }) {
  const id = useId();
  const languages = useLanguages();
  const save = useSavePreferences();
  const [languageId, setLanguageId] = useState(saved.defaultLanguageId === null ? '' : String(saved.defaultLanguageId));
  const [fontSize, setFontSize] = useState(String(saved.editorFontSize));
  const [tabWidth, setTabWidth] = useState(String(saved.editorTabWidth));
  const [keymap, setKeymap] = useState<string>(saved.editorKeymap);
  const size = Number(fontSize);
  const sizeValid = Number.isInteger(size) && size >= EDITOR_FONT_SIZE.min && size <= EDITOR_FONT_SIZE.max;
  // A saved language the judge no longer offers stays selected (and named by its id) rather than silently dropped.
  const offered = languages.data ?? [];
  const missing = languages.data && languageId && !offered.some((l) => String(l.id) === languageId);
  const options = missing ? [...offered, { id: Number(languageId), name: `Language ${languageId} (not offered now)` }] : offered;
  // A refused save's messages go as soon as a field changes: each is checked again on the next save.
  const edit = (set: (value: string) => void) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    save.reset();
    set(e.target.value);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!sizeValid) return;
    save.mutate({
      defaultLanguageId: languageId ? Number(languageId) : null,
      editorFontSize: size,
      editorTabWidth: Number(tabWidth) as EditorTabWidth,
      editorKeymap: keymap as EditorKeymap,
    });
  };
  const languageError = fieldError(save.error, 'defaultLanguageId');
  const sizeError = sizeValid ? fieldError(save.error, 'editorFontSize') : FONT_SIZE_ERROR;
  const tabWidthError = fieldError(save.error, 'editorTabWidth');
  const keymapError = fieldError(save.error, 'editorKeymap');
  const namedError = languageError ?? fieldError(save.error, 'editorFontSize') ?? tabWidthError ?? keymapError;
  return (
    <form className="card preferences" onSubmit={submit} noValidate>
      <h2>Editor</h2>
      <div className="field">
        <label htmlFor={`${id}-language`}>Default language</label>
        <select
          id={`${id}-language`}
          value={languageId}
          onChange={edit(setLanguageId)}
          aria-describedby={`${id}-language-hint${languageError ? ` ${id}-language-error` : ''}`}
          aria-invalid={!!languageError}
        >
          <option value="">None: the one last used in this browser</option>
          {options.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
        <span id={`${id}-language-hint`} className="muted small">
          A problem page opens in it when the problem allows it.
        </span>
        {languageError && (
          <span id={`${id}-language-error`} className="field-error">
            {languageError}
          </span>
        )}
      </div>
      {languages.isError && <p className="error">{errorMessage(languages.error, 'Failed to load languages.')}</p>}
      <div className="field">
        <label htmlFor={`${id}-size`}>Editor font size (px)</label>
        <input
          id={`${id}-size`}
          type="number"
          inputMode="numeric"
          min={EDITOR_FONT_SIZE.min}
          max={EDITOR_FONT_SIZE.max}
          step={1}
          value={fontSize}
          onChange={edit(setFontSize)}
          aria-describedby={sizeError ? `${id}-size-error` : undefined}
          aria-invalid={!!sizeError}
        />
        {sizeError && (
          <span id={`${id}-size-error`} className="field-error">
            {sizeError}
          </span>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-tab-width`}>Tab width</label>
        <select
          id={`${id}-tab-width`}
          value={tabWidth}
          onChange={edit(setTabWidth)}
          aria-describedby={`${id}-tab-width-hint${tabWidthError ? ` ${id}-tab-width-error` : ''}`}
          aria-invalid={!!tabWidthError}
        >
          {EDITOR_TAB_WIDTHS.map((width) => (
            <option key={width} value={width}>
              {width} columns
            </option>
          ))}
        </select>
        <span id={`${id}-tab-width-hint`} className="muted small">
          How wide a tab character is drawn. Tab and Enter indent by each language&apos;s usual unit: 4 spaces in Python, C, C++, Java and
          Rust, 2 in JavaScript and TypeScript, a tab in Go.
        </span>
        {tabWidthError && (
          <span id={`${id}-tab-width-error`} className="field-error">
            {tabWidthError}
          </span>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-keymap`}>Key bindings</label>
        <select
          id={`${id}-keymap`}
          value={keymap}
          onChange={edit(setKeymap)}
          aria-describedby={keymapError ? `${id}-keymap-error` : undefined}
          aria-invalid={!!keymapError}
        >
          {EDITOR_KEYMAPS.map((name) => (
            <option key={name} value={name}>
              {KEYMAP_NAMES[name]}
            </option>
          ))}
        </select>
        {keymapError && (
          <span id={`${id}-keymap-error`} className="field-error">
            {keymapError}
          </span>
        )}
      </div>
      <div className="font-preview">
        <span className="muted small">Preview</span>
        <pre style={sizeValid ? { fontSize: `${size}px` } : undefined}>{PREVIEW}</pre>
      </div>
      {save.isSuccess && (
        <p className="notice" role="status">
          Editor settings saved.
        </p>
      )}
      {save.isError && !namedError && (
        <p className="error" role="alert">
          {errorMessage(save.error, 'Failed to save editor settings.')}
        </p>
      )}
      <button className="btn primary" type="submit" disabled={save.isPending}>
        Save editor settings
      </button>
    </form>
  );
}

/** Settings: the default language, the editor's font size, tab width and key bindings, kept on the server for the signed-in user. */
export function PreferencesCard() {
  const preferences = usePreferencesQuery();
  if (preferences.data) return <PreferencesForm saved={preferences.data} />;
  return (
    <section className="card">
      <h2>Editor</h2>
      {preferences.isError ? (
        <p className="error">{errorMessage(preferences.error, 'Failed to load editor settings.')}</p>
      ) : (
        <p className="muted">Loading…</p>
      )}
    </section>
  );
}
