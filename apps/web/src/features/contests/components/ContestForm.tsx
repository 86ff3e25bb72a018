import { CONTEST_FORMATS } from '@oj/contracts';
import { FormEvent, ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { fieldErrorsOf } from '../../../api/api-error';
import { MarkdownField } from '../../problem-form/components/MarkdownField';
import { type Contest } from '../api';
import { contestFormFrom, type ContestFormValues, defaultPenaltyHint, defaultPointsHint, emptyContestForm } from '../contest-form-model';
import { useSaveContest } from '../hooks/useContestAdmin';
import { ProblemPicker } from './ProblemPicker';

/** The fields the server's messages are shown beside; the rest go under the form. */
const FIELDS = [
  'title',
  'description',
  'format',
  'startsAt',
  'endsAt',
  'durationMinutes',
  'freezeMinutes',
  'penaltyMinutes',
  'accessCode',
  'problems',
] as const;
type Field = (typeof FIELDS)[number];

/** A labelled field with the server's message about it, tied to it for screen readers. */
function Field({
  name,
  label,
  error,
  children,
}: {
  name: Field;
  label: string;
  error?: string;
  children: (describedBy?: string) => ReactNode;
}) {
  const errorId = `contest-${name}-error`;
  return (
    <label>
      {label}
      {children(error ? errorId : undefined)}
      {error && (
        <span className="field-error" id={errorId}>
          {error}
        </span>
      )}
    </label>
  );
}

/** The admin's contest form: create at /admin/contests/new, edit at /contests/{id}/edit (PUT takes it whole). */
export function ContestForm({ contest }: { contest?: Contest }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<ContestFormValues>(() => (contest ? contestFormFrom(contest) : emptyContestForm()));
  // The server's messages stand beside their fields until the field is changed.
  const [changed, setChanged] = useState<Set<string>>(new Set());
  const set = <K extends keyof ContestFormValues>(key: K, value: ContestFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setChanged((keys) => new Set(keys).add(key));
  };
  const save = useSaveContest(contest, (saved) => void navigate(`/contests/${saved.contestId}`));
  const found = fieldErrorsOf(save.error, FIELDS, 'Failed to save the contest.');
  const errorOf = (field: Field) => (changed.has(field) ? undefined : found.fields[field]);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setChanged(new Set());
    save.mutate(values);
  };
  const text = (key: 'durationMinutes' | 'freezeMinutes' | 'penaltyMinutes', label: string, placeholder = '') => (
    <Field name={key} label={label} error={errorOf(key)}>
      {(describedBy) => (
        <input
          name={key}
          inputMode="numeric"
          value={values[key]}
          placeholder={placeholder}
          onChange={(e) => set(key, e.target.value)}
          aria-invalid={!!describedBy}
          aria-describedby={describedBy}
        />
      )}
    </Field>
  );

  return (
    <form className="problem-form contest-form" onSubmit={onSubmit} noValidate>
      <h1>{contest ? `Edit ${contest.title}` : 'New Contest'}</h1>
      <Field name="title" label="Title" error={errorOf('title')}>
        {(describedBy) => (
          <input
            name="title"
            value={values.title}
            onChange={(e) => set('title', e.target.value)}
            required
            aria-invalid={!!describedBy}
            aria-describedby={describedBy}
          />
        )}
      </Field>
      <MarkdownField
        label="Description (Markdown)"
        value={values.description}
        onChange={(description) => set('description', description)}
        error={errorOf('description')}
      />
      <div className="form-grid">
        <label>
          Format
          <select name="format" value={values.format} onChange={(e) => set('format', e.target.value as ContestFormValues['format'])}>
            {CONTEST_FORMATS.map((f) => (
              <option key={f} value={f}>
                {f.toUpperCase()}
              </option>
            ))}
          </select>
        </label>
        {(['startsAt', 'endsAt'] as const).map((key) => (
          <Field key={key} name={key} label={key === 'startsAt' ? 'Starts at' : 'Ends at'} error={errorOf(key)}>
            {(describedBy) => (
              <input
                name={key}
                type="datetime-local"
                value={values[key]}
                onChange={(e) => set(key, e.target.value)}
                required
                aria-invalid={!!describedBy}
                aria-describedby={describedBy}
              />
            )}
          </Field>
        ))}
        {text('durationMinutes', 'Minutes per participant (optional)')}
        {text('freezeMinutes', 'Freeze minutes before the end (optional)')}
        {text('penaltyMinutes', 'Penalty minutes per rejected try', defaultPenaltyHint(values.format))}
        <label className="checkbox">
          <input name="isPublic" type="checkbox" checked={values.isPublic} onChange={(e) => set('isPublic', e.target.checked)} /> Public
        </label>
        <label className="checkbox">
          <input name="rated" type="checkbox" checked={values.rated} onChange={(e) => set('rated', e.target.checked)} /> Rated
        </label>
        <label>
          Access code (optional)
          <input name="accessCode" value={values.accessCode} onChange={(e) => set('accessCode', e.target.value)} autoComplete="off" />
        </label>
      </div>
      <ProblemPicker
        problems={values.problems}
        onChange={(problems) => set('problems', problems)}
        pointsHint={defaultPointsHint(values.format)}
      />
      {errorOf('problems') && <p className="field-error">{errorOf('problems')}</p>}
      {save.isError && (
        <p className="error" role="alert">
          {found.general || 'The contest was not saved: see the messages beside the fields.'}
        </p>
      )}
      <div className="row">
        <button className="btn primary" type="submit" disabled={save.isPending}>
          {contest ? 'Save' : 'Create Contest'}
        </button>
      </div>
    </form>
  );
}
