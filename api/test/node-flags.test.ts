/**
 * The API runs with its Node flags however it is started: `npm start`, the Docker image, and the
 * systems the journeys and benches start as `npm start` does.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_NODE_FLAGS } from '../src/node-flags';

const ROOT = path.resolve(__dirname, '../..');

/** The words an npm script passes between its `tsx` and the script it runs. */
function flagsOfScript(packageJson: string, name: string, script: string): string[] {
  const scripts = JSON.parse(readFileSync(path.join(ROOT, packageJson), 'utf8')).scripts as Record<string, string>;
  const words = scripts[name]?.split(/\s+/) ?? [];
  expect(words[0]).toBe('tsx');
  expect(words).toContain(script);
  return words.slice(1, words.indexOf(script));
}

describe('the API’s Node flags', () => {
  test('npm start hands every flag to Node before the start script', () => {
    expect(flagsOfScript('package.json', 'start', 'scripts/start.ts')).toEqual([...API_NODE_FLAGS]);
  });

  test('the unlock bench, which runs the API in its own process, hands Node the same flags', () => {
    expect(flagsOfScript('bench/package.json', 'bench:unlocks', 'money/unlock-bench.ts')).toEqual([...API_NODE_FLAGS]);
  });

  test('the Docker image runs the compiled API with the same flags', () => {
    const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    const command = dockerfile
      .split('\n')
      .find((line) => line.startsWith('CMD ') && line.includes('api/dist/server.js'));
    expect(command).toBeDefined();
    const words = JSON.parse((command as string).slice('CMD '.length)) as string[];
    expect(words[0]).toBe('node');
    expect(words.slice(1, words.indexOf('api/dist/server.js'))).toEqual(expect.arrayContaining([...API_NODE_FLAGS]));
  });

  test('tsx passes the flags on to the Node process that runs the API', () => {
    const tsx = require.resolve('tsx/cli', { paths: [ROOT] });
    const execArgv = JSON.parse(
      execFileSync(process.execPath, [tsx, ...API_NODE_FLAGS, '-e', 'console.log(JSON.stringify(process.execArgv))'], {
        cwd: ROOT,
        encoding: 'utf8',
      }),
    ) as string[];
    for (const flag of API_NODE_FLAGS) expect(execArgv).toContain(flag);
  });

  test('Node accepts every flag', () => {
    const out = execFileSync(process.execPath, [...API_NODE_FLAGS, '-e', 'console.log("ok")'], { encoding: 'utf8' });
    expect(out.trim()).toBe('ok');
  });
});
