import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { UserEntity } from '@oj/db';
import { Repository } from 'typeorm';

import { ApiException } from '../common/api-exception';

@Injectable()
export class UsersService {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  async setProfileVisibility(userId: string, profilePublic: boolean): Promise<{ profilePublic: boolean }> {
    const result = await this.users.update({ id: userId }, { profilePublic });
    if (!result.affected) throw ApiException.unauthorized('Authentication required');
    return { profilePublic };
  }
}
