import {
  canChangeVisibility,
  canDownloadPackage,
  canEditProblem,
  canReadTestReadingCode,
  canResubmit,
  canSeeProblem,
  canSeeProfile,
  canSeeSubmission,
  canSeeTestCases,
  canSetTestReadingCode,
  canViewSource,
  isAdmin,
  Viewer,
} from './access-policy';

const AUTHOR_ID = 'author';
const viewers: Record<string, Viewer> = {
  guest: undefined,
  user: { id: 'user', role: 'user' },
  author: { id: AUTHOR_ID, role: 'user' },
  admin: { id: 'admin', role: 'admin' },
};
type ViewerName = keyof typeof viewers;
const problems = {
  public: { isPublic: true, authorId: AUTHOR_ID },
  private: { isPublic: false, authorId: AUTHOR_ID },
};

describe('access policy', () => {
  it.each<[ViewerName, boolean]>([
    ['guest', false],
    ['user', false],
    ['author', false],
    ['admin', true],
  ])('%s: admin %s, and so may see test cases, set code that reads them and change visibility', (who, expected) => {
    expect(isAdmin(viewers[who])).toBe(expected);
    expect(canSeeTestCases(viewers[who])).toBe(expected);
    expect(canSetTestReadingCode(viewers[who])).toBe(expected);
    expect(canReadTestReadingCode(viewers[who])).toBe(expected);
    expect(canChangeVisibility(viewers[who])).toBe(expected);
  });

  // viewer, problem → [see, edit]. A private problem is for admins only, its author included (SPEC 6).
  it.each<[ViewerName, keyof typeof problems, boolean, boolean]>([
    ['guest', 'public', true, false],
    ['guest', 'private', false, false],
    ['user', 'public', true, false],
    ['user', 'private', false, false],
    ['author', 'public', true, true],
    ['author', 'private', false, false],
    ['admin', 'public', true, true],
    ['admin', 'private', true, true],
  ])('%s on a %s problem: sees %s, edits (and downloads its package) %s', (who, problem, sees, edits) => {
    expect(canSeeProblem(problems[problem], viewers[who])).toBe(sees);
    expect(canEditProblem(problems[problem], viewers[who])).toBe(edits);
    expect(canDownloadPackage(problems[problem], viewers[who])).toBe(edits);
  });

  // viewer, whose submission, problem → [source (and re-submit), row].
  it.each<[ViewerName, 'own' | "other's", keyof typeof problems, boolean, boolean]>([
    ['guest', "other's", 'public', false, true],
    ['guest', "other's", 'private', false, false],
    ['user', 'own', 'public', true, true],
    ['user', 'own', 'private', true, true],
    ['user', "other's", 'public', false, true],
    ['user', "other's", 'private', false, false],
    ['author', "other's", 'public', false, true],
    ['author', "other's", 'private', false, false],
    ['admin', 'own', 'private', true, true],
    ['admin', "other's", 'public', true, true],
    ['admin', "other's", 'private', true, true],
  ])('%s on an %s submission of a %s problem: source %s, row %s', (who, whose, problem, source, row) => {
    const viewer = viewers[who];
    const submission = { userId: whose === 'own' ? (viewer?.id ?? null) : 'someone-else' };
    expect(canViewSource(submission, viewer)).toBe(source);
    expect(canResubmit(submission, viewer)).toBe(source);
    expect(canSeeSubmission(submission, problems[problem], viewer)).toBe(row);
  });

  it('hides a submission whose problem is gone from all but its submitter and admins', () => {
    expect(canSeeSubmission({ userId: 'someone-else' }, null, viewers.user)).toBe(false);
    expect(canSeeSubmission({ userId: 'user' }, null, viewers.user)).toBe(true);
    expect(canSeeSubmission({ userId: 'someone-else' }, null, viewers.admin)).toBe(true);
  });

  it('never gives a guest the source of a submission without a user', () => {
    expect(canViewSource({ userId: null }, viewers.guest)).toBe(false);
  });

  // viewer, whose profile, profile visibility → sees.
  it.each<[ViewerName, 'own' | "other's", 'public' | 'private', boolean]>([
    ['guest', "other's", 'public', true],
    ['guest', "other's", 'private', false],
    ['user', "other's", 'public', true],
    ['user', "other's", 'private', false],
    ['user', 'own', 'private', true],
    ['admin', "other's", 'private', true],
  ])('%s on an %s %s profile: sees %s', (who, whose, visibility, sees) => {
    const owner = { id: whose === 'own' ? (viewers[who]?.id as string) : 'someone-else', profilePublic: visibility === 'public' };
    expect(canSeeProfile(owner, viewers[who])).toBe(sees);
  });
});
