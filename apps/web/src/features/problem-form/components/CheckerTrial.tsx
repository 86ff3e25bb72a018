import '../problem-form.css';

import { CheckerTrialRequest, CheckerTrialResult } from '../api';
import { CheckerFormValues } from '../checker-values';
import { useCheckerTrial } from '../hooks/useTestDataTools';
import { juryProtocolBody } from '../jury-protocol';
import { CaseData } from '../test-data';
import { TrialOutcome } from './JuryCode';

const OUTCOME_LABELS = { accepted: 'Accepted', wrong_answer: 'Wrong answer', failed: 'Checker failure' } as const;

function describe(result: CheckerTrialResult): string {
  if (!result.compiled || !result.trial) return `Does not compile:\n${result.compilerOutput}`;
  const { outcome, fraction, message } = result.trial;
  const share = outcome === 'wrong_answer' && fraction > 0 ? ` (${Math.round(fraction * 100)} % of the points)` : '';
  return `${OUTCOME_LABELS[outcome]}${share}${message ? `: ${message}` : ''}`;
}

/** 'Test checker': compiles the form's checker on the judge and runs it on the first sample's expected output. */
export function CheckerTrial({ checker, sample }: { checker: CheckerFormValues; sample: CaseData | undefined }) {
  const run = useCheckerTrial();
  const trial = (s: CaseData) =>
    run.mutate({
      source: checker.source,
      languageId: checker.languageId as CheckerTrialRequest['languageId'],
      ...juryProtocolBody(checker.protocol),
      input: s.input,
      output: s.output,
      answer: s.output,
    });
  return (
    <div className="checker-trial">
      <button
        type="button"
        className="btn small"
        disabled={!sample || !checker.source.trim() || run.isPending}
        onClick={() => sample && trial(sample)}
      >
        {run.isPending ? 'Testing…' : 'Test checker'}
      </button>
      <span className="muted">
        {sample ? " Runs it on the first sample, its output as the contestant's." : ' Add a sample to test the checker on.'}
      </span>
      <TrialOutcome
        failure={run.isError ? run.error : null}
        fallback="Failed to test the checker"
        said={run.data ? describe(run.data) : null}
      />
    </div>
  );
}
