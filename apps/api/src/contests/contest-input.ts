import { DEFAULT_PENALTY_MINUTES, DEFAULT_PROBLEM_POINTS, defaultContestLabel } from '@oj/contracts';
import type { ContestEntity, ContestProblemEntity } from '@oj/db';

import { ApiException, ErrorDetail } from '../common/api-exception';
import type { ContestInputDto } from './dto/contest-input.dto';

export type ContestFields = Pick<
  ContestEntity,
  | 'title'
  | 'description'
  | 'format'
  | 'startsAt'
  | 'endsAt'
  | 'durationMinutes'
  | 'freezeMinutes'
  | 'penaltyMinutes'
  | 'isPublic'
  | 'accessCode'
  | 'rated'
>;
export type ContestProblemFields = Pick<ContestProblemEntity, 'problemId' | 'label' | 'points' | 'position'>;

/**
 * A contest's columns and problems from a validated body, with each format's defaults (labels A, B, C…, points,
 * penalty); the rules that span fields are checked here, all at once, as a 400 VALIDATION_ERROR with details.
 */
export function contestFromInput(dto: ContestInputDto): { contest: ContestFields; problems: ContestProblemFields[] } {
  const details: ErrorDetail[] = [];
  const startsAt = new Date(dto.startsAt);
  const endsAt = new Date(dto.endsAt);
  const lengthMinutes = (endsAt.getTime() - startsAt.getTime()) / 60_000;
  if (!(lengthMinutes > 0)) details.push({ path: 'endsAt', message: 'endsAt must be after startsAt.' });
  if (dto.durationMinutes !== undefined && dto.durationMinutes > lengthMinutes)
    details.push({ path: 'durationMinutes', message: 'durationMinutes must fit between startsAt and endsAt.' });
  if (dto.freezeMinutes !== undefined && dto.freezeMinutes >= lengthMinutes)
    details.push({ path: 'freezeMinutes', message: 'freezeMinutes must be shorter than the contest.' });

  const defaultPoints = DEFAULT_PROBLEM_POINTS[dto.format];
  const problems = dto.problems.map((p, position) => {
    if (p.points === undefined && defaultPoints === null)
      details.push({ path: `problems.${position}.points`, message: `points are required for ${dto.format} contests.` });
    return { problemId: p.problemId, label: p.label ?? defaultContestLabel(position), points: p.points ?? defaultPoints ?? 0, position };
  });
  const seenLabels = new Set<string>();
  const seenProblems = new Set<number>();
  problems.forEach((p, i) => {
    if (seenLabels.has(p.label)) details.push({ path: `problems.${i}.label`, message: `Label ${p.label} is used twice.` });
    if (seenProblems.has(p.problemId))
      details.push({ path: `problems.${i}.problemId`, message: `Problem ${p.problemId} is listed twice.` });
    seenLabels.add(p.label);
    seenProblems.add(p.problemId);
  });
  if (details.length) throw ApiException.validation(details);

  return {
    contest: {
      title: dto.title.trim(),
      description: dto.description,
      format: dto.format,
      startsAt,
      endsAt,
      durationMinutes: dto.durationMinutes ?? null,
      freezeMinutes: dto.freezeMinutes ?? null,
      penaltyMinutes: dto.penaltyMinutes ?? DEFAULT_PENALTY_MINUTES[dto.format],
      isPublic: dto.isPublic,
      accessCode: dto.accessCode ?? null,
      rated: dto.rated,
    },
    problems,
  };
}
