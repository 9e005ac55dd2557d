import fs, { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp } from '../../support/test-app';

/**
 * The resumable uploads' staging folder is made while the app starts, before it answers: a folder that
 * cannot be made stops the start with a message naming it, instead of crashing the running server
 * later from a callback no request can catch.
 */
describe('the resumable uploads staging folder', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cliffhanger-staging-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is there as soon as the app has started', async () => {
    const mediaRoot = join(dir, 'library', 'media');
    const t = await createTestApp('sqlite', { mediaRoot });
    try {
      expect(statSync(join(dir, 'library', 'media-staging', 'tus')).isDirectory()).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('that cannot be made stops the start with a message naming it, and nothing throws afterwards', async () => {
    mkdirSync(join(dir, 'library'));
    // A file where the staging folder belongs.
    writeFileSync(join(dir, 'library', 'media-staging'), 'not a folder');
    const uncaught = jest.fn();
    process.on('uncaughtException', uncaught);
    try {
      await expect(createTestApp('sqlite', { mediaRoot: join(dir, 'library', 'media') })).rejects.toThrow(
        /upload staging folder .*media-staging\/tus could not be made/,
      );
      // The file store's own asynchronous mkdir (it threw from its callback) is not started.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(uncaught).not.toHaveBeenCalled();
    } finally {
      process.off('uncaughtException', uncaught);
    }
  });

  it('is made by the app alone: the file store starts no folder-making of its own that could throw later', async () => {
    const mkdir = jest.spyOn(fs, 'mkdir');
    const t = await createTestApp('sqlite', { mediaRoot: join(dir, 'library', 'media') });
    try {
      const tusFolder = join(dir, 'library', 'media-staging', 'tus');
      expect(mkdir.mock.calls.filter(([path]) => path === tusFolder)).toEqual([]);
    } finally {
      mkdir.mockRestore();
      await t.close();
    }
  });

  it('is not made again once the app has closed and its folders are gone', async () => {
    const mediaRoot = join(dir, 'library', 'media');
    const t = await createTestApp('sqlite', { mediaRoot });
    await t.close();
    rmSync(join(dir, 'library'), { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(existsSync(join(dir, 'library'))).toBe(false);
  });
});
