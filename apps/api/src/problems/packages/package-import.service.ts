import { Injectable } from '@nestjs/common';
import { CPU_TIME_LIMIT, type ImportedTimeLimit, type MainSolutionValidation, type ProblemType } from '@oj/contracts';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';

import type { AuthUser } from '../../auth/auth-user';
import { ApiException } from '../../common/api-exception';
import { toErrorDetails } from '../../common/validation';
import { ProblemInputDto } from '../dto/problem-input.dto';
import { ProblemDto } from '../dto/problem-response.dto';
import { ProblemsService } from '../problems.service';
import { ArchiveRejectedError, readTestArchive } from '../zip/test-archive-reader';
import { ICPC_MARKERS, readIcpcPackage } from './icpc-package';
import { derivedTimeLimitSeconds } from './icpc-time-limit';
import { MainSolutionValidator } from './main-solution-validator';
import { clamp, ImportedProblem, PackageFiles, PackageReading } from './package-files';
import { readPackageTemplates } from './package-templates';
import { POLYGON_MARKER, readPolygonPackage } from './polygon-package';

export const NOT_A_PACKAGE_MESSAGE =
  'The archive is not a problem package: it has no problem.xml (Polygon), problem.yaml (ICPC) or domjudge-problem.ini (DOMjudge) at its root.';
/** Every imported problem may be solved in these until an admin chooses (C, C++, Java, Python 3). */
const IMPORTED_LANGUAGE_IDS = [50, 54, 62, 71];

export interface PackageImportResult {
  problem: ProblemDto;
  warnings: string[];
  /** The package's main solution run against the imported tests; null when the package has none. */
  mainSolution: MainSolutionValidation | null;
  /** The time limit stored, and the rule that set it. */
  timeLimit: ImportedTimeLimit;
}

/**
 * Imports a Polygon or ICPC problem package: the archive goes through the test import's ZIP reader (its limits and
 * bomb guards), the package is read into a problem save, checked by the same DTO as the form's, then saved by the
 * problem service (create, or update of `problemId`). Any refusal comes before anything is stored. Once stored, the
 * package's main solution is validated against the imported tests; whatever that says, the problem stays.
 */
@Injectable()
export class PackageImportService {
  constructor(
    private readonly problems: ProblemsService,
    private readonly mainSolutions: MainSolutionValidator,
  ) {}

  async import(
    buffer: Buffer | undefined,
    problemId: number | undefined,
    user: AuthUser,
    signal?: AbortSignal,
  ): Promise<PackageImportResult> {
    if (!buffer?.length) throw ApiException.badRequest('A ZIP file is required.', 'file');
    const reading = await this.read(buffer);
    const timeLimit = await this.timeLimit(reading, signal);
    const problem = await this.save(reading, problemId, user, signal);
    const mainSolution = reading.mainSolution ? await this.mainSolutions.validate(reading.mainSolution, reading.problem, signal) : null;
    return { problem, warnings: reading.warnings, mainSolution, timeLimit };
  }

  /**
   * The time limit the package states, or the one its format derives from the accepted submissions, judged on a worker
   * before anything is stored (the problem is then saved with it); without any that pass, the default, saying why.
   */
  private async timeLimit(reading: PackageReading, signal?: AbortSignal): Promise<ImportedTimeLimit> {
    const rule = reading.timeLimit;
    if (rule.rule !== 'derived') return { seconds: reading.problem.cpuTimeLimit, rule: rule.rule, detail: rule.detail };
    const timed = await this.mainSolutions.slowestAccepted(rule.submissions, reading.problem, signal);
    const skipped = timed.skipped.length ? ` Not counted: ${timed.skipped.join('; ')}.` : '';
    if (timed.slowestMs === undefined) {
      const detail = `No accepted submission could be timed, so the default ${CPU_TIME_LIMIT.default} s is used (${rule.detail}).${skipped}`;
      reading.warnings.push(`Time limit: ${detail}`);
      return { seconds: reading.problem.cpuTimeLimit, rule: 'default', detail };
    }
    const derived = derivedTimeLimitSeconds(timed.slowestMs, rule.multiplier, rule.resolutionSeconds);
    reading.problem.cpuTimeLimit = clamp(derived, CPU_TIME_LIMIT, 'Time limit (s)', reading.warnings);
    const detail = `${rule.detail}: ${timed.slowestPath} took ${Math.round(timed.slowestMs)} ms, so ${derived} s.${skipped}`;
    return { seconds: reading.problem.cpuTimeLimit, rule: 'derived', detail };
  }

  private async save(reading: PackageReading, problemId: number | undefined, user: AuthUser, signal?: AbortSignal): Promise<ProblemDto> {
    if (problemId === undefined) {
      const dto = await checked({
        ...reading.problem,
        type: problemType(reading),
        difficulty: reading.problem.difficulty ?? 'MEDIUM',
        judge0LanguageIds: IMPORTED_LANGUAGE_IDS,
        isPublic: false,
      });
      return this.problems.create(dto, user, signal);
    }
    const current = await this.problems.get(problemId, user, true);
    const dto = await checked({
      ...reading.problem,
      type: problemType(reading),
      difficulty: current.difficulty,
      judge0LanguageIds: current.judge0LanguageIds,
      isPublic: current.isPublic,
      tags: current.tags,
      algorithms: current.algorithms,
    });
    return this.problems.update(problemId, dto, user, signal);
  }

  private async read(buffer: Buffer): Promise<PackageReading> {
    try {
      const archive = await readTestArchive(buffer);
      const polygon = new PackageFiles(archive, [POLYGON_MARKER]);
      if (polygon.has(POLYGON_MARKER)) return withTemplates(readPolygonPackage(polygon), polygon);
      const icpc = new PackageFiles(archive, ICPC_MARKERS);
      if (ICPC_MARKERS.some((marker) => icpc.has(marker))) return withTemplates(readIcpcPackage(icpc), icpc);
      throw new ArchiveRejectedError(NOT_A_PACKAGE_MESSAGE);
    } catch (error) {
      if (error instanceof ArchiveRejectedError) throw ApiException.badRequest(error.message, 'file');
      throw error;
    }
  }
}

/** The package's templates on its problem, in either format; none leaves `templates` out (an update keeps the saved). */
function withTemplates(reading: PackageReading, files: PackageFiles): PackageReading {
  const templates = readPackageTemplates(files, reading.warnings);
  if (templates.length) reading.problem.templates = templates;
  return reading;
}

/** Said outright: an update keeps the problem's type when none is sent, and the package decides it. */
function problemType(reading: PackageReading): ProblemType {
  return reading.problem.interactor ? 'interactive' : 'standard';
}

/** The package's problem through the form's own rules: a field out of bounds is a 400 naming it, before any save. */
async function checked(fields: ImportedProblem & Partial<ProblemInputDto>): Promise<ProblemInputDto> {
  const dto = plainToInstance(ProblemInputDto, fields);
  const errors = await validate(dto, { whitelist: true, stopAtFirstError: true });
  if (errors.length) throw ApiException.validation(toErrorDetails(errors), 'The package holds a problem this judge cannot store.');
  return dto;
}
