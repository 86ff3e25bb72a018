import '../announcements.css';

import type { Schemas } from '@oj/api-client';
import { useState } from 'react';

import { shortDate } from '../../../components/format';
import { Markdown } from '../../../components/Markdown';
import { ConfirmDialog } from '../../../components/Modal';
import { useSession } from '../../../session/SessionProvider';
import { useAnnouncements } from '../hooks/useAnnouncements';
import { AnnouncementForm } from './AnnouncementForm';

type Announcement = Schemas['AnnouncementDto'];

/** Announcements for everyone; admins add, edit in place, pin and delete (after confirming). */
export function Announcements() {
  const { isAdmin } = useSession();
  const { list: announcements, save, remove } = useAnnouncements();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const togglePin = (a: Announcement) => save.mutate({ id: a.id, draft: { title: a.title, body: a.body, pinned: !a.pinned } });
  return (
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
    </section>
  );
}
