import '../profile.css';

import { useState } from 'react';

import { ApiError } from '../../../api/client';
import { currentUtcYear, YearSelect } from '../../../components/YearSelect';
import { Heatmap } from '../../dashboard/components/Heatmap';
import { ProfileRating } from '../../ratings/components/ProfileRating';
import { useUserProfile } from '../hooks/useUserProfile';
import { LanguagesUsed } from './LanguagesUsed';
import { RecentAccepted } from './RecentAccepted';
import { SolvedAndAttempted } from './SolvedAndAttempted';

/** SPEC 8's texts for a profile that cannot be shown. */
function failureText(error: unknown): string {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 403) return 'This profile is private.';
  if (status === 404) return 'User not found.';
  return 'Failed to load user dashboard.';
}

/**
 * /u/{username}: who they are, how many problems they solved, a year's activity, their latest accepted submissions,
 * the languages they use, and SPEC's Solved and Attempted lists. The API counts only what the viewer may see.
 */
export function UserProfile({ username }: { username: string }) {
  const [year, setYear] = useState(currentUtcYear);
  const view = useUserProfile(username, year);
  if (view.isPending) return <p className="muted">Loading…</p>;
  if (view.isError) return <p className="error">{failureText(view.error)}</p>;
  const { user, solved, attempted, heatmap, recentAccepted, languages } = view.data;
  const yearTotals = heatmap.reduce((sum, day) => ({ submitted: sum.submitted + day.submitCount, accepted: sum.accepted + day.acCount }), {
    submitted: 0,
    accepted: 0,
  });
  const stats: [number, string][] = [
    [solved.length, 'Problems solved'],
    [attempted.length, 'Tried, not solved'],
    [yearTotals.submitted, `Submissions in ${view.data.year}`],
    [yearTotals.accepted, `Accepted in ${view.data.year}`],
  ];
  return (
    <section className="profile">
      <div className="profile-head">
        <h1>{user.profile.displayName || user.username}</h1>
        {user.profile.displayName && <span className="muted">{user.username}</span>}
      </div>
      {user.profile.bio && <p>{user.profile.bio}</p>}
      <ProfileRating username={user.username} />
      <div className="cards">
        {stats.map(([value, label]) => (
          <div className="stat" key={label}>
            <span className="stat-value">{value}</span>
            <span className="stat-label">{label}</span>
          </div>
        ))}
      </div>
      <div className="section-head">
        <h2>Activity</h2>
        <YearSelect value={year} onChange={setYear} />
      </div>
      <Heatmap year={view.data.year} items={heatmap} />
      <div className="two-columns">
        <RecentAccepted items={recentAccepted} />
        <LanguagesUsed items={languages} />
      </div>
      <SolvedAndAttempted solved={solved} attempted={attempted} />
    </section>
  );
}
