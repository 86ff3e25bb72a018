import { ChildProcess, spawn } from 'child_process';

interface Supervisor {
  current: () => ChildProcess;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}
type Supervise = (
  name: string,
  spawnChild: () => ChildProcess,
  options: { log: (line: string) => void; firstDelayMs?: number; maxDelayMs?: number; healthyMs?: number },
) => Supervisor;
const { supervise } = require('../../../../tools/supervise') as { supervise: Supervise };

const node = (code: string) => spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What `npm start` does with its judge worker: a crash restarts it, with back-off, instead of stopping the site. */
describe('npm start supervising the judge worker', () => {
  it('restarts a crashing process with a doubling back-off, capped', async () => {
    const lines: string[] = [];
    let starts = 0;
    const supervisor = supervise(
      'Crasher',
      () => {
        starts++;
        return node('process.exit(3)');
      },
      { log: (line) => lines.push(line), firstDelayMs: 50, maxDelayMs: 200 },
    );
    for (let i = 0; i < 200 && starts < 5; i++) await sleep(25);
    await supervisor.stop();
    expect(starts).toBeGreaterThanOrEqual(5);
    expect(lines.slice(0, 4)).toEqual([
      'Crasher exited (3); restarting in 0.05 s.',
      'Crasher exited (3); restarting in 0.1 s.',
      'Crasher exited (3); restarting in 0.2 s.',
      'Crasher exited (3); restarting in 0.2 s.',
    ]);
  });

  it('restarts a SIGKILLed process, and stop() ends the current one without restarting it', async () => {
    const lines: string[] = [];
    const supervisor = supervise('Worker', () => node('setInterval(() => {}, 1000)'), {
      log: (line) => lines.push(line),
      firstDelayMs: 50,
    });
    const first = supervisor.current();
    first.kill('SIGKILL');
    for (let i = 0; i < 200 && supervisor.current() === first; i++) await sleep(25);
    const second = supervisor.current();
    expect(second).not.toBe(first);
    expect(lines).toEqual(['Worker exited (SIGKILL); restarting in 0.05 s.']);
    await supervisor.stop();
    expect(second.signalCode).toBe('SIGTERM');
    await sleep(200);
    expect(supervisor.current()).toBe(second);
  });
});
