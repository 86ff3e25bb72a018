import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import {
  CPU_TIME_LIMIT,
  DIFFICULTIES,
  Difficulty,
  MAX_ALGORITHMS,
  MAX_INT_ID,
  MAX_PROBLEM_LANGUAGES,
  MAX_SAMPLES,
  MAX_STATEMENT_BYTES,
  MAX_SUBTASK_NAME_LENGTH,
  MAX_SUBTASKS,
  MAX_TAGS,
  MAX_TEST_CASES,
  MAX_TITLE_LENGTH,
  MEMORY_LIMIT_MB,
  OUTPUT_LIMIT_MB,
  PROBLEM_TYPES,
  ProblemType,
  SUBTASK_POINTS,
  SUBTASK_SCORINGS,
  SubtaskScoring,
  TEST_CASE_POINTS,
} from '@oj/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsPositive,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

import { MaxUtf8Bytes } from '../../common/max-utf8-bytes.validator';
import { Omittable } from '../../common/omittable.validator';
import { CheckerInputDto } from './checker.dto';
import { InteractorInputDto } from './interactor.dto';
import { OutputLimitMb } from './output-limit.dto';
import { normalizeLabels, normalizePoints, trimmed } from './problem-normalizers';
import { LanguageTemplateDto, TemplateList } from './template.dto';
import { IsTestDataText } from './test-data-text.validator';

export class SampleInputDto {
  @ApiProperty({ example: '1 2\n' })
  @IsTestDataText()
  @IsString({ message: 'Sample input is required.' })
  input: string;

  @ApiProperty({ example: '3\n' })
  @IsTestDataText()
  @IsString({ message: 'Sample output is required.' })
  output: string;

  @ApiPropertyOptional({ example: '1 + 2 = 3.', description: 'Omitted when blank or null' })
  @Omittable()
  @Transform(({ value }) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value))
  @IsString({ message: 'Explanation must be text.' })
  explanation?: string;
}

export class TestCaseInputDto {
  @ApiProperty({ example: '1 2\n', description: 'May be empty (a test without input, as the ICPC format allows)' })
  @IsTestDataText()
  @IsString({ message: 'Test case input is required.' })
  input: string;

  @ApiProperty({ example: '3\n', description: 'May be empty (an interactive or "print nothing" test)' })
  @IsTestDataText()
  @IsString({ message: 'Test case output is required.' })
  output: string;

  @ApiPropertyOptional({ example: 1, minimum: TEST_CASE_POINTS.min, maximum: TEST_CASE_POINTS.max, default: TEST_CASE_POINTS.default })
  @Transform(({ value }) => normalizePoints(value))
  @IsInt()
  points: number = TEST_CASE_POINTS.default;

  @ApiPropertyOptional({
    example: 0,
    minimum: 0,
    maximum: MAX_SUBTASKS - 1,
    description: "Index into the problem's subtasks; leave it out for a test in none",
  })
  @Omittable()
  @Max(MAX_SUBTASKS - 1, { message: 'Subtask must be the index of one of the subtasks.' })
  @Min(0, { message: 'Subtask must be the index of one of the subtasks.' })
  @IsInt({ message: 'Subtask must be the index of one of the subtasks.' })
  subtask?: number;
}

const SUBTASK_POINTS_MESSAGE = `Subtask points must be between ${SUBTASK_POINTS.min} and ${SUBTASK_POINTS.max}.`;
const DEPENDS_ON_MESSAGE = 'Subtask dependencies must be a list of indices of other subtasks.';

