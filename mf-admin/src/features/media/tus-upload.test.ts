import { fakeIndexedDb, installIndexedDb } from '../../test/fake-indexeddb';
import { fakeTusServer, TUS_UPLOAD_URL as UPLOAD } from '../../test/fake-tus-server';
import { PendingUploadStore } from './pending-uploads';
import { uploadDropped, uploadFile } from './tus-upload';

const CONTENT = 'ftypisom-0123456789abcdefghijklmnopqrstuvwxyz';

let uninstall: () => void = () => {};
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  uninstall();
  uninstall = () => {};
});

describe('uploading to the media library over tus', () => {
  it('heals a dropped connection by itself, sending only what the server is missing', async () => {
    uninstall = installIndexedDb(fakeIndexedDb('works'));
    const { server, stack } = fakeTusServer();
    server.dropNextPatch = 1;
    const file = new File([CONTENT], 'pilot.mp4', { type: 'video/mp4', lastModified: 1_700_000_000_000 });
    const progress: number[] = [];
    const result = await uploadFile(file, {
      episodeId: 12,
      httpStack: stack,
      retryDelays: [0, 0],
      store: new PendingUploadStore(),
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(result).toEqual({ asset_id: 4, job_id: 9 });
    expect(new TextDecoder().decode(server.held)).toBe(CONTENT);
    const patches = server.requests.filter((r) => r.method === 'PATCH').map((r) => r.headers['upload-offset']);
    expect(patches).toEqual(['0', String(Math.floor(CONTENT.length / 2))]);
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    const post = server.requests.find((r) => r.method === 'POST');
    expect(post?.headers['upload-metadata']).toContain(`episode_id ${btoa('12')}`);
    expect(progress.at(-1)).toBe(1);
    // Finished: nothing is left to resume.
    expect(await new PendingUploadStore().list()).toEqual([]);
  });

  it('resumes after a reload from the file and address kept in the browser, without starting over', async () => {
    uninstall = installIndexedDb(fakeIndexedDb('works'));
    const { server, stack } = fakeTusServer();
    server.dropNextPatch = 1;
    const file = new File([CONTENT], 'pilot.mp4', { type: 'video/mp4', lastModified: 1_700_000_000_000 });
    // No retries left: the page is reloaded while the connection is down.
    await expect(
      uploadFile(file, { episodeId: 12, httpStack: stack, retryDelays: [], store: new PendingUploadStore() }),
    ).rejects.toThrow(uploadDropped());

    // After the reload: a new store over the same browser storage still has the file and its address.
    const [remembered] = await new PendingUploadStore().list();
    expect(remembered).toEqual(
      expect.objectContaining({ protocol: 'tus', uploadId: UPLOAD, episodeId: 12, filename: 'pilot.mp4' }),
    );
    expect(remembered?.file).toBeInstanceOf(Blob);
    const result = await uploadFile(remembered?.file as File, {
      episodeId: remembered?.episodeId,
      fingerprint: remembered?.fingerprint,
      httpStack: stack,
      store: new PendingUploadStore(),
    });
    expect(result).toEqual({ asset_id: 4, job_id: 9 });
    // It asked how much arrived, then sent only the rest: one upload, identical bytes.
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'PATCH', 'HEAD', 'PATCH']);
    expect(server.requests[3]?.headers['upload-offset']).toBe(String(Math.floor(CONTENT.length / 2)));
    expect(new TextDecoder().decode(server.held)).toBe(CONTENT);
    expect(await new PendingUploadStore().list()).toEqual([]);
  });

  it('sends an image over the same tus endpoint, saying it is an image, with its progress', async () => {
    const { server, stack } = fakeTusServer();
    const png = new File(['\x89PNG-0123456789'], 'poster.png', { type: 'image/png', lastModified: 1_700_000_000_000 });
    const progress: number[] = [];
    const result = await uploadFile(png, {
      kind: 'image',
      httpStack: stack,
      store: new PendingUploadStore(),
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(result.asset_id).toBe(4);
    const post = server.requests.find((r) => r.method === 'POST');
    expect(post?.url).toMatch(/\/api\/admin\/media\/tus\/$/);
    expect(post?.headers['upload-metadata']).toContain(`kind ${btoa('image')}`);
    expect(post?.headers['upload-metadata']).not.toContain('episode_id');
    expect(progress.at(-1)).toBe(1);
  });
});
