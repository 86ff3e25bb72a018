import { Injectable } from '@nestjs/common';
import type { Paged, RatingPoints, SubmissionRow } from '@oj/contracts';
import { SubmissionEntity, toSubmissionRow } from '@oj/db';
import { DataSource } from 'typeorm';

import { isAdmin } from '../access';
import type { AuthUser } from '../auth/auth-user';
import { ApiException } from '../common/api-exception';
import { ContestsService } from './contests.service';
import type { ContestSubmissionsQueryDto } from './dto/contest-query.dto';

/** A contest's submissions: the caller's own; an admin's choice of user, or everyone's. Newest first. */
@Injectable()
export class ContestSubmissionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly contests: ContestsService,
  ) {}

  async list(contestId: number, caller: AuthUser, query: ContestSubmissionsQueryDto): Promise<Paged<SubmissionRow>> {
    await this.contests.findVisible(contestId, caller);
    if (query.username !== undefined && !isAdmin(caller)) throw ApiException.forbidden("Only admins may list others' submissions.");
    const qb = this.dataSource
      .getRepository(SubmissionEntity)
      .createQueryBuilder('s')
      .leftJoin('users', 'u', 'u.id = s.user_id')
      .leftJoin('user_ratings', 'ur', 'ur.user_id = s.user_id')
      .leftJoin('problems', 'p', 'p.problem_id = s.problem_id')
      .addSelect(['u.username AS username', 'ur.rating AS user_rating', 'p.id AS problem_uuid', 'p.title AS problem_title'])
      .where('s.contest_id = :contestId', { contestId });
    if (query.username !== undefined) qb.andWhere('lower(u.username) = lower(:username)', { username: query.username });
    else if (!isAdmin(caller)) qb.andWhere('s.user_id = :me', { me: caller.id });
    const total = await qb.getCount();
    const { entities, raw } = await qb
      .orderBy('s.created_at', 'DESC')
      .addOrderBy('s.id', 'DESC')
      .offset((query.page - 1) * query.limit)
      .limit(query.limit)
      .getRawAndEntities<{ username: string | null; user_rating: RatingPoints | null; problem_uuid: string; problem_title: string }>();
    const items = entities.map((s, i) =>
      toSubmissionRow(s, {
        userName: raw[i].username,
        userRating: raw[i].user_rating,
        problem: { id: raw[i].problem_uuid, title: raw[i].problem_title },
      }),
    );
    return { items, total, totalPages: Math.ceil(total / query.limit), page: query.page, limit: query.limit };
  }
}
