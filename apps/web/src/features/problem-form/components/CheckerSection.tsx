import '../problem-form.css';

import { CHECKER_TYPES, CheckerType, CUSTOM_CHECKER_ADMINS_ONLY } from '@oj/contracts';

import { CheckerFormValues } from '../checker-values';
import { CaseData } from '../test-data';
import { CheckerTrial } from './CheckerTrial';
import { JuryLanguageSelect, JuryProtocolFields, JurySourceInput } from './JuryCode';

const TYPE_LABELS: Record<CheckerType, string> = {
  lines: 'Lines (ignore trailing whitespace)',
  tokens: 'Tokens (ignore all whitespace)',
  exact: 'Exact (byte for byte)',
  float: 'Float (numbers within epsilon)',
  custom: 'Custom checker (testlib)',
};

interface Props {
  value: CheckerFormValues;
  onChange: (value: CheckerFormValues) => void;
  error?: string;
  /** The sample 'Test checker' runs the checker on. */
  sample: CaseData | undefined;
  /** Admins only: a custom checker reads the hidden tests. Others may keep the saved one but not write or change one. */
  canSetCustom: boolean;
}

/** How the problem's outputs are judged: a built-in comparison, or the author's testlib checker. */
export function CheckerSection({ value, onChange, error, sample, canSetCustom }: Props) {
  const set = (patch: Partial<CheckerFormValues>) => onChange({ ...value, ...patch });
  // A saved custom checker stays as it is (the form sends it back unchanged, which the API allows).
  const readOnly = !canSetCustom;
  return (
    <section className="form-section" aria-label="Checker">
      <h2>Checker</h2>
      <div className="form-grid">
        <label>
          Type
          <select value={value.type} onChange={(e) => set({ type: e.target.value as CheckerType })}>
            {CHECKER_TYPES.map((t) => (
              <option key={t} value={t} disabled={t === 'custom' && readOnly && value.type !== 'custom'}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </label>
        {value.type === 'float' && (
          <label>
            Epsilon (absolute or relative)
            <input
              type="number"
              min={0}
              max={1}
              step="any"
              value={value.epsilon}
              onChange={(e) => set({ epsilon: e.target.value })}
              aria-invalid={!!error}
            />
          </label>
        )}
        {value.type === 'custom' && value.known && (
          <>
            <JuryProtocolFields value={value.protocol} onChange={(protocol) => set({ protocol })} readOnly={readOnly} />
            <JuryLanguageSelect
              label="Checker language"
              value={value.languageId}
              protocol={value.protocol.protocol}
              onChange={(languageId) => set({ languageId })}
              readOnly={readOnly}
            />
          </>
        )}
      </div>
      {readOnly && <p className="muted">{CUSTOM_CHECKER_ADMINS_ONLY}</p>}
      {value.type === 'custom' &&
        (value.known ? (
          <>
            <JurySourceInput
              label="Checker source"
              value={value.source}
              onChange={(source) => set({ source })}
              readOnly={readOnly}
              invalid={!!error}
              placeholder={'#include "testlib.h"\nint main(int argc, char *argv[]) {\n  registerTestlibCmd(argc, argv);\n  …\n}'}
            />
            {value.protocol.protocol === 'icpc' ? (
              <p className="muted">
                Called as <code>validator input answer feedback_dir [flags] &lt; output</code>; exit 42 accepted, 43 wrong answer;{' '}
                <code>judgemessage.txt</code> in the feedback directory is the message, <code>score.txt</code> the test&apos;s points.
                Saving compiles it on the judge.
              </p>
            ) : (
              <p className="muted">
                Called as <code>checker input output answer</code>; exit 0 accepted, 1 wrong answer, 2 presentation error, 3 checker
                failure; <code>quitp</code> gives partial points. <code>testlib.h</code> is our compatible subset of testlib. Saving
                compiles it on the judge.
              </p>
            )}
            <CheckerTrial checker={value} sample={sample} />
          </>
        ) : (
          <p className="muted">The current custom checker is kept.</p>
        ))}
      {/* A compile failure's message carries the compiler's output, lines and all. */}
      {error && <span className="field-error checker-error">{error}</span>}
    </section>
  );
}
