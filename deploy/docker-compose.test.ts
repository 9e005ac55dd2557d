/**
 * The deployment shape, checked by reading the compose files: every remote has its own static service
 * on its own origin, the shell's remotes.json points at exactly those, every long-running service says
 * when it is healthy, uploads are staged on the shared volume, and free money exists only in the demo
 * file. (Secrets, pinned images and users: hardening.test.ts; the media store: media-store.test.ts.)
 * When docker compose is installed, `docker compose config` must accept both files; when it is not,
 * the test says so and checks the files by reading them only.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_IDS } from '@cliffhanger/shared/routes';
import { parse } from 'yaml';

const root = path.resolve(__dirname, '..');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')) as {
  services: Record<
    string,
    {
      ports?: string[];
      build?: { target?: string; args?: { APP?: string } };
      volumes?: string[];
      deploy?: { replicas?: number };
      environment?: Record<string, string>;
      healthcheck?: { test?: string[] };
      depends_on?: Record<string, { condition?: string }> | string[];
      restart?: string;
    }
  >;
  'x-static'?: { healthcheck?: { test?: string[] } };
};
const demo = parse(readFileSync(path.join(root, 'deploy', 'compose.demo.yml'), 'utf8')) as {
  services: Record<string, { environment?: Record<string, string> }>;
};
const remotes = JSON.parse(readFileSync(path.join(root, 'deploy', 'remotes.compose.json'), 'utf8')) as Record<
  string,
  string
>;
/** Made-up values for the secrets the compose file demands (hardening.test.ts holds the list). */
const REQUIRED_SECRETS = {
  JWT_SECRET: 'x'.repeat(48),
  POSTGRES_PASSWORD: 'p'.repeat(24),
  MINIO_ROOT_USER: 'store-admin',
  MINIO_ROOT_PASSWORD: 'm'.repeat(24),
  MEDIA_S3_ACCESS_KEY_ID: 'cliffhanger-api',
  MEDIA_S3_SECRET_ACCESS_KEY: 's'.repeat(24),
};
const hostPort = (service: string) => compose.services[service]?.ports?.[0]?.split(':')[0];

describe('the docker-compose deployment', () => {
  it('runs PostgreSQL, Redis, the API and an entry point in front of it', () => {
    for (const service of ['postgres', 'redis', 'api', 'api-proxy']) expect(compose.services[service]).toBeDefined();
    expect(compose.services.api.environment?.DATABASE_URL).toMatch(/^postgres:\/\//);
    expect(compose.services.api.environment?.REDIS_URL).toMatch(/^redis:\/\//);
  });

  it('runs the API as several replicas', () => {
    expect(compose.services.api.deploy?.replicas).toBeGreaterThanOrEqual(2);
  });

  it('gives every API replica the same signing secret and the client addresses from the entry point', () => {
    // A token signed by one replica must verify on the others; a per-replica generated secret would not.
    expect(compose.services.api.environment?.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?/);
    expect(compose.services.api.environment?.TRUST_PROXY).toBe('true');
  });

  it('lets the entry point reach the API inside its container', () => {
    // The API's own default is 127.0.0.1, which a container's neighbours cannot reach.
    expect(compose.services.api.environment?.HOST).toBe('0.0.0.0');
  });

  it('hands out no free coins, seeds nothing and closes the dev tools unless the demo file is added', () => {
    const env = compose.services.api.environment ?? {};
    expect(env.PAYMENTS_DEV_PROVIDER).toBe('false');
    expect(env.DEV_TOOLS).toBe('off');
    expect(env.SEED_DEMO).toBe('false');
    expect(env.NODE_ENV).toBe('production');
    // The demo file is the one explicit switch: the catalogue, the test checkout and the outbox together.
    expect(demo.services.api.environment).toEqual({
      SEED_DEMO: 'true',
      PAYMENTS_DEV_PROVIDER: 'true',
      DEV_TOOLS: 'open',
    });
  });

  it('stages uploads on the shared volume, beside the media, so every replica finds every chunk', () => {
    const env = compose.services.api.environment ?? {};
    const mounts = (compose.services.api.volumes ?? []).map((v) => v.split(':'));
    const shared = mounts.find(([source]) => source === 'media');
    expect(shared).toBeDefined();
    const mountPoint = (shared as string[])[1] as string;
    // Staging is MEDIA_ROOT/../media-staging (domains/media/upload-staging.ts): both must be inside the one volume.
    expect(path.posix.dirname(env.MEDIA_ROOT)).toBe(mountPoint);
    expect(env.VAR_DIR.startsWith(`${mountPoint}/`)).toBe(true);
  });

  it('tells Docker when every service is healthy, and starts each only after what it needs is', () => {
    // A one-shot (restart "no") has no health: what needs it waits until it has finished successfully.
    const oneShot = (name: string) => compose.services[name]?.restart === 'no';
    for (const [name, service] of Object.entries(compose.services)) {
      const check = service.healthcheck ?? compose['x-static']?.healthcheck;
      if (!oneShot(name)) expect({ name, checked: (check?.test?.length ?? 0) > 0 }).toEqual({ name, checked: true });
      if (service.depends_on && !Array.isArray(service.depends_on)) {
        for (const [needed, dependency] of Object.entries(service.depends_on))
          expect({ needed, condition: dependency.condition }).toEqual({
            needed,
            condition: oneShot(needed) ? 'service_completed_successfully' : 'service_healthy',
          });
      }
    }
  });

  it('is a valid compose file, alone and with the demo file (when docker compose is installed)', () => {
    const probe = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
    if (probe.status !== 0) {
      console.warn(
        'SKIPPED: `docker compose` is not installed here, so `docker compose config` was not run; the files were checked by reading them.',
      );
      return;
    }
    for (const files of [['docker-compose.yml'], ['docker-compose.yml', 'deploy/compose.demo.yml']]) {
      const result = spawnSync('docker', ['compose', ...files.flatMap((f) => ['-f', f]), 'config', '--quiet'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, ...REQUIRED_SECRETS },
      });
      expect({ files, stderr: result.stderr, status: result.status }).toEqual({ files, stderr: '', status: 0 });
    }
  });

  it('keeps secrets, data and host builds out of every image', () => {
    const ignored = readFileSync(path.join(root, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    for (const entry of ['.git', '.env', 'var', '**/node_modules', '**/dist']) expect(ignored).toContain(entry);
  });

  it('serves the shell and every remote from its own static service on its own port', () => {
    const apps = ['shell', ...REMOTE_IDS];
    const ports = apps.map(hostPort);
    expect(new Set(ports).size).toBe(apps.length);
    for (const id of REMOTE_IDS) {
      expect(compose.services[id].build?.target).toBe('static');
      expect(compose.services[id].build?.args?.APP).toBe(`mf-${id}`);
    }
    expect(compose.services.shell.build?.args?.APP).toBe('shell');
  });

  it('wires the shell to each remote through remotes.json, one origin per remote', () => {
    expect(
      compose.services.shell.volumes?.some((v) => v.includes('remotes.compose.json') && v.includes('remotes.json')),
    ).toBe(true);
    for (const id of REMOTE_IDS) {
      const url = new URL(remotes[id]);
      expect(url.pathname).toBe('/mf-manifest.json');
      expect(url.port).toBe(hostPort(id));
    }
  });

  it('lets the API accept the browser calls of every frontend origin', () => {
    const allowed = compose.services.api.environment?.CORS_ORIGINS.split(',') ?? [];
    for (const app of ['shell', ...REMOTE_IDS]) expect(allowed).toContain(`http://localhost:${hostPort(app)}`);
  });
});
