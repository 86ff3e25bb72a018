import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DIFFICULTIES, InteractorSettings, MAX_TEST_DATA_BYTES, ProblemSort, problemTotalPoints } from '@oj/contracts';
import {
  checkerColumns,
  checkerOf,
  interactorColumns,
  interactorOf,
  ProblemEntity,
  queryPrepared,
  refoldContestBoard,
  selectListSql,
  statementPerDataSource,
  TestCaseEntity,
  UserEntity,
} from '@oj/db';
import { EntityManager, ObjectLiteral, Repository } from 'typeorm';

import {
  canChangeVisibility,
  canDownloadPackage,
  canEditProblem,
  canReadTestReadingCode,
  canSeeProblem,
  canSeeTestCases,
  editableProblemsWhere,
  isAdmin,
  visibleProblemsWhere,
} from '../access';
import type { AuthUser } from '../auth/auth-user';
import { ApiException } from '../common/api-exception';
import { JsonText } from '../common/json-text';
import { BoardChanges } from '../contests/scoreboard/board-changes';
import { LanguagesService } from '../languages/languages.service';
import { ApiLivePublisher } from '../live/api-live-publisher';
import { ProblemUpdatesService } from '../problem-updates/problem-updates.service';
import { ProblemInputDto, TestCaseInputDto, UpdateProblemDto } from './dto/problem-input.dto';
import { ProblemListQueryDto } from './dto/problem-query.dto';
import { PROBLEM_SUMMARY_SQL, ProblemDto, ProblemListDto, TestCaseDto, toProblemDto } from './dto/problem-response.dto';
import { JuryCodeGate, SavedJuryCode } from './jury-code';
import { KNOWN_ALGORITHMS } from './known-algorithms';
import { describeProblemChange } from './problem-change-summary';
import { storedSubtasks, subtaskErrors, subtaskField } from './problem-subtasks';
import { requestedInteractor } from './problem-type';

export const PROBLEM_NOT_FOUND = 'Problem not found.';
export const EDIT_FORBIDDEN = 'You do not have permission to edit this problem.';
export const PACKAGE_FORBIDDEN = "Only administrators and the problem's author may download its package.";

/** What access checks and submissions read of a problem. */
const PROBLEM_REF_COLUMNS = [
  'id',
  'problemId',
  'title',
  'isPublic',
  'authorId',
  'judge0LanguageIds',
] as const satisfies readonly (keyof ProblemEntity)[];
export type ProblemRef = Pick<ProblemEntity, (typeof PROBLEM_REF_COLUMNS)[number]>;
const problemRefSql = statementPerDataSource(
  (dataSource) => `SELECT ${selectListSql(dataSource, ProblemEntity, 'p', PROBLEM_REF_COLUMNS)} FROM problems p WHERE p.problem_id = $1`,
);
const SUMMARY_JSON_FIELDS = Object.entries(PROBLEM_SUMMARY_SQL)
  .map(([key, column]) => `'${key}', ${column}`)
  .join(', ');
/** What each archive sort orders by; ties fall back to the problem number. */
const ARCHIVE_SORT_SQL: Record<ProblemSort, string> = {
  id: 'p.problem_id',
  title: 'lower(p.title)',
  difficulty: `array_position(ARRAY[${DIFFICULTIES.map((d) => `'${d}'`).join(', ')}], p.difficulty::text)`,
  solves: 'p.solver_count',
  acRate: 'coalesce(p.accepted_submission_count::float8 / nullif(p.submission_count, 0), 0)',
};

/**
 * The archive search: the text anywhere in the title, an algorithm or a tag, case-insensitive; a number, with or
 * without its "#", also finds that problem.
 */
function archiveSearch(q: string | undefined): { sql: string; params: ObjectLiteral } | null {
  const text = q?.trim() ?? '';
  if (!text) return null;
  const number = /^#?(\d{1,9})$/.exec(text);
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const matchesText = `(p.title ILIKE :searchLike OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(p.algorithms || p.tags) x WHERE x ILIKE :searchLike))`;
  if (!number) return { sql: matchesText, params: { searchLike: like } };
  return { sql: `(p.problem_id = :searchId OR ${matchesText})`, params: { searchLike: like, searchId: Number(number[1]) } };
}

