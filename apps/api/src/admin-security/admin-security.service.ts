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

  async status(): Promise<SecurityStatusDto> {
    return { defaultPasswordAdmins: await this.defaultPasswordAdmins({ activeOnly: true }) };
  }

  /**
   * The admins whose stored hash (never a stored password: only hashes are kept) is the default password's, oldest
   * first; with `activeOnly`, only those who can sign in now.
   */
  async defaultPasswordAdmins({ activeOnly }: { activeOnly: boolean }): Promise<string[]> {
    const admins = adminUsersWhere('u');
    const query = this.users.createQueryBuilder('u').select(['u.username', 'u.passwordHash']).where(admins.sql, admins.params);
    if (activeOnly) query.andWhere('u.is_active');
    const found = await query.orderBy('u.created_at').getMany();
    const defaults = await Promise.all(found.map((admin) => this.defaultPassword.isDefault(admin.passwordHash)));
    return found.filter((_, i) => defaults[i]).map((admin) => admin.username);
  }
}
