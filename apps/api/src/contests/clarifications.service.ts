import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Clarification, Paged, RatingPoints } from '@oj/contracts';
import { ClarificationEntity, ContestProblemEntity } from '@oj/db';
import { DataSource, Repository } from 'typeorm';

import { canSeeClarificationAsker, isAdmin, visibleClarificationsWhere } from '../access';
import type { AuthUser } from '../auth/auth-user';
import { ApiException } from '../common/api-exception';
import { RateLimitService } from '../common/rate-limit/rate-limit.service';
import { AppConfig } from '../config/app-config';
import { ContestsService } from './contests.service';
import type { ClarificationAnswerDto, ClarificationInputDto } from './dto/clarification.dto';
import { ScoreboardStreamService } from './scoreboard/scoreboard-stream.service';

const CLARIFICATION_NOT_FOUND = 'Clarification not found.';

/** A clarification row with its asker's name, as the list and the single read select it. */
type ClarificationRow = ClarificationEntity & { username: string | null; rating: RatingPoints | null };

/**
 * Clarifications: participants (official or virtual) ask about a problem or the contest in general; admins answer
 * privately or to everyone, or post a notice unprompted. Who reads which, and the asker's name, is the access
 * policy's (canSeeClarification, canSeeClarificationAsker). Every answer and notice, once committed, goes out on the
 * contest stream, which applies the same rule to each viewer.
 */
@Injectable()
export class ClarificationsService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(ClarificationEntity) private readonly clarifications: Repository<ClarificationEntity>,
    @InjectRepository(ContestProblemEntity) private readonly contestProblems: Repository<ContestProblemEntity>,
    private readonly contests: ContestsService,
    private readonly stream: ScoreboardStreamService,
    private readonly rateLimits: RateLimitService,
    private readonly config: AppConfig,
  ) {}

  /** A page of those the caller may read (visibleClarificationsWhere), newest first. */
  async list(contestId: number, caller: AuthUser | undefined, page: number, limit: number): Promise<Paged<Clarification>> {
    const { contest } = await this.contests.findVisible(contestId, caller);
    const visible = visibleClarificationsWhere('c', caller, contest, new Date());
    const query = this.select().where('c.contest_id = :contestId', { contestId }).andWhere(visible.sql, visible.params);
    const [rows, total] = await Promise.all([
      query
        .clone()
        .orderBy('c.id', 'DESC')
        .offset((page - 1) * limit)
        .limit(limit)
        .getRawMany<RawClarification>(),
      query.getCount(),
    ]);
    return { items: rows.map((row) => presentTo(fromRaw(row), caller)), total, totalPages: Math.ceil(total / limit), page, limit };
  }

  /** A participant's question, or (an admin with `answer`) a notice; 400 for a label the contest lacks. */
  async create(contestId: number, caller: AuthUser, dto: ClarificationInputDto): Promise<Clarification> {
    const { seats } = await this.contests.findVisible(contestId, caller);
    const admin = isAdmin(caller);
    if (dto.answer !== undefined && !admin) throw ApiException.forbidden('Only admins post clarifications unprompted.');
    if (dto.answer === undefined && dto.question === undefined)
      throw ApiException.validation([{ path: 'question', message: 'question is required.' }]);
    if (dto.public !== undefined && dto.answer === undefined)
      throw ApiException.validation([{ path: 'public', message: 'public goes with an answer.' }]);
    if (dto.problemLabel !== undefined && !(await this.contestProblems.existsBy({ contestId, label: dto.problemLabel })))
      throw ApiException.validation([{ path: 'problemLabel', message: 'problemLabel must be the label of a problem of the contest.' }]);
    if (!admin && !(seats.official ?? seats.virtual))
      throw ApiException.forbidden('Register for the contest (or start a virtual run) to ask a question.');
    // Counted in Redis before anything is written, so a burst is cut down there (admins, who answer, are not limited).
    if (!admin)
      await this.rateLimits.consume(
        'clarification',
        caller.id,
        this.config.CLARIFICATIONS_PER_MINUTE,
        'You are sending clarifications too fast. Please wait a minute and try again.',
      );
    const notice = dto.answer !== undefined;
    const saved = await this.clarifications.save(
      this.clarifications.create({
        contestId,
        userId: notice ? null : caller.id,
        problemLabel: dto.problemLabel ?? null,
        question: dto.question ?? null,
        answer: dto.answer ?? null,
        isPublic: notice ? (dto.public ?? true) : false,
        answeredAt: notice ? new Date() : null,
      }),
    );
    const clarification = await this.one(contestId, saved.id);
    await this.stream.publishClarification({ clarification: present(clarification, true), askerId: clarification.userId });
    return presentTo(clarification, caller);
  }

  /** An admin's answer, to the asker alone or to everyone; answering again replaces it. */
  async answer(contestId: number, id: number, dto: ClarificationAnswerDto): Promise<Clarification> {
    const updated = await this.clarifications.update(
      { contestId, id },
      { answer: dto.answer, isPublic: dto.public ?? false, answeredAt: new Date() },
    );
    if (!updated.affected) throw ApiException.notFound(CLARIFICATION_NOT_FOUND);
    const clarification = await this.one(contestId, id);
    const shown = present(clarification, true);
    await this.stream.publishClarification({ clarification: shown, askerId: clarification.userId });
    return shown;
  }

  private async one(contestId: number, id: number): Promise<ClarificationRow> {
    const row = await this.select().where('c.contest_id = :contestId AND c.id = :id', { contestId, id }).getRawOne<RawClarification>();
    if (!row) throw ApiException.notFound(CLARIFICATION_NOT_FOUND);
    return fromRaw(row);
  }

  private select() {
    return this.dataSource
      .createQueryBuilder()
      .from(ClarificationEntity, 'c')
      .leftJoin('users', 'u', 'u.id = c.user_id')
      .leftJoin('user_ratings', 'ur', 'ur.user_id = c.user_id')
      .select([
        'c.id AS id',
        'c.contest_id AS contest_id',
        'c.user_id AS user_id',
        'u.username AS username',
        'ur.rating AS rating',
        'c.problem_label AS problem_label',
        'c.question AS question',
        'c.answer AS answer',
        'c.is_public AS is_public',
        'c.created_at AS created_at',
        'c.answered_at AS answered_at',
      ]);
  }
}

