import { errorMessage } from '../../../api/api-error';
import { usePackageExport } from '../hooks/usePackageExport';

/** The problem page's Export package: the problem as an ICPC (Kattis, DOMjudge) problem package. */
export function ExportPackage({ problemId }: { problemId: number }) {
  const exporting = usePackageExport();
  return (
    <>
      <button className="btn small" disabled={exporting.isPending} onClick={() => exporting.mutate(problemId)}>
        {exporting.isPending ? 'Exporting…' : 'Export package'}
      </button>
      {exporting.isError && (
        <span className="error" role="alert">
          {errorMessage(exporting.error, 'Failed to export the package.')}
        </span>
      )}
    </>
  );
}
