/**
 * Everything runs on the Node that `engines` promises, whatever `node` the machine has: the root
 * devDependency `node` puts Node 24 first on PATH for every npm script, so jest, its workers and the
 * processes tests start (with `process.execPath` or by the name `node`) all run on it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const ROOT = path.resolve(__dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

describe('the Node the project runs on', () => {
  it('is one that engines allows, and .nvmrc names the same major', () => {
    expect(semver.satisfies(process.version, manifest.engines.node)).toBe(true);
    const nvmrc = readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim();
    expect(semver.minVersion(manifest.engines.node)?.major).toBe(Number(nvmrc));
  });

  it('is the one the node package brings, for processes started by path or by name', () => {
    const byPath = execFileSync(process.execPath, ['-p', 'process.version'], { encoding: 'utf8' }).trim();
    const byName = execFileSync('node', ['-p', 'process.version'], { encoding: 'utf8' }).trim();
    expect(byPath).toBe(process.version);
    expect(semver.satisfies(byName, manifest.engines.node)).toBe(true);
    expect(semver.satisfies(process.version, manifest.devDependencies.node)).toBe(true);
  });
});