interface RawClarification {
  id: number;
  contest_id: number;
  user_id: string | null;
  username: string | null;
  rating: RatingPoints | null;
  problem_label: string | null;
  question: string | null;
  answer: string | null;
  is_public: boolean;
  created_at: Date;
  answered_at: Date | null;
}

function fromRaw(row: RawClarification): ClarificationRow {
  return {
    id: row.id,
    contestId: row.contest_id,
    userId: row.user_id,
    username: row.username,
    rating: row.rating,
    problemLabel: row.problem_label,
    question: row.question,
    answer: row.answer,
    isPublic: row.is_public,
    createdAt: row.created_at,
    answeredAt: row.answered_at,
  };
}

/** The clarification as `viewer` reads it: signed for those who may see its asker (canSeeClarificationAsker). */
function presentTo(row: ClarificationRow, viewer: AuthUser | undefined): Clarification {
  return present(row, canSeeClarificationAsker(viewer, { askerId: row.userId }));
}

/** With the asker's name (`named`: for admins, the asker, and the stream, which strips it per viewer), or unsigned. */
function present(row: ClarificationRow, named: boolean): Clarification {
  return {
    id: row.id,
    contestId: row.contestId,
    username: named ? row.username : null,
    rating: named ? row.rating : null,
    problemLabel: row.problemLabel,
    question: row.question,
    answer: row.answer,
    public: row.isPublic,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}
