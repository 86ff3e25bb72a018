import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ImportedTimeLimit, MainSolutionValidation, MAX_INT_ID, TIME_LIMIT_RULES, TimeLimitRule } from '@oj/contracts';
import { Type } from 'class-transformer';
import { IsInt, IsPositive, Max } from 'class-validator';

import { Omittable } from '../../common/omittable.validator';
import { ValidationResultDto } from '../../judge/dto/validate.dto';
import { ProblemDto } from './problem-response.dto';

export class PackageImportBodyDto {
  @ApiProperty({
    example: '(binary .zip archive)',
    type: 'string',
    format: 'binary',
    description: 'A Polygon package (problem.xml, with built tests) or an ICPC/Kattis package (problem.yaml)',
  })
  file: unknown;

  @ApiPropertyOptional({ example: 12, description: 'Update this problem instead of creating a private one' })
  @Omittable()
  @Max(MAX_INT_ID, { message: 'problemId must be the id of a problem.' })
  @IsPositive({ message: 'problemId must be the id of a problem.' })
  @IsInt({ message: 'problemId must be the id of a problem.' })
  @Type(() => Number)
  problemId?: number;
}

export class MainSolutionValidationDto implements MainSolutionValidation {
  @ApiProperty({ example: 'solutions/main.cpp', description: "The main solution's path in the package" })
  path: string;

  @ApiProperty({ example: 54, nullable: true, type: Number, description: 'The language it ran in; null for one this judge does not run' })
  languageId: number | null;

  @ApiProperty({
    type: ValidationResultDto,
    nullable: true,
    description: 'The validation against the imported tests (as POST /api/judge/validate answers); null when it did not run',
  })
  result: ValidationResultDto | null;

  @ApiProperty({
    example: 'The main solution failed 1 of 3 tests: 2.',
    nullable: true,
    type: String,
    description: 'Why it did not run (`Validation unavailable: …` with no worker), or which tests it failed; null when it passed all',
  })
  message: string | null;
}

export class ImportedTimeLimitDto implements ImportedTimeLimit {
  @ApiProperty({ example: 2, description: "The problem's CPU time limit as stored, in seconds" })
  seconds: number;

  @ApiProperty({
    enum: TIME_LIMIT_RULES,
    example: 'derived',
    description:
      "`package`: read from it (problem.yaml's limits.time_limit, Polygon's <time-limit>); `timelimit-file`: DOMjudge's " +
      ".timelimit (or domjudge-problem.ini); `derived`: the format's multiplier times the slowest accepted submission, " +
      'judged during the import, rounded up; `default`: none of these could be used',
  })
  rule: TimeLimitRule;

  @ApiProperty({
    example:
      'limits.time_multiplier 5 x the slowest accepted submission, rounded up to a multiple of 1 s: submissions/accepted/sum.cpp took 12 ms, so 1 s.',
    description: 'The rule in words: the file and key read, or the times and multiplier of the derivation',
  })
  detail: string;
}

export class PackageImportResultDto {
  @ApiProperty({ type: ProblemDto })
  problem: ProblemDto;

  @ApiProperty({
    example: ['Statement legend.tex: LaTeX left as it is: \\includegraphics.'],
    type: [String],
    description: 'What the import could not carry over, or changed',
  })
  warnings: string[];

  @ApiProperty({
    type: MainSolutionValidationDto,
    nullable: true,
    description:
      "The package's main solution (Polygon's tag `main`; of an ICPC package's submissions/accepted/, the first in a language " +
      'this judge runs, C++ first, then C, Java, Python 3: a Python 2 source is passed over) validated ' +
      'against the imported tests once the problem is stored; null when the package has none',
  })
  mainSolution: MainSolutionValidationDto | null;

  @ApiProperty({ type: ImportedTimeLimitDto, description: 'The time limit stored, and the rule that set it' })
  timeLimit: ImportedTimeLimitDto;
}
