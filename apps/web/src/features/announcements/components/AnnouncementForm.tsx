import type { Schemas } from '@oj/api-client';
import { FormEvent, useState } from 'react';

import { errorMessage } from '../../../api/api-error';

/** The body the form sends, with `pinned` always set. */
export type AnnouncementDraft = Required<Schemas['AnnouncementInputDto']>;

/** New Announcement and edit in place: title and body required after trimming (SPEC 5), Pin, Publish and Cancel. */
export function AnnouncementForm({
  initial,
  onSave,
  onCancel,
  failure,
}: {
  initial: AnnouncementDraft;
  onSave: (d: AnnouncementDraft) => Promise<void>;
  onCancel: () => void;
  failure: string;
}) {
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
    <form className="card" onSubmit={(e) => void submit(e)} noValidate>
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
