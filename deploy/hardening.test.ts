/**
 * What the compose deployment may not do, checked by reading docker-compose.yml, the demo file and the
 * Dockerfile: ship a password or key of its own, run a container as root, or take whatever an image's
 * tag points at today.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const root = path.resolve(__dirname, '..');
const composeFiles = ['docker-compose.yml', 'deploy/compose.demo.yml'].map((file) => ({
  file,
  text: readFileSync(path.join(root, file), 'utf8'),
}));
type Service = {
  image?: string;
  user?: string;
  build?: { target?: string };
  environment?: Record<string, string>;
};
const compose = parse(composeFiles[0]?.text ?? '') as { services: Record<string, Service> };
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');

/** Names that hold a secret: a password, a secret or access key, a store's administrator. */
const SECRET = /PASSWORD|SECRET|ACCESS_KEY|ROOT_USER/;
/** What the deployment cannot start without. */
const REQUIRED = [
  'JWT_SECRET',
  'POSTGRES_PASSWORD',
  'MINIO_ROOT_USER',
  'MINIO_ROOT_PASSWORD',
  'MEDIA_S3_ACCESS_KEY_ID',
  'MEDIA_S3_SECRET_ACCESS_KEY',
];

/** Every `${NAME…}` of a text, with what follows the name (`:?message`, `:-default`, or nothing). */
function interpolations(text: string): Array<{ name: string; rest: string }> {
  return [...text.matchAll(/\$\{([A-Z0-9_]+)([^}]*)\}/g)].map(([, name = '', rest = '']) => ({ name, rest }));
}

/** The Dockerfile's stages: name → its first line's image and its last USER. */
function stages(): Map<string, { from: string; user: string | null }> {
  const args = Object.fromEntries([...dockerfile.matchAll(/^ARG (\w+)=(\S+)$/gm)].map(([, k = '', v = '']) => [k, v]));
  const found = new Map<string, { from: string; user: string | null }>();
  let current: { from: string; user: string | null } | null = null;
  for (const line of dockerfile.split('\n')) {
    const from = line.match(/^FROM\s+(\S+)\s+AS\s+(\S+)/i);
    if (from) {
      current = { from: (from[1] ?? '').replace(/^\$\{(\w+)\}$/, (_, name: string) => args[name] ?? name), user: null };
      found.set(from[2] ?? '', current);
    }
    const user = line.match(/^USER\s+(\S+)/);
    if (user && current) current.user = user[1] ?? null;
  }
  return found;
}

/**
 * An exact version: x.y.z (a variant may follow), PostgreSQL's x.y (its versions have had two parts
 * since 10), MinIO's dated releases, or a digest.
 */
const PINNED =
  /^postgres:\d+\.\d+-|:(\d+\.\d+\.\d+(-[a-z0-9.-]+)?|RELEASE\.\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ)(@sha256:[0-9a-f]{64})?$|@sha256:[0-9a-f]{64}$/;
const isRoot = (user: string | null | undefined) => !user || /^(root|0)(:|$)/.test(user);

describe('the compose deployment, hardened', () => {
  it('takes every password and key from the environment, and has no default for any of them', () => {
    for (const { file, text } of composeFiles) {
      for (const { name, rest } of interpolations(text).filter(({ name }) => SECRET.test(name))) {
        // Optional keys (Stripe's) may be empty, which turns their feature off; none may have a value.
        expect({ file, name, rest }).toEqual({
          file,
          name,
          rest: rest === ':-' ? ':-' : expect.stringMatching(/^:\?./),
        });
      }
    }
    const text = composeFiles[0]?.text ?? '';
    for (const name of REQUIRED) {
      const uses = interpolations(text).filter((found) => found.name === name);
      expect({ name, used: uses.length > 0, required: uses.every(({ rest }) => rest.startsWith(':?')) }).toEqual({
        name,
        used: true,
        required: true,
      });
    }
  });

  it('writes no password into a variable or an address itself', () => {
    for (const [service, { environment = {} }] of Object.entries(compose.services)) {
      for (const [name, value] of Object.entries(environment)) {
        if (SECRET.test(name))
          expect({ service, name, value }).toEqual({ service, name, value: expect.stringMatching(/^\$\{/) });
      }
    }
    // The database address carries the password only as the required variable.
    expect(compose.services.api?.environment?.DATABASE_URL).toMatch(
      /^postgres:\/\/\w+:\$\{POSTGRES_PASSWORD:\?[^}]+\}@/,
    );
  });

  it('pins every image, in the compose file and the Dockerfile, to an exact version', () => {
    const images = Object.entries(compose.services)
      .filter(([, service]) => service.image)
      .map(([name, service]) => ({ name, image: service.image }));
    for (const [name, { from }] of stages()) if (!stages().has(from)) images.push({ name, image: from });
    expect(images.length).toBeGreaterThanOrEqual(6);
    for (const entry of images) expect(entry).toEqual({ ...entry, image: expect.stringMatching(PINNED) });
  });

  it('runs every container as a user other than root', () => {
    const built = stages();
    for (const [name, service] of Object.entries(compose.services)) {
      // A service's own user wins; otherwise the user its image's stage ends with.
      const user = service.user ?? (service.build?.target ? built.get(service.build.target)?.user : null);
      expect({ name, root: isRoot(user) }).toEqual({ name, root: false });
    }
  });
});
