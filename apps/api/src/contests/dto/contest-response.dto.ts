import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CellSubtask,
  CONTEST_FORMATS,
  CONTEST_PHASES,
  ContestCell,
  ContestFormat,
  ContestPhase,
  PARTICIPATION_KINDS,
  ParticipationKind,
  ScoreboardRow,
} from '@oj/contracts';

import { PageFieldsDto } from '../../common/page-fields.dto';

export class ContestProblemDto {
  @ApiProperty({ example: 'A' })
  label: string;

  @ApiProperty({
    example: 1,
    nullable: true,
    type: Number,
    description: 'Null, like the title, while the viewer may not read the problem: its id would lead to it elsewhere',
  })
  problemId: number | null;

  @ApiProperty({ example: 'A + B', description: 'Shown once the viewer may read the problem' })
  title: string;

  @ApiProperty({ example: 1, description: "What the problem is worth in the contest, in contest points: a cell's full score" })
  points: number;
}

export class ParticipationDto {
  @ApiProperty({ enum: PARTICIPATION_KINDS, example: 'official' })
  kind: ParticipationKind;

  @ApiProperty({ example: '2025-06-01T08:30:00.000Z', format: 'date-time' })
  registeredAt: string;

  @ApiProperty({ example: '2025-06-01T09:00:00.000Z', format: 'date-time', nullable: true, type: String })
  startedAt: string | null;

  @ApiProperty({ example: '2025-06-01T12:00:00.000Z', format: 'date-time', nullable: true, type: String })
  endsAt: string | null;
}

export class ContestDto {
  @ApiProperty({ example: 1 })
  contestId: number;

  @ApiProperty({ example: 'Spring Round 1' })
  title: string;

  @ApiProperty({ example: 'Five problems, three hours.' })
  description: string;

  @ApiProperty({ enum: CONTEST_FORMATS, example: 'icpc' })
  format: ContestFormat;

  @ApiProperty({ enum: CONTEST_PHASES, example: 'running' })
  phase: ContestPhase;

  @ApiProperty({ example: '2025-06-01T09:00:00.000Z', format: 'date-time' })
  startsAt: string;

  @ApiProperty({ example: '2025-06-01T12:00:00.000Z', format: 'date-time' })
  endsAt: string;

  @ApiProperty({ example: null, nullable: true, type: Number })
  durationMinutes: number | null;

  @ApiProperty({ example: 60, nullable: true, type: Number })
  freezeMinutes: number | null;

  @ApiProperty({ example: 20 })
  penaltyMinutes: number;

  @ApiProperty({ example: true })
  isPublic: boolean;

  @ApiProperty({ example: false, description: "Rated: its official participants' ratings are computed once its results are final" })
  rated: boolean;

  @ApiProperty({ example: true, description: 'Registration asks for an access code' })
  needsAccessCode: boolean;

  @ApiProperty({
    example: false,
    description: 'A private contest without an access code: users cannot register themselves, admins add its participants',
  })
  inviteOnly: boolean;

  @ApiPropertyOptional({ example: 'spring-2025', nullable: true, type: String, description: 'Admins only; null: none' })
  accessCode?: string | null;

  @ApiProperty({ example: false, description: 'The board is frozen for this viewer now' })
  frozen: boolean;

  @ApiProperty({ example: 42, description: 'Users registered for the contest (virtual runs not counted)' })
  participantCount: number;

  @ApiProperty({ type: [ContestProblemDto], description: 'Titles are left out for whoever may not read the problems yet' })
  problems: ContestProblemDto[];

  @ApiProperty({ type: ParticipationDto, nullable: true, description: "The caller's participation, if any" })
  participation: ParticipationDto | null;

  @ApiProperty({
    example: '2025-06-01T10:15:30.123Z',
    format: 'date-time',
    description:
      "The server's clock when it made this answer, to the millisecond: pages count down and change phase on it, " +
      "not on the browser's clock, which may be off",
  })
  serverTime: string;
}

/** A user an admin registered (POST /api/contests/{contestId}/participants). */
export class ContestParticipantDto {
  @ApiProperty({ example: 'alice' })
  username: string;

  @ApiProperty({ example: '2025-06-01T08:30:00.000Z', format: 'date-time', description: 'When they were first registered' })
  registeredAt: string;
}

export class ContestListDto extends PageFieldsDto {
  @ApiProperty({ type: [ContestDto] })
  items: ContestDto[];
}

export class ScoreboardCellSubtaskDto implements CellSubtask {
  @ApiProperty({ example: 0, description: "The subtask's index in the problem, from 0" })
  index: number;

  @ApiPropertyOptional({ example: 'n ≤ 1000' })
  name?: string;

