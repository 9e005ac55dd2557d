import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import type { MediaJob } from '../api/admin.types';
import { VideoUpload } from './video-upload';

const UPLOAD = '0b6c2a52-7c1e-4d53-9a0f-7f4f3c1d2e10';
const LABEL = 'Upload a video (MP4, MOV, WebM or MKV)';
const DROPPED = 'The connection dropped. Pick the same file again to resume the upload.';

/** A network failure as axios reports it: no response at all. */
function networkDrop(config: InternalAxiosRequestConfig): never {
  throw Object.assign(new Error('Network Error'), { isAxiosError: true, code: 'ERR_NETWORK', config });
}

function deferred() {
  let release = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

const job = (status: MediaJob['status'], progress: number): MediaJob => ({
  id: 9,
  asset_id: 4,
  status,
  progress,
  error: null,
  original_name: 'pilot.mp4',
  episode_id: 12,
  hls_url: null,
  poster_url: null,
  created_at: '2025-01-01T00:00:00.000Z',
});

let http: HttpMock;
afterEach(() => http.restore());
beforeEach(() => window.localStorage.clear());

describe('uploading an episode video', () => {
  it('shows the upload progress, offers to resume after a drop, continues from the chunks the server has, then follows the conversion', async () => {
    // Ten bytes in chunks of four: chunks 0, 1 and 2 (two bytes).
    const file = new File(['0123456789'], 'pilot.mp4', { type: 'video/mp4' });
    const received: number[] = [];
    let dropChunk1 = true;
    const chunk2 = deferred();
    let jobAnswers: MediaJob[] = [job('running', 0.4)];
    const adapter = mockHttp(async (config) => {
      const url = config.url ?? '';
      if (config.method === 'post' && url === '/admin/uploads/')
        return { status: 201, data: { upload_id: UPLOAD, status: 'open', chunk_size: 4, total_chunks: 3, received } };
      if (config.method === 'get' && url === `/admin/uploads/${UPLOAD}/`)
        return { status: 200, data: { upload_id: UPLOAD, status: 'open', chunk_size: 4, total_chunks: 3, received } };
      const chunk = url.match(/^\/admin\/uploads\/[^/]+\/chunks\/(\d)$/);
      if (chunk) {
        const n = Number(chunk[1]);
        if (n === 1 && dropChunk1) networkDrop(config);
        if (n === 2) await chunk2.promise;
        received.push(n);
        return { status: 200, data: { upload_id: UPLOAD, status: 'open', chunk_size: 4, total_chunks: 3, received } };
      }
      if (url === `/admin/uploads/${UPLOAD}/complete/`)
        return { status: 200, data: { upload: {}, asset: { id: 4 }, job_id: 9 } };
      if (url === '/admin/media/jobs/') return { status: 200, data: { results: [jobAnswers[0]] } };
    });
    http = adapter;
    const onDone = jest.fn();
    const user = userEvent.setup();
    renderAdmin(<VideoUpload episodeId={12} onDone={onDone} />);

    // The first attempt loses the connection after chunk 0. The transport retries (1 + 2 + 3 s) and
    // then answers without data; the panel must call that a drop, not count the chunk as sent.
    await user.upload(screen.getByLabelText(LABEL), file);
    expect(await screen.findByText(DROPPED, undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(adapter.calls.filter((c) => c.url.endsWith('/chunks/1'))).toHaveLength(4);
    expect(adapter.calls.filter((c) => c.url.endsWith('/complete/'))).toHaveLength(0);
    expect(screen.getByLabelText(LABEL)).toHaveAccessibleDescription(DROPPED);
    expect(screen.getByLabelText(LABEL)).toBeEnabled();
    expect(received).toEqual([0]);
    expect(screen.queryByText(/Uploading…/)).not.toBeInTheDocument();

    // Picking the same file again resumes: chunk 0 is not sent again, and the bar starts where it stopped.
    dropChunk1 = false;
    await user.upload(screen.getByLabelText(LABEL), file);
    await screen.findByText(/Uploading… 80%/);
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '0.8');
    expect(screen.getByLabelText(LABEL)).toBeDisabled();
    expect(screen.queryByText(DROPPED)).not.toBeInTheDocument();
    expect(adapter.calls.filter((c) => c.method === 'POST' && c.url === '/admin/uploads/')).toHaveLength(1);
    await act(async () => chunk2.release());
    expect(received).toEqual([0, 1, 2]);

    // The conversion follows, with its own progress, until the video is ready.
    expect(await screen.findByText('Converting… 40%')).toBeInTheDocument();
    jobAnswers = [job('done', 1)];
    expect(await screen.findByText('The video is ready.', undefined, { timeout: 4_000 })).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledTimes(1);

    // A finished conversion is not asked about again.
    const asked = adapter.calls.filter((c) => c.url === '/admin/media/jobs/').length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 2_000)));
    expect(adapter.calls.filter((c) => c.url === '/admin/media/jobs/')).toHaveLength(asked);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  }, 25_000);

  it('pauses on request and says how to resume', async () => {
    const file = new File(['01234567'], 'pilot.mp4', { type: 'video/mp4' });
    const chunk0 = deferred();
    http = mockHttp(async (config) => {
      const url = config.url ?? '';
      if (url === '/admin/uploads/')
        return {
          status: 201,
          data: { upload_id: UPLOAD, status: 'open', chunk_size: 4, total_chunks: 2, received: [] },
        };
      if (url.endsWith('/chunks/0')) {
        await chunk0.promise;
        return {
          status: 200,
          data: { upload_id: UPLOAD, status: 'open', chunk_size: 4, total_chunks: 2, received: [0] },
        };
      }
    });
    const user = userEvent.setup();
    renderAdmin(<VideoUpload episodeId={12} />);
    await user.upload(screen.getByLabelText(LABEL), file);
    await screen.findByText(/Uploading… 0%/);
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    await act(async () => chunk0.release());
    expect(await screen.findByText('The upload is paused. Pick the same file again to resume it.')).toBeInTheDocument();
    expect(screen.queryByText(/Uploading…/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(LABEL)).toBeEnabled();
    expect(http.calls.filter((c) => c.url.endsWith('/chunks/1'))).toHaveLength(0);
  });

  it('shows the converter’s refusal instead of announcing a ready video', async () => {
    const file = new File(['0123'], 'broken.mp4', { type: 'video/mp4' });
    http = mockHttp((config) => {
      const url = config.url ?? '';
      if (url === '/admin/uploads/')
        return {
          status: 201,
          data: { upload_id: UPLOAD, status: 'open', chunk_size: 4, total_chunks: 1, received: [] },
        };
      if (url.includes('/chunks/'))
        return {
          status: 200,
          data: { upload_id: UPLOAD, status: 'open', chunk_size: 4, total_chunks: 1, received: [0] },
        };
      if (url === `/admin/uploads/${UPLOAD}/complete/`)
        return { status: 200, data: { upload: {}, asset: { id: 4 }, job_id: 9 } };
      if (url === '/admin/media/jobs/')
        return {
          status: 200,
          data: {
            results: [{ ...job('failed', 0.2), error: 'The video could not be converted: moov atom not found' }],
          },
        };
    });
    const onDone = jest.fn();
    const user = userEvent.setup();
    renderAdmin(<VideoUpload episodeId={12} onDone={onDone} />);
    await user.upload(screen.getByLabelText(LABEL), file);
    expect(await screen.findByText('The video could not be converted: moov atom not found')).toBeInTheDocument();
    expect(screen.queryByText('The video is ready.')).not.toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByLabelText(LABEL)).toBeEnabled();
  });
});
