/**
 * The compose deployment's media store (MinIO), read from its files: the API writes to the bucket the
 * one-shot store-init made, with a key of its own limited to that bucket; everybody may read the
 * bucket's images and nothing else (video only through addresses the API presigns, docs/security.md
 * "Paid video in an object store"); the store's address is the same for the API and for browsers.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { MEDIA_CONTENT_TYPES } from '../api/src/domains/media/media.plugin';

const root = path.resolve(__dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
type Service = {
  environment?: Record<string, string>;
  ports?: string[];
  networks?: Record<string, { aliases?: string[] }>;
  depends_on?: Record<string, { condition?: string }>;
  volumes?: string[];
  entrypoint?: string[];
};
const { services } = parse(read('docker-compose.yml')) as { services: Record<string, Service> };
const api = services.api?.environment ?? {};
const init = read('deploy/minio/init.sh');
type Statement = { Effect: string; Principal?: unknown; Action: string[]; Resource: string[] };
const publicPolicy = JSON.parse(read('deploy/minio/public-images.json')) as { Statement: Statement[] };
const apiPolicy = JSON.parse(read('deploy/minio/api-policy.json')) as { Statement: Statement[] };
const bucket = api.MEDIA_S3_BUCKET ?? '';

describe('the media store of the compose deployment', () => {
  it('is where the API keeps media, with every MEDIA_S3_ setting the API needs', () => {
    expect(bucket).toMatch(/^[a-z0-9][a-z0-9-]{2,62}$/);
    expect(api.MEDIA_S3_ENDPOINT).toMatch(/^https?:\/\//);
    expect(api.MEDIA_S3_FORCE_PATH_STYLE).toBe('true');
    expect(api.MEDIA_S3_ACCESS_KEY_ID).toMatch(/^\$\{MEDIA_S3_ACCESS_KEY_ID:\?/);
    expect(api.MEDIA_S3_SECRET_ACCESS_KEY).toMatch(/^\$\{MEDIA_S3_SECRET_ACCESS_KEY:\?/);
  });

  it('answers on the same address inside the network and in the browser, so presigned addresses work', () => {
    // Presigned addresses are signed for the endpoint's host: the API and browsers must both use it.
    const endpoint = new URL(api.MEDIA_S3_ENDPOINT ?? '');
    expect(services.minio?.networks?.default?.aliases).toContain(endpoint.hostname);
    expect(services.minio?.ports).toContain(`${endpoint.port}:9000`);
    // Pages on the site fetch segments and images from it: its CORS admits the site.
    expect(services.minio?.environment?.MINIO_API_CORS_ALLOW_ORIGIN).toBe(api.PUBLIC_URL);
  });

  it('gets its bucket, policy and the API key from a one-shot that finishes before the API starts', () => {
    expect(services.api?.depends_on?.['store-init']?.condition).toBe('service_completed_successfully');
    expect(services['store-init']?.depends_on?.minio?.condition).toBe('service_healthy');
    expect(services['store-init']?.entrypoint).toEqual(['/bin/sh', '/deploy/minio/init.sh']);
    expect(init).toMatch(/^set -eu$/m);
    expect(init).toContain(`mc mb --ignore-existing store/${bucket}\n`);
    expect(init).toContain(`mc anonymous set-json /deploy/minio/public-images.json store/${bucket}\n`);
    expect(init).toMatch(/mc admin user add store "\$MEDIA_S3_ACCESS_KEY_ID" "\$MEDIA_S3_SECRET_ACCESS_KEY"/);
    expect(init).toMatch(/mc admin policy create store (\S+) \/deploy\/minio\/api-policy\.json/);
    const policy = init.match(/mc admin policy create store (\S+) /)?.[1];
    expect(init).toContain(`mc admin policy attach store ${policy} --user "$MEDIA_S3_ACCESS_KEY_ID"`);
  });

  it('lets everybody read images only: no playlist, segment, key, subtitle or listing is public', () => {
    const images = Object.entries(MEDIA_CONTENT_TYPES)
      .filter(([, type]) => type.startsWith('image/'))
      .map(([extension]) => `arn:aws:s3:::${bucket}/*${extension}`);
    expect(publicPolicy.Statement).toEqual([
      { Effect: 'Allow', Principal: { AWS: ['*'] }, Action: ['s3:GetObject'], Resource: expect.any(Array) },
    ]);
    expect([...(publicPolicy.Statement[0]?.Resource ?? [])].sort()).toEqual(images.sort());
  });

  it('gives the API a key that reaches this bucket and nothing else', () => {
    const resources = apiPolicy.Statement.flatMap((statement) => statement.Resource);
    for (const resource of resources)
      expect([`arn:aws:s3:::${bucket}`, `arn:aws:s3:::${bucket}/*`]).toContain(resource);
    for (const statement of apiPolicy.Statement) expect(statement.Action.every((a) => /^s3:\w+$/.test(a))).toBe(true);
  });
});
