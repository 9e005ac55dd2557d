import { fakeIndexedDb, installIndexedDb } from '../../test/fake-indexeddb';
import { fakeTusServer } from '../../test/fake-tus-server';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { imageAddressFor, imageHostFailed } from './image-host';

// tus-js-client as it is, sending through the in-memory tus server of the running test.
const mockTus: { current: ReturnType<typeof fakeTusServer> | null } = { current: null };
jest.mock('tus-js-client', () => {
  const actual = jest.requireActual('tus-js-client');
  return {
    ...actual,
    Upload: class extends actual.Upload {
      constructor(file: unknown, options: object) {
        super(file, { ...options, httpStack: mockTus.current?.stack });
      }
    },
  };
});

/** A WebP data URL of about `bytes` bytes. */
const dataUrlOf = (bytes: number) => `data:image/webp;base64,${btoa('RIFF0000WEBP'.padEnd(bytes, 'x'))}`;

let http: HttpMock;
let uninstall: () => void;
// The page's own fetch is only for a Cloudinary-style host, which is not configured here.
const pageFetch = jest.fn(async () => {
  throw new Error('no other image host is configured');
});
beforeAll(() => {
  globalThis.fetch = pageFetch as unknown as typeof fetch;
});
beforeEach(() => {
  window.localStorage.clear();
  uninstall = installIndexedDb(fakeIndexedDb('works'));
  mockTus.current = fakeTusServer();
});
afterEach(() => {
  http.restore();
  uninstall();
});

describe('where a prepared image is saved', () => {
  it('keeps a small image inline, and sends nothing', async () => {
    http = mockHttp(() => undefined);
    const small = dataUrlOf(10_000);
    expect(await imageAddressFor(small, 'poster.webp')).toBe(small);
    expect(mockTus.current?.server.requests).toEqual([]);
  });

  it('sends a large image to the media library over tus and saves the address it is stored at', async () => {
    http = mockHttp((config) =>
      config.url === '/admin/media/4/'
        ? { status: 200, data: { id: 4, kind: 'image', url: '/media/library/images/poster.webp' } }
        : undefined,
    );
    expect(await imageAddressFor(dataUrlOf(600 * 1024), 'poster.webp')).toBe('/media/library/images/poster.webp');
    const tus = mockTus.current as ReturnType<typeof fakeTusServer>;
    expect(tus.server.requests.map((r) => r.method)).toEqual(['POST', 'PATCH']);
    expect(tus.server.requests[0]?.headers['upload-metadata']).toContain(`kind ${btoa('image')}`);
    expect(tus.server.held.length).toBe(600 * 1024);
    expect(pageFetch).not.toHaveBeenCalled();
  });

  it('says the upload failed when the library does not answer with the stored address', async () => {
    http = mockHttp(() => undefined);
    await expect(imageAddressFor(dataUrlOf(600 * 1024), 'poster.webp')).rejects.toThrow(imageHostFailed());
  });
});
