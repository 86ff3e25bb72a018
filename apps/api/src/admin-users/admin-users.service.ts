import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Role } from '@oj/contracts';
import { UserEntity } from '@oj/db';
import { DataSource, EntityManager } from 'typeorm';
import { TokenService } from '../auth/token.service';
import { LivePublisher } from '../live/live-publisher';
import { ApiException } from '../common/api-exception';
import { AdminUserDto, toAdminUser } from './dto/admin-user.dto';
import { isUuid } from '../common/is-uuid';


/**
 * Role, status and deletion of accounts. Changes run in a transaction that locks the active admins, so two
 * admins demoting each other at once cannot leave the site without one.
 */
@Injectable()
export class AdminUsersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tokens: TokenService,
    private readonly live: LivePublisher,
  ) {}

  async list(): Promise<AdminUserDto[]> {
    const users = await this.dataSource.getRepository(UserEntity).find({ order: { createdAt: 'ASC' } });
    return users.map(toAdminUser);
  }

  async setRole(actorId: string, userId: string, role: Role): Promise<AdminUserDto> {
    return this.change(actorId, userId, 'demote', role !== 'admin', (user) => (user.role = role));
  }

  async setStatus(actorId: string, userId: string, isActive: boolean): Promise<AdminUserDto> {
    const updated = await this.change(actorId, userId, 'deactivate', !isActive, (user) => (user.isActive = isActive));
    if (!isActive) await this.tokens.revokeAllForUser(userId);
    return updated;
  }

  /** Deletes the account; its submissions stay, without a user (user_id ON DELETE SET NULL). */
  async remove(actorId: string, userId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const user = await this.lockedTarget(manager, actorId, userId, 'delete', true);
      await manager.delete(UserEntity, { id: user.id });
    });
    await this.live.accessChanged({ userId });
  }

  /** Open live streams were authorised with the old role or status: accessChanged ends them. */
  private async change(actorId: string, userId: string, action: string, removesAdmin: boolean, apply: (user: UserEntity) => void): Promise<AdminUserDto> {
    const changed = await this.dataSource.transaction(async (manager) => {
      const user = await this.lockedTarget(manager, actorId, userId, action, removesAdmin);
      apply(user);
      return toAdminUser(await manager.save(user));
    });
    await this.live.accessChanged({ userId });
    return changed;
  }

  private async lockedTarget(manager: EntityManager, actorId: string, userId: string, action: string, removesAdmin: boolean): Promise<UserEntity> {
    if (!isUuid(userId)) throw ApiException.notFound('User not found.');
    const activeAdmins = await manager
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .setLock('pessimistic_write')
      .where("u.role = 'admin' AND u.is_active")
      .getMany();
    const user = await manager.findOne(UserEntity, { where: { id: userId } });
    if (!user) throw ApiException.notFound('User not found.');
    if (!removesAdmin) return user;
    if (user.id === actorId) throw ApiException.conflict(`You cannot ${action} your own account.`);
    const isActiveAdmin = user.role === 'admin' && user.isActive;
    if (isActiveAdmin && activeAdmins.length <= 1) throw ApiException.conflict('The last active administrator cannot be removed.');
    return user;
  }
}
