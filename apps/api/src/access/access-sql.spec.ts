import {
  adminUsersWhere,
  editableProblemsWhere,
  hiddenResultsWhere,
  shownStatusSql,
  visibleClarificationsWhere,
  visibleContestsWhere,
  visibleProblemsWhere,
  visibleSubmissionsWhere,
} from './access-sql';

const user = { id: 'u-1', role: 'user' as const };
const admin = { id: 'a-1', role: 'admin' as const };

describe('access SQL', () => {
  it('puts no condition on what admins see', () => {
    expect(visibleProblemsWhere('p', admin)).toEqual({ sql: 'TRUE', params: {} });
    expect(visibleSubmissionsWhere('s', admin)).toEqual({ sql: 'TRUE', params: {} });
  });

  it('lets admins edit every problem, an author their own public ones, a guest none (canEditProblem)', () => {
    expect(editableProblemsWhere('p', admin)).toEqual({ sql: 'TRUE', params: {} });
    expect(editableProblemsWhere('p', user)).toEqual({
      sql: '(p.is_public AND p.author_id = :accessViewerId)',
      params: { accessViewerId: 'u-1' },
    });
    expect(editableProblemsWhere('p', undefined)).toEqual({ sql: 'FALSE', params: {} });
  });

  it('shows everyone else public problems only', () => {
    expect(visibleProblemsWhere('p', user)).toEqual({ sql: 'p.is_public', params: {} });
    expect(visibleProblemsWhere('x', undefined)).toEqual({ sql: 'x.is_public', params: {} });
  });

  it('lets admins edit every problem, guests none, anyone else the ones they see and wrote', () => {
    expect(editableProblemsWhere('p', admin)).toEqual({ sql: 'TRUE', params: {} });
    expect(editableProblemsWhere('p', undefined)).toEqual({ sql: 'FALSE', params: {} });
    expect(editableProblemsWhere('x', user)).toEqual({
      sql: '(x.is_public AND x.author_id = :accessViewerId)',
      params: { accessViewerId: 'u-1' },
    });
  });

  it('shows a guest the submissions of public problems, through the row’s copy of its visibility, on the given alias', () => {
    expect(visibleSubmissionsWhere('s', undefined)).toEqual({ sql: 's.problem_public', params: {} });
  });

  it('shows a user the submissions of public problems and their own', () => {
    expect(visibleSubmissionsWhere('s', user)).toEqual({
      sql: '(s.problem_public OR s.user_id = :accessViewerId)',
      params: { accessViewerId: 'u-1' },
    });
  });

  it('lists public contests to everyone, private ones to their participants and admins', () => {
    expect(visibleContestsWhere('c', admin)).toEqual({ sql: 'TRUE', params: {} });
    expect(visibleContestsWhere('c', undefined)).toEqual({ sql: 'c.is_public', params: {} });
    const mine = visibleContestsWhere('c', user);
    expect(mine.sql).toMatch(
      /^\(c\.is_public OR EXISTS \(SELECT 1 FROM contest_participations .* = c\.contest_id .*= :accessViewerId\)\)$/,
    );
    expect(mine.params).toEqual({ accessViewerId: 'u-1' });
  });

  it('shows clarifications as canSeeClarification does: participants the public ones while the contest is on', () => {
    const contest = { isPublic: true, endsAt: new Date('2026-01-01T13:00:00Z') };
    const [during, after] = [new Date('2026-01-01T11:00:00Z'), new Date('2026-01-01T13:00:00Z')];
    expect(visibleClarificationsWhere('c', admin, contest, during)).toEqual({ sql: 'TRUE', params: {} });
    expect(visibleClarificationsWhere('c', undefined, contest, during)).toEqual({ sql: 'FALSE', params: {} });
    expect(visibleClarificationsWhere('c', undefined, contest, after)).toEqual({
      sql: '(c.is_public AND c.answer IS NOT NULL)',
      params: {},
    });
    const running = visibleClarificationsWhere('c', user, contest, during);
    expect(running.sql).toMatch(
      /^\(c\.user_id = :accessViewerId OR \(\(c\.is_public AND c\.answer IS NOT NULL\) AND EXISTS \(SELECT 1 FROM contest_participations .* = c\.contest_id .*= :accessViewerId\)\)\)$/,
    );
    expect(running.params).toEqual({ accessViewerId: 'u-1' });
    expect(visibleClarificationsWhere('c', user, contest, after)).toEqual({
      sql: '(c.user_id = :accessViewerId OR (c.is_public AND c.answer IS NOT NULL))',
      params: { accessViewerId: 'u-1' },
    });
    // A private contest's stay with its participants after the end too.
    expect(visibleClarificationsWhere('c', undefined, { ...contest, isPublic: false }, after)).toEqual({ sql: 'FALSE', params: {} });
  });

  it('hides frozen results from all but their submitter and admins, and shows them as queued', () => {
    expect(hiddenResultsWhere('s', admin)).toEqual({ sql: 'FALSE', params: {} });
    expect(hiddenResultsWhere('s', undefined)).toEqual({ sql: 's.frozen', params: {} });
    expect(hiddenResultsWhere('s', user)).toEqual({
      sql: '(s.frozen AND s.user_id IS DISTINCT FROM :accessViewerId)',
      params: { accessViewerId: 'u-1' },
    });
    expect(shownStatusSql('s', admin)).toEqual({ sql: 's.status', params: {} });
    expect(shownStatusSql('x', undefined)).toEqual({ sql: "(CASE WHEN x.frozen THEN 'queued' ELSE x.status END)", params: {} });
  });

  it('names the admins by their role', () => {
    expect(adminUsersWhere('u')).toEqual({ sql: 'u.role = :accessAdminRole', params: { accessAdminRole: 'admin' } });
  });
});
