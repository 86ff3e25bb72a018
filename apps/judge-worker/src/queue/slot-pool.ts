/**
 * A counting semaphore: at most `size` pieces of work at once, the others wait their turn in order. A waiter
 * whose signal aborts leaves the line (its job was cancelled before it got a slot).
 */
export class SlotPool {
  private busy = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  /** Runs `work` in a slot, once one is free; the slot is given back however `work` ends. */
  async use<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.busy < this.size) {
      this.busy++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const take = () => {
        signal?.removeEventListener('abort', leave);
        this.busy++;
        resolve();
      };
      const leave = () => {
        this.waiting.splice(this.waiting.indexOf(take), 1);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', leave, { once: true });
      this.waiting.push(take);
    });
  }

  private release(): void {
    this.busy--;
    this.waiting.shift()?.();
  }
}

/** The share of a worker's N slots that runs, validations and checker jobs get together: ⌈N/2⌉. */
export function auxiliarySlots(concurrency: number): number {
  return Math.ceil(concurrency / 2);
}