function testDataBytes(testCases: TestCaseInputDto[]): number {
  return testCases.reduce((sum, t) => sum + Buffer.byteLength(t.input) + Buffer.byteLength(t.output), 0);
}

/**
 * The problem aggregate (a problem, its test cases, its updates) through the problems repository; changes run in
 * that repository's transactions, with the test cases and updates written through the transaction's manager.
 */
@Injectable()
export class ProblemsService {
  constructor(
    @InjectRepository(ProblemEntity) private readonly problems: Repository<ProblemEntity>,
    private readonly updates: ProblemUpdatesService,
    private readonly live: ApiLivePublisher,
    private readonly juryCode: JuryCodeGate,
    private readonly languages: LanguagesService,
    private readonly boards: BoardChanges,
  ) {}

  /**
   * What access checks and submissions need of a problem, whoever asks, or null: never the statement, samples or
   * other texts, which the checks on every submit, list and stream would otherwise read for nothing. A prepared
   * statement (queryPrepared), as every submission pays for it before it is queued.
   */
  async findProblemRef(problemId: number): Promise<ProblemRef | null> {
    if (!Number.isSafeInteger(problemId)) return null;
    const dataSource = this.problems.manager.connection;
    const [problem] = await queryPrepared<ProblemRef>(dataSource, problemRefSql(dataSource), [problemId]);
    return problem ?? null;
  }

  /** findProblemRef if this user may see the problem (canSeeProblem); otherwise 404. */
  async findVisibleProblemRef(problemId: number, user: AuthUser | undefined): Promise<ProblemRef> {
    return this.visibleOr404(await this.findProblemRef(problemId), user);
  }

  /** The whole problem if this user may see it (canSeeProblem); otherwise 404. */
  async findVisibleProblem(problemId: number, user: AuthUser | undefined): Promise<ProblemEntity> {
    return this.visibleOr404(await this.findProblem(problemId), user);
  }

  /** The whole problem, whoever asks (a contest that opens it to the caller has checked), or null. */
  async findProblem(problemId: number): Promise<ProblemEntity | null> {
    return Number.isSafeInteger(problemId) ? this.problems.findOne({ where: { problemId } }) : null;
  }

  private visibleOr404<P extends ProblemRef>(problem: P | null, user: AuthUser | undefined): P {
    if (!problem || !canSeeProblem(problem, user)) throw ApiException.notFound(PROBLEM_NOT_FOUND);
    return problem;
  }

  /**
   * The archive page as PostgreSQL writes it: one statement whose values are the matching count and the page's items
   * as JSON, so no row is parsed into objects, hydrated or serialised again here (a hundred of them cost more than the
   * rest of the request), prepared once per connection (a few shapes: the visibility rule of the role, the filters
   * and the sort given).
   */
  async listJson(query: ProblemListQueryDto, user: AuthUser | undefined): Promise<JsonText<ProblemListDto>> {
    const visible = visibleProblemsWhere('p', user);
    const where = [visible.sql];
    const parameters: ObjectLiteral = { ...visible.params, limit: query.limit, offset: (query.page - 1) * query.limit };
    // Admins, who see every problem, may narrow the list to public or private ones.
    if (isAdmin(user) && query.visibility && query.visibility !== 'all') {
      where.push('p.is_public = :isPublic');
      parameters.isPublic = query.visibility === 'public';
    }
    if (query.difficulty) {
      where.push('p.difficulty = :difficulty');
      parameters.difficulty = query.difficulty;
    }
    // Every tag asked for (AND), in one containment test.
    if (query.tag?.length) {
      where.push('p.tags @> :tags::jsonb');
      parameters.tags = JSON.stringify(query.tag);
    }
    const search = archiveSearch(query.q);
    if (search) {
      where.push(search.sql);
      Object.assign(parameters, search.params);
    }
    const order = `${ARCHIVE_SORT_SQL[query.sort]} ${query.order}, p.problem_id ${query.order}`;
    const dataSource = this.problems.manager.connection;
    const [sql, params] = dataSource.driver.escapeQueryWithParameters(
      `SELECT (SELECT count(*)::int FROM problems p WHERE ${where.join(' AND ')}) AS total,
              coalesce((SELECT string_agg(t.json, ',' ORDER BY t.position)
                          FROM (SELECT json_build_object(${SUMMARY_JSON_FIELDS})::text AS json, row_number() OVER (ORDER BY ${order}) AS position
                                  FROM problems p WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT :limit OFFSET :offset) t), '') AS json`,
      parameters,
      {},
    );
    const [{ total, json }] = await queryPrepared<{ total: number; json: string }>(dataSource, sql, params);
    const totalPages = Math.ceil(total / query.limit);
    return `{"items":[${json}],"total":${total},"totalPages":${totalPages},"page":${query.page},"limit":${query.limit}}`;
  }

