import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { UserEntity } from '@oj/db';
import { Repository } from 'typeorm';

import { adminUsersWhere } from '../access';
import { DefaultPasswordCheck } from './default-password-check';
import { SecurityStatusDto } from './dto/security-status.dto';

@Injectable()
export class AdminSecurityService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly defaultPassword: DefaultPasswordCheck,
  ) {}

  /** Checks the stored hashes (never a stored password) of the active admins against the default password. */
  async status(): Promise<SecurityStatusDto> {
    const admins = adminUsersWhere('u');
    const active = await this.users
      .createQueryBuilder('u')
      .select(['u.username', 'u.passwordHash'])
      .where(`${admins.sql} AND u.is_active`, admins.params)
      .orderBy('u.created_at')
      .getMany();
    const defaults = await Promise.all(active.map((admin) => this.defaultPassword.isDefault(admin.passwordHash)));
    return { defaultPasswordAdmins: active.filter((_, i) => defaults[i]).map((admin) => admin.username) };
  }
}
