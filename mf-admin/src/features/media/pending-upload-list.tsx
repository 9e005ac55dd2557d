/**
 * Uploads that did not finish before a reload, a closed tab or a network drop, read back from the
 * browser's media storage. Each shows how much the server already holds; Resume sends the rest of the
 * remembered file (no need to pick it again) and Discard forgets it on both sides. An upload the server
 * no longer knows (finished, expired) is forgotten quietly. When only the id could be kept (the
 * local-storage fallback), the file itself is gone: staff pick it again and it continues.
 */
import { Button } from '@cliffhanger/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CompletedUpload } from '../../lib/api/admin.types';
import {
  discardPendingUpload,
  pendingUploadState,
  receivedFraction,
  uploadDropped,
  uploadFile,
} from './chunked-upload';
import { percentText, useMediaT } from './messages';
import { type PendingUpload, type PendingUploadStore, pendingUploads } from './pending-uploads';
import { cancelTusUpload, tusUploadState, uploadVideo, type VideoUploadResult, videoUploadDropped } from './tus-upload';

/** Where a remembered upload stands on the server, whichever way it was sent: the fraction held. */
async function heldFraction(entry: PendingUpload): Promise<number | 'gone' | null> {
  if (entry.protocol === 'tus') {
    const state = await tusUploadState(entry.uploadId);
    if (state === null || state === 'gone') return state;
    const size = state.size || entry.file?.size || 0;
    return size > 0 ? Math.min(1, state.offset / size) : 0;
  }
  const state = await pendingUploadState(entry.uploadId);
  if (state === null || state === 'gone') return state;
  return receivedFraction(state, state.size ?? entry.file?.size ?? 0);
}

interface Row {
  entry: PendingUpload;
  /** Fraction the server holds; null when the server could not be asked. */
  received: number | null;
  /** Fraction sent while resuming, or null when idle. */
  sending: number | null;
  problem: string;
}

export function PendingUploadList({
  store = pendingUploads,
  onUploaded,
}: {
  store?: PendingUploadStore;
  onUploaded?(result: CompletedUpload | VideoUploadResult): void;
}) {
  const [rows, setRows] = useState<Row[]>([]);
  // What became of an upload that left the list for good (refused by the server).
  const [notice, setNotice] = useState('');
  const aborts = useRef(new Map<string, AbortController>());
  const { t } = useMediaT();

  const update = useCallback((fingerprint: string, change: Partial<Row> | null) => {
    setRows((current) =>
      change === null
        ? current.filter((row) => row.entry.fingerprint !== fingerprint)
        : current.map((row) => (row.entry.fingerprint === fingerprint ? { ...row, ...change } : row)),
    );
  }, []);

  useEffect(() => {
    let live = true;
    (async () => {
      const entries = (await store.list()).sort((a, b) => a.startedAt - b.startedAt);
      const known = await Promise.all(
        entries.map(async (entry): Promise<Row | null> => {
          const held = await heldFraction(entry);
          if (held === 'gone') {
            await store.remove(entry.fingerprint);
            return null;
          }
          return { entry, received: held, sending: null, problem: '' };
        }),
      );
      if (live) setRows(known.filter((row): row is Row => row !== null));
    })();
    const running = aborts.current;
    return () => {
      live = false;
      for (const abort of running.values()) abort.abort();
    };
  }, [store]);

  async function resume({ entry }: Row) {
    if (!entry.file) return;
    const file =
      entry.file instanceof File ? entry.file : new File([entry.file], entry.filename, { type: entry.file.type });
    const abort = new AbortController();
    aborts.current.set(entry.fingerprint, abort);
    update(entry.fingerprint, { sending: 0, problem: '' });
    setNotice('');
    try {
      const common = {
        episodeId: entry.episodeId,
        fingerprint: entry.fingerprint,
        store,
        signal: abort.signal,
        onProgress: (fraction: number) => update(entry.fingerprint, { sending: fraction }),
      };
      const result =
        entry.protocol === 'tus'
          ? await uploadVideo(file, common)
          : await uploadFile(file, { ...common, kind: entry.kind });
      update(entry.fingerprint, null);
      onUploaded?.(result);
    } catch (error) {
      if (!(await store.find(entry.fingerprint))) {
        // Refused for good (wrong type, too large) and forgotten: the row goes, the reason stays.
        update(entry.fingerprint, null);
        setNotice(`${entry.filename}: ${(error as Error).message}`);
        return;
      }
      const held = await heldFraction(entry);
      const message = (error as Error).message;
      update(entry.fingerprint, {
        sending: null,
        received: held === 'gone' ? null : held,
        problem: abort.signal.aborted
          ? ''
          : message === uploadDropped() || message === videoUploadDropped()
            ? t('pending.dropped')
            : message,
      });
    } finally {
      aborts.current.delete(entry.fingerprint);
    }
  }

  async function discard({ entry }: Row) {
    try {
      if (entry.protocol === 'tus') await cancelTusUpload(entry.uploadId, entry.fingerprint, store);
      else await discardPendingUpload(entry.uploadId, entry.fingerprint, store);
      update(entry.fingerprint, null);
    } catch (error) {
      update(entry.fingerprint, { problem: (error as Error).message });
    }
  }

  if (rows.length === 0 && !notice) return null;
  return (
    <section className="ch-card" aria-labelledby="pending-uploads-title">
      <h2 id="pending-uploads-title">{t('pending.title')}</h2>
      {notice && (
        <p className="ch-field-error" role="alert">
          {notice}
        </p>
      )}
      <ul>
        {rows.map((row) => {
          const { entry } = row;
          const name = entry.filename;
          return (
            <li key={entry.fingerprint} aria-label={name}>
              <strong>{name}</strong>
              {' — '}
              {row.sending !== null
                ? t('upload.uploading', { percent: percentText(row.sending) })
                : row.received !== null
                  ? t('pending.uploaded', { percent: percentText(row.received) })
                  : t('pending.unreachable')}
              {row.sending !== null && (
                <progress
                  className="admin-progress"
                  max={1}
                  value={row.sending}
                  aria-label={t('pending.uploadOf', { name })}
                />
              )}
              {!entry.file && <p className="ch-muted">{t('pending.pickAgain')}</p>}
              {row.problem && <p className="ch-field-error">{row.problem}</p>}
              <div>
                {row.sending !== null ? (
                  <Button variant="ghost" onClick={() => aborts.current.get(entry.fingerprint)?.abort()}>
                    {t('upload.pause')}
                  </Button>
                ) : (
                  <>
                    {entry.file && (
                      <Button
                        variant="secondary"
                        onClick={() => resume(row)}
                        aria-label={t('pending.resumeLabel', { name })}
                      >
                        {t('pending.resume')}
                      </Button>
                    )}
                    <Button
                      variant="ghost"
                      onClick={() => discard(row)}
                      aria-label={t('pending.discardLabel', { name })}
                    >
                      {t('pending.discard')}
                    </Button>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
