import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { TestArchiveResult } from '@oj/contracts';
import { IsIn } from 'class-validator';

import { Omittable } from '../../common/omittable.validator';
import { CheckerDto } from './checker.dto';
import { InteractorInputDto } from './interactor.dto';
import { SubtaskDto, TestCaseDto } from './problem-response.dto';

export class ZipParseBodyDto {
  @ApiProperty({ example: '(binary .zip archive)', type: 'string', format: 'binary', description: 'A .zip of test files' })
  file: unknown;

  @ApiPropertyOptional({ example: 'true', enum: ['true', 'false'], description: 'Trim trailing whitespace on each line' })
  @Omittable()
  @IsIn(['true', 'false'], { message: 'trimWhitespace must be true or false.' })
  trimWhitespace?: string;
}

export class ZipParseResultDto implements TestArchiveResult {
  @ApiProperty({ type: [TestCaseDto], description: "Each test's `subtask` indexes `subtasks`" })
  testCases: TestCaseDto[];

  @ApiProperty({ type: [SubtaskDto], description: 'From `subtask<N>/` folders or `<group>-<test>` names; empty when the archive has none' })
  subtasks: SubtaskDto[];

  @ApiPropertyOptional({
    type: CheckerDto,
    example: { type: 'custom', languageId: 54, source: '#include "testlib.h"\n…' },
    description:
      'A `custom` checker (54 C++, 50 C) from `checker.cpp`, `check.cpp`, `checker.c` or `check.c` at the root or in `checker/`; ' +
      'absent when there is none or it is over 64 KiB (then a warning says so)',
  })
  checker?: CheckerDto;

  @ApiPropertyOptional({
    type: InteractorInputDto,
    example: { languageId: 54, source: '#include "testlib.h"\n…' },
    description:
      'An interactor (54 C++, 50 C) from `interactor.cpp`, `interact.cpp`, `interactor.c` or `interact.c` at the root or in ' +
      '`interactor/`: the problem is then interactive; absent when there is none or it is over 64 KiB (then a warning says so)',
  })
  interactor?: InteractorInputDto;

  @ApiProperty({ example: ['tests/3.out has no matching .in file; skipped'], type: [String] })
  warnings: string[];
}
