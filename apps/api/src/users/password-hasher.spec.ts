import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './password-hasher';

/** A PHC string's algorithm, version and cost parameters: what a check's cost depends on, without salt or hash. */
const parameters = (hash: string) => hash.split('$').slice(1, 4).join('$');

describe('password hashes', () => {
  it('makes argon2id hashes that verify the password and no other', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse ')).toBe(false);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,/);
  });

  it("keeps the dummy hash at hashPassword's parameters, so checking against it costs what a real check costs", async () => {
    expect(parameters(DUMMY_PASSWORD_HASH)).toBe(parameters(await hashPassword('x')));
    expect(await verifyPassword(DUMMY_PASSWORD_HASH, '')).toBe(false);
  });
});
