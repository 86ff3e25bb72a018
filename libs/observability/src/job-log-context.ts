import { storage, Store } from 'nestjs-pino/storage';
import type { Logger } from 'pino';

/**
 * Runs `work` with every Nest `Logger` line inside it carrying `bindings` (nestjs-pino reads its logger from
 * this async context): a job's lines all name its request id and submission, whichever class logs them.
 */
export function runWithLogBindings<T>(root: Logger, bindings: Record<string, string | undefined>, work: () => Promise<T>): Promise<T> {
  const defined = Object.fromEntries(Object.entries(bindings).filter(([, v]) => v !== undefined));
  return storage.run(new Store(root.child(defined)), work);
}
