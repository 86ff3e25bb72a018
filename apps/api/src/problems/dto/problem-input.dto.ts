import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CPU_TIME_LIMIT,
  DIFFICULTIES,
  Difficulty,
  MAX_ALGORITHMS,
  MAX_INT_ID,
  MAX_STATEMENT_BYTES,
  MAX_TAGS,
  MAX_TITLE_LENGTH,
  MEMORY_LIMIT_MB,
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
  IsOptional,
  IsPositive,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { MaxUtf8Bytes } from '../../common/max-utf8-bytes.validator';
import { normalizeLabels, normalizePoints, trimmed } from './problem-normalizers';

export class SampleInputDto {
  @ApiProperty()
  @IsNotEmpty({ message: 'Sample input is required.' })
  @IsString({ message: 'Sample input is required.' })
  input: string;

  @ApiProperty()
  @IsNotEmpty({ message: 'Sample output is required.' })
  @IsString({ message: 'Sample output is required.' })
  output: string;

  @ApiPropertyOptional({ description: 'Omitted when blank' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? undefined : value))
  @IsString({ message: 'Explanation must be text.' })
  explanation?: string;
}

export class TestCaseInputDto {
  @ApiProperty()
  @IsNotEmpty({ message: 'Test case input is required.' })
  @IsString({ message: 'Test case input is required.' })
  input: string;

  @ApiProperty()
  @IsNotEmpty({ message: 'Test case output is required.' })
  @IsString({ message: 'Test case output is required.' })
  output: string;

  @ApiPropertyOptional({ minimum: TEST_CASE_POINTS.min, maximum: TEST_CASE_POINTS.max, default: TEST_CASE_POINTS.default })
  @Transform(({ value }) => normalizePoints(value))
  @IsInt()
  points: number = TEST_CASE_POINTS.default;
}

/** Body of POST /api/problems and PUT /api/problems/{problemId} (PUT replaces every field). */
export class ProblemInputDto {
  @ApiProperty({ maxLength: MAX_TITLE_LENGTH })
  @Transform(trimmed)
  @MaxLength(MAX_TITLE_LENGTH, { message: `Title must be at most ${MAX_TITLE_LENGTH} characters long.` })
  @IsNotEmpty({ message: 'Title is required.' })
  @IsString({ message: 'Title is required.' })
  title: string;

  @ApiProperty({ description: 'Markdown with $…$ math, at most 64 KiB' })
  @MaxUtf8Bytes(MAX_STATEMENT_BYTES, { message: 'Statement must be at most 64 KiB.' })
  @IsNotEmpty({ message: 'Statement is required.' })
  @IsString({ message: 'Statement is required.' })
  statement: string;

  @ApiProperty({ enum: DIFFICULTIES })
  @IsIn(DIFFICULTIES, { message: `Difficulty must be one of: ${DIFFICULTIES.join(', ')}.` })
  difficulty: Difficulty;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'isPublic must be true or false.' })
  isPublic: boolean = false;

  @ApiPropertyOptional({ default: '' })
  @IsOptional()
  @MaxUtf8Bytes(MAX_STATEMENT_BYTES, { message: 'Input format must be at most 64 KiB.' })
  @IsString({ message: 'Input format must be text.' })
  inputFormat: string = '';

  @ApiPropertyOptional({ default: '' })
  @IsOptional()
  @MaxUtf8Bytes(MAX_STATEMENT_BYTES, { message: 'Output format must be at most 64 KiB.' })
  @IsString({ message: 'Output format must be text.' })
  outputFormat: string = '';

  @ApiPropertyOptional({ default: '' })
  @IsOptional()
  @MaxUtf8Bytes(MAX_STATEMENT_BYTES, { message: 'Constraints must be at most 64 KiB.' })
  @IsString({ message: 'Constraints must be text.' })
  constraints: string = '';

  @ApiPropertyOptional({ minimum: CPU_TIME_LIMIT.min, maximum: CPU_TIME_LIMIT.max, default: CPU_TIME_LIMIT.default })
  @IsOptional()
  @Max(CPU_TIME_LIMIT.max, { message: `CPU time limit must be between ${CPU_TIME_LIMIT.min} and ${CPU_TIME_LIMIT.max} seconds.` })
  @Min(CPU_TIME_LIMIT.min, { message: `CPU time limit must be between ${CPU_TIME_LIMIT.min} and ${CPU_TIME_LIMIT.max} seconds.` })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'CPU time limit must be a number.' })
  cpuTimeLimit: number = CPU_TIME_LIMIT.default;

  @ApiPropertyOptional({ minimum: MEMORY_LIMIT_MB.min, maximum: MEMORY_LIMIT_MB.max, default: MEMORY_LIMIT_MB.default })
  @IsOptional()
  @Max(MEMORY_LIMIT_MB.max, { message: `Memory limit must be between ${MEMORY_LIMIT_MB.min} and ${MEMORY_LIMIT_MB.max} MB.` })
  @Min(MEMORY_LIMIT_MB.min, { message: `Memory limit must be between ${MEMORY_LIMIT_MB.min} and ${MEMORY_LIMIT_MB.max} MB.` })
  @IsInt({ message: 'Memory limit must be a whole number of megabytes.' })
  memoryLimit: number = MEMORY_LIMIT_MB.default;

  @ApiPropertyOptional({ type: [String], maxItems: MAX_TAGS })
  @IsOptional()
  @Transform(({ value }) => normalizeLabels(value))
  @ArrayMaxSize(MAX_TAGS, { message: `Maximum of ${MAX_TAGS} tags reached.` })
  @IsString({ each: true, message: 'Tags must be text.' })
  @IsArray({ message: 'Tags must be a list.' })
  tags: string[] = [];

  @ApiPropertyOptional({ type: [String], maxItems: MAX_ALGORITHMS })
  @IsOptional()
  @Transform(({ value }) => normalizeLabels(value))
  @ArrayMaxSize(MAX_ALGORITHMS, { message: `Maximum of ${MAX_ALGORITHMS} algorithms reached.` })
  @IsString({ each: true, message: 'Algorithms must be text.' })
  @IsArray({ message: 'Algorithms must be a list.' })
  algorithms: string[] = [];

  @ApiProperty({ type: [Number], minItems: 1, example: [50, 54, 71] })
  @Max(MAX_INT_ID, { each: true, message: 'Language ids must be positive whole numbers.' })
  @IsPositive({ each: true, message: 'Language ids must be positive whole numbers.' })
  @IsInt({ each: true, message: 'Language ids must be positive whole numbers.' })
  @ArrayMinSize(1, { message: 'Select at least one Judge0 language.' })
  @IsArray({ message: 'Select at least one Judge0 language.' })
  judge0LanguageIds: number[];

  @ApiPropertyOptional({ type: [SampleInputDto] })
  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => SampleInputDto)
  @IsArray({ message: 'Samples must be a list.' })
  samples: SampleInputDto[] = [];

  @ApiProperty({ type: [TestCaseInputDto], minItems: 1 })
  @ValidateNested({ each: true })
  @Type(() => TestCaseInputDto)
  @ArrayMinSize(1, { message: 'At least one test case is required.' })
  @IsArray({ message: 'At least one test case is required.' })
  testCases: TestCaseInputDto[];
}

export class VisibilityDto {
  @ApiProperty()
  @IsBoolean({ message: 'isPublic must be true or false.' })
  isPublic: boolean;
}
