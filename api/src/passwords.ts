/**
 * argon2id password hashing with Node's own `crypto.argon2` (Node 24.7 on, hence `engines`); the cost comes from the configuration
 * (lowered in tests only). Hashes are PHC strings (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`, unpadded
 * base64), the format the `argon2` package wrote before, so stored hashes keep verifying: each one is
 * checked with the parameters it names.
 */
import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { PasswordHashConfig } from './config';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

type Algorithm = 'argon2d' | 'argon2i' | 'argon2id';

const deriveKey = promisify(argon2);
const SALT_BYTES = 16;
const HASH_BYTES = 32;
const ARGON2_VERSION = 19;
const PHC = /^\$(argon2id|argon2i|argon2d)\$v=(\d+)\$([a-z]=\d+(?:,[a-z]=\d+)*)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

interface Cost {
  memory: number;
  passes: number;
  parallelism: number;
}

function derive(algorithm: Algorithm, password: string, salt: Buffer, cost: Cost, tagLength: number) {
  return deriveKey(algorithm, { message: password, nonce: salt, tagLength, ...cost });
}

const unpadded = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

/** The parameters a PHC string names, in any order (the `argon2` package wrote `m=…,p=…,t=…`). */
function parseCost(list: string): Cost | null {
  const values = new Map(list.split(',').map((pair) => [pair[0], Number(pair.slice(2))] as const));
  const memory = values.get('m');
  const passes = values.get('t');
  const parallelism = values.get('p');
  if (values.size !== 3 || !memory || !passes || !parallelism) return null;
  return { memory, passes, parallelism };
}

export function createPasswordHasher(config: PasswordHashConfig): PasswordHasher {
  const cost: Cost = { memory: config.memoryCost, passes: config.timeCost, parallelism: config.parallelism };
  return {
    async hash(password) {
      const salt = randomBytes(SALT_BYTES);
      const key = await derive('argon2id', password, salt, cost, HASH_BYTES);
      const params = `m=${cost.memory},t=${cost.passes},p=${cost.parallelism}`;
      return `$argon2id$v=${ARGON2_VERSION}$${params}$${unpadded(salt)}$${unpadded(key)}`;
    },
    async verify(hash, password) {
      const match = PHC.exec(hash);
      const stored = match && parseCost(match[3]);
      // A malformed stored hash is a failed check, not a crash.
      if (!match || !stored || Number(match[2]) !== ARGON2_VERSION) return false;
      const salt = Buffer.from(match[4], 'base64');
      const expected = Buffer.from(match[5], 'base64');
      try {
        const key = await derive(match[1] as Algorithm, password, salt, stored, expected.length);
        return timingSafeEqual(key, expected);
      } catch {
        return false;
      }
    },
  };
}