  @ApiProperty({ example: 20, description: 'Its best across the participant’s results, in contest points' })
  earnedContestPoints: number;

  @ApiProperty({ example: 30, description: 'What it is worth, in contest points' })
  contestPoints: number;
}

export class ScoreboardCellDto implements ContestCell {
  @ApiProperty({ example: 1, description: 'Rejected tries counted by the rules' })
  attempts: number;

  @ApiProperty({
    example: true,
    description: 'ICPC, AtCoder: accepted. IOI, OI: at full points (every test, or every subtask across results for IOI)',
  })
  solved: boolean;

  @ApiProperty({
    example: 1,
    description:
      "In contest points: the problem's points in the contest × the raw points earned / the grading's raw total. " +
      'ICPC, AtCoder: the whole points once accepted; IOI: the best of each subtask across results; OI: the last result',
  })
  score: number;

  @ApiProperty({ example: 34, nullable: true, type: Number })
  minute: number | null;

  @ApiProperty({
    example: 2054,
    nullable: true,
    type: Number,
    description:
      "The same moment as `minute`, in whole seconds from the contest's start (a virtual run's: its own start); " +
      'AtCoder shows it as mm:ss (h:mm:ss past an hour)',
  })
  elapsedSeconds: number | null;

  @ApiProperty({ example: 0, description: 'Tries hidden by the freeze' })
  pending: number;

  @ApiPropertyOptional({
    type: [ScoreboardCellSubtaskDto],
    description: 'IOI, a problem with subtasks: each subtask’s best across results, in contest points (tests in no subtask not listed)',
  })
  subtasks?: ScoreboardCellSubtaskDto[];
}

export class ScoreboardRowDto implements ScoreboardRow {
  @ApiProperty({ example: 1 })
  rank: number;

  @ApiProperty({ example: 'alice', nullable: true, type: String })
  username: string | null;

  @ApiProperty({
    example: false,
    description:
      "A virtual run's row, counted from its own start: on the board with virtual participants (`virtual=true`) and on " +
      "the run's own board; never in the official ranks",
  })
  virtual: boolean;

  @ApiProperty({ example: 3 })
  solved: number;

  @ApiProperty({ example: 3, description: "The sum of the row's cell scores, in contest points" })
  score: number;

  @ApiProperty({ example: 154, description: 'ICPC: penalty minutes; AtCoder: its time in minutes; IOI, OI: 0' })
  penalty: number;

  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/ScoreboardCellDto' },
    example: { A: { attempts: 1, solved: true, score: 1, minute: 34, elapsedSeconds: 2054, pending: 0 } },
  })
  cells: Record<string, ScoreboardCellDto>;
}

export class FirstSolverDto {
  @ApiProperty({ example: 'alice', nullable: true, type: String })
  username: string | null;

  @ApiProperty({ example: 12 })
  minute: number;
}

export class ProblemTotalDto {
  @ApiProperty({ example: 12, description: 'Rows that solved the problem' })
  solved: number;

  @ApiProperty({ example: 30, description: 'Rows that tried it: a solve, a rejected try, or a try pending behind the freeze' })
  tried: number;
}

export class ScoreboardDto extends PageFieldsDto {
  @ApiProperty({ enum: CONTEST_FORMATS, example: 'icpc' })
  format: ContestFormat;

  @ApiProperty({ example: ['A', 'B', 'C'] })
  labels: string[];

  @ApiProperty({ example: true, description: 'Frozen cells show as pending for this viewer' })
  frozen: boolean;

  @ApiProperty({ type: [ScoreboardRowDto] })
  items: ScoreboardRowDto[];

  @ApiProperty({ type: ScoreboardRowDto, nullable: true, description: "The caller's own row, wherever it ranks" })
  mine: ScoreboardRowDto | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/FirstSolverDto' },
    example: { A: { username: 'alice', minute: 12 } },
  })
  firstSolvers: Record<string, FirstSolverDto>;

  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/ProblemTotalDto' },
    example: { A: { solved: 12, tried: 30 } },
    description:
      "Per problem, over the whole board (every row, not the page or the search's): the board's solved / tried row. " +
      'Counted as the rows are shown: during a freeze, from the frozen figures for whoever sees the frozen board',
  })
  problemTotals: Record<string, ProblemTotalDto>;

  @ApiProperty({
    example: null,
    nullable: true,
    type: Number,
    description:
      "The caller's virtual run: the elapsed minute the board shows, the real rows as they stood then and the caller's " +
      'virtual row ranked among them; null: the official board',
  })
  virtualMinute: number | null;

  @ApiProperty({ example: 120, description: 'Rows on the board, or that the search (`user`) found' })
  declare total: number;
}
