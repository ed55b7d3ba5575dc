import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_HASHING, PasswordHasher } from '../src/identity/passwords.js';
import { TEST_PASSWORD_HASHING } from './helpers.js';

describe('password hashing', () => {
  it('defaults to OWASP argon2id parameters (19 MiB, 2 passes, 1 lane)', async () => {
    expect(DEFAULT_PASSWORD_HASHING).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const hasher = new PasswordHasher();
    const hash = await hasher.hash('Correct-horse-9');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await hasher.verify(hash, 'Correct-horse-9')).toBe(true);
    expect(await hasher.verify(hash, 'correct-horse-9')).toBe(false);
    expect(hasher.needsRehash(hash)).toBe(false);
  });

  it('salts every hash', async () => {
    const hasher = new PasswordHasher(TEST_PASSWORD_HASHING);
    expect(await hasher.hash('same-password-1')).not.toBe(await hasher.hash('same-password-1'));
  });

  it('treats composed and decomposed Unicode as the same password', async () => {
    const hasher = new PasswordHasher(TEST_PASSWORD_HASHING);
    const hash = await hasher.hash('Caf\u00e9-pass-1');
    expect(await hasher.verify(hash, 'Cafe\u0301-pass-1')).toBe(true);
  });

  it('answers false, never throws, for a malformed stored hash and for no account', async () => {
    const hasher = new PasswordHasher(TEST_PASSWORD_HASHING);
    expect(await hasher.verify('not a hash', 'x')).toBe(false);
    expect(await hasher.verifyNothing('anything')).toBe(false);
  });

  it('spends a real verification on an unknown account: a whole argon2id check against a hash of the current parameters', async () => {
    /** The hasher itself, noting each verification it runs and against which stored hash. */
    class NotingHasher extends PasswordHasher {
      readonly verified: { storedHash: string; password: string }[] = [];
      override async verify(storedHash: string, password: string): Promise<boolean> {
        this.verified.push({ storedHash, password });
        return super.verify(storedHash, password);
      }
    }
    const hasher = new NotingHasher();
    expect(await hasher.verifyNothing('Wrong-horse-9')).toBe(false);
    expect(await hasher.verifyNothing('Other-horse-9')).toBe(false);
    expect(hasher.verified.map((call) => call.password)).toEqual(['Wrong-horse-9', 'Other-horse-9']);
    // A well-formed hash (argon2 then runs every pass, as for a real account's) made with the parameters real hashes
    // have now: neither cheaper than a real verification nor a malformed one that fails at once.
    for (const { storedHash } of hasher.verified) {
      expect(storedHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
      expect(hasher.needsRehash(storedHash)).toBe(false);
    }
    // With lighter parameters (tests), the dummy follows them too.
    const light = new NotingHasher(TEST_PASSWORD_HASHING);
    await light.verifyNothing('Wrong-horse-9');
    expect(light.verified).toHaveLength(1);
    expect(light.needsRehash(light.verified[0]!.storedHash)).toBe(false);
    expect(hasher.needsRehash(light.verified[0]!.storedHash)).toBe(true);
  });

  it('asks for a rehash when the parameters changed', async () => {
    const weak = await new PasswordHasher(TEST_PASSWORD_HASHING).hash('Correct-horse-9');
    expect(new PasswordHasher().needsRehash(weak)).toBe(true);
    expect(new PasswordHasher(TEST_PASSWORD_HASHING).needsRehash(weak)).toBe(false);
  });
});