  async get(problemId: number, user: AuthUser | undefined, includePrivate: boolean): Promise<ProblemDto> {
    const problem = await this.findVisibleProblem(problemId, user);
    const tests = includePrivate && canSeeTestCases(user) ? await this.loadTests(this.problems.manager, problem) : undefined;
    return this.present(problem, tests, this.problems.manager, includePrivate && canReadTestReadingCode(user));
  }

  /**
   * The problem for a package download (canDownloadPackage: admins and its author), with what the downloader may read
   * of its private data, as `get` with includePrivate gives it: the hidden tests and the jury code's sources only for
   * those who may read them (an author who is not an admin gets neither); 404 for a problem the user cannot see, 403
   * for one they may not download.
   */
  async packageOf(problemId: number, user: AuthUser): Promise<ProblemDto & { testCases: TestCaseDto[] }> {
    const problem = await this.findVisibleProblem(problemId, user);
    if (!canDownloadPackage(problem, user)) throw ApiException.forbidden(PACKAGE_FORBIDDEN);
    const manager = this.problems.manager;
    const tests = canSeeTestCases(user) ? await this.loadTests(manager, problem) : [];
    const presented = await this.present(problem, tests, manager, canReadTestReadingCode(user));
    return { ...presented, testCases: presented.testCases ?? [] };
  }

  /**
   * The problem as a reader sees it, private or not, without its private data: for a caller the contest holding it has
   * let through (ContestsService.problem decides).
   */
  async readerView(problemId: number): Promise<ProblemDto> {
    const problem = await this.problems.findOne({ where: { problemId } });
    if (!problem) throw ApiException.notFound(PROBLEM_NOT_FOUND);
    return this.present(problem);
  }

  /** `signal` aborts when the caller goes: a checker or interactor compile it waits for is cancelled. */
  async create(dto: ProblemInputDto, user: AuthUser, signal?: AbortSignal): Promise<ProblemDto> {
    this.checkTestDataSize(dto.testCases);
    this.checkSubtasks(dto);
    const juryCode = { checker: dto.checker, interactor: requestedInteractor(dto) ?? null };
    this.juryCode.requireMaySet(juryCode, null, user);
    await this.juryCode.requireCompiles(juryCode, null, signal);
    return this.problems.manager.transaction(async (manager) => {
      const fields = { ...this.fields(dto, juryCode.interactor), authorId: user.id };
      const problem = await manager.save(manager.create(ProblemEntity, fields));
      const tests = await this.replaceTests(manager, problem, dto);
      await this.updates.record(manager, problem, 'New problem');
      return this.present(problem, tests, manager, true);
    });
  }

