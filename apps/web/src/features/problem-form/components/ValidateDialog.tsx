import type { Schemas } from '@oj/api-client';
import { DEFAULT_LANGUAGE_ID, validationStatusLabel } from '@oj/contracts';
import { FormEvent, useState } from 'react';

import { errorMessage } from '../../../api/api-error';
import { CodeEditor } from '../../../components/CodeEditor';
import { Modal } from '../../../components/Modal';
import { TestResultsTable } from '../../../components/TestResultsTable';
import { ValidateRequest } from '../api';
import { useValidateSolution } from '../hooks/useTestDataTools';
import { CaseData, normalizePoints } from '../test-data';
import { SolutionLanguageSelect } from './JuryCode';

interface Props {
  languages: Schemas['LanguageDto'][];
  testCases: CaseData[];
  cpuTimeLimit: number;
  memoryLimit: number;
  outputLimit: number;
  /** The form's checker, so validation judges as the saved problem will; `lines` when left out. */
  checker?: ValidateRequest['checker'];
  /** The form's interactor, for an interactive problem: the solution talks to it on each test. */
  interactor?: ValidateRequest['interactor'];
  onClose: () => void;
}

/** Validate Test Cases: runs a reference solution on the form's test cases and shows the result per case. */
export function ValidateDialog({ languages, testCases, cpuTimeLimit, memoryLimit, outputLimit, checker, interactor, onClose }: Props) {
  const [languageId, setLanguageId] = useState(() =>
    languages.some((l) => l.id === DEFAULT_LANGUAGE_ID) ? DEFAULT_LANGUAGE_ID : languages[0]?.id,
  );
  const [source, setSource] = useState('');
  const [error, setError] = useState<string | null>(null);
  const run = useValidateSolution({ onError: (e) => setError(errorMessage(e, 'Failed to validate test cases')) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!languageId) return setError('Language is required.');
    if (!source.trim()) return setError('Reference solution is required.');
    run.mutate({
      languageId: Number(languageId),
      sourceCode: source,
      cpuTimeLimit,
      memoryLimit,
      outputLimit,
      testCases: testCases.map((t, index) => ({ index, input: t.input, output: t.output, points: normalizePoints(t.points) })),
      ...(checker ? { checker } : {}),
      ...(interactor ? { interactor } : {}),
    });
  };
  const result = run.data;
  return (
    <Modal
      title="Validate Test Cases"
      onClose={onClose}
      footer={
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      }
    >
      <form onSubmit={submit} noValidate>
        <SolutionLanguageSelect label="Language" languages={languages} value={languageId} onChange={setLanguageId} />
        <div className="field">
          <span>Reference Solution</span>
          <CodeEditor value={source} onChange={setSource} languageId={languageId} label="Reference Solution" />
        </div>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn primary" disabled={run.isPending}>
          {run.isPending ? 'Validating…' : 'Run validation'}
        </button>
      </form>
      {result && (
        <div className="validation-result" role="status">
          <p>
            Score <strong>{result.score}%</strong> · max time {result.maxExecTimeMs ?? '—'} ms · max memory {result.maxMemoryKb ?? '—'} KB
          </p>
          {result.compileOutput && <pre className="compile-output">{result.compileOutput}</pre>}
          <TestResultsTable
            rows={result.cases.map((c) => ({ index: c.i, status: validationStatusLabel(c.s), timeMs: c.t, memoryKB: c.m, points: c.p }))}
          />
        </div>
      )}
    </Modal>
  );
}
