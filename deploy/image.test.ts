/**
 * The API image. Its Dockerfile is read on every run: several stages, Node 24 slim, only the API's
 * production packages, compiled JavaScript run by node (no tsx), a non-root user, a healthcheck.
 *
 * Building and running it takes minutes, so that part runs only with DOCKER_IMAGE_TEST=1 and a
 * reachable Docker daemon; otherwise it says loudly why it did not run.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');

/** The instructions of one stage, continuation lines joined. */
function stage(name: string): string[] {
  const lines = dockerfile.replace(/\\\n\s*/g, ' ').split('\n');
  const start = lines.findIndex((line) => new RegExp(`^FROM\\s+\\S+\\s+AS\\s+${name}\\s*$`, 'i').test(line));
  if (start === -1) throw new Error(`no stage ${name}`);
  const end = lines.findIndex((line, i) => i > start && /^FROM\s/i.test(line));
  return lines.slice(start, end === -1 ? undefined : end).filter((line) => line.trim() && !line.startsWith('#'));
}

describe('the API image, as its Dockerfile describes it', () => {
  const api = stage('api');

  it('starts from Node 24 slim', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24\.\d+\.\d+-[a-z]+-slim$/m);
    expect(api[0]).toMatch(/^FROM \$\{NODE_IMAGE\} AS api$/);
  });

  it('installs with npm install, which accepts the lockfiles these machines write (npm ci refuses them)', () => {
    const commands = dockerfile.split('\n').filter((line) => !line.trim().startsWith('#'));
    expect(commands.join('\n')).not.toMatch(/npm ci\b/);
  });

  it('carries the API production packages only, built in a stage of their own', () => {
    expect(stage('api-deps').join('\n')).toMatch(/npm install --omit=dev --workspace api/);
    expect(api.join('\n')).toContain('COPY --from=api-deps /app/node_modules ./node_modules');
    // No sources, no lockfile install, no build tools in the final stage.
    expect(api.join('\n')).not.toMatch(/COPY \. \.|npm (ci|install)|g\+\+/);
  });

  it('runs compiled JavaScript with node, not TypeScript through tsx', () => {
    const cmd = api.find((line) => line.startsWith('CMD'));
    expect(cmd).toMatch(/"node".*"api\/dist\/server\.js"/);
    expect(api.join('\n')).not.toContain('tsx');
  });

  it('runs as a user that is not root, and says when it is healthy', () => {
    const user = api.find((line) => line.startsWith('USER'));
    expect(user).toBeDefined();
    expect(user).not.toMatch(/USER\s+(root|0)(\s|$)/);
    expect(api.join('\n')).toMatch(/HEALTHCHECK .*\/api\/health/);
  });

  it('installs the system ffmpeg the media work needs', () => {
    expect(api.join('\n')).toMatch(/apt-get install .*\bffmpeg\b/);
  });
});

const wanted = process.env.DOCKER_IMAGE_TEST === '1';
const daemon = wanted ? spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { encoding: 'utf8' }) : null;
const runnable = wanted && daemon?.status === 0;

describe('the API image, built and run', () => {
  if (!runnable) {
    it('is built and run only with DOCKER_IMAGE_TEST=1 and a Docker daemon', () => {
      console.warn(
        wanted
          ? `SKIPPED: DOCKER_IMAGE_TEST=1 but no Docker daemon answers (${(daemon?.stderr ?? '').trim().split('\n')[0]}). The image was NOT built.`
          : 'SKIPPED: the image build takes minutes; run with DOCKER_IMAGE_TEST=1 to build it and check it runs as non-root.',
      );
    });
    return;
  }

  const tag = `cliffhanger-api-test:${process.pid}`;
  afterAll(() => {
    spawnSync('docker', ['image', 'rm', '-f', tag]);
  });

  it(
    'builds, and runs as a user that is not root with the compiled server in place',
    () => {
      const started = Date.now();
      const built = spawnSync('docker', ['build', '--target', 'api', '-t', tag, '.'], {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      expect({ status: built.status, tail: built.status === 0 ? '' : built.stderr.slice(-2000) }).toEqual({
        status: 0,
        tail: '',
      });
      console.log(`image built in ${Math.round((Date.now() - started) / 1000)} s`);
      const whoami = spawnSync(
        'docker',
        ['run', '--rm', tag, 'sh', '-c', 'id -u && test -f api/dist/server.js && ffmpeg -version | head -1'],
        {
          encoding: 'utf8',
        },
      );
      const [uid, , ffmpeg] = whoami.stdout.trim().split('\n');
      expect(Number(uid)).toBeGreaterThan(0);
      expect(whoami.status).toBe(0);
      expect(ffmpeg ?? whoami.stdout).toMatch(/ffmpeg version/);
      const size = spawnSync('docker', ['image', 'inspect', tag, '--format', '{{.Size}}'], { encoding: 'utf8' });
      console.log(`image size ${Math.round(Number(size.stdout.trim()) / 1e6)} MB`);
    },
    30 * 60_000,
  );
});
