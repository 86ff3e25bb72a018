import { DataSource, DataSourceOptions } from 'typeorm';

import {
  AnnouncementEntity,
  AppSecretEntity,
  ClarificationEntity,
  ClicsTokenEntity,
  ContestCellEntity,
  ContestEntity,
  ContestParticipationEntity,
  ContestProblemEntity,
  ContestRatingEntity,
  ProblemEntity,
  ProblemUpdateEntity,
  RatingChangeEntity,
  RefreshTokenEntity,
  SimilarityReportEntity,
  SubmissionEntity,
  TestCaseEntity,
  UserEntity,
  UserRatingEntity,
} from './entities';
import { InitialSchema1763884800000 } from './migrations/1763884800000-initial-schema';
import { AppSecrets1763971200000 } from './migrations/1763971200000-app-secrets';
import { Subtasks1764028800000 } from './migrations/1764028800000-subtasks';
import { ProblemCheckers1764057600000 } from './migrations/1764057600000-problem-checkers';
import { Rejudge1764201600000 } from './migrations/1764201600000-rejudge';
import { SubmissionProblemVisibility1764288000000 } from './migrations/1764288000000-submission-problem-visibility';
import { VisibilityRace1764374400000 } from './migrations/1764374400000-visibility-race';
import { Contests1764460800000 } from './migrations/1764460800000-contests';
import { TokenVersion1764464400000 } from './migrations/1764464400000-token-version';
import { FrozenResults1764550800000 } from './migrations/1764550800000-frozen-results';
import { ScoreboardReadIndexes1764640800000 } from './migrations/1764640800000-scoreboard-read-indexes';
import { FailedTest1764727200000 } from './migrations/1764727200000-failed-test';
import { UserPreferences1764813600000 } from './migrations/1764813600000-user-preferences';
import { ProblemInteractors1764817200000 } from './migrations/1764817200000-problem-interactors';
import { ClicsTokens1764900000000 } from './migrations/1764900000000-clics-tokens';
import { FirstSolverIndexes1764986400000 } from './migrations/1764986400000-first-solver-indexes';
import { ContestRowsAutovacuum1764990000000 } from './migrations/1764990000000-contest-rows-autovacuum';
import { ValidatorProtocols1795000004317 } from './migrations/1795000004317-validator-protocols';
import { EditorTabWidthKeymap1795004170000 } from './migrations/1795004170000-editor-tab-width-keymap';
import { ProblemSolverCount1795004390000 } from './migrations/1795004390000-problem-solver-count';
import { ContestPointsUnits1795004528031 } from './migrations/1795004528031-contest-points-units';
import { ProblemOutputLimit1795431977000 } from './migrations/1795431977000-problem-output-limit';
import { ContestFreezeRule1796040000000 } from './migrations/1796040000000-contest-freeze-rule';
import { Ratings1796060000000 } from './migrations/1796060000000-ratings';
import { SimilarityReports1796070000000 } from './migrations/1796070000000-similarity-reports';
import { ProblemTestsVersion1796080000000 } from './migrations/1796080000000-problem-tests-version';
import { ContestCellSeconds1796090000000 } from './migrations/1796090000000-contest-cell-seconds';

export const ENTITIES = [
  UserEntity,
  RefreshTokenEntity,
  ProblemEntity,
  TestCaseEntity,
  SubmissionEntity,
  AnnouncementEntity,
  ProblemUpdateEntity,
  AppSecretEntity,
  ContestEntity,
  ContestProblemEntity,
  ContestParticipationEntity,
  ContestCellEntity,
  ClarificationEntity,
  ClicsTokenEntity,
  ContestRatingEntity,
  RatingChangeEntity,
  SimilarityReportEntity,
  UserRatingEntity,
];

/** Listed explicitly (not globbed) so the same list works from sources under Jest and from dist. */
export const MIGRATIONS = [
  InitialSchema1763884800000,
  AppSecrets1763971200000,
  Subtasks1764028800000,
  ProblemCheckers1764057600000,
  Rejudge1764201600000,
  SubmissionProblemVisibility1764288000000,
  VisibilityRace1764374400000,
  Contests1764460800000,
  TokenVersion1764464400000,
  FrozenResults1764550800000,
  ScoreboardReadIndexes1764640800000,
  FailedTest1764727200000,
  UserPreferences1764813600000,
  ProblemInteractors1764817200000,
  ClicsTokens1764900000000,
  FirstSolverIndexes1764986400000,
  ContestRowsAutovacuum1764990000000,
  ValidatorProtocols1795000004317,
  EditorTabWidthKeymap1795004170000,
  ProblemSolverCount1795004390000,
  ContestPointsUnits1795004528031,
  ProblemOutputLimit1795431977000,
  ContestFreezeRule1796040000000,
  Ratings1796060000000,
  SimilarityReports1796070000000,
  ProblemTestsVersion1796080000000,
  ContestCellSeconds1796090000000,
];

export function dataSourceOptions(databaseUrl: string): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    extra: { max: 20 },
  };
}

export function createDataSource(databaseUrl: string): DataSource {
  return new DataSource(dataSourceOptions(databaseUrl));
}
