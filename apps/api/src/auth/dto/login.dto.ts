import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class LoginDto {
  @ApiProperty({ example: 'ada' })
  @MaxLength(254)
  @IsNotEmpty({ message: 'Username or email is required.' })
  @IsString({ message: 'Username or email is required.' })
  usernameOrEmail: string;

  @ApiProperty({ example: 'correct horse battery staple' })
  @MaxLength(1024)
  @IsNotEmpty({ message: 'Password is required.' })
  @IsString({ message: 'Password is required.' })
  password: string;
}
