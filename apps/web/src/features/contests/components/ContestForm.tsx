import { CONTEST_FORMATS } from '@oj/contracts';
import { FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { detailedErrorMessage } from '../../../api/api-error';
import { type Contest } from '../api';
import { contestFormFrom, type ContestFormValues, defaultPenaltyHint, defaultPointsHint, emptyContestForm } from '../contest-form-model';
import { useSaveContest } from '../hooks/useContestAdmin';
import { ProblemPicker } from './ProblemPicker';

/** The admin's contest form: create at /admin/contests/new, edit at /contests/{id}/edit (PUT takes it whole). */
export function ContestForm({ contest }: { contest?: Contest }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<ContestFormValues>(() => (contest ? contestFormFrom(contest) : emptyContestForm()));
  const set = <K extends keyof ContestFormValues>(key: K, value: ContestFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const save = useSaveContest(contest, (saved) => navigate(`/contests/${saved.contestId}`));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(values);
  };
  const text = (key: 'durationMinutes' | 'freezeMinutes' | 'penaltyMinutes', label: string, placeholder = '') => (
    <label>
      {label}
      <input name={key} inputMode="numeric" value={values[key]} placeholder={placeholder} onChange={(e) => set(key, e.target.value)} />
    </label>
  );

  return (
    <form className="problem-form contest-form" onSubmit={onSubmit} noValidate>
      <h1>{contest ? `Edit ${contest.title}` : 'New Contest'}</h1>
      <label>
        Title
        <input name="title" value={values.title} onChange={(e) => set('title', e.target.value)} required />
      </label>
      <label>
        Description (Markdown)
        <textarea name="description" rows={6} value={values.description} onChange={(e) => set('description', e.target.value)} />
      </label>
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
        <label>
          Starts at
          <input name="startsAt" type="datetime-local" value={values.startsAt} onChange={(e) => set('startsAt', e.target.value)} required />
        </label>
        <label>
          Ends at
          <input name="endsAt" type="datetime-local" value={values.endsAt} onChange={(e) => set('endsAt', e.target.value)} required />
        </label>
        {text('durationMinutes', 'Minutes per participant (optional)')}
        {text('freezeMinutes', 'Freeze minutes before the end (optional)')}
        {text('penaltyMinutes', 'Penalty minutes per rejected try', defaultPenaltyHint(values.format))}
        <label className="checkbox">
          <input name="isPublic" type="checkbox" checked={values.isPublic} onChange={(e) => set('isPublic', e.target.checked)} /> Public
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
      {save.isError && (
        <p className="error" role="alert">
          {detailedErrorMessage(save.error, 'Failed to save the contest.')}
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
