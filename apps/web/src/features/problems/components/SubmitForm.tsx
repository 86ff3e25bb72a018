import '../problems.css';

import { DEFAULT_LANGUAGE_ID } from '@oj/contracts';
import { FormEvent, KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

import { errorMessage } from '../../../api/api-error';
import { useLanguages } from '../../../api/languages';
import { CodeEditor } from '../../../components/CodeEditor';
import { usePreferences } from '../../settings/hooks/usePreferences';
import { ProblemDetail } from '../api';
import { EDITOR_SHORTCUTS, editorShortcut } from '../editor-shortcuts';
import { useSubmitSolution } from '../hooks/useSubmitSolution';
import { loadDraft, saveDraft, sourceToEdit } from '../problem-drafts';
import { startingLanguage } from '../starting-language';
import { RunPanel } from './RunPanel';

const LAST_LANGUAGE_KEY = 'oj.lastLanguage';
/** Typing pauses this long before the draft is written to local storage. */
const DRAFT_SAVE_DELAY_MS = 400;

interface SubmitFormProps {
  problemId: number;
  allowed: number[];
  /** What the Run button offers to run on, besides custom input. */
  samples: ProblemDetail['samples'];
  onSubmitted: (submissionId: string) => void;
  /** Submits into this contest (its board, or practice after the end). */
  contestId?: number;
  /** The contest is over for the caller: a submission counts as practice, which the form says before it is sent. */
  practice?: boolean;
  /** The authors' starter code per language, shown in an empty editor. */
  templates?: ProblemDetail['templates'];
}

export function SubmitForm({ problemId, allowed, samples, onSubmitted, contestId, practice = false, templates = [] }: SubmitFormProps) {
  const languages = useLanguages();
  const options = (languages.data ?? []).filter((l) => !allowed.length || allowed.includes(l.id));
  const preferences = usePreferences();
  // "Edit and resubmit" opens the page with an earlier submission's code, which wins over the draft.
  const edited = sourceToEdit(useLocation().state);
  const [lastUsed] = useState(() => Number(localStorage.getItem(LAST_LANGUAGE_KEY)) || null);
  const [picked, setPicked] = useState<number | null>(null);
  // The user's pick on this page, the edited code's language, their default (Settings), the last one used in this
  // browser, Python 3: the first the problem allows. Their default arrives after the page: until the user picks,
  // the editor follows it.
  const languageId = startingLanguage(
    [picked, edited?.languageId, preferences.defaultLanguageId, lastUsed, DEFAULT_LANGUAGE_ID],
    languages.data ? options.map((o) => o.id) : null,
  );
  const templateOf = (id: number) => templates.find((t) => t.languageId === id)?.sourceCode ?? '';
  const [source, setSource] = useState(() => edited?.source ?? loadDraft(problemId, languageId) ?? templateOf(languageId));
  const [message, setMessage] = useState<{ kind: 'error' | 'notice'; text: string } | null>(null);
  // Another language brings back its own draft; without one, an empty editor, or one holding the last language's
  // template untouched, shows the new language's template; other text stays (it is not lost by a wrong pick).
  const draftLanguage = useRef(languageId);
  useEffect(() => {
    if (draftLanguage.current === languageId) return;
    const untouched = !source.trim() || source === templateOf(draftLanguage.current);
    draftLanguage.current = languageId;
    const draft = loadDraft(problemId, languageId);
    if (draft !== null) setSource(draft);
    else if (untouched) setSource(templateOf(languageId));
    // Only a change of language replaces the text; `source` is read, not followed.
  }, [problemId, languageId]);
  useEffect(() => {
    // The template as given is no draft: the editor shows the authors' current one again next time.
    const draft = source === templateOf(draftLanguage.current) ? '' : source;
    const timer = setTimeout(() => saveDraft(problemId, draftLanguage.current, draft), DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [problemId, source]);

  const submit = useSubmitSolution({
    onSuccess: (created) => {
      setMessage({ kind: 'notice', text: `Submitted${practice ? ' as practice' : ''}. Watch it being graded below.` });
      onSubmitted(created.submissionId);
    },
    onError: (error) => setMessage({ kind: 'error', text: errorMessage(error, 'Failed to submit solution.') }),
  });
  const send = () => {
    if (submit.isPending) return;
    if (!source.trim()) return setMessage({ kind: 'error', text: 'Source code is required.' });
    localStorage.setItem(LAST_LANGUAGE_KEY, String(languageId));
    submit.mutate({ problemId, languageId: Number(languageId), sourceCode: source, ...(contestId ? { contestId } : {}) });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send();
  };
  const runButton = useRef<HTMLButtonElement>(null);
  // Caught on the way down, before the editor sees them: CodeMirror would take Ctrl+Enter as a new line.
  const onShortcut = (e: KeyboardEvent) => {
    const shortcut = editorShortcut(e);
    if (!shortcut) return;
    e.preventDefault();
    e.stopPropagation();
    if (shortcut === 'submit') send();
    else runButton.current?.click();
  };

  return (
    <form className="card submit-form" onSubmit={onSubmit} onKeyDownCapture={onShortcut}>
      <h2>Submit Solution</h2>
      <label>
        Language
        <select name="language" value={languageId} onChange={(e) => setPicked(Number(e.target.value))}>
          {options.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      {languages.isError && <p className="error">{errorMessage(languages.error, 'Failed to load languages.')}</p>}
      <CodeEditor
        value={source}
        onChange={setSource}
        languageId={languageId}
        label="Source code"
        fontSize={preferences.editorFontSize}
        tabWidth={preferences.editorTabWidth}
        keyBindings={preferences.editorKeymap}
      />
      {practice && (
        <p className="notice" id="practice-note">
          The contest is over: a submission now is practice and does not count on the board.
        </p>
      )}
      {message && (
        <p className={message.kind} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      <RunPanel problemId={problemId} contestId={contestId} samples={samples} languageId={languageId} source={source} runButton={runButton}>
        <button
          className="btn primary"
          type="submit"
          disabled={submit.isPending}
          aria-keyshortcuts={EDITOR_SHORTCUTS.submit.aria}
          aria-describedby={practice ? 'practice-note' : undefined}
          data-toast-avoid
        >
          Submit{' '}
          <kbd className="shortcut" aria-hidden="true">
            {EDITOR_SHORTCUTS.submit.label}
          </kbd>
        </button>
      </RunPanel>
    </form>
  );
}
