/**
 * Picks a video or an image and uploads it over tus with a progress bar (tus-upload.ts: retried by
 * itself after a drop, resumable after a reload, cancellable); then follows a video's transcode job.
 * An image is stored by the server as it arrives and is ready at once.
 */
import { Button, InlineSpinner, JOB_PROGRESS_POLL_MS } from '@cliffhanger/shared';
import { useEffect, useRef, useState } from 'react';
import { adminApi } from '../../lib/api/admin.api';
import { Field } from '../../lib/layout/form';
import { percentText, useMediaT } from './messages';
import { fingerprintOf, pendingUploads } from './pending-uploads';
import { cancelTusUpload, uploadFile } from './tus-upload';

export function VideoUpload({
  episodeId,
  kind = 'video',
  onDone,
}: {
  episodeId?: number;
  kind?: 'video' | 'image';
  onDone?(): void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  const [jobId, setJobId] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const sending = useRef<File | null>(null);
  const cancelled = useRef(false);
  const [notice, setNotice] = useState('');
  const { t } = useMediaT();
  // The job that reached its end (done or failed): the list stops being polled for it.
  const [endedJobId, setEndedJobId] = useState<number | null>(null);
  const jobs = adminApi.useAdminMediaJobsQuery(undefined, {
    skip: jobId === null,
    pollingInterval: jobId !== null && endedJobId !== jobId ? JOB_PROGRESS_POLL_MS : 0,
  });
  const job = jobs.data?.results.find((j) => j.id === jobId);
  const finished = job?.status === 'done' || job?.status === 'failed';

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (job && finished) setEndedJobId(job.id);
  }, [job, finished]);
  useEffect(() => {
    if (job?.status === 'done') onDone?.();
  }, [job?.status, onDone]);

  async function send(file: File | undefined) {
    if (!file) return;
    setProblem('');
    setNotice('');
    setJobId(null);
    setProgress(0);
    abort.current = new AbortController();
    sending.current = file;
    const signal = abort.current.signal;
    try {
      const result = await uploadFile(file, { kind, episodeId, onProgress: setProgress, signal });
      if (kind === 'video' && result.job_id !== null) setJobId(result.job_id);
      else onDone?.();
    } catch (error) {
      if (!cancelled.current) setProblem((error as Error).message);
    } finally {
      setProgress(null);
      sending.current = null;
      cancelled.current = false;
    }
  }

  /** Stops the upload and deletes what the server received so far. */
  async function cancel() {
    const file = sending.current;
    cancelled.current = true;
    abort.current?.abort();
    if (!file) return;
    const entry = await pendingUploads.find(fingerprintOf(file));
    try {
      if (entry?.protocol === 'tus') await cancelTusUpload(entry.uploadId, entry.fingerprint);
      setNotice(t('upload.cancelled'));
    } catch (error) {
      setProblem((error as Error).message);
    }
  }

  return (
    <div>
      <Field
        label={kind === 'video' ? t('upload.videoLabel') : t('upload.imageLabel')}
        error={problem}
        hint={t('upload.hint')}
      >
        {(props) => (
          <input
            {...props}
            type="file"
            accept={
              kind === 'video'
                ? 'video/mp4,video/quicktime,video/webm,video/x-matroska,.mkv'
                : 'image/jpeg,image/png,image/webp'
            }
            disabled={progress !== null}
            onChange={(e) => {
              const file = e.target.files?.[0];
              // Emptied at once: a browser fires no change for the file the input already holds, and
              // resuming means picking that same file again.
              e.target.value = '';
              send(file);
            }}
          />
        )}
      </Field>
      {progress !== null && (
        <div>
          <label>
            {t('upload.uploading', { percent: percentText(progress) })}
            <progress className="admin-progress" max={1} value={progress} />
          </label>
          <Button variant="ghost" onClick={() => abort.current?.abort()}>
            {t('upload.pause')}
          </Button>
          <Button variant="ghost" onClick={cancel}>
            {t('upload.cancel')}
          </Button>
        </div>
      )}
      {notice && (
        <p role="status" className="ch-muted">
          {notice}
        </p>
      )}
      {jobId !== null && (
        <div role="status" aria-live="polite">
          {!job && <InlineSpinner label={t('upload.waiting')} />}
          {job && !finished && (
            <label>
              {job.status === 'queued'
                ? t('upload.queued')
                : t('upload.converting', { percent: percentText(job.progress) })}
              <progress className="admin-progress" max={1} value={job.progress} />
            </label>
          )}
          {job?.status === 'done' && <p>{t('upload.ready')}</p>}
          {job?.status === 'failed' && <p className="ch-field-error">{job.error}</p>}
        </div>
      )}
    </div>
  );
}
