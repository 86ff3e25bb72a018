import '../problems.css';

import { DIFFICULTIES, PROBLEM_VISIBILITIES, ProblemSort, ProblemVisibility } from '@oj/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { acRate } from '../../../components/format';
import { Pagination } from '../../../components/Pagination';
import { useSession } from '../../../session/SessionProvider';
import { ArchiveQuery, readArchiveQuery, sortBy, writeArchiveQuery } from '../archive-query';
import { useHiddenTags } from '../hooks/useHiddenTags';
import { ProblemMark, useProblemArchive, useProblemMarks } from '../hooks/useProblemArchive';
import { useProblemAdminActions } from './ProblemAdminActions';

/** Typing settles this long before the search reaches the URL and the server. */
const SEARCH_DELAY_MS = 300;

const COLUMNS: { sort?: ProblemSort; label: string; className?: string }[] = [
  { sort: 'id', label: 'ID' },
  { sort: 'title', label: 'Title' },
  { sort: 'difficulty', label: 'Difficulty' },
  // SPEC's Submissions column, not sortable (issue 22 names the sort keys); Solves counts people who solved it.
  { label: 'Submissions', className: 'num' },
  { sort: 'solves', label: 'Solves', className: 'num' },
  { sort: 'acRate', label: 'AC Rate', className: 'num' },
];

const VISIBILITY_LABELS: Record<ProblemVisibility, string> = { all: 'All', public: 'Public', private: 'Private' };

const MARK_LABELS: Record<ProblemMark, string> = { solved: 'Solved', attempted: 'Attempted' };