  async update(problemId: number, body: UpdateProblemDto, user: AuthUser, signal?: AbortSignal): Promise<ProblemDto> {
    if (body.testCases) this.checkTestDataSize(body.testCases);
    // An unchanged checker or interactor was compiled when it was saved: only a new one needs a worker now.
    const juryCode = { checker: body.checker, interactor: requestedInteractor(body) };
    const current = await this.problems.findOne({
      where: { problemId },
      select: [
        'id',
        'checkerType',
        'checkerSource',
        'checkerLanguageId',
        'checkerEpsilon',
        'interactorSource',
        'interactorLanguageId',
        'checkerProtocol',
        'interactorProtocol',
      ],
    });
    const saved = current ? savedJuryCode(current) : null;
    this.juryCode.requireMaySet(juryCode, saved, user);
    await this.juryCode.requireCompiles(juryCode, saved, signal);
    const updated = await this.problems.manager.transaction(async (manager) => {
      const problem = await manager.findOne(ProblemEntity, { where: { problemId }, lock: { mode: 'pessimistic_write' } });
      if (!problem || !canSeeProblem(problem, user)) throw ApiException.notFound(PROBLEM_NOT_FOUND);
      if (!canEditProblem(problem, user)) throw ApiException.forbidden(EDIT_FORBIDDEN);
      if (body.isPublic !== problem.isPublic && !canChangeVisibility(user))
        throw ApiException.forbidden("Only administrators may change a problem's visibility.");
      // Again under the lock: the saved checker or interactor may have changed since it was compared above.
      this.juryCode.requireMaySet(juryCode, savedJuryCode(problem), user);
      const before = { ...problem };
      const beforeTests = await this.loadTests(manager, problem);
      // Test cases and subtasks left out are kept as they are.
      const dto: ProblemInputDto = {
        ...body,
        testCases:
          body.testCases ?? beforeTests.map((t) => ({ input: t.input, output: t.output, points: t.points, ...subtaskField(t.subtask) })),
        subtasks: body.subtasks ?? problem.subtasks,
      };
      this.checkSubtasks(dto);
      Object.assign(problem, this.fields(dto, juryCode.interactor));
      await manager.save(problem);
      const tests = body.testCases ? await this.replaceTests(manager, problem, dto) : beforeTests;
      const summary = describeProblemChange(before as ProblemEntity, beforeTests, dto);
      if (summary) await this.updates.record(manager, problem, summary);
      if (!before.isPublic && problem.isPublic) await this.updates.record(manager, problem, 'Problem is now public');
      return this.present(problem, canSeeTestCases(user) ? tests : undefined, manager, canReadTestReadingCode(user));
    });
    await this.live.accessChanged({ problemId });
    return updated;
  }

  /** Live streams stop showing a problem's events to users the moment it turns private (accessChanged). */
  async setVisibility(problemId: number, isPublic: boolean): Promise<ProblemDto> {
    const updated = await this.problems.manager.transaction(async (manager) => {
      const problem = await manager.findOne(ProblemEntity, { where: { problemId }, lock: { mode: 'pessimistic_write' } });
      if (!problem) throw ApiException.notFound(PROBLEM_NOT_FOUND);
      if (problem.isPublic !== isPublic) {
        problem.isPublic = isPublic;
        await manager.save(problem);
        if (isPublic) await this.updates.record(manager, problem, 'Problem is now public');
      }
      return this.present(problem, undefined, manager);
    });
    await this.live.accessChanged({ problemId });
    return updated;
  }

  /**
   * Removes the problem; its test cases, submissions, updates and contest cells go with it (foreign keys cascade),
   * and the boards of the contests it was in are re-folded without it, in the same transaction.
   */
  async remove(problemId: number): Promise<void> {
    const contests = await this.problems.manager.transaction(async (manager) => {
      const found: { contest_id: number }[] = await manager.query('SELECT contest_id FROM contest_problems WHERE problem_id = $1', [
        problemId,
      ]);
      const result = await manager.delete(ProblemEntity, { problemId });
      if (!result.affected) throw ApiException.notFound(PROBLEM_NOT_FOUND);
      for (const { contest_id } of found) await refoldContestBoard(manager, contest_id);
      return found;
    });
    for (const { contest_id } of contests) await this.boards.changed(contest_id, 'edited');
    await this.live.accessChanged({ problemId });
  }

  /**
   * The algorithm suggestions: the known ones and those of the problems the caller may see (canSeeProblem, which
   * covers every problem the caller may edit). A private problem's algorithms, a hint to its solution and maybe a
   * contest's still hidden, never reach anyone else.
   */
  async algorithms(user: AuthUser | undefined): Promise<string[]> {
    const visible = visibleProblemsWhere('p', user);
    const rows: { name: string }[] = await this.problems
      .createQueryBuilder('p')
      .select('DISTINCT jsonb_array_elements_text(p.algorithms)', 'name')
      .where(visible.sql, visible.params)
      .getRawMany();
    const byKey = new Map<string, string>();
    for (const name of [...rows.map((r) => r.name), ...KNOWN_ALGORITHMS]) {
      if (!byKey.has(name.toLowerCase())) byKey.set(name.toLowerCase(), name);
    }
    return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
  }

