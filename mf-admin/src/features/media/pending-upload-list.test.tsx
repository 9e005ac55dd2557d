import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeIndexedDb, installIndexedDb } from '../../test/fake-indexeddb';
import { fakeTusServer, TUS_UPLOAD_URL } from '../../test/fake-tus-server';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import { PendingUploadList } from './pending-upload-list';
import { type PendingUpload, PendingUploadStore } from './pending-uploads';
import { tusUploadState } from './tus-upload';

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
// What the server holds of each remembered upload (its HEAD answer), by address.
jest.mock('./tus-upload', () => ({ ...jest.requireActual('./tus-upload'), tusUploadState: jest.fn() }));
const held = jest.mocked(tusUploadState);

const FIRST = TUS_UPLOAD_URL;
const SECOND = '/api/admin/media/tus/7d0e8a412b6f4c8e8e555a1d9c3b4f21';
const GONE = '/api/admin/media/tus/c5f1e0d29a7b4e3cb6d81f2a3b4c5d6e';
const CONTENT = '0123456789';

const pending = (uploadId: string, filename: string, extra: Partial<PendingUpload> = {}): PendingUpload => ({
  fingerprint: `${filename}|10|1700000000000`,
  uploadId,
  protocol: 'tus',
  kind: 'video',
  episodeId: 12,
  filename,
  file: new File([CONTENT], filename, { type: 'video/mp4' }),
  startedAt: 1_700_000_000_000,
  ...extra,
});

let http: HttpMock;
let uninstall: () => void;
beforeEach(() => {
  window.localStorage.clear();
  uninstall = installIndexedDb(fakeIndexedDb('works'));
  mockTus.current = fakeTusServer();
  held.mockClear();
  held.mockImplementation(async (url) => {
    if (url === FIRST) return { offset: 4, size: 10 };
    if (url === SECOND) return { offset: 8, size: 10 };
    return 'gone';
  });
});
afterEach(() => {
  http.restore();
  uninstall();
});

describe('unfinished uploads after a reload', () => {
  it('lists them with what the server holds, resumes one from there without picking the file, discards another', async () => {
    const tus = mockTus.current as ReturnType<typeof fakeTusServer>;
    // The server already holds the first four bytes of the first upload.
    tus.server.size = CONTENT.length;
    tus.server.held = new TextEncoder().encode(CONTENT.slice(0, 4));
    const store = new PendingUploadStore();
    await store.save(pending(FIRST, 'pilot.mp4'));
    await store.save(pending(SECOND, 'teaser.mp4', { startedAt: 1_700_000_000_001 }));
    await store.save(pending(GONE, 'finished.mp4', { startedAt: 1_700_000_000_002 }));
    http = mockHttp((config) => {
      if (config.method === 'delete' && String(config.url).endsWith(SECOND)) return { status: 204 };
    });
    const onUploaded = jest.fn();
    const user = userEvent.setup();
    renderAdmin(<PendingUploadList store={new PendingUploadStore()} onUploaded={onUploaded} />);

    const pilot = await screen.findByRole('listitem', { name: 'pilot.mp4' });
    expect(pilot).toHaveTextContent('40% uploaded');
    expect(screen.getByRole('listitem', { name: 'teaser.mp4' })).toHaveTextContent('80% uploaded');
    // The server no longer knows the third one: it is forgotten without a word.
    expect(screen.queryByText('finished.mp4')).not.toBeInTheDocument();
    expect((await store.list()).map((e) => e.uploadId).sort()).toEqual([FIRST, SECOND].sort());

    await user.click(within(pilot).getByRole('button', { name: 'Resume pilot.mp4' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith({ asset_id: 4, job_id: 9 }));
    // Only the missing part went up, from the remembered file; no new upload was started.
    expect(tus.server.requests.map((r) => r.method)).toEqual(['HEAD', 'PATCH']);
    expect(tus.server.requests[1]?.headers['upload-offset']).toBe('4');
    expect(new TextDecoder().decode(tus.server.held)).toBe(CONTENT);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'pilot.mp4' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Discard teaser.mp4' }));
    await waitFor(() => expect(screen.queryByText('Unfinished uploads')).not.toBeInTheDocument());
    expect(http.calls.filter((c) => c.method === 'DELETE').map((c) => new URL(c.url).pathname)).toEqual([SECOND]);
    expect(await store.list()).toEqual([]);
  });

  it('forgets quietly an upload remembered from the chunked protocol, which the server no longer takes', async () => {
    const store = new PendingUploadStore();
    await store.save(
      pending('0b6c2a52-7c1e-4d53-9a0f-7f4f3c1d2e10', 'old.png', { protocol: undefined, kind: 'image' }),
    );
    http = mockHttp(() => undefined);
    renderAdmin(<PendingUploadList store={new PendingUploadStore()} />);
    await waitFor(async () => expect(await store.list()).toEqual([]));
    expect(screen.queryByText('old.png')).not.toBeInTheDocument();
    expect(held).not.toHaveBeenCalled();
    expect(http.calls).toEqual([]);
  });

  it('asks for the file again when only its address could be kept (local-storage fallback)', async () => {
    uninstall();
    uninstall = () => {};
    const store = new PendingUploadStore();
    await store.save(pending(FIRST, 'pilot.mp4'));
    http = mockHttp(() => undefined);
    renderAdmin(<PendingUploadList store={new PendingUploadStore()} />);
    const pilot = await screen.findByRole('listitem', { name: 'pilot.mp4' });
    expect(pilot).toHaveTextContent('40% uploaded');
    expect(pilot).toHaveTextContent('Pick the same file again above to continue this upload.');
    expect(within(pilot).queryByRole('button', { name: /Resume/ })).not.toBeInTheDocument();
    expect(within(pilot).getByRole('button', { name: 'Discard pilot.mp4' })).toBeEnabled();
  });
});