export class SubtaskInputDto {
  @ApiPropertyOptional({ example: 'n ≤ 100', maxLength: MAX_SUBTASK_NAME_LENGTH, description: 'Omitted when blank' })
  @Omittable()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : value))
  @MaxLength(MAX_SUBTASK_NAME_LENGTH, { message: `Subtask names must be at most ${MAX_SUBTASK_NAME_LENGTH} characters long.` })
  @IsString({ message: 'Subtask name must be text.' })
  name?: string;

  @ApiProperty({
    example: 'min',
    enum: SUBTASK_SCORINGS,
    description: "`sum`: its tests' points; `min`: its points only if every test passes",
  })
  @IsIn(SUBTASK_SCORINGS, { message: `Subtask scoring must be one of: ${SUBTASK_SCORINGS.join(', ')}.` })
  scoring: SubtaskScoring;

  @ApiProperty({
    example: 40,
    minimum: SUBTASK_POINTS.min,
    maximum: SUBTASK_POINTS.max,
    description:
      "For `sum` the API stores its tests' points instead. A `min` subtask worth 0 is a gate: it earns nothing, and the subtasks that depend on it need it passed",
  })
  @Max(SUBTASK_POINTS.max, { message: SUBTASK_POINTS_MESSAGE })
  @Min(SUBTASK_POINTS.min, { message: SUBTASK_POINTS_MESSAGE })
  @IsInt({ message: 'Subtask points must be a whole number.' })
  points: number;

  @ApiPropertyOptional({
    type: [Number],
    example: [0],
    maxItems: MAX_SUBTASKS - 1,
    description:
      'Indices of the subtasks this one needs: it earns nothing unless every test of each (and of what they need) passed. Empty or absent: none',
  })
  @Omittable()
  @Max(MAX_SUBTASKS - 1, { each: true, message: DEPENDS_ON_MESSAGE })
  @Min(0, { each: true, message: DEPENDS_ON_MESSAGE })
  @IsInt({ each: true, message: DEPENDS_ON_MESSAGE })
  @ArrayMaxSize(MAX_SUBTASKS - 1, { message: DEPENDS_ON_MESSAGE })
  @IsArray({ message: DEPENDS_ON_MESSAGE })
  dependsOn?: number[];
}

/** Body of POST /api/problems and PUT /api/problems/{problemId} (PUT replaces every field). */
export class ProblemInputDto {
  @ApiProperty({ example: 'A + B', maxLength: MAX_TITLE_LENGTH })
  @Transform(trimmed)
  @MaxLength(MAX_TITLE_LENGTH, { message: `Title must be at most ${MAX_TITLE_LENGTH} characters long.` })
  @IsNotEmpty({ message: 'Title is required.' })
  @IsString({ message: 'Title is required.' })
  title: string;

  @ApiProperty({ example: 'Given two integers $a$ and $b$, print $a + b$.', description: 'Markdown with $…$ math, at most 64 KiB' })
  @MaxUtf8Bytes(MAX_STATEMENT_BYTES, { message: 'Statement must be at most 64 KiB.' })
  @IsNotEmpty({ message: 'Statement is required.' })
  @IsString({ message: 'Statement is required.' })
  statement: string;

  @ApiProperty({ example: 'EASY', enum: DIFFICULTIES })
  @IsIn(DIFFICULTIES, { message: `Difficulty must be one of: ${DIFFICULTIES.join(', ')}.` })
  difficulty: Difficulty;

  @ApiPropertyOptional({ example: true, default: false })
  @Omittable()
  @IsBoolean({ message: 'isPublic must be true or false.' })
  isPublic: boolean = false;

  @ApiPropertyOptional({ example: 'Two integers a and b on one line.', default: '' })
  @Omittable()
  @MaxUtf8Bytes(MAX_STATEMENT_BYTES, { message: 'Input format must be at most 64 KiB.' })
  @IsString({ message: 'Input format must be text.' })
  inputFormat: string = '';

  @ApiPropertyOptional({ example: 'Their sum.', default: '' })
  @Omittable()
  @MaxUtf8Bytes(MAX_STATEMENT_BYTES, { message: 'Output format must be at most 64 KiB.' })
  @IsString({ message: 'Output format must be text.' })
  outputFormat: string = '';

  @ApiPropertyOptional({ example: '-10^9 ≤ a, b ≤ 10^9', default: '' })
  @Omittable()
  @MaxUtf8Bytes(MAX_STATEMENT_BYTES, { message: 'Constraints must be at most 64 KiB.' })
  @IsString({ message: 'Constraints must be text.' })
  constraints: string = '';

