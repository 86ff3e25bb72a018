import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MAX_SOURCE_BYTES, SubmissionCreated } from '@oj/contracts';
import { IsNotEmpty, IsString } from 'class-validator';

import { MaxUtf8Bytes } from '../../common/max-utf8-bytes.validator';
import { Omittable } from '../../common/omittable.validator';
import { IsRecordId } from '../../common/record-id.validator';
import { WithoutNul } from '../../common/without-nul.validator';

export class CreateSubmissionDto {
  @ApiProperty({ example: 1 })
  @IsRecordId('problemId')
  problemId: number;

  @ApiPropertyOptional({ example: 1, description: 'Submit in this contest: on your board, or as practice after the end' })
  @Omittable()
  @IsRecordId('contestId')
  contestId?: number;

  @ApiProperty({ example: 71 })
  @IsRecordId('languageId')
  languageId: number;

  @ApiProperty({ example: '#include <iostream>\nint main(){long a,b;std::cin>>a>>b;std::cout<<a+b;}', maxLength: MAX_SOURCE_BYTES })
  @WithoutNul('Source code must be text: it holds a NUL byte.')
  @MaxUtf8Bytes(MAX_SOURCE_BYTES, { message: 'Source code must be at most 64 KiB.' })
  @IsNotEmpty({ message: 'Source code is required.' })
  @IsString({ message: 'Source code is required.' })
  sourceCode: string;
}

export class SubmissionIdDto implements SubmissionCreated {
  @ApiProperty({ example: '0b7d6a8e-3c1f-4e2a-9a55-2f1e8c4d7b90', format: 'uuid' })
  submissionId: string;
}
