import { ApiProperty } from '@nestjs/swagger';
import { AuthSession } from '@oj/contracts';

import { UserResponseDto } from '../../users/dto/user-response.dto';

export class AuthResponseDto implements AuthSession {
  @ApiProperty({
    example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIuLi4ifQ.c2lnbmF0dXJl',
    description: 'JWT, valid for 15 minutes',
  })
  accessToken: string;

  @ApiProperty({ example: 'q3J8v0x9mZ2sT5wK7yB1nD4fH6jL8pR0tV2xZ4bC6eG', description: 'Opaque token; rotated on every refresh' })
  refreshToken: string;

  @ApiProperty({ type: UserResponseDto })
  user: UserResponseDto;
}