  @ApiPropertyOptional({ example: 1, minimum: CPU_TIME_LIMIT.min, maximum: CPU_TIME_LIMIT.max, default: CPU_TIME_LIMIT.default })
  @Omittable()
  @Max(CPU_TIME_LIMIT.max, { message: `CPU time limit must be between ${CPU_TIME_LIMIT.min} and ${CPU_TIME_LIMIT.max} seconds.` })
  @Min(CPU_TIME_LIMIT.min, { message: `CPU time limit must be between ${CPU_TIME_LIMIT.min} and ${CPU_TIME_LIMIT.max} seconds.` })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'CPU time limit must be a number.' })
  cpuTimeLimit: number = CPU_TIME_LIMIT.default;

  @ApiPropertyOptional({ example: 256, minimum: MEMORY_LIMIT_MB.min, maximum: MEMORY_LIMIT_MB.max, default: MEMORY_LIMIT_MB.default })
  @Omittable()
  @Max(MEMORY_LIMIT_MB.max, { message: `Memory limit must be between ${MEMORY_LIMIT_MB.min} and ${MEMORY_LIMIT_MB.max} MB.` })
  @Min(MEMORY_LIMIT_MB.min, { message: `Memory limit must be between ${MEMORY_LIMIT_MB.min} and ${MEMORY_LIMIT_MB.max} MB.` })
  @IsInt({ message: 'Memory limit must be a whole number of megabytes.' })
  memoryLimit: number = MEMORY_LIMIT_MB.default;

  @OutputLimitMb()
  outputLimit: number = OUTPUT_LIMIT_MB.default;

  @ApiPropertyOptional({ example: ['beginner'], type: [String], maxItems: MAX_TAGS })
  @Omittable()
  @Transform(({ value }) => normalizeLabels(value))
  @ArrayMaxSize(MAX_TAGS, { message: `Maximum of ${MAX_TAGS} tags reached.` })
  @IsString({ each: true, message: 'Tags must be text.' })
  @IsArray({ message: 'Tags must be a list.' })
  tags: string[] = [];

  @ApiPropertyOptional({ example: ['Math'], type: [String], maxItems: MAX_ALGORITHMS })
  @Omittable()
  @Transform(({ value }) => normalizeLabels(value))
  @ArrayMaxSize(MAX_ALGORITHMS, { message: `Maximum of ${MAX_ALGORITHMS} algorithms reached.` })
  @IsString({ each: true, message: 'Algorithms must be text.' })
  @IsArray({ message: 'Algorithms must be a list.' })
  algorithms: string[] = [];

  @ApiProperty({ type: [Number], minItems: 1, maxItems: MAX_PROBLEM_LANGUAGES, example: [50, 54, 71] })
  @Max(MAX_INT_ID, { each: true, message: 'Language ids must be positive whole numbers.' })
  @IsPositive({ each: true, message: 'Language ids must be positive whole numbers.' })
  @IsInt({ each: true, message: 'Language ids must be positive whole numbers.' })
  @ArrayMaxSize(MAX_PROBLEM_LANGUAGES, { message: `Select at most ${MAX_PROBLEM_LANGUAGES} languages.` })
  @ArrayMinSize(1, { message: 'Select at least one Judge0 language.' })
  @IsArray({ message: 'Select at least one Judge0 language.' })
  judge0LanguageIds: number[];

  @ApiPropertyOptional({ type: [SampleInputDto], maxItems: MAX_SAMPLES })
  @Omittable()
  @ValidateNested({ each: true })
  @Type(() => SampleInputDto)
  @ArrayMaxSize(MAX_SAMPLES, { message: `A problem has at most ${MAX_SAMPLES} samples.` })
  @IsArray({ message: 'Samples must be a list.' })
  samples: SampleInputDto[] = [];

  @TemplateList()
  templates?: LanguageTemplateDto[];

  @ApiProperty({ type: [TestCaseInputDto], minItems: 1, maxItems: MAX_TEST_CASES })
  @TestCaseList()
  testCases: TestCaseInputDto[];

  @ApiPropertyOptional({ type: [SubtaskInputDto], maxItems: MAX_SUBTASKS, description: 'None: every test scores on its own' })
  @Omittable()
  @SubtaskList()
  subtasks: SubtaskInputDto[] = [];

  @ApiPropertyOptional({
    type: CheckerInputDto,
    description:
      'How outputs are judged. Left out: `lines` on create, the current checker kept on update. A custom checker that does not compile is refused.',
  })
  @Omittable()
  @ValidateNested()
  @Type(() => CheckerInputDto)
  @IsObject({ message: 'Checker must be an object with a type.' })
  checker?: CheckerInputDto;

  @ApiPropertyOptional({
    enum: PROBLEM_TYPES,
    example: 'interactive',
    description:
      '`standard`: outputs are compared (the checker); `interactive`: submissions talk to the `interactor`, which judges. ' +
      'Left out: `standard` on create, or `interactive` when an interactor is sent; the current type kept on update.',
  })
  @Omittable()
  @IsIn(PROBLEM_TYPES, { message: `Problem type must be one of: ${PROBLEM_TYPES.join(', ')}.` })
  type?: ProblemType;

  @ApiPropertyOptional({
    type: InteractorInputDto,
    description:
      "An interactive problem's interactor (required with type `interactive`, refused with `standard`); administrators only, " +
      'since it reads the hidden tests. One that does not compile is refused, and so is any on a worker with JUDGE_ENGINE=judge0.',
  })
  @Omittable()
  @ValidateNested()
  @Type(() => InteractorInputDto)
  @IsObject({ message: 'Interactor must be an object with a language and a source.' })
  interactor?: InteractorInputDto;
}