  /**
   * Whether the user may edit at least one problem (canEditProblem, in SQL): an author who may edit one of theirs
   * may import archives and validate tests, the tools of the problem form.
   */
  async editsSomeProblem(user: AuthUser): Promise<boolean> {
    const editable = editableProblemsWhere('p', user);
    return this.problems.createQueryBuilder('p').where(editable.sql, editable.params).getExists();
  }

  private checkTestDataSize(testCases: TestCaseInputDto[]): void {
    if (testDataBytes(testCases) > MAX_TEST_DATA_BYTES) {
      throw ApiException.validation([{ path: 'testCases', message: 'Test data must not exceed 64 MiB per problem.' }]);
    }
  }

  private checkSubtasks(dto: ProblemInputDto): void {
    const errors = subtaskErrors(dto.testCases, dto.subtasks);
    if (errors.length) throw ApiException.validation(errors, errors[0].message);
  }

  /** The problem's columns from a body; `interactor` undefined keeps the saved one (and the type). */
  private fields(dto: ProblemInputDto, interactor: InteractorSettings | null | undefined): Partial<ProblemEntity> {
    return {
      title: dto.title,
      statement: dto.statement,
      difficulty: dto.difficulty,
      isPublic: dto.isPublic,
      inputFormat: dto.inputFormat,
      outputFormat: dto.outputFormat,
      constraints: dto.constraints,
      cpuTimeLimit: dto.cpuTimeLimit,
      memoryLimit: dto.memoryLimit,
      outputLimit: dto.outputLimit,
      tags: dto.tags,
      algorithms: dto.algorithms,
      judge0LanguageIds: [...new Set(dto.judge0LanguageIds)],
      samples: dto.samples.map((s) => ({ input: s.input, output: s.output, ...(s.explanation ? { explanation: s.explanation } : {}) })),
      ...(dto.templates ? { templates: dto.templates.map((t) => ({ languageId: t.languageId, sourceCode: t.sourceCode })) } : {}),
      testCaseCount: dto.testCases.length,
      subtasks: storedSubtasks(dto.testCases, dto.subtasks),
      totalPoints: problemTotalPoints(dto.testCases, dto.subtasks),
      // Left out, a new problem gets the default checker and an updated one keeps its own.
      ...(dto.checker ? checkerColumns(dto.checker) : {}),
      ...(interactor !== undefined ? interactorColumns(interactor) : {}),
    };
  }

  private async replaceTests(manager: EntityManager, problem: ProblemEntity, dto: ProblemInputDto): Promise<TestCaseEntity[]> {
    await manager.delete(TestCaseEntity, { problemUuid: problem.id });
    const rows = dto.testCases.map((t, position) =>
      manager.create(TestCaseEntity, {
        problemUuid: problem.id,
        position,
        input: t.input,
        output: t.output,
        points: t.points,
        subtask: t.subtask ?? null,
      }),
    );
    // Chunked so a 64 MiB upload never becomes one giant statement.
    for (let i = 0; i < rows.length; i += 100) await manager.insert(TestCaseEntity, rows.slice(i, i + 100));
    return rows;
  }

  private loadTests(manager: EntityManager, problem: ProblemEntity): Promise<TestCaseEntity[]> {
    return manager.find(TestCaseEntity, { where: { problemUuid: problem.id }, order: { position: 'ASC' } });
  }

  /** `withCheckerSource`: the caller may read the jury code's sources (canReadTestReadingCode) and asked for them. */
  private async present(
    problem: ProblemEntity,
    tests?: TestCaseEntity[],
    manager: EntityManager = this.problems.manager,
    withCheckerSource = false,
  ): Promise<ProblemDto> {
    const author = problem.authorId
      ? await manager.findOne(UserEntity, { where: { id: problem.authorId }, select: ['id', 'username'] })
      : null;
    const fresh = await manager.findOneOrFail(ProblemEntity, { where: { id: problem.id } });
    const limits = await this.languages.effectiveCpuTimeLimits(fresh.cpuTimeLimit, fresh.judge0LanguageIds);
    return toProblemDto(fresh, author ? { id: author.id, username: author.username } : null, limits, tests, withCheckerSource);
  }
}

/** The checker and interactor a problem has saved. */
function savedJuryCode(problem: ProblemEntity): SavedJuryCode {
  return { checker: checkerOf(problem), interactor: interactorOf(problem) };
}
