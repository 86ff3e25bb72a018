import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CPU_TIME_LIMIT, MAX_SOURCE_BYTES, MEMORY_LIMIT_MB } from '@oj/contracts';
import { Transform, Type } from 'class-transformer';
import { ArrayMinSize, IsArray, IsInt, IsNotEmpty, IsNumber, IsOptional, IsPositive, IsString, Max, Min, ValidateNested } from 'class-validator';
import { MaxUtf8Bytes } from '../../common/max-utf8-bytes.validator';
import { normalizePoints } from '../../problems/dto/problem-normalizers';

export class ValidateTestCaseDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsInt()
  index?: number;

  @ApiProperty()
  @IsString({ message: 'Test case input is required.' })
  input: string;

  @ApiProperty()
  @IsString({ message: 'Test case output is required.' })
  output: string;

  @ApiPropertyOptional({ default: 1 })
  @Transform(({ value }) => normalizePoints(value))
  @IsInt()
  points: number = 1;
}

export class ValidateRequestDto {
  @ApiProperty({ example: 71 })
  @IsPositive({ message: 'Select a language.' })
  @IsInt({ message: 'Select a language.' })
  languageId: number;

  @ApiProperty()
  @MaxUtf8Bytes(MAX_SOURCE_BYTES, { message: 'Source code must be at most 64 KiB.' })
  @IsNotEmpty({ message: 'Reference solution is required.' })
  @IsString({ message: 'Reference solution is required.' })
  sourceCode: string;

  @ApiPropertyOptional({ default: CPU_TIME_LIMIT.default })
  @IsOptional()
  @Max(CPU_TIME_LIMIT.max, { message: `CPU time limit must be between ${CPU_TIME_LIMIT.min} and ${CPU_TIME_LIMIT.max} seconds.` })
  @Min(CPU_TIME_LIMIT.min, { message: `CPU time limit must be between ${CPU_TIME_LIMIT.min} and ${CPU_TIME_LIMIT.max} seconds.` })
  @IsNumber({}, { message: 'CPU time limit must be a number.' })
  cpuTimeLimit: number = CPU_TIME_LIMIT.default;

  @ApiPropertyOptional({ default: MEMORY_LIMIT_MB.default })
  @IsOptional()
  @Max(MEMORY_LIMIT_MB.max, { message: `Memory limit must be between ${MEMORY_LIMIT_MB.min} and ${MEMORY_LIMIT_MB.max} MB.` })
  @Min(MEMORY_LIMIT_MB.min, { message: `Memory limit must be between ${MEMORY_LIMIT_MB.min} and ${MEMORY_LIMIT_MB.max} MB.` })
  @IsInt({ message: 'Memory limit must be a whole number of megabytes.' })
  memoryLimit: number = MEMORY_LIMIT_MB.default;

  @ApiProperty({ type: [ValidateTestCaseDto] })
  @ValidateNested({ each: true })
  @Type(() => ValidateTestCaseDto)
  @ArrayMinSize(1, { message: 'At least one test case is required before validation.' })
  @IsArray({ message: 'At least one test case is required before validation.' })
  testCases: ValidateTestCaseDto[];
}

export class ValidationCaseDto {
  @ApiProperty({ description: 'Test index' })
  i: number;

  @ApiProperty({ description: 'Judge0 status id (3 accepted, 4 wrong answer, 5 time limit, 6 compile error, 7–12 runtime error)' })
  s: number;

  @ApiProperty({ nullable: true, type: Number, description: 'Time, ms' })
  t: number | null;

  @ApiProperty({ nullable: true, type: Number, description: 'Memory, KB' })
  m: number | null;

  @ApiProperty({ description: 'Points earned' })
  p: number;
}

export class ValidationResultDto {
  @ApiProperty({ description: 'Percent' })
  score: number;

  @ApiProperty({ type: [ValidationCaseDto] })
  cases: ValidationCaseDto[];

  @ApiProperty({ nullable: true, type: Number })
  maxExecTimeMs: number | null;

  @ApiProperty({ nullable: true, type: Number })
  maxMemoryKb: number | null;

  @ApiPropertyOptional()
  compileOutput?: string;
}
