import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Role } from '@oj/contracts';
import { ratedAndFinalSql, UserEntity } from '@oj/db';
import { EntityManager, Repository } from 'typeorm';

import { adminUsersWhere, isAdmin, isAdminRole } from '../access';
import { TokenService } from '../auth/token.service';
import { ApiException } from '../common/api-exception';
import { isUuid } from '../common/is-uuid';
import { BoardChanges } from '../contests/scoreboard/board-changes';
import { ApiLivePublisher } from '../live/api-live-publisher';
import { RatingsScheduler } from '../ratings/ratings-scheduler';
import { toUserAccount } from '../users/dto/user-account.dto';
import { AdminUserDto } from './dto/admin-user.dto';

/**
 * Role, status and deletion of accounts. Changes run in a transaction that locks the active admins, so two
 * admins demoting each other at once cannot leave the site without one.
 */
@Injectable()
export class AdminUsersService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly tokens: TokenService,
    private readonly live: ApiLivePublisher,
    private readonly boards: BoardChanges,
    private readonly ratings: RatingsScheduler,
  ) {}

  async list(): Promise<AdminUserDto[]> {
    return (await this.users.find({ order: { createdAt: 'ASC' } })).map(toUserAccount);
  }

  async setRole(actorId: string, userId: string, role: Role): Promise<AdminUserDto> {
    return this.change(actorId, userId, 'demote', !isAdminRole(role), (user) => (user.role = role));
  }

  async setStatus(actorId: string, userId: string, isActive: boolean): Promise<AdminUserDto> {
    const updated = await this.change(actorId, userId, 'deactivate', !isActive, (user) => (user.isActive = isActive));
    if (!isActive) await this.tokens.revokeAllForUser(userId);
    return updated;
  }

  /**
   * Deletes the account; its submissions stay, without a user (user_id ON DELETE SET NULL), and its contest rows go
   * (cascade), so every cached board is dropped. An official participant of a rated contest whose results are final
   * leaves its standings: the ratings recompute is asked for at once.
   */
  async remove(actorId: string, userId: string): Promise<void> {
    const rated = await this.users.manager.transaction(async (manager) => {
      const user = await this.lockedTarget(manager, actorId, userId, 'delete', true);
      const [{ rated }]: { rated: boolean }[] = await manager.query(
        `SELECT EXISTS (SELECT 1 FROM contest_participations p JOIN contests c ON c.contest_id = p.contest_id
           WHERE p.user_id = $1 AND p.kind = 'official' AND ${ratedAndFinalSql('c', 'now()')}) AS rated`,
        [user.id],
      );
      await manager.delete(UserEntity, { id: user.id });
      return rated;
    });
    await this.boards.changed(null);
    if (rated) await this.ratings.changed(`user ${userId} deleted`);
    await this.live.accessChanged({ userId });
  }

  /**
   * A changed role or status raises the token version, which ends the user's access tokens and queue board
   * cookies at once; open live streams were authorised with the old role or status: accessChanged ends them.
   * Refresh tokens stay on a role change (the next refresh carries the new role); deactivation revokes them.
   */
  private async change(
    actorId: string,
    userId: string,
    action: string,
    removesAdmin: boolean,
    apply: (user: UserEntity) => void,
  ): Promise<AdminUserDto> {
    const changed = await this.users.manager.transaction(async (manager) => {
      const user = await this.lockedTarget(manager, actorId, userId, action, removesAdmin);
      const before = { role: user.role, isActive: user.isActive };
      apply(user);
      if (user.role !== before.role || user.isActive !== before.isActive) user.tokenVersion += 1;
      return toUserAccount(await manager.save(user));
    });
    await this.live.accessChanged({ userId });
    return changed;
  }

  private async lockedTarget(
    manager: EntityManager,
    actorId: string,
    userId: string,
    action: string,
    removesAdmin: boolean,
  ): Promise<UserEntity> {
    if (!isUuid(userId)) throw ApiException.notFound('User not found.');
    const admins = adminUsersWhere('u');
    const activeAdmins = await manager
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .setLock('pessimistic_write')
      .where(`${admins.sql} AND u.is_active`, admins.params)
      .getMany();
    const user = await manager.findOne(UserEntity, { where: { id: userId } });
    if (!user) throw ApiException.notFound('User not found.');
    if (!removesAdmin) return user;
    if (user.id === actorId) throw ApiException.conflict(`You cannot ${action} your own account.`);
    const isActiveAdmin = isAdmin(user) && user.isActive;
    if (isActiveAdmin && activeAdmins.length <= 1) throw ApiException.conflict('The last active administrator cannot be removed.');
    return user;
  }
}
