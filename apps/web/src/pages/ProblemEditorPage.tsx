import { Link, useParams } from 'react-router-dom';

/** The problem form (create and edit) belongs to the next SPA issue; its routes and guards exist already. */
export function ProblemEditorPage({ mode }: { mode: 'create' | 'edit' }) {
  const { problemId } = useParams();
  return (
    <section className="card">
      <h1>{mode === 'create' ? 'Create Problem' : 'Edit problem'}</h1>
      <p className="muted">
        The problem form is not available in this version of the web app. Problems can be created and edited through the API (
        <a href="/api/docs">/api/docs</a>).
      </p>
      {problemId && <Link to={`/problems/${problemId}`}>Back to the problem</Link>}
    </section>
  );
}
