import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { contestMinute, ContestPhase, contestPhase, stopsAtFirstFailure } from '@oj/contracts';
import {
  ContestEntity,
  ContestParticipationEntity,
  ContestProblemEntity,
  ProblemEntity,
  refoldContestBoard,
  syncFrozenResults,
  UserEntity,
} from '@oj/db';
import { createHash, timingSafeEqual } from 'crypto';
import { DataSource, EntityManager, In, Repository } from 'typeorm';

import {
  canSeeContest,
  canSelfRegister,
  contestGate,
  ContestSeats,
  isAdmin,
  isBoardFrozen,
  isInviteOnly,
  visibleContestsWhere,
} from '../access';
import type { AuthUser } from '../auth/auth-user';
import { ApiException } from '../common/api-exception';
import type { ProblemDto } from '../problems/dto/problem-response.dto';
import { PROBLEM_NOT_FOUND, ProblemsService } from '../problems/problems.service';
import { RatingsScheduler } from '../ratings/ratings-scheduler';
import { AccessCodeGuesses } from './access-code-guesses';
import { contestCalendar } from './contest-calendar';
import { contestFromInput, ContestProblemFields } from './contest-input';
import { ContestProblemAccess } from './contest-problem-access';
import type { ContestInputDto } from './dto/contest-input.dto';
import type { ContestListQueryDto } from './dto/contest-query.dto';
import type { ContestDto, ContestListDto, ContestParticipantDto } from './dto/contest-response.dto';
import { BoardChanges } from './scoreboard/board-changes';

export const CONTEST_NOT_FOUND = 'Contest not found.';

/** Where a contest submission goes: on a participation's board cell, or practice (no participation) after the end. */
export interface ContestEntry {
  contestId: number;
  participationId: string | null;
  /** Graded ICPC-style, up to the first failing test (the contest's format says so). */
  stopAtFirstFailure: boolean;
}

/** A caller's two possible seats in a contest: their registration, and their virtual run after the end. */
export interface CallerSeats {
  official: ContestParticipationEntity | null;
  virtual: ContestParticipationEntity | null;
}

/** A contest the caller may see (canSeeContest), with their seats in it. */
export interface SeenContest {
  contest: ContestEntity;
  seats: CallerSeats;
}

/** The caller's seats as the access rules read them. */
export function seatList(seats: CallerSeats): ContestSeats {
  return [seats.official, seats.virtual].filter((seat) => seat !== null);
}

