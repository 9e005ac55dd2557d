/** The media library (uploads, conversion jobs, stored files) and the thumbnail preview. */
import { Button, ErrorNotice, InlineSpinner, JOB_PROGRESS_POLL_MS, MediaImage } from '@cliffhanger/shared';
import { useState } from 'react';
import { adminApi } from '../../lib/api/admin.api';
import { AdminLayout } from '../../lib/layout/admin-layout';
import { Pager, TextField } from '../../lib/layout/form';
import { useListQuery } from '../../lib/layout/list-query';
import { percentText, useMediaT } from './messages';
import { PendingUploadList } from './pending-upload-list';
import { VideoUpload } from './video-upload';

export function MediaLibrary() {
  const { page, setPage } = useListQuery();
  const jobs = adminApi.useAdminMediaJobsQuery(undefined, { pollingInterval: JOB_PROGRESS_POLL_MS });
  const assets = adminApi.useAdminMediaAssetsQuery({ page, limit: 24 });
  const [retry] = adminApi.useAdminRetryJobMutation();
  const { t } = useMediaT();
  return (
    <AdminLayout title={t('library.title')}>
      <PendingUploadList
        onUploaded={() => {
          assets.refetch();
          jobs.refetch();
        }}
      />
      <div className="admin-grid-2">
        <section className="ch-card">
          <h2>{t('library.videos')}</h2>
          <VideoUpload kind="video" onDone={assets.refetch} />
        </section>
        <section className="ch-card">
          <h2>{t('library.images')}</h2>
          <VideoUpload kind="image" onDone={assets.refetch} />
        </section>
      </div>
      <section aria-labelledby="jobs-title">
        <h2 id="jobs-title">{t('library.conversions')}</h2>
        {jobs.isError && <ErrorNotice message={t('library.conversionsFailed')} onRetry={jobs.refetch} />}
        <ul>
          {jobs.data?.results.map((job) => (
            <li key={job.id}>
              <strong>{job.original_name}</strong> — {t(`job.${job.status}`)}
              {job.status === 'running' && ` ${percentText(job.progress)}`}
              {(job.status === 'running' || job.status === 'queued') && (
                <progress
                  className="admin-progress"
                  max={1}
                  value={job.progress}
                  aria-label={t('library.conversionOf', { name: job.original_name })}
                />
              )}
              {job.error && <p className="ch-field-error">{job.error}</p>}
              {job.status === 'failed' && (
                <Button variant="secondary" onClick={() => retry(job.id)}>
                  {t('library.tryAgain')}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {jobs.data?.results.length === 0 && <p className="ch-muted">{t('library.noConversions')}</p>}
      </section>
      <section aria-labelledby="files-title">
        <h2 id="files-title">{t('library.files')}</h2>
        {assets.isFetching && <InlineSpinner />}
        <div className="admin-thumbs">
          {assets.data?.results.map((asset) => (
            <figure key={asset.id}>
              <MediaImage src={asset.thumbnail_url ?? asset.url} alt={asset.original_name} />
              <figcaption>
                {asset.original_name} · {t(`asset.${asset.status}`)}
                {asset.kind === 'image' && asset.url && (
                  <input readOnly aria-label={t('library.imageAddress')} value={asset.url} />
                )}
              </figcaption>
            </figure>
          ))}
        </div>
        {assets.data && <Pager page={page} limit={assets.data.limit} count={assets.data.count} onPage={setPage} />}
      </section>
    </AdminLayout>
  );
}

export function ThumbnailPreview() {
  const [episodeId, setEpisodeId] = useState('');
  const id = /^\d+$/.test(episodeId) ? Number(episodeId) : 0;
  const episode = adminApi.useAdminEpisodeQuery(id, { skip: !id });
  const assets = adminApi.useAdminMediaAssetsQuery({ episode_id: id || undefined, kind: 'video' }, { skip: !id });
  const series = adminApi.useAdminSeriesQuery(episode.data?.series_id ?? 0, { skip: !episode.data });
  const { t } = useMediaT();
  return (
    <AdminLayout title={t('thumbs.title')}>
      <TextField
        label={t('thumbs.episodeId')}
        inputMode="numeric"
        value={episodeId}
        onChange={(e) => setEpisodeId(e.target.value.trim())}
      />
      {episode.isError && <ErrorNotice message={t('thumbs.noEpisode')} />}
      {episode.data && (
        <div className="admin-thumbs">
          <figure>
            <MediaImage src={episode.data.thumbnail} alt={t('thumbs.episode')} />
            <figcaption>{t('thumbs.episode')}</figcaption>
          </figure>
          {assets.data?.results.map((asset) => (
            <figure key={asset.id}>
              <MediaImage src={asset.poster_url} alt={t('thumbs.posterFrameOf', { name: asset.original_name })} />
              <figcaption>{t('thumbs.posterFrame', { name: asset.original_name })}</figcaption>
            </figure>
          ))}
          {series.data &&
            (['poster_image', 'cover_image', 'banner_image'] as const).map((field) => (
              <figure key={field}>
                <MediaImage
                  src={series.data?.[field]}
                  kind={field === 'poster_image' ? 'poster' : 'cover'}
                  alt={t(`thumbs.${field}`)}
                />
                <figcaption>{t(`thumbs.${field}`)}</figcaption>
              </figure>
            ))}
        </div>
      )}
    </AdminLayout>
  );
}
