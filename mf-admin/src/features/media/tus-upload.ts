/**
 * Sends a video or an image to the media library over tus (tus-js-client), the one upload protocol:
 * 8 MB PATCHes, each retried with a growing back-off
 * when the connection drops, so a short outage heals by itself. The upload's address is kept with the
 * file in the browser's media storage (pending-uploads.ts) as soon as the server gives it: after a
 * reload the upload asks the server how much it holds (HEAD) and sends only the rest.
 *
 * The access token is read before every request; a 401 refreshes it once through the shared API client
 * and the request is tried again. A refusal (not a video, too large, not allowed) is never retried and
 * is forgotten, so picking the file again starts clean. A finished upload's answer names the library
 * asset (`Media-Asset-Id`) and, for a video, its conversion job (`Media-Job-Id`).
 */
import {
  apiClient,
  isBypassToken,
  readAccessToken,
  runtimeConfig,
  TUS_CHUNK_BYTES,
  TUS_RETRY_DELAYS_MS,
  TUS_UPLOAD_PATH,
} from '@cliffhanger/shared';
import type { AxiosError } from 'axios';
import { type DetailedError, type HttpStack, Upload } from 'tus-js-client';
import { mediaT } from './messages';
import { fingerprintOf, type PendingUploadStore, pendingUploads } from './pending-uploads';

export interface UploadResult {
  asset_id: number | null;
  /** The conversion job of a video; an image is stored at once and has none. */
  job_id: number | null;
}

export interface UploadOptions {
  /** What the file is: the server checks its bytes against it (a video unless told otherwise). */
  kind?: 'video' | 'image';
  /** The episode a video is attached to once converted. */
  episodeId?: number;
  /** Fraction sent, 0–1. */
  onProgress?(fraction: number): void;
  /** Aborting pauses: what the server holds stays, and the upload can be resumed. */
  signal?: AbortSignal;
  store?: PendingUploadStore;
  /** The remembered upload this one continues (a file restored from the browser's media storage). */
  fingerprint?: string;
  /** How requests are sent; the browser's XMLHttpRequest unless a test gives its own. */
  httpStack?: HttpStack;
  retryDelays?: readonly number[];
}

export class UploadError extends Error {}

/** What an upload that gave up after its retries says, in the page's language. */
export const uploadDropped = () => mediaT('error.videoDropped');
export const uploadPaused = () => mediaT('error.paused');

/** Statuses a new attempt can fix: no answer, a busy or failing server, a lock still held. */
const RETRYABLE = new Set([0, 409, 423, 429, 500, 502, 503, 504]);
/** Statuses that refuse this file for good. */
const REFUSED_FOR_GOOD = new Set([400, 403, 404, 413, 415]);

export const tusEndpoint = () => `${runtimeConfig().apiBaseUrl.replace(/\/+$/, '')}${TUS_UPLOAD_PATH}`;

const statusOf = (error: unknown) => (error as DetailedError).originalResponse?.getStatus?.() ?? 0;

function messageOf(error: unknown): string {
  const status = statusOf(error);
  if (status === 0) return uploadDropped();
  if (status === 401) return mediaT('error.signInAgain');
  try {
    const body = JSON.parse((error as DetailedError).originalResponse?.getBody() ?? '');
    if (typeof body?.message === 'string' && body.message) return body.message;
  } catch {
    // Not JSON: the fallback below.
  }
  if (status === 413) return mediaT('error.videoTooLarge');
  if (status === 403) return mediaT('error.videoForbidden');
  return mediaT('error.videoFailed');
}

function authorization(): string | null {
  const token = readAccessToken();
  return token && !isBypassToken(token) ? `Bearer ${token}` : null;
}

/** Asks the shared client for something small: on a 401 it refreshes the tokens for everybody. */
async function refreshSession(): Promise<void> {
  await apiClient()
    .get('/admin/me/')
    .catch(() => undefined);
}

const numberHeader = (value: string | undefined) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
};

