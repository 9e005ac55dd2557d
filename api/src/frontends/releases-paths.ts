/**
 * Paths of published remote versions (`<releases>/<remote>/<version>/`), checked before any file is
 * touched: a version is a name of REMOTE_VERSION_PATTERN, a file path inside it has no `.`/`..`
 * segment, no backslash and no NUL. Shared by the frontends plugin and the releases domain.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_VERSION_PATTERN } from '@cliffhanger/shared/remote-releases';

const VERSION = new RegExp(REMOTE_VERSION_PATTERN);

export function isVersionName(value: string): boolean {
  return VERSION.test(value);
}

/** The folder of one published version, or null when it is not published (or the name is not a version). */
export function publishedFolder(dir: string, remote: string, version: string): string | null {
  if (!isVersionName(version)) return null;
  const folder = path.join(dir, remote, version);
  return existsSync(path.join(folder, 'mf-manifest.json')) ? folder : null;
}

/** A file path below a folder as asked for, or null when it could step outside it or is not a file name. */
export function safeRelativePath(asked: string): string | null {
  if (asked === '' || asked.length > 512 || /[\\\0]/.test(asked) || asked.startsWith('/')) return null;
  const segments = asked.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return null;
  return segments.join('/');
}

/** Whether `file` lies inside `folder`. */
export function isInside(folder: string, file: string): boolean {
  const relative = path.relative(path.resolve(folder), path.resolve(file));
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
