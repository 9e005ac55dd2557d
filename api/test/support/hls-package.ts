/** A small HLS package on disk, for tests of how video is stored and served. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const SEGMENT_BYTES = Buffer.from('0123456789abcdef');

/**
 * Writes `dir` under `root`: master → two variants → (key, init segment, segment), with a poster and
 * a thumbnail beside the master as older packages had them.
 */
export function writeHlsPackage(root: string, dir: string): void {
  const file = (name: string, body: string | Buffer) => {
    const path = join(root, dir, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, body);
  };
  file(
    'master.m3u8',
    '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=500000,RESOLUTION=360x640\nv0/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=900000\nv1/index.m3u8\n',
  );
  for (const variant of ['v0', 'v1']) {
    file(
      `${variant}/index.m3u8`,
      '#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI="../key.key"\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:2.0,\nseg_000.ts\n#EXT-X-ENDLIST\n',
    );
    file(`${variant}/seg_000.ts`, SEGMENT_BYTES);
    file(`${variant}/init.mp4`, Buffer.from('init'));
  }
  file('key.key', Buffer.alloc(16, 1));
  file('thumb.jpg', Buffer.from('jpeg'));
  file('poster.jpg', Buffer.from('jpeg'));
}

/** Every child address a playlist names (URI lines and URI attributes), as written. */
export const playlistChildren = (playlist: string): string[] =>
  playlist
    .split('\n')
    .flatMap((line) =>
      line.startsWith('#') ? [...line.matchAll(/URI="([^"]*)"/g)].map((m) => m[1] as string) : line ? [line] : [],
    );

/** The path and query of an address, absolute or not: what a request for it asks the app. */
export const pathOf = (address: string) => {
  const url = new URL(address, 'http://x.invalid');
  return `${url.pathname}${url.search}`;
};
