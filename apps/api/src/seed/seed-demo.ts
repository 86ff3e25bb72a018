import { AnnouncementEntity, interactorColumns, ProblemEntity, ProblemUpdateEntity, TestCaseEntity } from '@oj/db';
import { DataSource } from 'typeorm';

import { DEMO_LANGUAGE_IDS, demoProblems } from './demo-problems';

export const WELCOME_TITLE = 'Welcome to the Online Judge';

/**
 * Seeds demo problems (with real test data), their 'New problem' updates and a pinned welcome announcement,
 * only on an empty site (no problems and no announcements). Returns whether it seeded.
 */
export async function seedDemoContent(dataSource: DataSource, { adminId }: { adminId: string | null }): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    const [problems, announcements] = await Promise.all([manager.count(ProblemEntity), manager.count(AnnouncementEntity)]);
    if (problems || announcements) return false;
    for (const demo of demoProblems()) {
      const tests = demo.inputs.map((input, position) => ({ input, output: demo.solve(input), points: 1, position }));
      const problem = await manager.save(
        manager.create(ProblemEntity, {
          title: demo.title,
          statement: demo.statement,
          difficulty: demo.difficulty,
          isPublic: true,
          inputFormat: demo.inputFormat,
          outputFormat: demo.outputFormat,
          constraints: demo.constraints,
          cpuTimeLimit: demo.cpuTimeLimit,
          memoryLimit: demo.memoryLimit,
          tags: demo.tags,
          algorithms: demo.algorithms,
          judge0LanguageIds: DEMO_LANGUAGE_IDS,
          samples: demo.samples,
          testCaseCount: tests.length,
          totalPoints: tests.length,
          authorId: adminId,
          ...interactorColumns(demo.interactor ?? null),
        }),
      );
      await manager.insert(
        TestCaseEntity,
        tests.map((t) => ({ ...t, problemUuid: problem.id })),
      );
      await manager.insert(ProblemUpdateEntity, { problemId: problem.problemId, titleSnapshot: problem.title, summary: 'New problem' });
    }
    await manager.insert(AnnouncementEntity, {
      title: WELCOME_TITLE,
      body: 'Pick a problem from the archive, submit a solution in your favourite language and watch it being graded live. Good luck!',
      pinned: true,
    });
    return true;
  });
}
