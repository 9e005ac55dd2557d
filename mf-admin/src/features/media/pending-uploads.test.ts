import { MEDIA_STORAGE_OPEN_TIMEOUT_MS } from '@cliffhanger/shared';
import { fakeIndexedDb, installIndexedDb } from '../../test/fake-indexeddb';
import { openUploadDb, type PendingUpload, PendingUploadStore } from './pending-uploads';

const FALLBACK_KEY = 'cliffhanger_admin_pending_uploads';

const entry = (extra: Partial<PendingUpload> = {}): PendingUpload => ({
  fingerprint: 'pilot.mp4|10|1700000000000',
  uploadId: '0b6c2a52-7c1e-4d53-9a0f-7f4f3c1d2e10',
  kind: 'video',
  episodeId: 12,
  filename: 'pilot.mp4',
  file: new File(['0123456789'], 'pilot.mp4', { type: 'video/mp4' }),
  startedAt: 1_700_000_000_000,
  ...extra,
});

let uninstall: () => void = () => {};
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  uninstall();
  uninstall = () => {};
  jest.useRealTimers();
});

describe('the browser-side media storage of unfinished uploads', () => {
  it('keeps the file itself in IndexedDB, so a reload can resume without picking it again', async () => {
    const idb = fakeIndexedDb('works');
    uninstall = installIndexedDb(idb);
    const saved = entry();
    await new PendingUploadStore().save(saved);

    // A reload: a new store over the same database.
    const [back] = await new PendingUploadStore().list();
    expect(back).toEqual(saved);
    expect(back?.file).toBeInstanceOf(File);
    expect(back?.file?.size).toBe(10);
    expect(window.localStorage.getItem(FALLBACK_KEY)).toBeNull();

    await new PendingUploadStore().remove(saved.fingerprint);
    expect(await new PendingUploadStore().list()).toEqual([]);
  });

  it(`gives up opening IndexedDB after ${MEDIA_STORAGE_OPEN_TIMEOUT_MS / 1000} s and not before`, async () => {
    jest.useFakeTimers();
    uninstall = installIndexedDb(fakeIndexedDb('hang'));
    let settled: IDBDatabase | null | 'pending' = 'pending';
    const opening = openUploadDb().then((db) => {
      settled = db;
    });
    await jest.advanceTimersByTimeAsync(MEDIA_STORAGE_OPEN_TIMEOUT_MS - 1);
    expect(settled).toBe('pending');
    await jest.advanceTimersByTimeAsync(1);
    await opening;
    expect(settled).toBeNull();
  });

  it('falls back to local storage when IndexedDB hangs, keeping the upload id but not the file', async () => {
    jest.useFakeTimers();
    uninstall = installIndexedDb(fakeIndexedDb('hang'));
    const store = new PendingUploadStore();
    const saving = store.save(entry());
    await jest.advanceTimersByTimeAsync(MEDIA_STORAGE_OPEN_TIMEOUT_MS);
    await saving;
    const { file: _file, ...withoutFile } = entry();
    expect(JSON.parse(window.localStorage.getItem(FALLBACK_KEY) ?? '[]')).toEqual([withoutFile]);
    expect(await store.list()).toEqual([withoutFile]);
    await store.remove(withoutFile.fingerprint);
    expect(await store.list()).toEqual([]);
  });

  it('falls back to local storage at once when IndexedDB refuses to open or is missing', async () => {
    uninstall = installIndexedDb(fakeIndexedDb('fail'));
    const started = Date.now();
    await new PendingUploadStore().save(entry({ fingerprint: 'a' }));
    uninstall();
    uninstall = () => {};
    await new PendingUploadStore().save(entry({ fingerprint: 'b' }));
    expect(Date.now() - started).toBeLessThan(MEDIA_STORAGE_OPEN_TIMEOUT_MS);
    expect((await new PendingUploadStore().list()).map((e) => [e.fingerprint, e.file])).toEqual([
      ['a', undefined],
      ['b', undefined],
    ]);
  });

  it('drops a corrupt local-storage value instead of failing', async () => {
    window.localStorage.setItem(FALLBACK_KEY, '{not json');
    expect(await new PendingUploadStore().list()).toEqual([]);
    expect(window.localStorage.getItem(FALLBACK_KEY)).toBeNull();
  });
});
