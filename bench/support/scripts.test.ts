/**
 * Each API-side bench runs end to end in quick mode (BENCH_QUICK=1: few, short samples) and prints
 * its table: every figure with its ratio against the bare baseline, the absolute figures, the goal
 * and the load average. The numbers are not judged here (a loaded machine moves them), the table is.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const tsx = require.resolve('tsx/cli', { paths: [ROOT] });

function quickRun(script: string): { status: number | null; out: string } {
  const result = spawnSync(process.execPath, [tsx, script], {
    cwd: ROOT,
    env: { ...process.env, BENCH_QUICK: '1', BENCH_PG_URL: process.env.BENCH_PG_URL ?? '' },
    encoding: 'utf8',
    timeout: 900_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

const RATIO_ROW = (name: string, goal: string) =>
  new RegExp(`${name}\\s+\\d+\\.\\d\\d×\\s+\\(\\d+(\\.\\d)? vs \\d+(\\.\\d)? [^,]+, median of \\d+\\)\\s+${goal}`);

describe('each bench prints its table in quick mode', () => {
  it('the API bench sets the list and the poll beside a bare Fastify app (the goal) and bare node:http, with both settings', () => {
    const { status, out } = quickRun('bench/api/api-bench.ts');
    expect(out).toMatch(/\[load average [\d.]+ [\d.]+ [\d.]+\]/);
    for (const route of ['GET /api/series/ \\(limit 20\\)', 'POST /feed-api/user/public-view/']) {
      for (const settings of ['npm start settings', 'production settings']) {
        expect(out).toMatch(RATIO_ROW(`${route}, ${settings} vs bare Fastify`, '≥ 0\\.8×'));
        expect(out).toMatch(RATIO_ROW(`${route}, ${settings} vs bare node:http`, '—'));
        expect(out).toMatch(RATIO_ROW(`${route}, ${settings} vs bare Fastify, per CPU second`, '—'));
      }
      expect(out).toMatch(RATIO_ROW(`${route}, bare Fastify vs bare node:http`, '—'));
    }
    expect(status).toBe(0);
  }, 900_000);

  it('the unlock bench sets charged unlocks/s beside hello-world and finds no double charge', () => {
    const { status, out } = quickRun('bench/money/unlock-bench.ts');
    expect(out).toMatch(RATIO_ROW('charged unlocks/s, sqlite', '≥ 0\\.1×'));
    expect(out).toMatch(/double charges/);
    expect(out).not.toMatch(/FAILED/);
    expect(status).toBe(0);
  }, 900_000);
});
