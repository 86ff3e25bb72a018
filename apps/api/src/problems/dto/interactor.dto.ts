import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ICPC_VALIDATOR_LANGUAGE_IDS, InteractorSettings, MAX_INTERACTOR_SOURCE_BYTES } from '@oj/contracts';
import { IsNotEmpty, IsString } from 'class-validator';

import { MaxUtf8Bytes } from '../../common/max-utf8-bytes.validator';
import { IsJuryLanguage, ValidatorProtocolDto, ValidatorProtocolInputDto } from './validator-protocol.dto';

const EXAMPLE_SOURCE =
  '#include "testlib.h"\n#include <iostream>\nint main(int argc, char *argv[]) {\n  registerInteraction(argc, argv);\n' +
  '  int n = inf.readInt();\n  std::cout << n << std::endl;\n  if (ouf.readInt() != 2 * n) quitf(_wa, "not doubled");\n' +
  '  quitf(_ok, "doubled");\n}\n';

const CONVENTION =
  "testlib's convention: called `interactor <input> <output>`, it reads the test's input file, talks to the program on its " +
  'stdin and stdout, and exits 0 (accepted), 1 (wrong answer), 2 (presentation error), 3 (jury failure) or 7 with ' +
  '"points <fraction>"; the first line of its stderr is the message. With protocol `icpc`: the ICPC output validator ' +
  'run interactively, `validator input answer feedback_dir [validatorFlags]`, exit 42 / 43';

/** An interactive problem's interactor as authors set it (see InteractorSettings). */
export class InteractorInputDto extends ValidatorProtocolInputDto implements InteractorSettings {
  @ApiProperty({
    enum: ICPC_VALIDATOR_LANGUAGE_IDS,
    example: 54,
    description: '54 C++ (GCC), 50 C (GCC), with our testlib.h; 71 Python 3 only with protocol `icpc`',
  })
  @IsJuryLanguage('An interactor')
  languageId: number;

  @ApiProperty({ example: EXAMPLE_SOURCE, description: `At most 64 KiB; ${CONVENTION}` })
  @MaxUtf8Bytes(MAX_INTERACTOR_SOURCE_BYTES, { message: 'Interactor source must be at most 64 KiB.' })
  @IsNotEmpty({ message: 'An interactor needs its source.' })
  @IsString({ message: 'An interactor needs its source.' })
  source: string;
}

/** An interactive problem's interactor as the API shows it; the source only to those who may see private data. */
export class InteractorDto extends ValidatorProtocolDto {
  @ApiProperty({ enum: ICPC_VALIDATOR_LANGUAGE_IDS, example: 54 })
  languageId: number;

  @ApiPropertyOptional({ example: EXAMPLE_SOURCE, description: 'For admins and the author, with includePrivate=true' })
  source?: string;
}
