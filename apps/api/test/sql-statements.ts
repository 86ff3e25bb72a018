import { Client } from 'pg';

/** The SQL statements every connection of this process sends while `run` runs. */
export async function countStatements(run: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const real = Client.prototype.query;
  const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
    n += 1;
    return (real as (...a: unknown[]) => unknown).apply(this, args) as never;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return n;
}
