import { Injectable } from '@nestjs/common';
import type { ContestRatingChange, RatingHistoryEntry } from '@oj/contracts';
import { DataSource } from 'typeorm';

import { canSeeProfile, visibleContestsWhere, visibleProfilesWhere } from '../access';
import type { AuthUser } from '../auth/auth-user';
import { USERNAME_PATTERN } from '../auth/dto/register.dto';
import { ApiException } from '../common/api-exception';
import { ContestsService } from '../contests/contests.service';
import type { RatingLeaderboardDto } from './dto/ratings.dto';

/** The ratings' reads; the workers write them (libs/db ratings.ts). */
@Injectable()
export class RatingsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly contests: ContestsService,
  ) {}

  /**
   * Rated users by current rating, ranked as in sport; ties listed by name. `usernames`: only those users' rows,
   * each ranked on the whole board (the SPA's tier colours for the names a list shows).
   */
  /**
   * The ratings board as the viewer may see it: only the users whose profile they may see (canSeeProfile, as the
   * rating history asks), ranked among themselves, so a private profile's rating shows neither as a row nor as a gap
   * in the ranks.
   */
  async leaderboard(page: number, limit: number, usernames: string[] | null = null, viewer?: AuthUser): Promise<RatingLeaderboardDto> {
    const profiles = visibleProfilesWhere('u', viewer);
    const [visible, visibleParams] = this.dataSource.driver.escapeQueryWithParameters(profiles.sql, profiles.params, {});
    const offset = visibleParams.length;
    const ranked = `SELECT rank() OVER (ORDER BY r.rating DESC)::int AS rank, u.username, r.rating, r.max_rating AS "maxRating", r.contests
      FROM user_ratings r JOIN users u ON u.id = r.user_id WHERE ${visible}`;
    const only = `$${offset + 1}::text[] IS NULL OR board.username = ANY($${offset + 1}::text[])`;
    const [items, [{ total }]] = await Promise.all([
      this.dataSource.query(
        `SELECT * FROM (${ranked}) board WHERE ${only} ORDER BY rank, username LIMIT $${offset + 2} OFFSET $${offset + 3}`,
        [...visibleParams, usernames, limit, (page - 1) * limit],
      ),
      this.dataSource.query(`SELECT count(*)::int AS total FROM (${ranked}) board WHERE ${only}`, [...visibleParams, usernames]) as Promise<
        { total: number }[]
      >,
    ]);
    return { items, total };
  }

  /**
   * A user's rated contests, oldest first, as their profile shows them: a private profile only to its owner and
   * admins ('This profile is private.'), and only the contests the viewer may see listed (a private contest's title
   * stays with its participants).
   */
  async history(username: string, viewer: AuthUser | undefined): Promise<RatingHistoryEntry[]> {
    if (!USERNAME_PATTERN.test(username)) throw ApiException.notFound('User not found.');
    const [user]: { id: string; role: string; profilePublic: boolean }[] = await this.dataSource.query(
      'SELECT id, role, profile_public AS "profilePublic" FROM users WHERE username = $1',
      [username],
    );
    if (!user) throw ApiException.notFound('User not found.');
    if (!canSeeProfile(user, viewer)) throw ApiException.forbidden('This profile is private.');
    const visible = visibleContestsWhere('c', viewer);
    const rows: (Omit<RatingHistoryEntry, 'endedAt'> & { endedAt: Date })[] = await this.dataSource
      .createQueryBuilder()
      .select(['rc.contest_id AS "contestId"', 'c.title AS title', 'c.ends_at AS "endedAt"', 'rc.rank AS rank'])
      .addSelect(['rc.old_rating AS "oldRating"', 'rc.new_rating AS "newRating"', 'rc.performance AS performance'])
      .from('rating_changes', 'rc')
      .innerJoin('contest_ratings', 'cr', 'cr.contest_id = rc.contest_id')
      .innerJoin('contests', 'c', 'c.contest_id = rc.contest_id')
      .where('rc.user_id = :userId', { userId: user.id })
      .andWhere(visible.sql, visible.params)
      .orderBy('cr.ends_at')
      .addOrderBy('cr.contest_id')
      .getRawMany();
    return rows.map((row) => ({ ...row, endedAt: row.endedAt.toISOString() }));
  }

  /** A contest's rating changes, best rank first; empty until its ratings are computed. 404 for a contest not seen. */
  async contestChanges(contestId: number, caller: AuthUser | undefined): Promise<ContestRatingChange[]> {
    await this.contests.findVisible(contestId, caller);
    return this.dataSource.query(
      `SELECT u.username, rc.rank, rc.old_rating AS "oldRating", rc.new_rating AS "newRating"
         FROM rating_changes rc JOIN users u ON u.id = rc.user_id
        WHERE rc.contest_id = $1 ORDER BY rc.rank, u.username`,
      [contestId],
    );
  }
}
