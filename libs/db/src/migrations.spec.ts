import { createDataSource, dropDatabase, migrate } from './index';
import { freshDatabaseUrl } from './testing/fresh-database-url';

describe('migrations', () => {
  const url = freshDatabaseUrl();

  afterAll(() => dropDatabase(url));

  it('create the database, apply every migration once, and match the entities', async () => {
    expect(await migrate(url)).toEqual([
      'InitialSchema1763884800000',
      'AppSecrets1763971200000',
      'Subtasks1764028800000',
      'ProblemCheckers1764057600000',
      'Rejudge1764201600000',
      'SubmissionProblemVisibility1764288000000',
      'VisibilityRace1764374400000',
      'Contests1764460800000',
      'TokenVersion1764464400000',
      'FrozenResults1764550800000',
      'ScoreboardReadIndexes1764640800000',
      'FailedTest1764727200000',
      'UserPreferences1764813600000',
      'ProblemInteractors1764817200000',
      'ClicsTokens1764900000000',
      'FirstSolverIndexes1764986400000',
      'ContestRowsAutovacuum1764990000000',
      'ValidatorProtocols1795000004317',
      'EditorTabWidthKeymap1795004170000',
      'ProblemSolverCount1795004390000',
      'ContestPointsUnits1795004528031',
      'ProblemOutputLimit1795431977000',
      'ContestFreezeRule1796040000000',
      'Ratings1796060000000',
      'SimilarityReports1796070000000',
      'ProblemTestsVersion1796080000000',
      'ContestCellSeconds1796090000000',
    ]);
    expect(await migrate(url)).toEqual([]);
    const ds = createDataSource(url);
    await ds.initialize();
    try {
      // A column the entities declare but no migration creates (or the reverse) shows up as a pending
      // change. Indexes, foreign keys and checks live only in migrations, so their drops are ignored.
      const pending = await ds.driver.createSchemaBuilder().log();
      const columnChanges = pending.upQueries.map((q) => q.query).filter((q) => !/^(DROP INDEX|ALTER TABLE "\w+" DROP CONSTRAINT)/.test(q));
      expect(columnChanges).toEqual([]);
      // Board rows are vacuumed often enough that a page's index-only walk stays one (ContestRowsAutovacuum).
      const [{ reloptions }] = await ds.query(`SELECT reloptions FROM pg_class WHERE relname = 'contest_participations'`);
      expect(reloptions).toEqual(expect.arrayContaining(['autovacuum_vacuum_scale_factor=0', 'autovacuum_vacuum_threshold=100']));
    } finally {
      await ds.destroy();
    }
  });
});
