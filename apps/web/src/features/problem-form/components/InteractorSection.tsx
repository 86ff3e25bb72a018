import '../problem-form.css';

import type { Schemas } from '@oj/api-client';
import { INTERACTOR_ADMINS_ONLY, PROBLEM_TYPES, ProblemType } from '@oj/contracts';

import { InteractorFormValues } from '../interactor-values';
import { CaseData } from '../test-data';
import { InteractorTrial } from './InteractorTrial';
import { JuryLanguageSelect, JuryProtocolFields, JurySourceInput } from './JuryCode';

const TYPE_LABELS: Record<ProblemType, string> = {
  standard: 'Standard (outputs are compared)',
  interactive: 'Interactive (the program talks to an interactor)',
};

interface Props {
  value: InteractorFormValues;
  onChange: (value: InteractorFormValues) => void;
  error?: string;
  /** The sample 'Test interactor' gives the interactor as its input. */
  sample: CaseData | undefined;
  languages: Schemas['LanguageDto'][];
  /** Admins only: an interactor reads the hidden tests. Others may keep the saved one but not write or change one. */
  canSetInteractor: boolean;
}

/** Standard or interactive; an interactive problem's interactor (testlib), and a way to try it before saving. */
export function InteractorSection({ value, onChange, error, sample, languages, canSetInteractor }: Props) {
  const set = (patch: Partial<InteractorFormValues>) => onChange({ ...value, ...patch });
  const readOnly = !canSetInteractor;
  const interactive = value.type === 'interactive';
  return (
    <section className="form-section" aria-label="Problem type">
      <h2>Problem type</h2>
      <div className="form-grid">
        <label>
          Type
          <select value={value.type} onChange={(e) => set({ type: e.target.value as ProblemType })} disabled={readOnly && !interactive}>
            {PROBLEM_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </label>
        {interactive && value.known && (
          <>
            <JuryProtocolFields value={value.protocol} onChange={(protocol) => set({ protocol })} readOnly={readOnly} />
            <JuryLanguageSelect
              label="Interactor language"
              value={value.languageId}
              protocol={value.protocol.protocol}
              onChange={(languageId) => set({ languageId })}
              readOnly={readOnly}
            />
          </>
        )}
      </div>
      {readOnly && <p className="muted">{INTERACTOR_ADMINS_ONLY}</p>}
      {interactive &&
        (value.known ? (
          <>
            <JurySourceInput
              label="Interactor source"
              value={value.source}
              onChange={(source) => set({ source })}
              readOnly={readOnly}
              invalid={!!error}
              placeholder={'#include "testlib.h"\nint main(int argc, char *argv[]) {\n  registerInteraction(argc, argv);\n  …\n}'}
            />
            {value.protocol.protocol === 'icpc' ? (
              <p className="muted">
                An ICPC validator run interactively: called as <code>validator input answer feedback_dir [flags]</code>, its stdout is the
                program&apos;s stdin and back; exit 42 accepted, 43 wrong answer, <code>judgemessage.txt</code> the message. Saving compiles
                it on the judge.
              </p>
            ) : (
              <p className="muted">
                Called as <code>interactor input output</code>: it reads the test&apos;s input from <code>inf</code>, what the program
                writes from <code>ouf</code>, answers on stdout (flush each line), may write <code>tout</code> for a custom checker; exit 0
                accepted, 1 wrong answer, 2 presentation error, 3 interactor failure, <code>quitp</code> partial points. Each test&apos;s
                output is its answer file. Saving compiles it on the judge.
              </p>
            )}
            <InteractorTrial interactor={value} sample={sample} languages={languages} />
          </>
        ) : (
          <p className="muted">The current interactor is kept.</p>
        ))}
      {error && <span className="field-error checker-error">{error}</span>}
    </section>
  );
}
