import { Client } from 'pg';

/** An SQL statement as a connection sent it. */
export interface SentStatement {
  text: string;
  values: unknown[] | undefined;
}

/** The SQL statements every connection of this process sends while `run` runs. */
export async function recordStatements(run: () => Promise<unknown>): Promise<SentStatement[]> {
  const sent: SentStatement[] = [];
  const real = Client.prototype.query;
  const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
    const [query, values] = args;
    sent.push({ text: typeof query === 'string' ? query : (query as { text: string }).text, values: values as unknown[] | undefined });
    return (real as (...a: unknown[]) => unknown).apply(this, args) as never;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return sent;
}

/** How many SQL statements every connection of this process sends while `run` runs. */
export async function countStatements(run: () => Promise<unknown>): Promise<number> {
  return (await recordStatements(run)).length;
}
