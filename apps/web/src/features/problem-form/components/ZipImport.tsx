import '../problem-form.css';

import { useState } from 'react';

import { errorMessage } from '../../../api/api-error';
import { CheckerFormValues, checkerValuesFrom } from '../checker-values';
import { useParseTestArchive } from '../hooks/useTestDataTools';
import { InteractorFormValues, interactorValuesFrom } from '../interactor-values';
import { SubtaskValues } from '../problem-form-values';
import { CaseData } from '../test-data';
import { ZipFileButton } from './ZipFileButton';

/** SPEC 5: what the archive must be, and what its parse may find. */
const NOT_A_ZIP = 'Please choose a .zip file.';
const NO_PAIRS = 'No valid test case pairs were found in the archive.';

/** What an archive brings to the form: its tests, its subtasks, and a checker or interactor when it carries their sources. */
export interface ImportedArchive {
  cases: CaseData[];
  subtasks: SubtaskValues[];
  checker?: CheckerFormValues;
  /** An interactor found (`interactor.cpp`…) makes the problem interactive. */
  interactor?: InteractorFormValues;
}

/**
 * Upload ZIP: the archive's test cases replace the table's, the subtasks found in it (`subtask<N>/` folders,
 * group prefixes) the form's, its checker source (`checker.cpp`…) the Checker section's and its interactor source
 * (`interactor.cpp`…) the Problem type section's; the option to trim trailing whitespace; the import warnings (which
 * say when a checker or interactor was found).
 */
export function ZipImport({ onImported }: { onImported: (archive: ImportedArchive) => void }) {
  const [trim, setTrim] = useState(true);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const parse = useParseTestArchive(trim, {
    onSuccess: (result) => {
      setWarnings(result.warnings);
      if (!result.testCases.length) return setError(NO_PAIRS);
      onImported({
        cases: result.testCases.map((t) => ({
          input: t.input,
          output: t.output,
          points: t.points,
          ...(t.subtask === undefined ? {} : { subtask: t.subtask }),
        })),
        subtasks: (result.subtasks ?? []).map((s) => ({ name: s.name ?? '', scoring: s.scoring, points: String(s.points), dependsOn: [] })),
        ...(result.checker && { checker: checkerValuesFrom(result.checker) }),
        ...(result.interactor && { interactor: interactorValuesFrom({ type: 'interactive', interactor: result.interactor }) }),
      });
    },
    onError: (e) => setError(errorMessage(e, 'Failed to parse test case archive')),
  });
  const choose = (archive: File | undefined) => {
    setError(null);
    setWarnings([]);
    if (!archive) return;
    if (!archive.name.toLowerCase().endsWith('.zip')) return setError(NOT_A_ZIP);
    parse.mutate(archive);
  };
  return (
    <div className="zip-import">
      <div className="row">
        <ZipFileButton label={parse.isPending ? 'Uploading…' : 'Upload ZIP'} pending={parse.isPending} onFile={choose} />
        <label className="inline">
          <input type="checkbox" checked={trim} onChange={(e) => setTrim(e.target.checked)} /> Trim trailing whitespace on import
        </label>
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {warnings.length > 0 && (
        <ul className="warnings" aria-label="Import warnings">
          {warnings.map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