/** Contests, registration and starts, and the gate of contest submissions. */
@Injectable()
export class ContestsService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(ContestEntity) private readonly contests: Repository<ContestEntity>,
    @InjectRepository(ContestProblemEntity) private readonly contestProblems: Repository<ContestProblemEntity>,
    @InjectRepository(ContestParticipationEntity) private readonly participations: Repository<ContestParticipationEntity>,
    private readonly problems: ProblemsService,
    private readonly boards: BoardChanges,
    private readonly guesses: AccessCodeGuesses,
    private readonly problemAccess: ContestProblemAccess,
    private readonly ratings: RatingsScheduler,
  ) {}

  /** Newest first; private contests only for admins and their participants. */
  async list(query: ContestListQueryDto, caller: AuthUser | undefined): Promise<ContestListDto> {
    const visible = visibleContestsWhere('c', caller);
    const qb = this.contests.createQueryBuilder('c').where(visible.sql, visible.params);
    const phase: Record<ContestPhase, string> = {
      upcoming: 'c.starts_at > now()',
      running: 'c.starts_at <= now() AND c.ends_at > now()',
      past: 'c.ends_at <= now()',
    };
    if (query.phase) qb.andWhere(phase[query.phase]);
    const [contests, total] = await qb
      .orderBy('c.starts_at', 'DESC')
      .addOrderBy('c.contest_id', 'DESC')
      .skip((query.page - 1) * query.limit)
      .take(query.limit)
      .getManyAndCount();
    const counts = await this.participantCounts(contests.map((c) => c.contestId));
    const items = await Promise.all(contests.map((c) => this.present(c, caller, isAdmin(caller), undefined, counts.get(c.contestId) ?? 0)));
    return { items, total, totalPages: Math.ceil(total / query.limit), page: query.page, limit: query.limit };
  }

  async get(contestId: number, caller: AuthUser | undefined): Promise<ContestDto> {
    const { contest, seats } = await this.findVisible(contestId, caller);
    return this.present(contest, caller, isAdmin(caller), seats);
  }

  /** The contest as an iCalendar file, for whoever may see the contest (404 otherwise, as for no contest). */
  async calendar(contestId: number, caller: AuthUser | undefined, origin: string): Promise<string> {
    const { contest } = await this.findVisible(contestId, caller);
    return contestCalendar(contest, origin, new Date());
  }

  async create(dto: ContestInputDto): Promise<ContestDto> {
    const { contest, problems } = contestFromInput(dto);
    const saved = await this.dataSource.transaction(async (manager) => {
      const created = await manager.save(manager.create(ContestEntity, contest));
      await this.saveProblems(manager, created.contestId, problems);
      return created;
    });
    return this.present(saved, undefined, true);
  }

  /** Replaces the contest; its board is re-folded, as points, the freeze or the problems may have changed. */
  async update(contestId: number, dto: ContestInputDto): Promise<ContestDto> {
    const { contest, problems } = contestFromInput(dto);
    const saved = await this.dataSource.transaction(async (manager) => {
      const found = await manager.findOne(ContestEntity, { where: { contestId }, lock: { mode: 'pessimistic_write' } });
      if (!found) throw ApiException.notFound(CONTEST_NOT_FOUND);
      const updated = await manager.save(Object.assign(found, contest));
      await manager.delete(ContestProblemEntity, { contestId });
      await this.saveProblems(manager, contestId, problems);
      // The freeze may have moved: before the board's re-fold, as the result write takes problems before participations.
      await syncFrozenResults(manager, contestId);
      await refoldContestBoard(manager, contestId);
      return updated;
    });
    await this.boards.changed(contestId, 'edited');
    await this.ratings.changed(`contest ${contestId} edited`);
    return this.present(saved, undefined, true);
  }

  /**
   * Deletes the contest and its board; its submissions stay, as ordinary ones (contest_id ON DELETE SET NULL), with
   * their results shown and counted, as no unfreeze will come for them.
   */
  async remove(contestId: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await syncFrozenResults(manager, contestId, true);
      const result = await manager.delete(ContestEntity, { contestId });
      if (!result.affected) throw ApiException.notFound(CONTEST_NOT_FOUND);
    });
    await this.boards.changed(contestId, 'deleted');
    await this.ratings.changed(`contest ${contestId} deleted`);
  }

  /**
   * Registration is open until the end; a private contest with a code asks for it, and one without takes its
   * participants from admins only (canSelfRegister).
   */
  async register(contestId: number, caller: AuthUser, address: string, accessCode: string | undefined): Promise<ContestDto> {
    const { contest } = await this.findVisible(contestId, caller);
    this.requireRegistrationOpen(contest);
    if (!canSelfRegister(contest, caller))
      throw ApiException.forbidden('This private contest is by invitation: an admin adds its participants.');
    if (contest.accessCode && !isAdmin(caller)) await this.requireAccessCode(contest.accessCode, accessCode, caller, address);
    await this.enrol(contestId, caller.id);
    return this.present(contest, caller);
  }

  /**
   * The code must match, and wrong ones are rate-limited per account and address (AccessCodeGuesses): once either
   * has used up its wrong codes, no code is even compared.
   */
  private async requireAccessCode(expected: string, given: string | undefined, caller: AuthUser, address: string): Promise<void> {
    const right = await this.guesses.attempt(caller.id, address, () => given !== undefined && sameText(given, expected));
    if (!right) throw ApiException.forbidden('The access code is wrong.');
  }

  /** An admin registers a user by name, whatever the contest's access code; registering them again changes nothing. */
  async addParticipant(contestId: number, username: string): Promise<ContestParticipantDto> {
    const contest = await this.find(contestId);
    this.requireRegistrationOpen(contest);
    const user = await this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .select(['u.id', 'u.username'])
      .where('lower(u.username) = lower(:username)', { username })
      .getOne();
    if (!user) throw ApiException.notFound('User not found.');
    await this.enrol(contestId, user.id);
    const participation = await this.participations.findOneByOrFail({ contestId, userId: user.id, kind: 'official' });
    return { username: user.username, registeredAt: participation.registeredAt.toISOString() };
  }

  private requireRegistrationOpen(contest: ContestEntity): void {
    if (new Date() >= contest.endsAt) throw ApiException.forbidden('Registration is closed: the contest has ended.');
  }

  /** The user's official participation, once: a second registration, or two at once, leave the first (and the board). */
  private async enrol(contestId: number, userId: string): Promise<void> {
    const inserted = await this.participations
      .createQueryBuilder()
      .insert()
      .values({ contestId, userId, kind: 'official' })
      .orIgnore()
      .returning(['id'])
      .execute();
    const [row] = inserted.raw as { id: string }[];
    if (row) await this.boards.registered(contestId, row.id);
  }

  /** Starts the caller's own window, in a contest that gives each participant one: from now, inside the contest. */
  async start(contestId: number, caller: AuthUser): Promise<ContestDto> {
    const { contest } = await this.findVisible(contestId, caller);
    if (!contest.durationMinutes)
      throw ApiException.badRequest('This contest has no per-participant window: it starts for everyone at once.');
    const now = new Date();
    if (now < contest.startsAt) throw ApiException.forbidden('The contest has not started yet.');
    if (now >= contest.endsAt) throw ApiException.forbidden('The contest has ended.');
    const participation = await this.participations.findOneBy({ contestId, userId: caller.id, kind: 'official' });
    if (!participation) throw ApiException.forbidden('You are not registered for this contest.');
    if (!participation.startedAt) {
      const endsAt = new Date(Math.min(now.getTime() + contest.durationMinutes * 60_000, contest.endsAt.getTime()));
      // Only the first start counts, even when two arrive at once.
      await this.participations
        .createQueryBuilder()
        .update()
        .set({ startedAt: now, endsAt })
        .where('id = :id AND started_at IS NULL', { id: participation.id })
        .execute();
    }
    return this.present(contest, caller);
  }

  /**
   * Lifts the freeze, after the end: the public board, the submissions' results and the problems' counters show
   * every result from then on (syncFrozenResults), in one transaction.
   */
  async unfreeze(contestId: number): Promise<ContestDto> {
    const contest = await this.find(contestId);
    if (new Date() < contest.endsAt) throw ApiException.forbidden('The board can be unfrozen only after the end.');
    contest.unfrozenAt = new Date();
    await this.dataSource.transaction(async (manager) => {
      await manager.update(ContestEntity, { contestId }, { unfrozenAt: contest.unfrozenAt });
      await syncFrozenResults(manager, contestId);
    });
    await this.boards.changed(contestId, 'unfrozen');
    await this.ratings.changed(`contest ${contestId} unfrozen`);
    return this.present(contest, undefined, true);
  }

  /** A contest problem by its label, as a reader sees it, private or not, if it is open to the caller; else 404. */
  async problem(contestId: number, label: string, caller: AuthUser | undefined): Promise<ProblemDto> {
    const { contest, seats } = await this.findVisible(contestId, caller);
    const problemId = await this.problemAccess.openProblemId(contest, seatList(seats), { label }, caller, new Date());
    if (problemId === null) throw ApiException.notFound(PROBLEM_NOT_FOUND);
    return this.problems.readerView(problemId);
  }

  /** Passes when `problemId` is in the contest and open to the caller through it, as its statement is; else 404. */
  async assertProblemOpen(contestId: number, problemId: number, caller: AuthUser): Promise<void> {
    const { contest, seats } = await this.findVisible(contestId, caller);
    if ((await this.problemAccess.openProblemId(contest, seatList(seats), { problemId }, caller, new Date())) === null)
      throw ApiException.notFound(PROBLEM_NOT_FOUND);
  }

  /**
   * Where a submission to `problemId` in the contest goes, or why it is refused: not in the contest, not
   * registered, before the start, before the participant's own start, after their window. After the end, practice.
   */
  async entryFor(contestId: number, problemId: number, caller: AuthUser): Promise<ContestEntry> {
    const { contest, seats } = await this.findVisible(contestId, caller);
    if (!(await this.contestProblems.existsBy({ contestId, problemId })))
      throw ApiException.badRequest('This problem is not in the contest.', 'problemId');
    const now = new Date();
    const entry = {
      contestId,
      participationId: this.participationFor(contest, seats, now),
      stopAtFirstFailure: stopsAtFirstFailure(contest.format),
    };
    // Whatever the seat, the problem must be open to the caller through the contest, as its statement is.
    if ((await this.problemAccess.openProblemId(contest, seatList(seats), { problemId }, caller, now)) === null)
      throw ApiException.notFound(PROBLEM_NOT_FOUND);
    return entry;
  }

  /**
   * The participation a submission counts on, or why there is none: before the end, the caller's registration inside
   * their window; after it, their virtual run while it is on, else practice (null).
   */
  private participationFor(contest: ContestEntity, { official, virtual }: CallerSeats, now: Date): string | null {
    if (now >= contest.endsAt) {
      const inside = virtual?.startedAt && virtual.endsAt && now >= virtual.startedAt && now < virtual.endsAt;
      return inside ? virtual.id : null;
    }
    if (!official) throw ApiException.forbidden('You are not registered for this contest.');
    if (now < contest.startsAt) throw ApiException.forbidden('The contest has not started yet.');
    if (contest.durationMinutes && !official.startedAt)
      throw ApiException.forbidden('Start the contest first: your time runs from your own start.');
    if (official.endsAt && now >= official.endsAt) throw ApiException.forbidden('Your time in this contest is over.');
    return official.id;
  }

  /**
   * A virtual run: after the end, the contest's duration (each participant's window, else the whole contest) from
   * now, on a participation of its own: its owner's board, and the board with virtual participants, show it; the
   * official one leaves it out. One per user and contest.
   */
  async startVirtual(contestId: number, caller: AuthUser): Promise<ContestDto> {
    const { contest, seats } = await this.findVisible(contestId, caller);
    const now = new Date();
    if (now < contest.endsAt) throw ApiException.forbidden('A virtual run can start only after the contest has ended.');
    // A run opens the problems: in a private contest, only to those it admitted.
    if (!contest.isPublic && !seats.official && !isAdmin(caller))
      throw ApiException.forbidden('Only participants of this private contest may start a virtual run of it.');
    const minutes = contest.durationMinutes ?? contestMinute(contest.endsAt, contest.startsAt);
    const inserted = await this.participations
      .createQueryBuilder()
      .insert()
      .values({ contestId, userId: caller.id, kind: 'virtual', startedAt: now, endsAt: new Date(now.getTime() + minutes * 60_000) })
      .orIgnore()
      .returning(['id'])
      .execute();
    const [run] = inserted.raw as { id: string }[];
    if (!run) throw ApiException.conflict('You have already started a virtual run of this contest.');
    await this.boards.registered(contestId, run.id);
    return this.present(contest, caller);
  }

  async find(contestId: number): Promise<ContestEntity> {
    const contest = await this.findOrNull(contestId);
    if (!contest) throw ApiException.notFound(CONTEST_NOT_FOUND);
    return contest;
  }

  findOrNull(contestId: number): Promise<ContestEntity | null> {
    return this.contests.findOneBy({ contestId });
  }

  /**
   * The contest and the caller's seats in it, if the contest exists for the caller (canSeeContest: an invitation-only
   * contest for those it admitted alone); otherwise 404, as for no contest. Every route under /api/contests/{id}
   * starts here.
   */
  async findVisible(contestId: number, caller: AuthUser | undefined): Promise<SeenContest> {
    const [contest, seats] = await Promise.all([this.findOrNull(contestId), this.seatsOf(contestId, caller)]);
    if (!contest || !canSeeContest(contestGate(contest), seatList(seats), caller)) throw ApiException.notFound(CONTEST_NOT_FOUND);
    return { contest, seats };
  }

  /** The caller's registration and virtual run in the contest (each null when absent), in one read. */
  async seatsOf(contestId: number, caller: AuthUser | undefined): Promise<CallerSeats> {
    const rows = caller ? await this.participations.findBy({ contestId, userId: caller.id }) : [];
    return {
      official: rows.find((row) => row.kind === 'official') ?? null,
      virtual: rows.find((row) => row.kind === 'virtual') ?? null,
    };
  }

  /** The caller's virtual run of the contest, if they started one. */
  virtualRunOf(contestId: number, caller: AuthUser | undefined): Promise<ContestParticipationEntity | null> {
    return caller ? this.participations.findOneBy({ contestId, userId: caller.id, kind: 'virtual' }) : Promise.resolve(null);
  }

  /** Which of `userIds` take part in the contest, registered or on a virtual run. */
  async participantsAmong(contestId: number, userIds: string[]): Promise<Set<string>> {
    const rows = userIds.length ? await this.participations.find({ where: { contestId, userId: In(userIds) }, select: ['userId'] }) : [];
    return new Set(rows.map((row) => row.userId));
  }

  /** How many users registered for each of the contests, in one read (virtual runs are not participants). */
  private async participantCounts(contestIds: number[]): Promise<Map<number, number>> {
    if (!contestIds.length) return new Map();
    const rows: { contestId: number; count: string }[] = await this.participations
      .createQueryBuilder('p')
      .select('p.contest_id', 'contestId')
      .addSelect('count(*)', 'count')
      .where('p.contest_id IN (:...contestIds)', { contestIds })
      .andWhere("p.kind = 'official'")
      .groupBy('p.contest_id')
      .getRawMany();
    return new Map(rows.map((row) => [Number(row.contestId), Number(row.count)]));
  }

  private async saveProblems(manager: EntityManager, contestId: number, problems: ContestProblemFields[]): Promise<void> {
    const ids = problems.map((p) => p.problemId);
    const found = new Set(
      (await manager.find(ProblemEntity, { where: { problemId: In(ids) }, select: ['problemId'] })).map((p) => p.problemId),
    );
    const missing = problems.flatMap((p, i) =>
      found.has(p.problemId) ? [] : [{ path: `problems.${i}.problemId`, message: `Problem ${p.problemId} does not exist.` }],
    );
    if (missing.length) throw ApiException.validation(missing);
    await manager.insert(
      ContestProblemEntity,
      problems.map((p) => ({ ...p, contestId })),
    );
  }

  private async present(
    contest: ContestEntity,
    caller: AuthUser | undefined,
    asAdmin = isAdmin(caller),
    seats?: CallerSeats,
    participantCount?: number,
  ): Promise<ContestDto> {
    const now = new Date();
    const [{ official: participation, virtual: run }, problems, counted] = await Promise.all([
      seats ?? this.seatsOf(contest.contestId, caller),
      this.problemAccess.pageProblems(contest.contestId, caller, asAdmin, now),
      participantCount ?? this.participations.countBy({ contestId: contest.contestId, kind: 'official' }),
    ]);
    // A virtual run, once started, is what the caller's contest page counts down.
    const shown = run ?? participation;
    return {
      contestId: contest.contestId,
      title: contest.title,
      description: contest.description,
      format: contest.format,
      phase: contestPhase(contest, now),
      startsAt: contest.startsAt.toISOString(),
      endsAt: contest.endsAt.toISOString(),
      durationMinutes: contest.durationMinutes,
      freezeMinutes: contest.freezeMinutes,
      penaltyMinutes: contest.penaltyMinutes,
      isPublic: contest.isPublic,
      rated: contest.rated,
      needsAccessCode: !!contest.accessCode,
      inviteOnly: isInviteOnly(contest),
      ...(asAdmin ? { accessCode: contest.accessCode } : {}),
      frozen: !asAdmin && isBoardFrozen(contest, now),
      participantCount: counted,
      problems,
      participation: shown
        ? {
            kind: shown.kind,
            registeredAt: shown.registeredAt.toISOString(),
            startedAt: shown.startedAt?.toISOString() ?? null,
            endsAt: shown.endsAt?.toISOString() ?? null,
          }
        : null,
      serverTime: now.toISOString(),
    };
  }
}

/** Compares two texts in a time that does not tell how much of a guess was right. */
function sameText(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}
