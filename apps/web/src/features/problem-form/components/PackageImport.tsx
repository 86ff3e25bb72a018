import '../problem-form.css';

import type { TimeLimitRule } from '@oj/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { errorMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/Modal';
import { usePackageImport } from '../hooks/usePackageImport';
import { importedBefore, type ImportedPackage, packageKey, rememberImport } from '../imported-packages';
import { MainSolutionResult } from './MainSolutionResult';
import { ZipFileButton } from './ZipFileButton';

/** How the import set the time limit, in the summary's words. */
const TIME_LIMIT_RULE_NAMES: Record<TimeLimitRule, string> = {
  package: "the package's",
  'timelimit-file': "DOMjudge's .timelimit",
  derived: 'derived from the accepted submissions',
  default: 'the default',
};

/**
 * Create Problem's Import package: a Polygon package (problem.xml with built tests) or an ICPC package
 * (problem.yaml) becomes a private problem in one upload; what could not be carried over is listed, the rule that set
 * the time limit, and how the package's main solution did on the imported tests.
 */
export function PackageImport() {
  const importing = usePackageImport();
  const imported = importing.data;
  // A package this browser imported before waits here for the admin's word: a second import makes a second problem.
  const [repeat, setRepeat] = useState<{ file: File; key: string; before: ImportedPackage } | null>(null);
  const start = (file: File, key: string) =>
    importing.mutate(file, {
      onSuccess: ({ problem }) => rememberImport(key, { problemId: problem.problemId, title: problem.title }),
    });
  const choose = async (file: File) => {
    const key = await packageKey(file);
    const before = importedBefore(key);
    if (before) setRepeat({ file, key, before });
    else start(file, key);
  };
  return (
    <div className="card package-import">
      <div className="row">
        <ZipFileButton
          label={importing.isPending ? 'Importing…' : 'Import package'}
          pending={importing.isPending}
          onFile={(file) => file && void choose(file)}
        />
        <span className="muted">A Polygon package (with tests) or an ICPC problem package, as a .zip</span>
      </div>
      {repeat && (
        <ConfirmDialog
          title="Import this package again?"
          message={`This browser imported this package before, as #${repeat.before.problemId} ${repeat.before.title}. Importing it again makes another problem.`}
          confirmLabel="Import again"
          onCancel={() => setRepeat(null)}
          onConfirm={() => {
            start(repeat.file, repeat.key);
            setRepeat(null);
          }}
        />
      )}
      {importing.isError && (
        <p className="error" role="alert">
          {errorMessage(importing.error, 'Failed to import the package')}
        </p>
      )}
      {imported && (
        <div role="status">
          <p>
            Imported{' '}
            <Link to={`/problems/${imported.problem.problemId}`}>
              #{imported.problem.problemId} {imported.problem.title}
            </Link>{' '}
            as a private problem. <Link to={`/problems/${imported.problem.problemId}/edit`}>Edit it</Link> to review it and validate a
            solution.
          </p>
          {imported.timeLimit && (
            <p aria-label="Time limit">
              Time limit {imported.timeLimit.seconds} s ({TIME_LIMIT_RULE_NAMES[imported.timeLimit.rule]}): {imported.timeLimit.detail}
            </p>
          )}
          {imported.mainSolution && <MainSolutionResult solution={imported.mainSolution} />}
          {imported.warnings.length > 0 && (
            <ul className="warnings" aria-label="Import warnings">
              {imported.warnings.map((w, i) => (
                <li key={i}>{w}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
