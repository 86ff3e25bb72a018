import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import {
  MAX_RUN_STDIN_BYTES,
  RUN_STATUSES,
  RUN_VERDICTS,
  RunRequest,
  RunResult,
  RunStatus,
  RunVerdict,
  TRANSCRIPT_SIDES,
  TranscriptChunk,
  TranscriptSide,
} from '@oj/contracts';
import { Type } from 'class-transformer';
import { IsObject, IsString, ValidateNested } from 'class-validator';

import { MaxUtf8Bytes } from '../../common/max-utf8-bytes.validator';
import { Omittable } from '../../common/omittable.validator';
import { IsRecordId } from '../../common/record-id.validator';
import { InteractorInputDto } from '../../problems/dto/interactor.dto';
import { CreateSubmissionDto } from '../../submissions/dto/create-submission.dto';

/** Language and source as a submission takes them, the input, and optionally the problem whose limits apply. */
export class RunRequestDto extends PickType(CreateSubmissionDto, ['languageId', 'sourceCode'] as const) implements RunRequest {
  @ApiProperty({ example: '1 2\n', description: 'Standard input, at most 1 MiB (may be empty)' })
  @MaxUtf8Bytes(MAX_RUN_STDIN_BYTES, { message: 'Input must be at most 1 MiB.' })
  @IsString({ message: 'Input must be text (it may be empty).' })
  stdin: string;

  @ApiPropertyOptional({
    example: 1,
    description: 'The problem whose limits and languages apply; without one, the default limits (2 s, 128 MB)',
  })
  @Omittable()
  @IsRecordId('problemId')
  problemId?: number;

  @ApiPropertyOptional({
    example: 3,
    description: 'The contest the problem is read through (a private problem a running contest opens to you); needs problemId',
  })
  @Omittable()
  @IsRecordId('contestId')
  contestId?: number;

  @ApiPropertyOptional({
    example: '3\n',
    description: "What the output should be, at most 1 MiB: the run is then judged with the problem's checker (`verdict`)",
  })
  @Omittable()
  @MaxUtf8Bytes(MAX_RUN_STDIN_BYTES, { message: 'Expected output must be at most 1 MiB.' })
  @IsString({ message: 'Expected output must be text.' })
  expectedOutput?: string;

  @ApiPropertyOptional({
    type: InteractorInputDto,
    description:
      "The problem form's 'Test interactor': run against this interactor (not saved), `stdin` being its input file; " +
      'admins and problem authors only (403 otherwise)',
  })
  @Omittable()
  @ValidateNested()
  @Type(() => InteractorInputDto)
  @IsObject({ message: 'Interactor must be an object with a language and a source.' })
  interactor?: InteractorInputDto;
}

/** What one side of an interactive run wrote to the other. */
export class TranscriptChunkDto implements TranscriptChunk {
  @ApiProperty({ enum: TRANSCRIPT_SIDES, example: 'program', description: 'Who wrote it: the program or the interactor' })
  from: TranscriptSide;

  @ApiProperty({ example: '? 500000000\n', description: 'What it wrote' })
  text: string;
}

export class RunResultDto implements RunResult {
  @ApiProperty({
    enum: RUN_STATUSES,
    example: 'ok',
    description: 'ok (exit 0), tle, rte (non-zero exit, signal, memory or output limit) or ce',
  })
  status: RunStatus;

  @ApiProperty({ example: '3\n', description: 'The first 64 KiB of standard output' })
  stdout: string;

  @ApiProperty({ example: false, description: 'Whether standard output was longer than 64 KiB' })
  truncated: boolean;

  @ApiProperty({ example: '', description: 'The first 64 KiB of standard error' })
  stderr: string;

  @ApiProperty({ example: 0, nullable: true, type: Number, description: 'Exit code; null when the program was killed or never ran' })
  exitCode: number | null;

  @ApiProperty({ example: null, nullable: true, type: String, description: 'Signal that killed the program, e.g. SIGSEGV' })
  signal: string | null;

  @ApiProperty({
    example: null,
    nullable: true,
    type: String,
    description: 'Why the run ended so (Time limit exceeded, Memory limit exceeded …), or the compiler output for ce',
  })
  message: string | null;

  @ApiProperty({ example: 12, nullable: true, type: Number, description: 'CPU time, ms' })
  timeMs: number | null;

  @ApiProperty({ example: 3412, nullable: true, type: Number, description: 'Memory, KB' })
  memoryKB: number | null;

  @ApiPropertyOptional({
    enum: RUN_VERDICTS,
    example: 'accepted',
    description: "The checker's verdict, when expectedOutput was given and the program finished (ok) with its whole output",
  })
  verdict?: RunVerdict;

  @ApiPropertyOptional({
    type: () => [TranscriptChunkDto],
    nullable: true,
    description:
      'Of a run against an interactor, what the program and the interactor wrote to each other, in order (consecutive ' +
      'writes of one side joined), cut at 64 KiB of text or 200 chunks; null when the engine cannot record it (Judge0). ' +
      'Absent for a run without an interactor',
  })
  transcript?: TranscriptChunkDto[] | null;

  @ApiPropertyOptional({
    example: false,
    description: 'Of a run against an interactor, whether the exchange went on past what `transcript` holds',
  })
  transcriptTruncated?: boolean;
}