/** The view lives in the URL: filters and the sort push a history entry (Back undoes them), typing replaces it. */
function useArchiveView(): [ArchiveQuery, (next: ArchiveQuery, replace?: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const view = readArchiveQuery(params);
  return [view, (next, replace = false) => setParams(writeArchiveQuery(next), { replace })];
}

export function ProblemArchive() {
  const { isAdmin } = useSession();
  const [view, setView] = useArchiveView();
  const problems = useProblemArchive(view);
  const marks = useProblemMarks();
  const adminActions = useProblemAdminActions();
  const [search, setSearch] = useState(view.q);
  const [tagsHidden, setTagsHidden] = useHiddenTags();

  // Back and Forward change the URL's search under the box: show it.
  useEffect(() => setSearch(view.q), [view.q]);
  // Typing restarts the delay; other renders (marks arriving, a refetch) must not, or a busy page never searches.
  const latestView = useRef(view);
  latestView.current = view;
  useEffect(() => {
    if (search === latestView.current.q) return;
    const timer = setTimeout(() => setView({ ...latestView.current, q: search, page: 1 }, true), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const rows = problems.data?.items ?? [];
  const filter = (change: Partial<ArchiveQuery>) => setView({ ...view, ...change, page: 1 });
  const addTag = (tag: string) => !view.tags.includes(tag) && filter({ tags: [...view.tags, tag] });
  // A new page starts at its top, as a new page of any site does, not where the last one was scrolled to.
  const turnPage = (page: number) => {
    setView({ ...view, page });
    window.scrollTo({ top: 0 });
  };

  return (
    <section>
      <h1>Problem Archive</h1>
      <div className="filters">
        <input
          type="search"
          className="archive-search"
          aria-label="Search problems"
          placeholder="Title, #id, algorithm or tag"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <select
          aria-label="Difficulty"
          value={view.difficulty}
          onChange={(e) => filter({ difficulty: e.target.value as ArchiveQuery['difficulty'] })}
        >
          <option value="">All difficulties</option>
          {DIFFICULTIES.map((d) => (
            <option key={d}>{d}</option>
          ))}
        </select>
        <select
          aria-label="Sort by"
          className="archive-sort"
          value={`${view.sort} ${view.order}`}
          onChange={(e) => {
            const [sort, order] = e.target.value.split(' ') as [ProblemSort, ArchiveQuery['order']];
            filter({ sort, order });
          }}
        >
          {COLUMNS.flatMap((c) => [
            <option key={`${c.sort} asc`} value={`${c.sort} asc`}>
              {c.label} ↑
            </option>,
            <option key={`${c.sort} desc`} value={`${c.sort} desc`}>
              {c.label} ↓
            </option>,
          ])}
        </select>
        {isAdmin && (
          <select
            aria-label="Visibility"
            value={view.visibility}
            onChange={(e) => filter({ visibility: e.target.value as ArchiveQuery['visibility'] })}
          >
            {PROBLEM_VISIBILITIES.map((v) => (
              <option key={v} value={v}>
                {VISIBILITY_LABELS[v]}
              </option>
            ))}
          </select>
        )}
        <label className="hide-tags">
          <input type="checkbox" checked={tagsHidden} onChange={(e) => setTagsHidden(e.target.checked)} /> Hide tags
        </label>
        {view.tags.map((tag) => (
          <button
            key={tag}
            className="btn small"
            aria-label={`Remove the tag filter ${tag}`}
            onClick={() => filter({ tags: view.tags.filter((t) => t !== tag) })}
          >
            Tag: {tag} ✕
          </button>
        ))}
      </div>
      {problems.isPending && <p className="muted">Loading…</p>}
      {problems.isError && <p className="error">Failed to load problems.</p>}
      {problems.data && !rows.length && <p className="muted">No problems found.</p>}
      {rows.length > 0 && (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Problems table">
          <table className="table stack archive">
            <thead>
              <tr>
                {COLUMNS.map(({ sort, label, className }) =>
                  sort ? (
                    <th
                      key={label}
                      className={className}
                      aria-sort={view.sort === sort ? (view.order === 'asc' ? 'ascending' : 'descending') : 'none'}
                    >
                      <button className="link-button sort-button" onClick={() => setView(sortBy(view, sort))}>
                        {label}
                        <span aria-hidden="true">{view.sort === sort ? (view.order === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                      </button>
                    </th>
                  ) : (
                    <th key={label} className={className}>
                      {label}
                    </th>
                  ),
                )}
                {isAdmin && <th>Actions</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => {
                const mark = marks.get(p.problemId);
                return (
                  <tr key={p.problemId} className={mark ? `mark-${mark}` : undefined}>
                    <td data-label="ID">
                      <span className="id-with-mark">
                        #{p.problemId}
                        {mark && (
                          <span className={`problem-mark ${mark}`} role="img" aria-label={MARK_LABELS[mark]} title={MARK_LABELS[mark]}>
                            {mark === 'solved' ? '✓' : '•'}
                          </span>
                        )}
                      </span>
                    </td>
                    <td data-label="Title" className="title-cell">
                      <Link to={`/problems/${p.problemId}`}>{p.title}</Link> {!p.isPublic && <span className="badge private">Private</span>}
                      {!tagsHidden && p.algorithms.length > 0 && <div className="muted small">{p.algorithms.join(', ')}</div>}
                      {!tagsHidden && p.tags.length > 0 && (
                        <div className="problem-tags">
                          {p.tags.map((tag) => (
                            <button
                              key={tag}
                              className="link-button small"
                              aria-label={`Only problems tagged ${tag}`}
                              onClick={() => addTag(tag)}
                            >
                              #{tag}
                            </button>
                          ))}
                        </div>
                      )}
                    </td>
                    <td data-label="Difficulty">
                      <span className={`tag difficulty-${p.difficulty}`}>{p.difficulty}</span>
                    </td>
                    <td data-label="Submissions" className="num">
                      {p.submissionCount}
                    </td>
                    <td data-label="Solves" className="num">
                      {p.solverCount}
                    </td>
                    <td data-label="AC Rate" className="num">
                      {acRate(p.acceptedSubmissionCount, p.submissionCount)}
                    </td>
                    {isAdmin && (
                      <td data-label="Actions" className="actions">
                        {adminActions.buttons(p)}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {problems.data && <Pagination page={view.page} totalPages={problems.data.totalPages} onPage={turnPage} />}
      {adminActions.dialog}
    </section>
  );
}
