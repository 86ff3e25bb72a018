import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MAX_INT_ID } from '@oj/contracts';
import { Type } from 'class-transformer';
import { IsInt, IsPositive, Max } from 'class-validator';

import { Omittable } from '../../common/omittable.validator';
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

export class PackageImportResultDto {
  @ApiProperty({ type: ProblemDto })
  problem: ProblemDto;

  @ApiProperty({
    example: ['Statement legend.tex: LaTeX left as it is: \\includegraphics.', 'The main solution (solutions/main.cpp) was not run: …'],
    type: [String],
    description: 'What the import could not carry over, or changed',
  })
  warnings: string[];
}
