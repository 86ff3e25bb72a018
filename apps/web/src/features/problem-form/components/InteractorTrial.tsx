import '../problem-form.css';

import type { Schemas } from '@oj/api-client';
import { DEFAULT_LANGUAGE_ID } from '@oj/contracts';
import { useState } from 'react';

import { RunResult } from '../api';
import { useInteractorTrial } from '../hooks/useTestDataTools';
import { InteractorFormValues, interactorOf } from '../interactor-values';
import { CaseData } from '../test-data';
import { SolutionLanguageSelect, TrialOutcome } from './JuryCode';

const VERDICT_LABELS = { accepted: 'Accepted', wrong_answer: 'Wrong answer' } as const;
const STATUS_LABELS = { ok: 'Finished', tle: 'Time limit', ole: 'Output limit', rte: 'Runtime error', ce: 'Compile error' } as const;

function describe(result: RunResult): string {
  const head = result.verdict ? VERDICT_LABELS[result.verdict] : STATUS_LABELS[result.status];
  return `${head}${result.message ? `: ${result.message}` : ''}`;
}

interface Props {
  interactor: InteractorFormValues;
  sample: CaseData | undefined;
  languages: Schemas['LanguageDto'][];
}

/**
 * 'Test interactor': runs a solution the author types against the form's interactor on the first sample (its input
 * is the interactor's input file), and shows the interactor's verdict and message, or how the solution ended.
 */
export function InteractorTrial({ interactor, sample, languages }: Props) {
  const [languageId, setLanguageId] = useState<number | undefined>(undefined);
  const [solution, setSolution] = useState('');
  const chosen = languageId ?? (languages.some((l) => l.id === DEFAULT_LANGUAGE_ID) ? DEFAULT_LANGUAGE_ID : languages[0]?.id);
  const body = interactorOf(interactor);
  const run = useInteractorTrial();
  const trial = (s: CaseData, interactor: NonNullable<typeof body>) =>
    run.mutate({ languageId: Number(chosen), sourceCode: solution, stdin: s.input, interactor });
  return (
    <div className="interactor-trial">
      <div className="form-grid">
        <SolutionLanguageSelect label="Solution language" languages={languages} value={chosen} onChange={setLanguageId} />
      </div>
      <label>
        Solution to test against the interactor
        <textarea className="data" rows={8} value={solution} onChange={(e) => setSolution(e.target.value)} spellCheck={false} />
      </label>
      <div>
        <button
          type="button"
          className="btn small"
          disabled={!sample || !body || !solution.trim() || !chosen || run.isPending}
          onClick={() => sample && body && trial(sample, body)}
        >
          {run.isPending ? 'Testing…' : 'Test interactor'}
        </button>
        <span className="muted">
          {sample
            ? ' Runs the solution against it, the first sample’s input being its input file.'
            : ' Add a sample to test the interactor on.'}
        </span>
      </div>
      <TrialOutcome
        failure={run.isError ? run.error : null}
        fallback="Failed to test the interactor"
        said={run.data ? describe(run.data) : null}
      />
    </div>
  );
}