function SubtaskList(): PropertyDecorator {
  return applyDecorators(
    IsArray({ message: 'Subtasks must be a list.' }),
    ArrayMaxSize(MAX_SUBTASKS, { message: `A problem has at most ${MAX_SUBTASKS} subtasks.` }),
    Type(() => SubtaskInputDto),
    ValidateNested({ each: true }),
  );
}

/** The rules of a problem's test-case list, shared by create and update. */
function TestCaseList(): PropertyDecorator {
  // Listed in the order stacked decorators would run (bottom up): the error shown is the type check's first.
  return applyDecorators(
    IsArray({ message: 'At least one test case is required.' }),
    ArrayMinSize(1, { message: 'At least one test case is required.' }),
    ArrayMaxSize(MAX_TEST_CASES, { message: `A problem has at most ${MAX_TEST_CASES} test cases.` }),
    Type(() => TestCaseInputDto),
    ValidateNested({ each: true }),
  );
}

/**
 * PUT body: the whole problem, but test cases and subtasks may be left out to keep the current ones. Authors who are not
 * admins cannot read their problem's test cases (SPEC 6), so this is how they edit it without wiping them.
 */
export class UpdateProblemDto extends OmitType(ProblemInputDto, ['testCases', 'subtasks'] as const) {
  @ApiPropertyOptional({
    type: [TestCaseInputDto],
    minItems: 1,
    maxItems: MAX_TEST_CASES,
    description: 'Replaces every test case; leave it out to keep the current ones.',
  })
  @Omittable()
  @TestCaseList()
  testCases?: TestCaseInputDto[];

  @ApiPropertyOptional({
    type: [SubtaskInputDto],
    maxItems: MAX_SUBTASKS,
    description: 'Replaces every subtask; leave it out to keep the current ones.',
  })
  @Omittable()
  @SubtaskList()
  subtasks?: SubtaskInputDto[];
}

export class VisibilityDto {
  @ApiProperty({ example: true })
  @IsBoolean({ message: 'isPublic must be true or false.' })
  isPublic: boolean;
}