export async function uploadFile(file: File, options: UploadOptions = {}): Promise<UploadResult> {
  const kind = options.kind ?? 'video';
  const store = options.store ?? pendingUploads;
  const fingerprint = options.fingerprint ?? fingerprintOf(file);
  const pending = await store.find(fingerprint);
  const uploadUrl = pending?.protocol === 'tus' ? pending.uploadId : null;
  let refreshing: Promise<void> | null = null;

  return new Promise<UploadResult>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: tusEndpoint(),
      uploadUrl,
      chunkSize: TUS_CHUNK_BYTES,
      retryDelays: [...(options.retryDelays ?? TUS_RETRY_DELAYS_MS)],
      // The address is kept with the file in the media storage below, not in tus' own local storage.
      storeFingerprintForResuming: false,
      metadata: {
        filename: file.name,
        kind,
        ...(options.episodeId ? { episode_id: String(options.episodeId) } : {}),
      },
      ...(options.httpStack ? { httpStack: options.httpStack } : {}),
      async onBeforeRequest(req) {
        if (refreshing) await refreshing;
        const header = authorization();
        if (header) req.setHeader('Authorization', header);
      },
      onShouldRetry(error, attempt) {
        const status = statusOf(error);
        if (status === 401 && attempt === 0) {
          refreshing = refreshSession();
          return true;
        }
        return RETRYABLE.has(status);
      },
      onUploadUrlAvailable() {
        if (!upload.url || upload.url === uploadUrl) return;
        void store.save({
          fingerprint,
          uploadId: upload.url,
          protocol: 'tus',
          kind,
          episodeId: options.episodeId,
          filename: file.name,
          file,
          startedAt: Date.now(),
        });
      },
      onProgress(sent, total) {
        options.onProgress?.(total > 0 ? Math.min(1, sent / total) : 0);
      },
      async onSuccess({ lastResponse }) {
        await store.remove(fingerprint);
        resolve({
          asset_id: numberHeader(lastResponse.getHeader('Media-Asset-Id')),
          job_id: numberHeader(lastResponse.getHeader('Media-Job-Id')),
        });
      },
      async onError(error) {
        if (REFUSED_FOR_GOOD.has(statusOf(error))) await store.remove(fingerprint);
        reject(new UploadError(messageOf(error)));
      },
    });
    const pause = () => {
      void upload.abort(false);
      reject(new UploadError(uploadPaused()));
    };
    if (options.signal?.aborted) return pause();
    options.signal?.addEventListener('abort', pause, { once: true });
    upload.start();
  });
}

/** Upload addresses are absolute (the API may live on another host), so the client's base is not added. */
const absolute = (url: string) => new URL(url, window.location.href).href;

/** How much of a remembered upload the server holds; 'gone' when it no longer knows it, null offline. */
export async function tusUploadState(url: string): Promise<{ offset: number; size: number } | 'gone' | null> {
  try {
    const answer = await apiClient().head(absolute(url), { headers: { 'Tus-Resumable': '1.0.0' } });
    const offset = Number(answer.headers['upload-offset']);
    const size = Number(answer.headers['upload-length']);
    // The shared transport answers "no answer at all" with an empty 200: no tus headers.
    if (answer.headers['upload-offset'] === undefined || !Number.isFinite(offset)) return null;
    return { offset, size: Number.isFinite(size) ? size : 0 };
  } catch (error) {
    const status = (error as AxiosError).response?.status;
    if (status === 404 || status === 410 || status === 403) return 'gone';
    return null;
  }
}

/** Cancels a remembered upload: the server deletes the parts it holds, the browser forgets the file. */
export async function cancelTusUpload(url: string, fingerprint: string, store = pendingUploads): Promise<void> {
  let answered: boolean;
  try {
    answered = (await apiClient().delete(absolute(url), { headers: { 'Tus-Resumable': '1.0.0' } })).status === 204;
  } catch (error) {
    const status = (error as AxiosError).response?.status;
    if (status !== 404 && status !== 410) {
      throw new UploadError(mediaT('error.cancelOffline'));
    }
    answered = true;
  }
  if (!answered) throw new UploadError(mediaT('error.cancelOffline'));
  await store.remove(fingerprint);
}
