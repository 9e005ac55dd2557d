/**
 * `npm start` as a newcomer runs it: it reads `.env` (here the file ENV_FILE names, so the test
 * leaves the repository's own alone), prepares what it needs and, once the site answers, prints
 * `Site up in N s: <address>` — at the port the file asked for.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../e2e/support/system';

const root = path.resolve(__dirname, '..');

describe('npm start', () => {
  let dir: string;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'start-test-'));
  });

  afterAll(async () => {
    if (child?.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((done) => child?.once('exit', done));
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('takes its port from the .env file and prints "Site up in N s" once the site answers', async () => {
    const port = await freePort();
    const envFile = path.join(dir, 'test.env');
    await writeFile(
      envFile,
      [
        `PORT=${port}`,
        'HOST=127.0.0.1',
        `SQLITE_PATH=${path.join(dir, 'db.sqlite')}`,
        `VAR_DIR=${path.join(dir, 'var')}`,
        `MEDIA_ROOT=${path.join(dir, 'media')}`,
        // The frontends and the demo media have tests of their own; this one is about starting.
        'SERVE_FRONTENDS=false',
        'SEED_DEMO=false',
        'LOG_LEVEL=warn',
        '',
      ].join('\n'),
    );
    const env: NodeJS.ProcessEnv = { ...process.env, ENV_FILE: envFile };
    for (const key of [
      'PORT',
      'HOST',
      'SQLITE_PATH',
      'VAR_DIR',
      'MEDIA_ROOT',
      'SERVE_FRONTENDS',
      'SEED_DEMO',
      'DATABASE_URL',
    ])
      delete env[key];
    child = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/start.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const line = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Site up in \d+ s: \S+/.exec(output);
        if (match) resolve(match[0]);
      };
      child?.stdout?.on('data', onData);
      child?.stderr?.on('data', onData);
      child?.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
    });
    expect(line).toMatch(new RegExp(`^Site up in \\d+ s: http://127\\.0\\.0\\.1:${port}$`));
    expect(output).toContain(`settings read from ${envFile}`);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  }, 240_000);
});
