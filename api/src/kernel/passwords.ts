/** argon2id password hashing; the cost comes from the configuration (lowered in tests only). */
import argon2 from 'argon2';
import type { PasswordHashConfig } from '../config';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

export function createPasswordHasher(config: PasswordHashConfig): PasswordHasher {
  return {
    hash: (password) => argon2.hash(password, { type: argon2.argon2id, ...config }),
    async verify(hash, password) {
      try {
        return await argon2.verify(hash, password);
      } catch {
        // A malformed stored hash is a failed check, not a crash.
        return false;
      }
    },
  };
}
