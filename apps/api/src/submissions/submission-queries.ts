import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { GradeResult, type RatingPoints, SubmissionRow, SubmissionStatus } from '@oj/contracts';
import {
  countHiddenSubmission,
  loadSubmission,
  ProblemEntity,
  SubmissionEntity,
  toSubmissionRow,
  UserEntity,
  UserRatingEntity,
  writeFinalResult,
} from '@oj/db';
import { DataSource, SelectQueryBuilder } from 'typeorm';

import { hiddenResultsWhere, rowSeenBy, shownUpdatedAtSql, Viewer, visibleSubmissionsWhere } from '../access';
import type { AuthUser } from '../auth/auth-user';
import { isUuid } from '../common/is-uuid';
import { SubmissionFilterQueryDto } from './dto/submission-query.dto';
import { InsertedSubmission, NewSubmission } from './new-submission';

/** Every column a row needs, and never source_code: lists stay light on a million rows. */
const ROW_COLUMNS = [
  'id',
  'userId',
  'problemId',
  'languageId',
  'languageName',
  'sourceLen',
  'status',
  'verdict',
  'score',
  'runtimeMs',
  'memoryKB',
  'frozen',
  'failedTest',
  'queuedAt',
  'startedAt',
  'finishedAt',
  'createdAt',
  'updatedAt',
].map((c) => `s.${c}`);

/** The columns a new submission sets, in the order of newValues; typed so the INSERT … SELECT form needs no inference. */
const NEW_COLUMNS = 'user_id, problem_id, language_id, language_name, source_code, source_len, queued_at, contest_id, participation_id';
const NEW_VALUES = '$1::uuid, $2::integer, $3::integer, $4::varchar, $5::text, $6::integer, $7::timestamptz, $8::integer, $9::uuid';
/** The submitter's rating comes back with the row (a sub-query on user_ratings' key) for the new row's tier colour. */
const RETURNED =
  'id, status, verdict, score, frozen, created_at, updated_at, (SELECT ur.rating FROM user_ratings ur WHERE ur.user_id = submissions.user_id) AS user_rating';

function newValues(s: NewSubmission): unknown[] {
  return [s.userId, s.problemId, s.languageId, s.languageName, s.sourceCode, s.sourceLen, s.queuedAt, s.contestId, s.participationId];
}

function fromReturned(r: {
  id: string;
  status: SubmissionStatus;
  verdict: string;
  score: number;
  frozen: boolean;
  created_at: Date;
  updated_at: Date;
  user_rating: RatingPoints | null;
}) {
  return {
    id: r.id,
    status: r.status,
    verdict: r.verdict,
    score: r.score,
    frozen: r.frozen,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    userRating: r.user_rating,
  };
}

export interface RowFilter extends Partial<Omit<SubmissionFilterQueryDto, 'page' | 'limit' | 'sort'>> {
  userId?: string;
  updatedAfter?: Date;
}

/**
 * Totals are exact up to this many rows (or up to the end of the requested page, if further); past it a page
 * says "10,000+" (totalCapped), as counting every one of a million rows costs more than the page itself.
 */
export const TOTAL_CAP = 10_000;

/** A page of rows, and how many match: exact, or a lower bound when totalCapped. */
export interface CountedPage {
  items: SubmissionRow[];
  total: number;
  totalCapped: boolean;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Every database access of the submissions aggregate. Listings (filters, visibility, paging) are each served by
 * an index of the migration; single rows and results go through the row builders the worker shares (@oj/db).
 */
@Injectable()
export class SubmissionQueries {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The submission with its list row (user name, problem title). */
  async detail(id: string): ReturnType<typeof loadSubmission> {
    return isUuid(id) ? loadSubmission(this.dataSource.manager, id) : null;
  }

  /** Stores a new submission in one statement, which returns what the database filled in. */
  async insert(submission: NewSubmission): Promise<InsertedSubmission> {
    const [inserted] = await this.dataSource.query(
      `INSERT INTO submissions (${NEW_COLUMNS}) VALUES (${NEW_VALUES}) RETURNING ${RETURNED}`,
      newValues(submission),
    );
    return { ...submission, ...fromReturned(inserted) };
  }

  /**
   * Inserts the submission unless the submitter already has `maxWaiting` queued (then null). The count and the
   * insert run under a lock on the submitter's user row: their submissions go one at a time across every API
   * instance, so parallel requests cannot all pass a count taken before any inserted. The count is part of the
   * insert, a statement of its own after the lock, so it sees every submission committed while the lock waited.
   * Submissions queued again by a rejudge (judge_round > 0) are the admin's doing, not the submitter's.
   */
  insertIfFewerWaiting(submitterId: string, submission: NewSubmission, maxWaiting: number): Promise<InsertedSubmission | null> {
    return this.dataSource.transaction(async (manager) => {
      // NO KEY UPDATE: serialises these transactions without blocking the key-share locks of foreign keys.
      await manager.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [submitterId]);
      const [inserted] = await manager.query(
        `INSERT INTO submissions (${NEW_COLUMNS}) SELECT ${NEW_VALUES}
          WHERE (SELECT count(*) FROM submissions WHERE user_id = $1 AND status = 'queued' AND judge_round = 0) < $10
         RETURNING ${RETURNED}`,
        [...newValues(submission), maxWaiting],
      );
      return inserted ? { ...submission, ...fromReturned(inserted) } : null;
    });
  }

  /** A contest submission the freeze hides shows as pending on the public board from its creation. */
  async countIfHidden(saved: InsertedSubmission, participationId: string | null, problemId: number): Promise<void> {
    if (saved.frozen && participationId) await countHiddenSubmission(this.dataSource, participationId, problemId);
  }

