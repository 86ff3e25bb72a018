import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CPU_TIME_LIMIT,
  MAX_SOURCE_BYTES,
  MAX_TEST_CASES,
  MEMORY_LIMIT_MB,
  OUTPUT_LIMIT_MB,
  TestCaseData,
  ValidateRequest,
  ValidationCase,
  ValidationResult,
} from '@oj/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsPositive,
  IsString,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';

import { MaxUtf8Bytes } from '../../common/max-utf8-bytes.validator';
import { Omittable } from '../../common/omittable.validator';
import { CheckerInputDto } from '../../problems/dto/checker.dto';
import { InteractorInputDto } from '../../problems/dto/interactor.dto';
import { OutputLimitMb } from '../../problems/dto/output-limit.dto';
import { normalizePoints } from '../../problems/dto/problem-normalizers';
import { IsTestDataText } from '../../problems/dto/test-data-text.validator';

export class ValidateTestCaseDto implements TestCaseData {
  @ApiPropertyOptional({ example: 0 })
  @Omittable()
  @IsInt()
  index?: number;

  @ApiProperty({ example: '1 2\n' })
  @IsTestDataText()
  @IsString({ message: 'Test case input is required.' })
  input: string;

  @ApiProperty({ example: '3\n' })
  @IsTestDataText()
  @IsString({ message: 'Test case output is required.' })
  output: string;

  @ApiPropertyOptional({ example: 1, default: 1 })
  @Transform(({ value }) => normalizePoints(value))
  @IsInt()
  points: number = 1;
}

export class ValidateRequestDto implements ValidateRequest {
  @ApiProperty({ example: 71 })
  @IsPositive({ message: 'Select a language.' })
  @IsInt({ message: 'Select a language.' })
  languageId: number;

  @ApiProperty({ example: '#include <iostream>\nint main(){long a,b;std::cin>>a>>b;std::cout<<a+b;}' })
  @MaxUtf8Bytes(MAX_SOURCE_BYTES, { message: 'Source code must be at most 64 KiB.' })
  @IsNotEmpty({ message: 'Reference solution is required.' })
  @IsString({ message: 'Reference solution is required.' })
  sourceCode: string;

  @ApiPropertyOptional({ example: 1, default: CPU_TIME_LIMIT.default })
  @Omittable()
  @Max(CPU_TIME_LIMIT.max, { message: `CPU time limit must be between ${CPU_TIME_LIMIT.min} and ${CPU_TIME_LIMIT.max} seconds.` })
  @Min(CPU_TIME_LIMIT.min, { message: `CPU time limit must be between ${CPU_TIME_LIMIT.min} and ${CPU_TIME_LIMIT.max} seconds.` })
  @IsNumber({}, { message: 'CPU time limit must be a number.' })
  cpuTimeLimit: number = CPU_TIME_LIMIT.default;

  @ApiPropertyOptional({ example: 256, default: MEMORY_LIMIT_MB.default })
  @Omittable()
  @Max(MEMORY_LIMIT_MB.max, { message: `Memory limit must be between ${MEMORY_LIMIT_MB.min} and ${MEMORY_LIMIT_MB.max} MB.` })
  @Min(MEMORY_LIMIT_MB.min, { message: `Memory limit must be between ${MEMORY_LIMIT_MB.min} and ${MEMORY_LIMIT_MB.max} MB.` })
  @IsInt({ message: 'Memory limit must be a whole number of megabytes.' })
  memoryLimit: number = MEMORY_LIMIT_MB.default;

  @OutputLimitMb()
  outputLimit?: number = OUTPUT_LIMIT_MB.default;

  @ApiProperty({ type: [ValidateTestCaseDto], maxItems: MAX_TEST_CASES })
  @ValidateNested({ each: true })
  @Type(() => ValidateTestCaseDto)
  @ArrayMaxSize(MAX_TEST_CASES, { message: `At most ${MAX_TEST_CASES} test cases can be validated at once.` })
  @ArrayMinSize(1, { message: 'At least one test case is required before validation.' })
  @IsArray({ message: 'At least one test case is required before validation.' })
  testCases: ValidateTestCaseDto[];

  @ApiPropertyOptional({
    type: CheckerInputDto,
    description: "The checker to judge the outputs with (the problem form's); `lines` when left out",
  })
  @Omittable()
  @ValidateNested()
  @Type(() => CheckerInputDto)
  @IsObject({ message: 'Checker must be an object with a type.' })
  checker?: CheckerInputDto;

  @ApiPropertyOptional({
    type: InteractorInputDto,
    description: "An interactive problem's interactor (the problem form's): each test's input is its input file, and it judges",
  })
  @Omittable()
  @ValidateNested()
  @Type(() => InteractorInputDto)
  @IsObject({ message: 'Interactor must be an object with a language and a source.' })
  interactor?: InteractorInputDto;
}

export class ValidationCaseDto implements ValidationCase {
  @ApiProperty({ example: 0, description: 'Test index' })
  i: number;

  @ApiProperty({
    example: 3,
    description: 'Judge0 status id (3 accepted, 4 wrong answer, 5 time limit, 6 compile error, 7–12 runtime error)',
  })
  s: number;

  @ApiProperty({ example: 12, nullable: true, type: Number, description: 'Time, ms' })
  t: number | null;

  @ApiProperty({ example: 3412, nullable: true, type: Number, description: 'Memory, KB' })
  m: number | null;

  @ApiProperty({ example: 1, description: 'Points earned' })
  p: number;
}

export class ValidationResultDto implements ValidationResult {
  @ApiProperty({ example: 100, description: 'Percent' })
  score: number;

  @ApiProperty({ type: [ValidationCaseDto] })
  cases: ValidationCaseDto[];

  @ApiProperty({ example: 12, nullable: true, type: Number })
  maxExecTimeMs: number | null;

  @ApiProperty({ example: 3412, nullable: true, type: Number })
  maxMemoryKb: number | null;

  @ApiPropertyOptional({ example: "main.cpp:1:12: error: expected ')' before '{' token" })
  compileOutput?: string;
}
