/**
 * Just enough of IndexedDB for the pending-upload store: one database per factory, object stores keyed
 * by a key path, getAll/put/delete answered asynchronously as a browser does. Values are kept as they
 * are (a browser would structured-clone them; a File survives that with its name and bytes).
 * `hang` makes `open` never answer, as a blocked or private-mode browser sometimes does.
 */
type Handler = (() => void) | null;

interface FakeRequest<T> {
  result: T;
  error: Error | null;
  onsuccess: Handler;
  onerror: Handler;
  onupgradeneeded?: Handler;
}

function answer<T>(work: () => T): FakeRequest<T> {
  const request: FakeRequest<T> = { result: undefined as T, error: null, onsuccess: null, onerror: null };
  setTimeout(() => {
    try {
      request.result = work();
      request.onsuccess?.();
    } catch (error) {
      request.error = error as Error;
      request.onerror?.();
    }
  }, 0);
  return request;
}

export function fakeIndexedDb(mode: 'works' | 'hang' | 'fail' = 'works') {
  const stores = new Map<string, { keyPath: string; rows: Map<string, unknown> }>();
  const db = {
    createObjectStore(name: string, options: { keyPath: string }) {
      stores.set(name, { keyPath: options.keyPath, rows: new Map() });
    },
    transaction(name: string) {
      const store = stores.get(name);
      if (!store) throw new Error(`No object store ${name}`);
      return {
        objectStore: () => ({
          getAll: () => answer(() => [...store.rows.values()]),
          put: (value: Record<string, unknown>) =>
            answer(() => {
              store.rows.set(String(value[store.keyPath]), value);
              return value[store.keyPath];
            }),
          delete: (key: string) => answer(() => store.rows.delete(key)),
        }),
      };
    },
  };
  const factory = {
    opened: 0,
    open(_name: string, _version: number) {
      factory.opened += 1;
      const request: FakeRequest<typeof db> = { result: db, error: null, onsuccess: null, onerror: null };
      if (mode === 'hang') return request;
      setTimeout(() => {
        if (mode === 'fail') {
          request.error = new Error('The database is blocked');
          request.onerror?.();
          return;
        }
        if (stores.size === 0) request.onupgradeneeded?.();
        request.onsuccess?.();
      }, 0);
      return request;
    },
    stores,
  };
  return factory;
}

/** Installs `factory` as the page's `indexedDB` until the returned function is called. */
export function installIndexedDb(factory: unknown): () => void {
  const had = Object.getOwnPropertyDescriptor(globalThis, 'indexedDB');
  Object.defineProperty(globalThis, 'indexedDB', { value: factory, configurable: true, writable: true });
  return () => {
    if (had) Object.defineProperty(globalThis, 'indexedDB', had);
    else delete (globalThis as { indexedDB?: unknown }).indexedDB;
  };
}
