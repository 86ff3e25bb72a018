import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@oj/api-client';
import { FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { api, unwrap } from '../api/client';
import { errorMessage } from '../api/api-error';
import { shortDate } from '../components/format';
import { Markdown } from '../components/Markdown';
import { ConfirmDialog } from '../components/Modal';
import { useSession } from '../session/SessionProvider';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { queryKeys } from '../api/query-keys';

type Announcement = Schemas['AnnouncementDto'];
type Draft = { title: string; body: string; pinned: boolean };

function AnnouncementForm({ initial, onSave, onCancel, failure }: { initial: Draft; onSave: (d: Draft) => Promise<void>; onCancel: () => void; failure: string }) {
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const title = draft.title.trim();
    const body = draft.body.trim();
    if (!title || !body) return setError('Title and body are required.');
    try {
      await onSave({ title, body, pinned: draft.pinned });
    } catch (err) {
      setError(errorMessage(err, failure));
    }
  };
  return (
    <form className="card" onSubmit={submit} noValidate>
      <label>
        Title
        <input value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} />
      </label>
      <label>
        Body
        <textarea rows={4} value={draft.body} onChange={(e) => setDraft({ ...draft, body: e.target.value })} />
      </label>
      <label className="inline">
        <input type="checkbox" checked={draft.pinned} onChange={(e) => setDraft({ ...draft, pinned: e.target.checked })} /> Pin
      </label>
      {error && <p className="error">{error}</p>}
      <div className="row">
        <button className="btn primary" type="submit">
          Publish
        </button>
        <button className="btn" type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function HomePage() {
  useDocumentTitle('Home');
  const { isAdmin } = useSession();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const announcements = useQuery({
    queryKey: queryKeys.announcements(),
    queryFn: () => unwrap(api.GET('/api/announcements', { params: { query: { limit: 20, pinnedFirst: true } } })),
  });
  const updates = useQuery({ queryKey: queryKeys.problemUpdates(), queryFn: () => unwrap(api.GET('/api/problem-updates', { params: { query: { limit: 20 } } })) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.announcements() });
  const save = useMutation({
    mutationFn: async ({ id, draft }: { id?: string; draft: Draft }) => {
      if (id) await unwrap(api.PUT('/api/announcements/{id}', { params: { path: { id } }, body: draft }), 'Failed to update announcement.');
      else await unwrap(api.POST('/api/announcements', { body: draft }), 'Failed to create announcement.');
    },
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: string) => unwrap(api.DELETE('/api/announcements/{id}', { params: { path: { id } } })), onSuccess: refresh });
  const togglePin = (a: Announcement) => save.mutate({ id: a.id, draft: { title: a.title, body: a.body, pinned: !a.pinned } });

  return (
    <div className="home">
      <section>
        <div className="section-head">
          <h1>Announcements</h1>
          {isAdmin && !creating && (
            <button className="btn primary small" onClick={() => setCreating(true)}>
              New Announcement
            </button>
          )}
        </div>
        {creating && (
          <AnnouncementForm
            initial={{ title: '', body: '', pinned: false }}
            failure="Failed to create announcement."
            onCancel={() => setCreating(false)}
            onSave={async (draft) => {
              await save.mutateAsync({ draft });
              setCreating(false);
            }}
          />
        )}
        {announcements.isPending && <p className="muted">Loading…</p>}
        {announcements.isError && <p className="error">Failed to load announcements.</p>}
        {announcements.data?.items.length === 0 && <p className="muted">No announcements yet.</p>}
        {announcements.data?.items.map((a) =>
          editing === a.id ? (
            <AnnouncementForm
              key={a.id}
              initial={a}
              failure="Failed to update announcement."
              onCancel={() => setEditing(null)}
              onSave={async (draft) => {
                await save.mutateAsync({ id: a.id, draft });
                setEditing(null);
              }}
            />
          ) : (
            <article key={a.id} className="card announcement">
              <h2>
                {a.title} {a.pinned && <span className="badge pinned">Pinned</span>}
              </h2>
              <p className="muted">{shortDate(a.createdAt)}</p>
              <Markdown>{a.body}</Markdown>
              {isAdmin && (
                <div className="row">
                  <button className="btn small" onClick={() => setEditing(a.id)}>
                    Edit
                  </button>
                  <button className="btn small" onClick={() => togglePin(a)}>
                    {a.pinned ? 'Unpin' : 'Pin'}
                  </button>
                  <button className="btn small danger" onClick={() => setDeleting(a)}>
                    Delete
                  </button>
                </div>
              )}
            </article>
          ),
        )}
      </section>
      <aside>
        <div className="section-head">
          <h2>Problem Updates</h2>
          <Link to="/problems">Browse Problems</Link>
        </div>
        {updates.isPending && <p className="muted">Loading…</p>}
        {updates.isError && <p className="error">Failed to load problem updates.</p>}
        {updates.data?.items.length === 0 && <p className="muted">No recent updates.</p>}
        <ul className="updates">
          {updates.data?.items.map((u) => (
            <li key={u.id}>
              <Link to={`/problems/${u.problemId}`}>{u.titleSnapshot}</Link>
              <span>{u.summary}</span>
              <span className="muted">{shortDate(u.createdAt)}</span>
            </li>
          ))}
        </ul>
      </aside>
      {deleting && (
        <ConfirmDialog
          title="Delete announcement"
          message={`Delete the announcement "${deleting.title}"? This cannot be undone.`}
          confirmLabel="Delete"
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            remove.mutate(deleting.id);
            setDeleting(null);
          }}
        />
      )}
    </div>
  );
}
