import { ApiProperty } from '@nestjs/swagger';
import { CLICS_SCOPES, type ClicsScope } from '@oj/contracts';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class ClicsTokenInputDto {
  @ApiProperty({ example: 'Resolver', description: 'Who the token is for, to recognise it in the list.', maxLength: 100 })
  @MaxLength(100, { message: 'name must be at most 100 characters.' })
  @IsNotEmpty({ message: 'name must not be empty.' })
  @IsString({ message: 'name must be a string.' })
  name: string;

  @ApiProperty({
    enum: CLICS_SCOPES,
    example: 'public',
    description: '`public`: frozen results stay pending until the unfreeze; `admin`: everything, as an admin sees it.',
  })
  @IsIn(CLICS_SCOPES, { message: `scope must be one of: ${CLICS_SCOPES.join(', ')}.` })
  scope: ClicsScope;
}

export class ClicsTokenDto {
  @ApiProperty({ example: '5f0c3c5e-1a2b-4c3d-8e9f-0a1b2c3d4e5f' })
  id: string;

  @ApiProperty({ example: 'Resolver' })
  name: string;

  @ApiProperty({ enum: CLICS_SCOPES, example: 'public' })
  scope: ClicsScope;

  @ApiProperty({ example: '2026-11-25T17:00:00.000Z' })
  createdAt: string;
}

export class CreatedClicsTokenDto extends ClicsTokenDto {
  @ApiProperty({
    example: 'clics_q3VtYmVyIG9mIGJ5dGVzIGlzIDMyIGhlcmUgYWJjZGVm',
    description: 'The token itself, shown this once (only its hash is stored): send it as `Authorization: Bearer <token>`.',
  })
  token: string;
}
