import { readFileSync } from 'node:fs';
import { inApiFolder } from '../../lib/api-folder';

/**
 * The passwords people pick most, read once from a committed list (no network call): the first
 * guesses of anyone trying addresses one by one. Compared without case, as such lists are used.
 */
const common = new Set(
  readFileSync(inApiFolder('src/modules/accounts/common-passwords.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.toLowerCase()),
);

export const isCommonPassword = (password: string): boolean => common.has(password.toLowerCase());
