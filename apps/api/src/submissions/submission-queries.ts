import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SubmissionRow } from '@oj/contracts';
import { ProblemEntity, SubmissionEntity, toSubmissionRow, UserEntity } from '@oj/db';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { SubmissionFilterQueryDto } from './dto/submission-query.dto';
import { isUuid } from '../common/is-uuid';
import { isAdmin } from '../problems/problem-access';

/** Every column a row needs, and never source_code: lists stay light on a million rows. */
const ROW_COLUMNS = [
  'id', 'userId', 'problemId', 'languageId', 'languageName', 'sourceLen', 'status', 'verdict', 'score', 'runtimeMs', 'memoryKB',
  'queuedAt', 'startedAt', 'finishedAt', 'createdAt', 'updatedAt',
].map((c) => `s.${c}`);


export interface RowFilter extends Partial<Omit<SubmissionFilterQueryDto, 'page' | 'limit' | 'sort'>> {
  userId?: string;
  updatedAfter?: Date;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Listing queries of submissions: filters, visibility, paging; each one served by an index of the migration. */
@Injectable()
export class SubmissionQueries {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async page(viewer: AuthUser, filter: RowFilter, page: number, limit: number): Promise<{ items: SubmissionRow[]; total: number }> {
    const query = this.withRowColumns(this.filtered(viewer, filter)).orderBy('s.created_at', 'DESC').addOrderBy('s.id', 'DESC');
    // A plain COUNT(*) on the submissions alone: no joins, no DISTINCT, so it stays an index scan on a million rows.
    const count = this.filtered(viewer, filter).select('COUNT(*)::int', 'total').getRawOne<{ total: number }>();
    const [counted, items] = await Promise.all([count, this.rows(query.offset((page - 1) * limit).limit(limit))]);
    return { items, total: counted?.total ?? 0 };
  }

  /** Rows changed after an instant (the live fallback poll), oldest change first. */
  async changedSince(viewer: AuthUser, filter: RowFilter, limit = 100): Promise<SubmissionRow[]> {
    return this.rows(this.withRowColumns(this.filtered(viewer, filter)).orderBy('s.updated_at', 'ASC').limit(limit));
  }

  /** The filters, on submission columns only (other tables through sub-queries), so counts need no join. */
  private filtered(viewer: AuthUser, f: RowFilter): SelectQueryBuilder<SubmissionEntity> {
    const q = this.dataSource.createQueryBuilder(SubmissionEntity, 's');
    // canSeeProblem in SQL: submissions of a private problem are shown to admins and to their own authors only.
    if (!isAdmin(viewer)) {
      q.andWhere('(s.problem_id IN (SELECT vp.problem_id FROM problems vp WHERE vp.is_public) OR s.user_id = :viewer)', { viewer: viewer.id });
    }
    if (f.status?.length) q.andWhere('s.status IN (:...status)', { status: f.status });
    if (f.userId) q.andWhere('s.user_id = :userId', { userId: f.userId });
    if (f.user) {
      // A user id is 36 characters and usernames at most 32, so an id never matches a name: an exact index lookup.
      if (isUuid(f.user)) q.andWhere('s.user_id = :userExact', { userExact: f.user });
      // Otherwise the matching users first, then their rows through the (user_id, created_at) index.
      else q.andWhere('s.user_id IN (SELECT fu.id FROM users fu WHERE fu.username ILIKE :userLike)', { userLike: `%${escapeLike(f.user)}%` });
    }
    if (f.problemId) q.andWhere('s.problem_id = :problemId', { problemId: f.problemId });
    if (f.dateFrom) q.andWhere('s.created_at >= :from', { from: `${f.dateFrom}T00:00:00Z` });
    if (f.dateTo) q.andWhere("s.created_at < (:to::timestamptz + interval '1 day')", { to: `${f.dateTo}T00:00:00Z` });
    if (f.updatedAfter) q.andWhere('s.updated_at > :after', { after: f.updatedAfter });
    return q;
  }

  private withRowColumns(q: SelectQueryBuilder<SubmissionEntity>): SelectQueryBuilder<SubmissionEntity> {
    return q
      .select(ROW_COLUMNS)
      .leftJoin(UserEntity, 'u', 'u.id = s.user_id')
      .leftJoin(ProblemEntity, 'p', 'p.problem_id = s.problem_id')
      .addSelect(['u.username', 'p.id', 'p.title']);
  }

  private async rows(query: SelectQueryBuilder<SubmissionEntity>): Promise<SubmissionRow[]> {
    const { entities, raw } = await query.getRawAndEntities();
    return entities.map((s, i) =>
      toSubmissionRow(s, { userName: raw[i].u_username ?? null, problem: raw[i].p_id ? { id: raw[i].p_id, title: raw[i].p_title } : null }),
    );
  }
}
