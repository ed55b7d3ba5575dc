import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_ROOT } from '../config.js';

/** `api/data/common-passwords.txt`: the bundled list (its header says where it comes from). */
export const COMMON_PASSWORDS_FILE = path.join(API_ROOT, 'data', 'common-passwords.txt');

let list: ReadonlySet<string> | undefined;

/**
 * Whether a new password is one of the most used (ASVS 2.1.7): the first guesses of every attacker, whatever
 * rule it follows, so they are refused on account creation, change and reset. Compared without regard to case.
 * The list is read once, on first use.
 */
export function isCommonPassword(password: string): boolean {
  list ??= new Set(
    readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return list.has(password.normalize('NFC').toLowerCase());
}
