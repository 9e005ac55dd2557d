/**
 * Docker cannot run on these machines, so the deployment shape is checked by reading it: every remote
 * has its own static service on its own origin, and the shell's remotes.json points at exactly those.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_IDS } from '@cliffhanger/shared/src/routes';
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
    }
  >;
};
const remotes = JSON.parse(readFileSync(path.join(root, 'deploy', 'remotes.compose.json'), 'utf8')) as Record<
  string,
  string
>;
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

  it('lets the entry point reach the API inside its container, and opens the demo tools on purpose', () => {
    // The API's own default is 127.0.0.1, which a container's neighbours cannot reach.
    expect(compose.services.api.environment?.HOST).toBe('0.0.0.0');
    // Visitors arrive through the proxy, so the demo's test checkout has to be opened explicitly.
    expect(compose.services.api.environment?.DEV_TOOLS).toBe('open');
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
