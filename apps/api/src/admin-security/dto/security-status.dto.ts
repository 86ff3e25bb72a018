import { ApiProperty } from '@nestjs/swagger';

export class SecurityStatusDto {
  @ApiProperty({
    type: [String],
    example: ['admin'],
    description: 'Active admin accounts whose password is still the built-in default (admin12345); the admin pages warn',
  })
  defaultPasswordAdmins: string[];
}
