import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** `Algorithm.Argon2id`: a const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

/** argon2id cost parameters (memory in KiB). */
export interface PasswordHashing {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * OWASP's argon2id baseline (Password Storage Cheat Sheet): 19 MiB, two passes, one lane. About 60 ms a hash on
 * this machine. Tests lower it through `buildApp({ passwordHashing })`; nothing else should.
 */
export const DEFAULT_PASSWORD_HASHING: PasswordHashing = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

const PHC_PARAMS = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/;

/**
 * Unicode passwords typed on different keyboards or systems can reach us composed or decomposed; NFC makes them
 * the same bytes (NIST SP 800-63B asks for normalisation).
 */
function normalize(password: string): string {
  return password.normalize('NFC');
}

export class PasswordHasher {
  private dummy: Promise<string> | undefined;

  constructor(readonly params: PasswordHashing = DEFAULT_PASSWORD_HASHING) {}

  hash(password: string): Promise<string> {
    return hash(normalize(password), { algorithm: ARGON2ID, ...this.params });
  }

  /** False for a wrong password and for a malformed stored hash (never throws on bad input). */
  async verify(storedHash: string, password: string): Promise<boolean> {
    try {
      return await verify(storedHash, normalize(password));
    } catch {
      return false;
    }
  }

  /**
   * Spends the time of a real verification and answers false: used when there is no account or no password, so
   * the answer's timing does not reveal which account names exist.
   */
  async verifyNothing(password: string): Promise<false> {
    this.dummy ??= this.hash(`no account ${Math.random()}`);
    await this.verify(await this.dummy, password);
    return false;
  }

  /** True when a stored hash was made with other parameters than the current ones (rehash after a login). */
  needsRehash(storedHash: string): boolean {
    const match = PHC_PARAMS.exec(storedHash);
    if (!match) return true;
    return (
      Number(match[1]) !== this.params.memoryCost ||
      Number(match[2]) !== this.params.timeCost ||
      Number(match[3]) !== this.params.parallelism
    );
  }
}
