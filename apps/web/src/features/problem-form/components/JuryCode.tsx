import type { Schemas } from '@oj/api-client';
import { CHECKER_LANGUAGE_IDS } from '@oj/contracts';

import { errorMessage } from '../../../api/api-error';

const JURY_LANGUAGE_LABELS: Record<(typeof CHECKER_LANGUAGE_IDS)[number], string> = { 54: 'C++', 50: 'C' };

/** The language of a jury program (a custom checker, an interactor): C++ or C, compiled with our testlib.h. */
export function JuryLanguageSelect(props: { label: string; value: number; onChange: (id: number) => void; readOnly: boolean }) {
  return (
    <label>
      {props.label}
      <select value={props.value} onChange={(e) => props.onChange(Number(e.target.value))} disabled={props.readOnly}>
        {CHECKER_LANGUAGE_IDS.map((id) => (
          <option key={id} value={id}>
            {JURY_LANGUAGE_LABELS[id]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A jury program's source, read-only to those who may not set it. */
export function JurySourceInput(props: {
  label: string;
  value: string;
  onChange: (source: string) => void;
  readOnly: boolean;
  invalid: boolean;
  placeholder: string;
}) {
  return (
    <label>
      {props.label}
      <textarea
        className="data"
        rows={14}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        readOnly={props.readOnly}
        spellCheck={false}
        aria-invalid={props.invalid}
        placeholder={props.placeholder}
      />
    </label>
  );
}

/** A language of the judge's, for a solution the form runs (validation, an interactor's trial). */
export function SolutionLanguageSelect(props: {
  label: string;
  languages: Schemas['LanguageDto'][];
  value: number | undefined;
  onChange: (id: number) => void;
}) {
  return (
    <label>
      {props.label}
      <select value={props.value} onChange={(e) => props.onChange(Number(e.target.value))}>
        {props.languages.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** What a trial of a jury program came to: its failure to run, or what it said. */
export function TrialOutcome({ failure, fallback, said }: { failure: unknown; fallback: string; said: string | null }) {
  return (
    <>
      {failure !== null && (
        <p className="error" role="alert">
          {errorMessage(failure, fallback)}
        </p>
      )}
      {said !== null && (
        <p className="checker-error" role="status">
          {said}
        </p>
      )}
    </>
  );
}