  async finish(id: string, problemId: number, result: GradeResult): Promise<void> {
    await writeFinalResult(this.dataSource, id, problemId, result);
  }

  async page(viewer: AuthUser, filter: RowFilter, page: number, limit: number): Promise<CountedPage> {
    const query = this.withRowColumns(this.filtered(viewer, filter)).orderBy('s.created_at', 'DESC').addOrderBy('s.id', 'DESC');
    const cap = Math.max(TOTAL_CAP, page * limit);
    const [counted, items] = await Promise.all([
      this.countUpTo(viewer, filter, cap),
      this.rows(viewer, query.offset((page - 1) * limit).limit(limit)),
    ]);
    return { items, total: Math.min(counted, cap), totalCapped: counted > cap };
  }

  /**
   * Rows changed after an instant (the live fallback poll), oldest change first: changed as the viewer sees them
   * (shownUpdatedAtSql), so a result hidden from them neither shows up nor moves in the order when it is judged.
   */
  async changedSince(viewer: AuthUser, filter: RowFilter, limit = 100): Promise<SubmissionRow[]> {
    const shown = shownUpdatedAtSql('s', viewer);
    const query = this.withRowColumns(this.filtered(viewer, filter)).orderBy(shown.sql, 'ASC').addOrderBy('s.id', 'ASC');
    return this.rows(viewer, query.setParameters(shown.params).limit(limit));
  }

  /**
   * The matching rows, counted up to one past `cap`: the scan stops there, so a filter matching most of a
   * million rows costs what one matching ten thousand does. On the submissions alone (no joins, no DISTINCT).
   */
  private async countUpTo(viewer: AuthUser, filter: RowFilter, cap: number): Promise<number> {
    const [sql, params] = this.filtered(viewer, filter)
      .select('1')
      .limit(cap + 1)
      .getQueryAndParameters();
    const [counted] = await this.dataSource.query(`SELECT COUNT(*)::int AS total FROM (${sql}) matching`, params);
    return counted.total;
  }

  /** The filters, on submission columns only (other tables through sub-queries), so counts need no join. */
  private filtered(viewer: AuthUser, f: RowFilter): SelectQueryBuilder<SubmissionEntity> {
    const q = this.dataSource.createQueryBuilder(SubmissionEntity, 's');
    const visible = visibleSubmissionsWhere('s', viewer);
    q.andWhere(visible.sql, visible.params);
    if (f.status?.length) this.withStatus(q, viewer, f.status);
    if (f.userId) q.andWhere('s.user_id = :userId', { userId: f.userId });
    if (f.user) {
      // A user id is 36 characters and usernames at most 32, so an id never matches a name: an exact index lookup.
      if (isUuid(f.user)) q.andWhere('s.user_id = :userExact', { userExact: f.user });
      // Otherwise the matching users first, then their rows through the (user_id, created_at) index.
      else
        q.andWhere('s.user_id IN (SELECT fu.id FROM users fu WHERE fu.username ILIKE :userLike)', { userLike: `%${escapeLike(f.user)}%` });
    }
    if (f.problemId) q.andWhere('s.problem_id = :problemId', { problemId: f.problemId });
    if (f.dateFrom) q.andWhere('s.created_at >= :from', { from: `${f.dateFrom}T00:00:00Z` });
    if (f.dateTo) q.andWhere("s.created_at < (:to::timestamptz + interval '1 day')", { to: `${f.dateTo}T00:00:00Z` });
    if (f.updatedAfter) {
      // The shown instant is never later than updated_at, whose index finds the candidates.
      const shown = shownUpdatedAtSql('s', viewer);
      q.andWhere(`s.updated_at > :after AND ${shown.sql} > :after`, { after: f.updatedAfter, ...shown.params });
    }
    return q;
  }

  /**
   * The status filter on the status each viewer sees: a result their contest's freeze hides from them matches
   * `queued` only (as rowSeenBy shows it), so a filter by verdict cannot count frozen results.
   */
  private withStatus(q: SelectQueryBuilder<SubmissionEntity>, viewer: Viewer, status: SubmissionStatus[]): void {
    const hidden = hiddenResultsWhere('s', viewer);
    const shown = `(s.status IN (:...status) AND NOT ${hidden.sql})`;
    q.andWhere(status.includes('queued') ? `(${shown} OR ${hidden.sql})` : shown, { status, ...hidden.params });
  }

  private withRowColumns(q: SelectQueryBuilder<SubmissionEntity>): SelectQueryBuilder<SubmissionEntity> {
    return q
      .select(ROW_COLUMNS)
      .leftJoin(UserEntity, 'u', 'u.id = s.user_id')
      .leftJoin(ProblemEntity, 'p', 'p.problem_id = s.problem_id')
      .leftJoin(UserRatingEntity, 'ur', 'ur.user_id = s.user_id')
      .addSelect(['u.username', 'ur.rating', 'p.id', 'p.title']);
  }

  /** The rows as the viewer may see them (rowSeenBy: pending while a contest's freeze hides the result). */
  private async rows(viewer: Viewer, query: SelectQueryBuilder<SubmissionEntity>): Promise<SubmissionRow[]> {
    const { entities, raw } = await query.getRawAndEntities();
    return entities.map((s, i) =>
      rowSeenBy(
        toSubmissionRow(s, {
          userName: raw[i].u_username ?? null,
          userRating: raw[i].ur_rating ?? null,
          problem: raw[i].p_id ? { id: raw[i].p_id, title: raw[i].p_title } : null,
        }),
        viewer,
      ),
    );
  }
}
