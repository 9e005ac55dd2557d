/**
 * `.env` at the repository root (or the file ENV_FILE names) is read at start, before the
 * configuration is built. Variables already set in the environment win over the file, so a deployment
 * or a one-off `PORT=9000 npm start` still decides. `.env.example` lists every variable.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { REPO_ROOT } from './config';

/** Loads the env file into `process.env` if it exists; returns its path when it was read. */
export function loadEnvFile(env: NodeJS.ProcessEnv = process.env): string | null {
  const file = resolve(REPO_ROOT, env.ENV_FILE?.trim() || '.env');
  if (!existsSync(file)) {
    if (env.ENV_FILE?.trim()) throw new Error(`ENV_FILE names ${file}, which does not exist`);
    return null;
  }
  process.loadEnvFile(file);
  return file;
}
