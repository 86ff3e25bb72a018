import { Readable } from 'stream';

import { awakeDeadline } from './awake-deadline';

/**
 * The lines a process in a box answers with on a pipe (a box launcher, a fork server), taken one at a time:
 * `next` waits for the next one, or answers null once the process is gone (`end`) or stayed silent for its
 * timeout of time this worker was listening (a reply that waited in the pipe while another job blocked the event
 * loop still counts, see awake-deadline.ts).
 */
export class ReplyLines {
  private lines: string[] = [];
  private waiter: (() => void) | null = null;
  private ended = false;

  constructor(stream: Readable) {
    let partial = '';
    stream.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      this.lines.push(...lines);
      this.wake();
    });
  }

  /** The process is gone: whoever waits gets what was already said, then null. */
  end(): void {
    this.ended = true;
    this.wake();
  }

  async next(timeoutMs: number): Promise<string | null> {
    if (!this.lines.length && !this.ended) {
      await new Promise<void>((resolve) => {
        const cancel = awakeDeadline(timeoutMs, () => {
          this.waiter = null;
          resolve();
        });
        this.waiter = () => {
          cancel();
          resolve();
        };
      });
    }
    return this.lines.shift() ?? null;
  }

  private wake(): void {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.();
  }
}
