import { Injectable } from '@nestjs/common';
import { TestCaseData } from '@oj/contracts';
import { LRUCache } from 'lru-cache';
import { EntityManager } from 'typeorm';

/** The most the cached tests may take in the worker's memory: the least recently used problems go first. */
export const TESTS_CACHE_BYTES = 128 * 1024 * 1024;

/** A problem's tests as read at one version of them. */
interface VersionedTests {
  version: string;
  tests: TestCaseData[];
}

/** What a test takes in memory: its strings, two bytes a character at most. */
const sizeOf = (tests: TestCaseData[]) =>
  Math.max(
    1,
    tests.reduce((sum, t) => sum + 2 * (t.input.length + t.output.length) + 64, 0),
  );

/**
 * A problem's tests, read from the database once per version of them rather than once per submission. The key is
 * the problem and its tests' version (`problems.tests_version`, which the database sets anew whenever a test case
 * changes), so a cached copy is never served once the tests changed; a problem's tests larger than the whole cache
 * are read every time.
 */
@Injectable()
export class ProblemTestsCache {
  private readonly cache = new LRUCache<string, TestCaseData[]>({ maxSize: TESTS_CACHE_BYTES, sizeCalculation: sizeOf });

  /** The problem's tests in order, at `version` or later (a version read after it, if they changed meanwhile). */
  async tests(manager: EntityManager, problemUuid: string, version: string): Promise<TestCaseData[]> {
    const cached = this.cache.get(`${problemUuid}:${version}`);
    if (cached) return cached;
    const read = await readTests(manager, problemUuid);
    if (read.tests.length) this.cache.set(`${problemUuid}:${read.version}`, read.tests);
    return read.tests;
  }
}

/**
 * The tests and their version in one statement, so one snapshot: tests cached under a version are those of that
 * version, even when they change while they are read.
 */
async function readTests(manager: EntityManager, problemUuid: string): Promise<VersionedTests> {
  const rows: { tests_version: string; input: string | null; output: string; points: number; subtask: number | null }[] =
    await manager.query(
      `SELECT p.tests_version, t.input, t.output, t.points, t.subtask
         FROM problems p LEFT JOIN problem_test_cases t ON t.problem_uuid = p.id
         WHERE p.id = $1 ORDER BY t.position`,
      [problemUuid],
    );
  return {
    version: rows[0]?.tests_version ?? '',
    tests: rows
      .filter((r) => r.input !== null)
      .map((r) => ({
        input: r.input as string,
        output: r.output,
        points: r.points,
        ...(r.subtask === null ? {} : { subtask: r.subtask }),
      })),
  };
}
