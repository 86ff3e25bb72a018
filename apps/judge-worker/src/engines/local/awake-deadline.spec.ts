import { awakeDeadline } from './awake-deadline';

/** Blocks the event loop, as a slow synchronous job would. */
function block(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy
  }
}

describe('awakeDeadline', () => {
  it('expires once its time has passed', async () => {
    const expired = await new Promise<boolean>((resolve) => {
      awakeDeadline(50, () => resolve(true));
      setTimeout(() => resolve(false), 5000);
    });
    expect(expired).toBe(true);
  });

  it('does not count a blocked event loop, and lets an answer already waiting cancel it', async () => {
    let expired = false;
    const cancel = awakeDeadline(300, () => (expired = true));
    const answer = new Promise<void>((resolve) => setTimeout(resolve, 100));
    block(1000);
    await answer;
    cancel();
    await new Promise((r) => setTimeout(r, 400));
    expect(expired).toBe(false);
  });
});
