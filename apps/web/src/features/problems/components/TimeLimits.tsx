import '../problems.css';

import { useLanguages } from '../../../api/languages';
import { ProblemDetail } from '../api';

/** The CPU limit each allowed language gets: the problem's limit times the language's time factor ("Python: 3 s"). */
export function TimeLimits({ limits }: { limits: ProblemDetail['effectiveCpuTimeLimits'] | undefined }) {
  const languages = useLanguages();
  if (!limits?.length) return null;
  const nameOf = (id: number) => languages.data?.find((l) => l.id === id)?.name ?? `Language ${id}`;
  return (
    <div className="time-limits">
      <span className="muted small" id="time-limits-label">
        CPU time limits:
      </span>
      <ul className="small" aria-labelledby="time-limits-label">
        {limits.map((l) => (
          <li key={l.languageId}>
            {nameOf(l.languageId)}: {l.seconds} s
          </li>
        ))}
      </ul>
    </div>
  );
}
