/**
 * Uploads in progress, remembered across network drops and reloads. IndexedDB keeps the file itself
 * (a `File` is structured-cloneable), so a reload can resume without asking staff to pick it again.
 * Opening IndexedDB can hang (private windows, blocked storage): after 3 s (product.md#media) the store falls back
 * to localStorage, which keeps only the upload address per file fingerprint — picking the same file again
 * resumes it.
 */
import { MEDIA_STORAGE_OPEN_TIMEOUT_MS } from '@cliffhanger/shared';

export interface PendingUpload {
  fingerprint: string;
  /** The tus upload's address. */
  uploadId: string;
  /** Every upload goes over tus; an entry without it was remembered from the chunked protocol, now gone. */
  protocol?: 'tus';
  kind: 'video' | 'image';
  episodeId?: number;
  filename: string;
  file?: Blob;
  startedAt: number;
}

const DB_NAME = 'cliffhanger-admin';
const STORE = 'pendingUploads';
const FALLBACK_KEY = 'cliffhanger_admin_pending_uploads';

export const fingerprintOf = (file: File) => `${file.name}|${file.size}|${file.lastModified}`;

export function openUploadDb(timeoutMs = MEDIA_STORAGE_OPEN_TIMEOUT_MS): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null);
    const timer = setTimeout(() => resolve(null), timeoutMs);
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'fingerprint' });
      request.onsuccess = () => {
        clearTimeout(timer);
        resolve(request.result);
      };
      request.onerror = () => {
        clearTimeout(timer);
        resolve(null);
      };
    } catch {
      clearTimeout(timer);
      resolve(null);
    }
  });
}

function readFallback(): PendingUpload[] {
  try {
    const value = JSON.parse(window.localStorage.getItem(FALLBACK_KEY) ?? '[]');
    return Array.isArray(value) ? value : [];
  } catch {
    window.localStorage.removeItem(FALLBACK_KEY);
    return [];
  }
}

function writeFallback(list: PendingUpload[]) {
  try {
    window.localStorage.setItem(FALLBACK_KEY, JSON.stringify(list.map(({ file: _file, ...rest }) => rest)));
  } catch {
    // Storage full or disabled: the upload still runs, it just cannot resume after a reload.
  }
}

function run<T>(db: IDBDatabase, mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = work(db.transaction(STORE, mode).objectStore(STORE));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

export class PendingUploadStore {
  private db: Promise<IDBDatabase | null> | null = null;

  constructor(private readonly open: () => Promise<IDBDatabase | null> = () => openUploadDb()) {}

  private database() {
    this.db ??= this.open();
    return this.db;
  }

  async list(): Promise<PendingUpload[]> {
    const db = await this.database();
    if (!db) return readFallback();
    return run(db, 'readonly', (store) => store.getAll() as IDBRequest<PendingUpload[]>).catch(() => readFallback());
  }

  async find(fingerprint: string): Promise<PendingUpload | undefined> {
    return (await this.list()).find((entry) => entry.fingerprint === fingerprint);
  }

  async save(entry: PendingUpload): Promise<void> {
    const db = await this.database();
    if (db) {
      try {
        await run(db, 'readwrite', (store) => store.put(entry));
        return;
      } catch {
        // Quota or a closed database: keep at least the id.
      }
    }
    writeFallback([...readFallback().filter((e) => e.fingerprint !== entry.fingerprint), entry]);
  }

  async remove(fingerprint: string): Promise<void> {
    const db = await this.database();
    if (db) await run(db, 'readwrite', (store) => store.delete(fingerprint)).catch(() => undefined);
    writeFallback(readFallback().filter((e) => e.fingerprint !== fingerprint));
  }
}

export const pendingUploads = new PendingUploadStore();
