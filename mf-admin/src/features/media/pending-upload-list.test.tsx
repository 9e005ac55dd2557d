import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeIndexedDb, installIndexedDb } from '../../test/fake-indexeddb';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import { PendingUploadList } from './pending-upload-list';
import { type PendingUpload, PendingUploadStore } from './pending-uploads';

const FIRST = '0b6c2a52-7c1e-4d53-9a0f-7f4f3c1d2e10';
const SECOND = '7d0e8a41-2b6f-4c8e-8e55-5a1d9c3b4f21';
const GONE = 'c5f1e0d2-9a7b-4e3c-b6d8-1f2a3b4c5d6e';

const pending = (uploadId: string, filename: string, extra: Partial<PendingUpload> = {}): PendingUpload => ({
  fingerprint: `${filename}|10|1700000000000`,
  uploadId,
  kind: 'video',
  episodeId: 12,
  filename,
  file: new File(['0123456789'], filename, { type: 'video/mp4' }),
  startedAt: 1_700_000_000_000,
  ...extra,
});

const state = (uploadId: string, received: number[]) => ({
  upload_id: uploadId,
  status: 'open',
  size: 10,
  chunk_size: 4,
  total_chunks: 3,
  received,
});

let http: HttpMock;
let uninstall: () => void;
beforeEach(() => {
  window.localStorage.clear();
  uninstall = installIndexedDb(fakeIndexedDb('works'));
});
afterEach(() => {
  http.restore();
  uninstall();
});

describe('unfinished uploads after a reload', () => {
  it('lists them with what the server holds, resumes one from there without picking the file, discards another', async () => {
    const store = new PendingUploadStore();
    await store.save(pending(FIRST, 'pilot.mp4'));
    await store.save(pending(SECOND, 'teaser.mp4', { startedAt: 1_700_000_000_001 }));
    await store.save(pending(GONE, 'finished.mp4', { startedAt: 1_700_000_000_002 }));
    const received = [0];
    http = mockHttp((config) => {
      const url = config.url ?? '';
      if (config.method === 'get' && url === `/admin/uploads/${FIRST}/`)
        return { status: 200, data: state(FIRST, received) };
      if (config.method === 'get' && url === `/admin/uploads/${SECOND}/`)
        return { status: 200, data: state(SECOND, [0, 1]) };
      const chunk = url.match(/^\/admin\/uploads\/[^/]+\/chunks\/(\d)$/);
      if (chunk) {
        received.push(Number(chunk[1]));
        return { status: 200, data: state(FIRST, received) };
      }
      if (url === `/admin/uploads/${FIRST}/complete/`)
        return { status: 200, data: { upload: {}, asset: { id: 4 }, job_id: 9 } };
      if (config.method === 'delete' && url === `/admin/uploads/${SECOND}/`) return { status: 204 };
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
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith({ upload: {}, asset: { id: 4 }, job_id: 9 }));
    // Only the missing parts went up, from the remembered file; no new upload was started.
    expect(http.calls.filter((c) => c.url.includes('/chunks/')).map((c) => c.url)).toEqual([
      `/admin/uploads/${FIRST}/chunks/1`,
      `/admin/uploads/${FIRST}/chunks/2`,
    ]);
    expect(http.calls.filter((c) => c.method === 'POST' && c.url === '/admin/uploads/')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'pilot.mp4' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Discard teaser.mp4' }));
    await waitFor(() => expect(screen.queryByText('Unfinished uploads')).not.toBeInTheDocument());
    expect(http.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/admin/uploads/${SECOND}/`]);
    expect(await store.list()).toEqual([]);
  });

  it('asks for the file again when only its id could be kept (local-storage fallback)', async () => {
    uninstall();
    uninstall = () => {};
    const store = new PendingUploadStore();
    await store.save(pending(FIRST, 'pilot.mp4'));
    http = mockHttp((config) =>
      config.url === `/admin/uploads/${FIRST}/` ? { status: 200, data: state(FIRST, [0]) } : undefined,
    );
    renderAdmin(<PendingUploadList store={new PendingUploadStore()} />);
    const pilot = await screen.findByRole('listitem', { name: 'pilot.mp4' });
    expect(pilot).toHaveTextContent('40% uploaded');
    expect(pilot).toHaveTextContent('Pick the same file again above to continue this upload.');
    expect(within(pilot).queryByRole('button', { name: /Resume/ })).not.toBeInTheDocument();
    expect(within(pilot).getByRole('button', { name: 'Discard pilot.mp4' })).toBeEnabled();
  });
});
