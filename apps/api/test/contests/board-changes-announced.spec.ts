import { join } from 'path';
import type * as ts from 'typescript';

import { API_ROOT, apiProgram, type BoardWriter, boardWriters, sourceFiles } from './board-writers';

jest.setTimeout(180_000);

/**
 * The writes that change a board and announce nothing, each with why no instance can be serving the board it
 * changed. Every other writer must call BoardChanges.changed (or .registered) once its write is committed.
 */
const SILENT_WRITERS: Record<string, string> = {
  'contests/contests.service.ts#ContestsService.create': 'A new contest: no instance has read a board of its id yet.',
  'contests/contests.service.ts#ContestsService.start':
    'A participant’s own start: no cell or total changes, as their results, which count from it, are still to come.',
  'submissions/submission-queries.ts#SubmissionQueries.countIfHidden':
    'The `created` event with `frozen` that SubmissionsService.enqueue publishes next reaches every instance, whose ' +
    'ScoreboardStreamService takes it as a change of the row (and a lost one is mended by the row cache’s versions).',
  'submissions/submission-queries.ts#SubmissionQueries.finish':
    'Only a judge failure (the queue unavailable) is written here, and a failure is not a try (contracts rules.ts ' +
    'NOT_A_TRY): the re-fold leaves every cell and total as it was.',
};

/** A feature that changes a board and forgets to say so, beside one that says so, to prove the scan finds it. */
const PROBE_FILE = join(API_ROOT, 'src/contests/scoreboard/forgetful-writer.probe.ts');
const PROBE = `
import { ContestCellEntity, ContestEntity, UserEntity } from '@oj/db';
import { DataSource, Repository } from 'typeorm';

import { BoardChanges } from './board-changes';

const RESET_SQL = 'UPDATE contest_participations SET solved = 0 WHERE contest_id = $1';

export class ForgetfulWriter {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cells: Repository<ContestCellEntity>,
    private readonly boards: BoardChanges,
  ) {}

  async rename(contestId: number): Promise<void> {
    await this.dataSource.transaction((manager) => manager.update(ContestEntity, { contestId }, { title: 'x' }));
  }

  async reset(contestId: number): Promise<void> {
    await this.dataSource.query(RESET_SQL, [contestId]);
  }

  async purge(id: string): Promise<void> {
    await this.dataSource.getRepository(UserEntity).delete({ id });
  }

  async clearCells(contestId: number): Promise<void> {
    await this.dropCells(contestId);
    await this.boards.changed(contestId, 'edited');
  }

  async moveUser(id: string): Promise<void> {
    await this.dataSource.getRepository(UserEntity).update({ id }, { email: 'x@example.com' });
  }

  private async dropCells(contestId: number): Promise<void> {
    await this.cells.createQueryBuilder().delete().where('contest_id = :contestId', { contestId }).execute();
  }
}
`;

/**
 * Every API instance caches boards (BoardCache, RankingCache) and drops a contest's only when told: a worker's result
 * by its `finished` event, any other write by BoardChanges. This reads the API's source with the TypeScript compiler
 * and finds every method that writes a board's tables (contests, their problems, participations and cells, or
 * deletes a user or problem, which cascades into them), however it writes; each must announce the change, or be
 * named above with the reason it need not. A new writer that forgets fails here.
 */
describe('every write that changes a board announces it', () => {
  let writers: BoardWriter[];
  let probe: BoardWriter[];

  beforeAll(() => {
    const files = sourceFiles(join(API_ROOT, 'src'));
    const program: ts.Program = apiProgram(files, { [PROBE_FILE]: PROBE });
    writers = boardWriters(program, files);
    probe = boardWriters(program, [PROBE_FILE]);
  });

  it('finds a forgotten announcement however the write is made, and only then', () => {
    const silent = probe.filter((w) => !w.announces).map((w) => w.key.split('#')[1]);
    expect(silent).toEqual(['ForgetfulWriter.rename', 'ForgetfulWriter.reset', 'ForgetfulWriter.purge']);
    // Through a private helper, announced by its caller; a user's e-mail is not on the board (moveUser).
    expect(probe.find((w) => w.key.endsWith('.clearCells'))).toMatchObject({ announces: true, writes: ['ContestCellEntity delete'] });
  });

  it('finds the writers it knows of', () => {
    const keys = writers.map((w) => w.key);
    for (const known of [
      'contests/contests.service.ts#ContestsService.update',
      'contests/contests.service.ts#ContestsService.unfreeze',
      'contests/contests.service.ts#ContestsService.register',
      'problems/problems.service.ts#ProblemsService.remove',
      'admin-users/admin-users.service.ts#AdminUsersService.remove',
    ])
      expect(keys).toContain(known);
  });

  it('has every other board write call BoardChanges', () => {
    const silent = writers.filter((w) => !w.announces && !(w.key in SILENT_WRITERS));
    expect(silent).toEqual([]);
  });

  it('names no silent writer that no longer writes a board, or now announces', () => {
    const silent = new Set(writers.filter((w) => !w.announces).map((w) => w.key));
    expect(Object.keys(SILENT_WRITERS).filter((key) => !silent.has(key))).toEqual([]);
  });
});
