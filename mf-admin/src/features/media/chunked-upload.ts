/**
 * Sends a file to the media library in 5 MB chunks (the server says the size), with progress from
 * axios' onUploadProgress. Before sending, it asks the server which chunks it already has, so an
 * upload cut by a network drop or a reload continues where it stopped instead of starting over.
 *
 * The shared transport answers a request that got no answer at all (after its retries) with `null`
 * data instead of an error, which suits reads with a fallback but not an upload: here a chunk counts
 * as sent only when the server's answer lists it as received, and a missing answer is a drop.
 */
import { apiClient, errorMessage } from '@cliffhanger/shared';
import { type AxiosError, isCancel } from 'axios';
import type { CompletedUpload, UploadState } from '../../lib/api/admin.types';
import { mediaT } from './messages';
import { fingerprintOf, type PendingUploadStore, pendingUploads } from './pending-uploads';

export interface UploadOptions {
  kind: 'video' | 'image';
  episodeId?: number;
  /** Fraction sent, 0–1. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
  store?: PendingUploadStore;
  /** The remembered upload this one continues (a file restored from the browser's media storage). */
  fingerprint?: string;
}

/** Chunk indexes still to send, lowest first. */
export function missingChunks(state: Pick<UploadState, 'total_chunks' | 'received'>): number[] {
  const have = new Set(state.received);
  return Array.from({ length: state.total_chunks }, (_, n) => n).filter((n) => !have.has(n));
}

export class UploadError extends Error {}

/** What a dropped upload says, in the page's language (compared to tell a drop from a refusal). */
export const uploadDropped = () => mediaT('error.dropped');
export const uploadPaused = () => mediaT('error.paused');

function failure(error: unknown, fallback: string): UploadError {
  if (isCancel(error)) return new UploadError(uploadPaused());
  const response = (error as AxiosError).response;
  return new UploadError(errorMessage(response, fallback));
}

async function startOrResume(file: File, options: UploadOptions, store: PendingUploadStore): Promise<UploadState> {
  const client = apiClient();
  const fingerprint = options.fingerprint ?? fingerprintOf(file);
  const pending = await store.find(fingerprint);
  if (pending) {
    let known: UploadState | null | undefined;
    try {
      known = (await client.get<UploadState | null>(`/admin/uploads/${pending.uploadId}/`)).data;
    } catch {
      // Gone or refused: start a fresh upload below.
    }
    // No answer at all: keep what is pending for the next try.
    if (known === null) throw new UploadError(uploadDropped());
    if (known?.status === 'open') return known;
    await store.remove(fingerprint);
  }
  let created: UploadState | null;
  try {
    created = (
      await client.post<UploadState | null>('/admin/uploads/', {
        filename: file.name,
        size: file.size,
        kind: options.kind,
        content_type: file.type || undefined,
        ...(options.episodeId ? { episode_id: options.episodeId } : {}),
      })
    ).data;
  } catch (error) {
    throw failure(error, mediaT('error.couldNotStart'));
  }
  if (!created?.upload_id) throw new UploadError(mediaT('error.notStarted'));
  await store.save({
    fingerprint,
    uploadId: created.upload_id,
    kind: options.kind,
    episodeId: options.episodeId,
    filename: file.name,
    file,
    startedAt: Date.now(),
  });
  return created;
}

export async function uploadFile(file: File, options: UploadOptions): Promise<CompletedUpload> {
  const store = options.store ?? pendingUploads;
  const client = apiClient();
  const state = await startOrResume(file, options, store);
  const chunkBytes = (n: number) => Math.min(state.chunk_size, file.size - n * state.chunk_size);
  let sent = state.received.reduce((sum, n) => sum + chunkBytes(n), 0);
  options.onProgress?.(sent / file.size);
  for (const n of missingChunks(state)) {
    const blob = file.slice(n * state.chunk_size, n * state.chunk_size + chunkBytes(n));
    let answer: Pick<UploadState, 'received'> | null;
    try {
      ({ data: answer } = await client.put<Pick<UploadState, 'received'> | null>(
        `/admin/uploads/${state.upload_id}/chunks/${n}`,
        blob,
        {
          headers: { 'Content-Type': 'application/octet-stream' },
          signal: options.signal,
          // A chunk may take minutes on a slow link; the 60 s default suits JSON, not video.
          timeout: 0,
          onUploadProgress: (event) => options.onProgress?.(Math.min(1, (sent + event.loaded) / file.size)),
        },
      ));
    } catch (error) {
      const status = (error as AxiosError).response?.status;
      // A refused file will never be accepted: forget it, so picking it again starts clean.
      if (status === 415 || status === 413) await store.remove(options.fingerprint ?? fingerprintOf(file));
      throw failure(error, uploadDropped());
    }
    if (!answer?.received?.includes(n)) throw new UploadError(uploadDropped());
    sent += blob.size;
    options.onProgress?.(sent / file.size);
  }
  let done: CompletedUpload | null;
  try {
    done = (await client.post<CompletedUpload | null>(`/admin/uploads/${state.upload_id}/complete/`)).data;
  } catch (error) {
    throw failure(error, mediaT('error.couldNotFinish'));
  }
  // Without an answer the upload may or may not be finished: keep it, picking the file again tells.
  if (!done?.asset) throw new UploadError(uploadDropped());
  await store.remove(options.fingerprint ?? fingerprintOf(file));
  return done;
}

/** Where a remembered upload stands on the server; `null` when no answer came (offline). */
export async function pendingUploadState(uploadId: string): Promise<UploadState | 'gone' | null> {
  try {
    const state = (await apiClient().get<UploadState | null>(`/admin/uploads/${uploadId}/`)).data;
    if (state === null) return null;
    return state.status === 'open' ? state : 'gone';
  } catch (error) {
    const status = (error as AxiosError).response?.status;
    if (status === 404 || status === 410) return 'gone';
    return null;
  }
}

/** The fraction of a file the server holds. */
export function receivedFraction(state: Pick<UploadState, 'chunk_size' | 'total_chunks' | 'received'>, size: number) {
  if (size <= 0) return 0;
  const last = state.total_chunks - 1;
  const bytes = state.received.reduce(
    (sum, n) => sum + (n === last ? size - state.chunk_size * last : state.chunk_size),
    0,
  );
  return Math.min(1, bytes / size);
}

/** Gives up on a remembered upload: the server drops its parts, the browser forgets the file. */
export async function discardPendingUpload(uploadId: string, fingerprint: string, store = pendingUploads) {
  let answered: boolean;
  try {
    // 204 is the server's answer; the transport's stand-in for no answer at all is an empty 200.
    answered = (await apiClient().delete(`/admin/uploads/${uploadId}/`)).status === 204;
  } catch (error) {
    const status = (error as AxiosError).response?.status;
    // Already gone or finished: forgetting it here is all that is left to do.
    if (status !== 404 && status !== 409) throw failure(error, mediaT('error.couldNotDiscard'));
    answered = true;
  }
  if (!answered) throw new UploadError(mediaT('error.discardOffline'));
  await store.remove(fingerprint);
}
