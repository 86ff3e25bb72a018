import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MAX_INT_ID, MAX_SOURCE_BYTES, SubmissionCreated } from '@oj/contracts';
import { IsInt, IsNotEmpty, IsPositive, IsString, Max } from 'class-validator';

import { MaxUtf8Bytes } from '../../common/max-utf8-bytes.validator';
import { Omittable } from '../../common/omittable.validator';

export class CreateSubmissionDto {
  @ApiProperty({ example: 1 })
  @Max(MAX_INT_ID, { message: 'problemId must be a positive whole number.' })
  @IsPositive({ message: 'problemId must be a positive whole number.' })
  @IsInt({ message: 'problemId must be a positive whole number.' })
  problemId: number;

  @ApiPropertyOptional({ example: 1, description: 'Submit in this contest: on your board, or as practice after the end' })
  @Omittable()
  @Max(MAX_INT_ID, { message: 'contestId must be a positive whole number.' })
  @IsPositive({ message: 'contestId must be a positive whole number.' })
  @IsInt({ message: 'contestId must be a positive whole number.' })
  contestId?: number;

  @ApiProperty({ example: 71 })
  @Max(MAX_INT_ID, { message: 'languageId must be a positive whole number.' })
  @IsPositive({ message: 'languageId must be a positive whole number.' })
  @IsInt({ message: 'languageId must be a positive whole number.' })
  languageId: number;

  @ApiProperty({ example: '#include <iostream>\nint main(){long a,b;std::cin>>a>>b;std::cout<<a+b;}', maxLength: MAX_SOURCE_BYTES })
  @MaxUtf8Bytes(MAX_SOURCE_BYTES, { message: 'Source code must be at most 64 KiB.' })
  @IsNotEmpty({ message: 'Source code is required.' })
  @IsString({ message: 'Source code is required.' })
  sourceCode: string;
}

export class SubmissionIdDto implements SubmissionCreated {
  @ApiProperty({ example: '0b7d6a8e-3c1f-4e2a-9a55-2f1e8c4d7b90', format: 'uuid' })
  submissionId: string;
}
