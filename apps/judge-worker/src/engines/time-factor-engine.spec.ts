import { GradeResult, parseTimeFactors, RunResult } from '@oj/contracts';

import { CustomRunRequest, GradeRequest, JudgeEngine } from './judge-engine';
import { TimeFactorEngine } from './time-factor-engine';

describe('TimeFactorEngine', () => {
  const graded: GradeRequest[] = [];
  const ran: CustomRunRequest[] = [];
  const inner: JudgeEngine = {
    name: 'judge0',
    languages: async () => [{ id: 71, name: 'Python' }],
    grade: async (request) => {
      graded.push(request);
      return { status: 'accepted' } as GradeResult;
    },
    run: async (request) => {
      ran.push(request);
      return { status: 'ok' } as RunResult;
    },
  };
  const engine = new TimeFactorEngine(inner, parseTimeFactors('{"71": 3, "62": 2}'));

  it('hands the engine the problem limit times the language factor, for gradings and runs', async () => {
    const request = { sourceCode: 'x', cpuTimeLimit: 1.5, memoryLimit: 64 };
    await engine.grade({ ...request, languageId: 71, testCases: [] });
    await engine.grade({ ...request, languageId: 54, testCases: [] });
    await engine.run({ ...request, languageId: 62, stdin: '' });
    expect(graded.map((r) => r.cpuTimeLimit)).toEqual([4.5, 1.5]);
    expect(ran[0]).toEqual({ ...request, languageId: 62, stdin: '', cpuTimeLimit: 3 });
    expect(graded[0]).toMatchObject({ memoryLimit: 64, sourceCode: 'x' });
  });

  it('keeps the engine name and languages', async () => {
    expect(engine.name).toBe('judge0');
    expect(await engine.languages()).toEqual([{ id: 71, name: 'Python' }]);
  });
});
