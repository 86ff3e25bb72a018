import {
  DEFAULT_PASSWORD_HASH_COST,
  dummyPasswordHash,
  hashedAt,
  hashPassword,
  MIN_PASSWORD_HASH_COST,
  verifyPassword,
} from './password-hasher';

/** A PHC string's algorithm, version and cost parameters: what a check's cost depends on, without salt or hash. */
const parameters = (hash: string) => hash.split('$').slice(1, 4).join('$');

describe('password hashes', () => {
  it('makes argon2id hashes that verify the password and no other', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse ')).toBe(false);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
  });

  it('hashes at the cost it is given, and verifies a hash of any cost', async () => {
    const hash = await hashPassword('correct horse', MIN_PASSWORD_HASH_COST);
    expect([hashedAt(hash, MIN_PASSWORD_HASH_COST), hashedAt(hash, DEFAULT_PASSWORD_HASH_COST)]).toEqual([true, false]);
    expect(hashedAt(hash.replace('argon2id', 'argon2i'), MIN_PASSWORD_HASH_COST)).toBe(false);
    expect(hashedAt('not a hash', MIN_PASSWORD_HASH_COST)).toBe(false);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'Correct horse')).toBe(false);
  });

  it.each([
    ['the default cost', DEFAULT_PASSWORD_HASH_COST],
    ['another cost', MIN_PASSWORD_HASH_COST],
  ])('keeps the dummy hash at %s, so checking against it costs what a real check costs', async (_, cost) => {
    const dummy = await dummyPasswordHash(cost);
    expect(parameters(dummy)).toBe(parameters(await hashPassword('x', cost)));
    expect(await verifyPassword(dummy, '')).toBe(false);
    expect(await dummyPasswordHash(cost)).toBe(dummy);
  });
});
