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

  it('spends about a real verification on an unknown account', async () => {
    const hasher = new PasswordHasher();
    const hash = await hasher.hash('Correct-horse-9');
    await hasher.verifyNothing('warm-up');
    // Alternating rounds share whatever else the machine is doing; the bounds only catch a skipped verification.
    let real = 0;
    let nothing = 0;
    for (let round = 0; round < 4; round += 1) {
      let start = performance.now();
      await hasher.verify(hash, 'Wrong-horse-9');
      real += performance.now() - start;
      start = performance.now();
      await hasher.verifyNothing('Wrong-horse-9');
      nothing += performance.now() - start;
    }
    expect(nothing).toBeGreaterThan(real / 3);
    expect(nothing).toBeLessThan(real * 3);
  });

  it('asks for a rehash when the parameters changed', async () => {
    const weak = await new PasswordHasher(TEST_PASSWORD_HASHING).hash('Correct-horse-9');
    expect(new PasswordHasher().needsRehash(weak)).toBe(true);
    expect(new PasswordHasher(TEST_PASSWORD_HASHING).needsRehash(weak)).toBe(false);
  });
});
