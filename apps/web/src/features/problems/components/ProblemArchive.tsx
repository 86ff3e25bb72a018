import type { Schemas } from '@oj/api-client';
import { DIFFICULTIES, PROBLEM_ARCHIVE_LIMIT } from '@oj/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';

import { api, unwrap } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { acRate } from '../../../components/format';
import { ConfirmDialog } from '../../../components/Modal';
import { useSession } from '../../../session/SessionProvider';

type Problem = Schemas['ProblemSummaryDto'];

/** Client-side search over title, #id, algorithms and tags. */
export function matchesSearch(p: Problem, search: string): boolean {
  const q = search.trim().toLowerCase().replace(/^#/, '');
  if (!q) return true;
  return [p.title, String(p.problemId), ...p.algorithms, ...p.tags].some((s) => s.toLowerCase().includes(q));
}

export function ProblemArchive() {
  const { isAdmin } = useSession();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [difficulty, setDifficulty] = useState('');
  const [visibility, setVisibility] = useState<'all' | 'public' | 'private'>('all');
  const [deleting, setDeleting] = useState<Problem | null>(null);
  const problems = useQuery({
    queryKey: queryKeys.problemList(isAdmin ? visibility : 'public', difficulty),
    queryFn: () =>
      unwrap(
        api.GET('/api/problems', {
          params: {
            query: {
              limit: PROBLEM_ARCHIVE_LIMIT,
              ...(isAdmin ? { visibility } : {}),
              ...(difficulty ? { difficulty: difficulty as Problem['difficulty'] } : {}),
            },
          },
        }),
      ),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.problems() });
  const toggle = useMutation({
    mutationFn: (p: Problem) =>
      unwrap(
        api.PATCH('/api/problems/{problemId}/visibility', {
          params: { path: { problemId: p.problemId } },
          body: { isPublic: !p.isPublic },
        }),
      ),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (p: Problem) => unwrap(api.DELETE('/api/problems/{problemId}', { params: { path: { problemId: p.problemId } } })),
    onSuccess: refresh,
  });
  const rows = useMemo(() => (problems.data?.items ?? []).filter((p) => matchesSearch(p, search)), [problems.data, search]);

  return (
    <section>
      <h1>Problem Archive</h1>
      <div className="filters">
        <input
          type="search"
          aria-label="Search problems"
          placeholder="Search title, #id, algorithm or tag"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <select aria-label="Difficulty" value={difficulty} onChange={(e) => setDifficulty(e.target.value)}>
          <option value="">All difficulties</option>
          {DIFFICULTIES.map((d) => (
            <option key={d}>{d}</option>
          ))}
        </select>
        {isAdmin && (
          <select aria-label="Visibility" value={visibility} onChange={(e) => setVisibility(e.target.value as typeof visibility)}>
            <option value="all">All</option>
            <option value="public">Public</option>
            <option value="private">Private</option>
          </select>
        )}
      </div>
      {problems.isPending && <p className="muted">Loading…</p>}
      {problems.isError && <p className="error">Failed to load problems.</p>}
      {problems.data && !rows.length && <p className="muted">No problems found.</p>}
      {rows.length > 0 && (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Problems table">
          <table className="table">
            <thead>
              <tr>
                <th>ID</th>
                <th>Title</th>
                <th>Difficulty</th>
                <th className="num">Submissions</th>
                <th className="num">AC Rate</th>
                {isAdmin && <th>Actions</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.problemId}>
                  <td>#{p.problemId}</td>
                  <td>
                    <Link to={`/problems/${p.problemId}`}>{p.title}</Link> {!p.isPublic && <span className="badge private">Private</span>}
                    {p.algorithms.length > 0 && <div className="muted small">{p.algorithms.join(', ')}</div>}
                  </td>
                  <td>
                    <span className={`tag difficulty-${p.difficulty}`}>{p.difficulty}</span>
                  </td>
                  <td className="num">{p.submissionCount}</td>
                  <td className="num">{acRate(p.acceptedSubmissionCount, p.submissionCount)}</td>
                  {isAdmin && (
                    <td className="actions">
                      <button className="btn small" onClick={() => toggle.mutate(p)}>
                        {p.isPublic ? 'Make Private' : 'Make Public'}
                      </button>
                      <button className="btn small danger" onClick={() => setDeleting(p)}>
                        Delete
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete problem"
          message={`Delete #${deleting.problemId} ${deleting.title}? All its submissions are also removed. This cannot be undone.`}
          confirmLabel="Delete"
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            remove.mutate(deleting);
            setDeleting(null);
          }}
        />
      )}
    </section>
  );
}
