import { awaitsProgram } from './interaction';

/** An interactor's box as awaitsProgram looks at it: asleep or not, at each look. */
const box = (states: boolean[]) => {
  let look = 0;
  return { runSleeps: () => states[Math.min(look++, states.length - 1)] };
};

describe('awaitsProgram: did the interactor wait on a program that had ended?', () => {
  it('waits for an interactor not forked yet (no process in its box) to start and block on the program', async () => {
    // A program that exits at once can end before the interactor's launcher forks it: looks find nothing asleep.
    await expect(awaitsProgram(box([false, false, false, true]), () => false)).resolves.toBe(true);
  });

  it('answers no once the box reports the interactor ended, whatever it looked like before', async () => {
    let looks = 0;
    const ended = () => ++looks > 3;
    await expect(awaitsProgram(box([false]), ended)).resolves.toBe(false);
  });

  it('answers no at once for an interactor already ended', async () => {
    await expect(awaitsProgram(box([true]), () => true)).resolves.toBe(false);
  });
});
