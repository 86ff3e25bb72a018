import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CheckerCompileResult,
  CheckerTrialData,
  CheckerTrialOutcome,
  ICPC_VALIDATOR_LANGUAGE_IDS,
  MAX_CHECKER_SOURCE_BYTES,
  MAX_CHECKER_TRIAL_BYTES,
} from '@oj/contracts';
import { IsNotEmpty, IsString } from 'class-validator';

import { MaxUtf8Bytes } from '../../common/max-utf8-bytes.validator';
import { IsJuryLanguage, ValidatorProtocolInputDto } from '../../problems/dto/validator-protocol.dto';

/** Body of POST /api/judge/checker-trial: a custom checker and one test to try it on (nothing is saved). */
export class CheckerTrialRequestDto extends ValidatorProtocolInputDto implements CheckerTrialData {
  @ApiProperty({
    example: '#include "testlib.h"\nint main(int argc, char *argv[]) {\n  registerTestlibCmd(argc, argv);\n  quitf(_ok, "fine");\n}\n',
  })
  @MaxUtf8Bytes(MAX_CHECKER_SOURCE_BYTES, { message: 'Checker source must be at most 64 KiB.' })
  @IsNotEmpty({ message: 'A custom checker needs its source.' })
  @IsString({ message: 'A custom checker needs its source.' })
  source: string;

  @ApiProperty({ enum: ICPC_VALIDATOR_LANGUAGE_IDS, example: 54, description: '71 Python 3 only with protocol `icpc`' })
  @IsJuryLanguage('A custom checker')
  languageId: number;

  @ApiProperty({ example: '1 2\n', description: 'The test input, at most 1 MiB' })
  @MaxUtf8Bytes(MAX_CHECKER_TRIAL_BYTES, { message: 'Input must be at most 1 MiB.' })
  @IsString({ message: 'Input must be text.' })
  input: string;

  @ApiProperty({ example: '3\n', description: 'What a contestant printed, at most 1 MiB' })
  @MaxUtf8Bytes(MAX_CHECKER_TRIAL_BYTES, { message: 'Output must be at most 1 MiB.' })
  @IsString({ message: 'Output must be text.' })
  output: string;

  @ApiProperty({ example: '3\n', description: "The jury's answer, at most 1 MiB" })
  @MaxUtf8Bytes(MAX_CHECKER_TRIAL_BYTES, { message: 'Answer must be at most 1 MiB.' })
  @IsString({ message: 'Answer must be text.' })
  answer: string;
}

export class CheckerTrialOutcomeDto implements CheckerTrialOutcome {
  @ApiProperty({
    enum: ['accepted', 'wrong_answer', 'failed'],
    example: 'accepted',
    description: '`failed`: the checker itself failed (exit 3, crash, limits)',
  })
  outcome: 'accepted' | 'wrong_answer' | 'failed';

  @ApiProperty({ example: 1, description: 'Share of the test points, 0 to 1' })
  fraction: number;

  @ApiProperty({
    example: 'ok fine',
    description: "The checker's first line of standard error (an ICPC validator's judgemessage.txt, else teammessage.txt)",
  })
  message: string;
}

export class CheckerTrialResultDto implements CheckerCompileResult {
  @ApiProperty({ example: true })
  compiled: boolean;

  @ApiProperty({ example: '', description: "The compiler's output when it did not compile" })
  compilerOutput: string;

  @ApiPropertyOptional({ type: CheckerTrialOutcomeDto, description: 'Present when it compiled' })
  trial?: CheckerTrialOutcomeDto;
}
