import { Logger } from '@nestjs/common';

const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 5_000;

/** Socket errors of a database or Redis connection that is down, refused or cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL SQLSTATEs that say "try again later": connection exceptions (08), insufficient resources (53),
 * the server shutting down or starting (57P01-57P03), serialization failures and deadlocks.
 */
const RETRYABLE_SQLSTATE = /^(08...|53...|57P0[1-3]|40001|40P01)$/;
/** What pg, TypeORM and ioredis say when their connection is gone, for errors that carry no code. */
const CONNECTION_MESSAGES =
  /Connection terminated|connection error|timeout exceeded when trying to connect|Connection is closed|Stream isn't writeable|max retries per request|Driver not Connected|the database system is (starting up|shutting down)/i;

/**
 * True for an error of PostgreSQL or Redis being unreachable, as opposed to a bug or a grading failure.
 * Looks through TypeORM's `driverError` and `cause`, where the driver's own error sits.
 */
export function isInfrastructureError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, message, driverError, cause } = e as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || RETRYABLE_SQLSTATE.test(code))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    e = driverError ?? cause;
  }
  return false;
}

/**
 * Runs one database or Redis step of a job until it gets through: an outage only delays the job, with
 * back-off (0.25 s doubling to 5 s), and never costs it one of its grading attempts. Other errors pass through.
 */
export async function retryInfrastructure<T>(what: string, step: () => Promise<T>, logger: Logger): Promise<T> {
  for (let delay = FIRST_DELAY_MS, failures = 0; ; delay = Math.min(delay * 2, MAX_DELAY_MS)) {
    try {
      const value = await step();
      if (failures) logger.log(`${what}: got through after ${failures} infrastructure error(s).`);
      return value;
    } catch (error) {
      if (!isInfrastructureError(error)) throw error;
      // One line when the outage starts, then one every tenth try, not one per try.
      if (failures++ % 10 === 0) logger.warn(`${what}: ${(error as Error).message}; retrying with back-off.`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
