import * as argon2 from 'argon2';
import { randomBytes } from 'crypto';

/** What one argon2id hash costs: its memory in KiB, its passes over that memory, and its lanes. */
export interface PasswordHashCost {
  memoryKiB: number;
  iterations: number;
  parallelism: number;
}

/** The argon2 library's defaults (64 MiB, 3 passes, 4 lanes): above OWASP's recommended minimum. */
export const DEFAULT_PASSWORD_HASH_COST: PasswordHashCost = { memoryKiB: 65536, iterations: 3, parallelism: 4 };

/** OWASP's minimum for argon2id (19 MiB, 2 passes, 1 lane): the configuration accepts no less. */
export const MIN_PASSWORD_HASH_COST: PasswordHashCost = { memoryKiB: 19456, iterations: 2, parallelism: 1 };

/** A cost as a PHC string names it (`m=65536,t=3,p=4`). */
const costKey = (cost: PasswordHashCost) => `m=${cost.memoryKiB},t=${cost.iterations},p=${cost.parallelism}`;

export function hashPassword(password: string, cost: PasswordHashCost = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  return argon2.hash(password, {
    type: argon2.argon2id,
    memoryCost: cost.memoryKiB,
    timeCost: cost.iterations,
    parallelism: cost.parallelism,
  });
}

/** Whether a hash is argon2id (version 19) made at `cost`: a login rehashes one that is not (AuthService). */
export function hashedAt(hash: string, cost: PasswordHashCost): boolean {
  const [, type, version, parameters] = hash.split('$');
  return type === 'argon2id' && version === 'v=19' && parameters === costKey(cost);
}

/** Checks a password against a hash made at any cost: the hash names its own parameters. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * A hash at the default cost (password-hasher.spec checks its parameters still match) of a random password nobody
 * kept. A constant: making one costs about 0.4 s of CPU, which every start of the API (and of each test's API) would
 * otherwise pay.
 */
const DEFAULT_COST_DUMMY_HASH = '$argon2id$v=19$m=65536,t=3,p=4$8MiA402HWUKYYPp66NfemQ$fRVgMfIBOLtq70cdHaNfNwYLYIX0vdhnqij2ge+TKa0';

const dummyHashes = new Map<string, Promise<string>>([[costKey(DEFAULT_PASSWORD_HASH_COST), Promise.resolve(DEFAULT_COST_DUMMY_HASH)]]);

/**
 * A hash at `cost` of a random password nobody kept, for checks that must cost what a real one costs (a login for an
 * unknown name): at another cost than the accounts' hashes, its answer time would tell which names exist. Made once
 * per cost and process.
 */
export function dummyPasswordHash(cost: PasswordHashCost = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  let hash = dummyHashes.get(costKey(cost));
  if (!hash) dummyHashes.set(costKey(cost), (hash = hashPassword(randomBytes(32).toString('base64'), cost)));
  return hash;
}
