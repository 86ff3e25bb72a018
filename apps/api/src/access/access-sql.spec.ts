import { adminUsersWhere, visibleProblemsWhere, visibleSubmissionsWhere } from './access-sql';

const user = { id: 'u-1', role: 'user' as const };
const admin = { id: 'a-1', role: 'admin' as const };

describe('access SQL', () => {
  it('puts no condition on what admins see', () => {
    expect(visibleProblemsWhere('p', admin)).toEqual({ sql: 'TRUE', params: {} });
    expect(visibleSubmissionsWhere('s', admin)).toEqual({ sql: 'TRUE', params: {} });
  });

  it('shows everyone else public problems only', () => {
    expect(visibleProblemsWhere('p', user)).toEqual({ sql: 'p.is_public', params: {} });
    expect(visibleProblemsWhere('x', undefined)).toEqual({ sql: 'x.is_public', params: {} });
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

  it('names the admins by their role', () => {
    expect(adminUsersWhere('u')).toEqual({ sql: 'u.role = :accessAdminRole', params: { accessAdminRole: 'admin' } });
  });
});
