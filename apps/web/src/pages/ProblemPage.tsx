import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_LANGUAGE_ID, isFinalStatus, LiveEvent } from '@oj/contracts';
import { FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { api, ApiError, unwrap } from '../api/client';
import { errorMessage } from '../api/api-error';
import { CodeEditor } from '../components/CodeEditor';
import { LiveSubmissionList } from '../components/LiveSubmissionList';
import { Markdown } from '../components/Markdown';
import { ConfirmDialog } from '../components/Modal';
import { useSession } from '../session/SessionProvider';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { loadDraft, saveDraft } from './problem-drafts';
import { useLanguages } from '../api/languages';
import { queryKeys } from '../api/query-keys';

const LAST_LANGUAGE_KEY = 'oj.lastLanguage';
/** Typing pauses this long before the draft is written to local storage. */
const DRAFT_SAVE_DELAY_MS = 400;

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      className="btn small"
      type="button"
      aria-label={copied ? `${label} copied` : `Copy ${label}`}
      onClick={async () => {
        await navigator.clipboard?.writeText(text).catch(() => undefined);
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      }}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

function SubmitForm({ problemId, allowed, onSubmitted }: { problemId: number; allowed: number[]; onSubmitted: (submissionId: string) => void }) {
  const languages = useLanguages();
  const options = (languages.data ?? []).filter((l) => !allowed.length || allowed.includes(l.id));
  const [languageId, setLanguageId] = useState<number>(() => Number(localStorage.getItem(LAST_LANGUAGE_KEY)) || DEFAULT_LANGUAGE_ID);
  const [source, setSource] = useState(() => loadDraft(problemId, languageId) ?? '');
  const [message, setMessage] = useState<{ kind: 'error' | 'notice'; text: string } | null>(null);
  useEffect(() => {
    if (options.length && !options.some((o) => o.id === languageId)) setLanguageId(options.find((o) => o.id === DEFAULT_LANGUAGE_ID)?.id ?? options[0].id);
  }, [options, languageId]);
  // Another language brings back its own draft; without one, the text stays (it is not lost by a wrong pick).
  const draftLanguage = useRef(languageId);
  useEffect(() => {
    if (draftLanguage.current === languageId) return;
    draftLanguage.current = languageId;
    const draft = loadDraft(problemId, languageId);
    if (draft !== null) setSource(draft);
  }, [problemId, languageId]);
  useEffect(() => {
    const timer = setTimeout(() => saveDraft(problemId, draftLanguage.current, source), DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [problemId, source]);

  const submit = useMutation({
    mutationFn: () => unwrap(api.POST('/api/submissions', { body: { problemId, languageId: Number(languageId), sourceCode: source } }), 'Failed to submit solution.'),
    onSuccess: (created) => {
      setMessage({ kind: 'notice', text: 'Submitted. Watch it being graded below.' });
      onSubmitted(created.submissionId);
    },
    onError: (error) => setMessage({ kind: 'error', text: errorMessage(error, 'Failed to submit solution.') }),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!source.trim()) return setMessage({ kind: 'error', text: 'Source code is required.' });
    localStorage.setItem(LAST_LANGUAGE_KEY, String(languageId));
    submit.mutate();
  };

  return (
    <form className="card submit-form" onSubmit={onSubmit}>
      <h2>Submit Solution</h2>
      <label>
        Language
        <select name="language" value={languageId} onChange={(e) => setLanguageId(Number(e.target.value))}>
          {options.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      {languages.isError && <p className="error">{errorMessage(languages.error, 'Failed to load languages.')}</p>}
      <CodeEditor value={source} onChange={setSource} languageId={languageId} label="Source code" />
      {message && (
        <p className={message.kind} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      <button className="btn primary" type="submit" disabled={submit.isPending}>
        Submit
      </button>
    </form>
  );
}

interface PanelProps {
  problemId: number;
  /** The submission just sent: the panel shows the first page, where it appears, and scrolls it into view. */
  submitted: string | null;
  onEvent: (event: LiveEvent) => void;
}

function SubmissionsPanel({ problemId, submitted, onEvent }: PanelProps) {
  const { user } = useSession();
  const [tab, setTab] = useState<'mine' | 'all'>('mine');
  const [page, setPage] = useState(1);
  const choose = (next: 'mine' | 'all') => {
    setTab(next);
    setPage(1);
  };
  useEffect(() => {
    if (submitted) setPage(1);
  }, [submitted]);
  return (
    <section className="card">
      <h2>Submissions</h2>
      <div className="tabs" role="tablist">
        <button role="tab" id="tab-mine" aria-controls="submissions-panel" aria-selected={tab === 'mine'} className={tab === 'mine' ? 'active' : ''} onClick={() => choose('mine')}>
          My Submissions
        </button>
        <button role="tab" id="tab-all" aria-controls="submissions-panel" aria-selected={tab === 'all'} className={tab === 'all' ? 'active' : ''} onClick={() => choose('all')}>
          All Submissions
        </button>
      </div>
      <div role="tabpanel" id="submissions-panel" aria-labelledby={`tab-${tab}`}>
        <LiveSubmissionList
          key={tab}
          source={{ kind: 'problem', problemId, scope: tab }}
          matches={(event) => event.problemId === problemId && (tab === 'all' || event.userId === user?.id)}
          emptyText="No submissions to display."
          page={page}
          onPage={setPage}
          revealId={submitted}
          onEvent={onEvent}
        />
      </div>
    </section>
  );
}

/** A problem with what the caller may see of it (test cases only for those the server allows, SPEC 6). */
const fetchProblem = (problemId: number, includePrivate: boolean) => unwrap(api.GET('/api/problems/{problemId}', { params: { path: { problemId }, query: { includePrivate } } }));
type ProblemDetail = Awaited<ReturnType<typeof fetchProblem>>;

/** Statement, formats, constraints, samples and, for those who may edit, the test cases. */
function Statement({ p, canEdit }: { p: ProblemDetail; canEdit: boolean }) {
  return (
    <div className="problem-statement">
      <section>
        <h2>Statement</h2>
        <Markdown>{p.statement}</Markdown>
      </section>
      {p.inputFormat && (
        <section>
          <h2>Input Format</h2>
          <Markdown>{p.inputFormat}</Markdown>
        </section>
      )}
      {p.outputFormat && (
        <section>
          <h2>Output Format</h2>
          <Markdown>{p.outputFormat}</Markdown>
        </section>
      )}
      {p.constraints && (
        <section>
          <h2>Constraints</h2>
          <Markdown>{p.constraints}</Markdown>
        </section>
      )}
      {p.samples.length > 0 && (
        <section>
          <h2>Sample Cases</h2>
          {p.samples.map((s, i) => (
            <div className="sample" key={i}>
              <div>
                <h3>
                  Input {i + 1} <CopyButton text={s.input} label={`sample input ${i + 1}`} />
                </h3>
                <pre>{s.input}</pre>
              </div>
              <div>
                <h3>
                  Output {i + 1} <CopyButton text={s.output} label={`sample output ${i + 1}`} />
                </h3>
                <pre>{s.output}</pre>
              </div>
              {s.explanation && (
                <div className="explanation">
                  <Markdown>{s.explanation}</Markdown>
                </div>
              )}
            </div>
          ))}
        </section>
      )}
      {canEdit && p.testCases && (
        <section>
          <h2>Test Cases</h2>
          <div className="table-wrap">
            <table className="table compact">
              <thead>
                <tr>
                  <th>#</th>
                  <th>Input</th>
                  <th>Output</th>
                  <th className="num">Points</th>
                </tr>
              </thead>
              <tbody>
                {p.testCases.map((t, i) => (
                  <tr key={i}>
                    <td>{i + 1}</td>
                    <td>
                      <pre className="clip">{t.input}</pre>
                    </td>
                    <td>
                      <pre className="clip">{t.output}</pre>
                    </td>
                    <td className="num">{t.points}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  );
}

/**
 * Verdicts arriving live move the problem's submission and accepted counts. Only a submission seen unfinished
 * during this visit is counted, and only once: the loaded counts already hold every earlier verdict, and a
 * final event may be delivered twice.
 */
function useLiveVerdictCounts(problemId: number): (event: LiveEvent) => void {
  const queryClient = useQueryClient();
  const pending = useRef(new Set<string>());
  return (event: LiveEvent) => {
    if (!isFinalStatus(event.status)) {
      pending.current.add(event.id);
      return;
    }
    if (!pending.current.delete(event.id)) return;
    queryClient.setQueriesData<{ submissionCount: number; acceptedSubmissionCount: number }>({ queryKey: queryKeys.problem(problemId) }, (current) =>
      current && {
        ...current,
        submissionCount: current.submissionCount + 1,
        acceptedSubmissionCount: current.acceptedSubmissionCount + (event.status === 'accepted' ? 1 : 0),
      },
    );
  };
}

export function ProblemPage() {
  const { problemId: raw } = useParams();
  const problemId = Number(raw);
  const { user, isAdmin, loading } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [flash] = useState<string | undefined>(() => (location.state as { flash?: string } | null)?.flash);
  const [confirming, setConfirming] = useState(false);
  const [submitted, setSubmitted] = useState<string | null>(null);
  useEffect(() => {
    if (flash) navigate(location.pathname, { replace: true, state: null });
    // The flash is shown once: clear it from history right away.
  }, [flash, navigate, location.pathname]);

  const problem = useQuery({
    // Test cases come back only for admins (SPEC 6); the server decides, so any signed-in user asks.
    queryKey: queryKeys.problemFor(problemId, user?.id ?? null),
    queryFn: () => fetchProblem(problemId, !!user),
    enabled: Number.isInteger(problemId) && problemId > 0 && !loading,
    retry: false,
  });
  const countVerdict = useLiveVerdictCounts(problemId);
  useDocumentTitle(problem.data?.title ?? (problem.isError ? 'Problem not found' : undefined));
  const toggle = useMutation({
    mutationFn: (isPublic: boolean) => unwrap(api.PATCH('/api/problems/{problemId}/visibility', { params: { path: { problemId } }, body: { isPublic } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.problem(problemId) }),
  });
  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/problems/{problemId}', { params: { path: { problemId } } })),
    onSuccess: () => navigate('/problems'),
  });

  if (!Number.isInteger(problemId) || problemId <= 0) return <p className="error">Problem not found.</p>;
  if (problem.isPending) return <p className="muted">Loading…</p>;
  if (problem.isError || !problem.data) {
    const notFound = problem.error instanceof ApiError && problem.error.status === 404;
    return <p className="error">{notFound ? 'Problem not found.' : 'Failed to load problem. You may not have access.'}</p>;
  }
  const p = problem.data;
  const canEdit = isAdmin || (!!user && p.author?.id === user.id);

  return (
    <article className="problem">
      {flash && (
        <p className="notice" role="status">
          {flash}
        </p>
      )}
      <header className="problem-head">
        <h1>
          {p.title} <span className="muted">#{p.problemId}</span>
        </h1>
        <div className="row">
          <span className={`tag difficulty-${p.difficulty}`}>{p.difficulty}</span>
          {!p.isPublic && <span className="badge private">Private</span>}
          <span className="muted">
            {p.submissionCount} submissions · {p.acceptedSubmissionCount} accepted · {p.testCaseCount} test cases · {p.totalPoints} points · {p.cpuTimeLimit} s · {p.memoryLimit} MB
          </span>
        </div>
        <div className="row">
          {canEdit && (
            <Link className="btn small" to={`/problems/${p.problemId}/edit`}>
              Edit
            </Link>
          )}
          {isAdmin && (
            <>
              <button className="btn small" onClick={() => toggle.mutate(!p.isPublic)}>
                {p.isPublic ? 'Make Private' : 'Make Public'}
              </button>
              <button className="btn small danger" onClick={() => setConfirming(true)}>
                Delete
              </button>
            </>
          )}
        </div>
      </header>
      <div className="problem-layout">
        <Statement p={p} canEdit={canEdit} />
        <div className="problem-work">
          {user ? (
            <SubmitForm problemId={p.problemId} allowed={p.judge0LanguageIds} onSubmitted={setSubmitted} />
          ) : (
            <p className="card login-prompt">
              <Link to="/login" state={{ from: location }}>
                Log in
              </Link>{' '}
              to submit a solution.
            </p>
          )}
        </div>
      </div>
      {/* Full width under both: the table's eight columns need it. */}
      {user && <SubmissionsPanel problemId={p.problemId} submitted={submitted} onEvent={countVerdict} />}
      {confirming && (
        <ConfirmDialog
          title="Delete problem"
          message="Delete this problem? All its submissions are also removed. This cannot be undone."
          confirmLabel="Delete"
          onCancel={() => setConfirming(false)}
          onConfirm={() => remove.mutate()}
        />
      )}
    </article>
  );
}
