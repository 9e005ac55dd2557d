import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MediaJob } from '../../lib/api/admin.types';
import { fakeTusServer } from '../../test/fake-tus-server';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import { VideoUpload } from './video-upload';

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

const LABEL = 'Upload a video (MP4, MOV, WebM or MKV)';
const CONTENT = 'ftypisom-0123456789abcdefghijklmnopqrstuvwxyz';

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
  kind: 'transcode',
  status,
  progress,
  error: null,
  attempts: status === 'queued' ? 0 : 1,
  started_at: status === 'queued' ? null : '2025-01-01T00:00:01.000Z',
  finished_at: status === 'done' || status === 'failed' ? '2025-01-01T00:00:09.000Z' : null,
  original_name: 'pilot.mp4',
  episode_id: 12,
  hls_url: null,
  poster_url: null,
  created_at: '2025-01-01T00:00:00.000Z',
});

let http: HttpMock;
afterEach(() => http.restore());
beforeEach(() => {
  window.localStorage.clear();
  mockTus.current = fakeTusServer();
});

describe('uploading an episode video', () => {
  it('shows the upload progress, heals a dropped connection by itself, then follows the conversion', async () => {
    const tus = mockTus.current as ReturnType<typeof fakeTusServer>;
    const slow = deferred();
    tus.server.holdPatches = slow.promise;
    tus.server.dropNextPatch = 1;
    let jobAnswers: MediaJob[] = [job('running', 0.4)];
    http = mockHttp((config) => {
      if (config.url === '/admin/media/jobs/') return { status: 200, data: { results: [jobAnswers[0]] } };
    });
    const onDone = jest.fn();
    const user = userEvent.setup();
    renderAdmin(<VideoUpload episodeId={12} onDone={onDone} />);

    await user.upload(screen.getByLabelText(LABEL), new File([CONTENT], 'pilot.mp4', { type: 'video/mp4' }));
    expect(await screen.findByText(/Uploading… 0%/)).toBeInTheDocument();
    expect(screen.getByLabelText(LABEL)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel upload' })).toBeInTheDocument();

    // The connection drops half-way through; the uploader asks what arrived and sends the rest by itself.
    tus.server.holdPatches = null;
    await act(async () => slow.release());
    expect(await screen.findByText('Converting… 40%')).toBeInTheDocument();
    expect(new TextDecoder().decode(tus.server.held)).toBe(CONTENT);
    expect(tus.server.requests.map((r) => r.method)).toEqual(['POST', 'PATCH', 'HEAD', 'PATCH']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText(LABEL)).not.toHaveAccessibleDescription(/dropped/);

    jobAnswers = [job('done', 1)];
    expect(await screen.findByText('The video is ready.', undefined, { timeout: 4_000 })).toBeInTheDocument();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  }, 15_000);

  it('pauses on request and says how to resume', async () => {
    const tus = mockTus.current as ReturnType<typeof fakeTusServer>;
    const slow = deferred();
    tus.server.holdPatches = slow.promise;
    http = mockHttp(() => undefined);
    const user = userEvent.setup();
    renderAdmin(<VideoUpload episodeId={12} />);
    await user.upload(screen.getByLabelText(LABEL), new File([CONTENT], 'pilot.mp4', { type: 'video/mp4' }));
    await screen.findByText(/Uploading… 0%/);
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('The upload is paused. Pick the same file again to resume it.')).toBeInTheDocument();
    expect(screen.queryByText(/Uploading…/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(LABEL)).toBeEnabled();
    await act(async () => slow.release());
  });

  it('cancels on request: the server deletes what it received and nothing is left to resume', async () => {
    const tus = mockTus.current as ReturnType<typeof fakeTusServer>;
    const slow = deferred();
    tus.server.holdPatches = slow.promise;
    http = mockHttp((config) => {
      if (
        config.method === 'delete' &&
        String(config.url).endsWith('/api/admin/media/tus/5f0c2a1b9d8e7f6a5b4c3d2e1f0a9b8c')
      )
        return { status: 204 };
    });
    const user = userEvent.setup();
    renderAdmin(<VideoUpload episodeId={12} />);
    await user.upload(screen.getByLabelText(LABEL), new File([CONTENT], 'pilot.mp4', { type: 'video/mp4' }));
    await screen.findByText(/Uploading… 0%/);
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(await screen.findByText('The upload is cancelled.')).toBeInTheDocument();
    expect(http.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(screen.queryByText(/paused/)).not.toBeInTheDocument();
    expect(window.localStorage.getItem('cliffhanger_admin_pending_uploads')).toBe('[]');
    await act(async () => slow.release());
  });

  it('shows the converter’s refusal instead of announcing a ready video', async () => {
    http = mockHttp((config) => {
      if (config.url === '/admin/media/jobs/')
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
    await user.upload(screen.getByLabelText(LABEL), new File([CONTENT], 'broken.mp4', { type: 'video/mp4' }));
    expect(await screen.findByText('The video could not be converted: moov atom not found')).toBeInTheDocument();
    expect(screen.queryByText('The video is ready.')).not.toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByLabelText(LABEL)).toBeEnabled();
  });

  it('sends an image over the same tus upload with its progress, and it is ready without a conversion', async () => {
    const tus = mockTus.current as ReturnType<typeof fakeTusServer>;
    const slow = deferred();
    tus.server.holdPatches = slow.promise;
    http = mockHttp(() => undefined);
    const onDone = jest.fn();
    const user = userEvent.setup();
    renderAdmin(<VideoUpload kind="image" onDone={onDone} />);
    const label = 'Upload an image (JPEG, PNG or WebP)';
    await user.upload(
      screen.getByLabelText(label),
      new File(['\x89PNG-0123456789'], 'poster.png', { type: 'image/png' }),
    );
    expect(await screen.findByText(/Uploading… 0%/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel upload' })).toBeInTheDocument();
    await act(async () => slow.release());
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(tus.server.requests[0]?.headers['upload-metadata']).toContain(`kind ${btoa('image')}`);
    expect(screen.queryByText(/Uploading…/)).not.toBeInTheDocument();
    // No conversion to follow: the job list is never asked for.
    expect(http.calls.filter((c) => c.url === '/admin/media/jobs/')).toEqual([]);
    expect(screen.getByLabelText(label)).toBeEnabled();
  });
});
