import type { ProblemEntity } from '@oj/db';
import type { AuthUser } from '../auth/auth-user';

/**
 * Who may do what with a problem (SPEC 6), decided here and only here. The role is the caller's current one
 * (the auth guard reads it on every request), so a demoted admin keeps exactly an author's rights: editing
 * their own public problems. Private problems, test cases and visibility are for admins.
 * submission-queries.ts applies canSeeProblem in SQL.
 */
export function isAdmin(user: AuthUser | undefined): boolean {
  return user?.role === 'admin';
}

export function canSeeProblem(problem: ProblemEntity, user: AuthUser | undefined): boolean {
  return problem.isPublic || isAdmin(user);
}

export function canEditProblem(problem: ProblemEntity, user: AuthUser | undefined): boolean {
  return !!user && canSeeProblem(problem, user) && (isAdmin(user) || problem.authorId === user.id);
}

export function canSeeTestCases(user: AuthUser | undefined): boolean {
  return isAdmin(user);
}

export function canChangeVisibility(user: AuthUser | undefined): boolean {
  return isAdmin(user);
}
