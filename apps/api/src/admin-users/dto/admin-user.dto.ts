import { ApiProperty } from '@nestjs/swagger';
import { ItemList, Role, ROLES, UserAccount } from '@oj/contracts';
import { IsBoolean, IsIn } from 'class-validator';

import { UserAccountDto } from '../../users/dto/user-account.dto';

/** An account in the admins' user list. */
export class AdminUserDto extends UserAccountDto {}

export class AdminUserListDto implements ItemList<UserAccount> {
  @ApiProperty({ type: [AdminUserDto] })
  items: AdminUserDto[];
}

export class UpdateRoleDto {
  @ApiProperty({ example: 'admin', enum: ROLES })
  @IsIn(ROLES, { message: `Role must be one of: ${ROLES.join(', ')}.` })
  role: Role;
}

export class UpdateStatusDto {
  @ApiProperty({ example: false })
  @IsBoolean({ message: 'isActive must be true or false.' })
  isActive: boolean;
}
