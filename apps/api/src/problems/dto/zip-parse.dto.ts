import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { TestCaseDto } from './problem-response.dto';

export class ZipParseBodyDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'A .zip of test files' })
  file: unknown;

  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'Trim trailing whitespace on each line' })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'trimWhitespace must be true or false.' })
  trimWhitespace?: string;
}

export class ZipParseResultDto {
  @ApiProperty({ type: [TestCaseDto] })
  testCases: TestCaseDto[];

  @ApiProperty({ type: [String] })
  warnings: string[];
}
