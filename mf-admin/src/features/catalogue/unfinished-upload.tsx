/**
 * On an episode's page after a reload: says that an upload of this episode's video was left unfinished
 * (kept in the browser's storage, media/pending-uploads.ts) and links to the media screen's list of
 * unfinished uploads, where it can be resumed.
 */

import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { type PendingUploadStore, pendingUploads } from '../media/pending-uploads';
import { useCatalogueT } from './messages';

export function UnfinishedUpload({
  episodeId,
  store = pendingUploads,
}: {
  episodeId: number;
  store?: PendingUploadStore;
}) {
  const [unfinished, setUnfinished] = useState(false);
  const { t } = useCatalogueT();
  useEffect(() => {
    let live = true;
    store
      .list()
      .then((entries) => {
        if (live) setUnfinished(entries.some((entry) => entry.kind === 'video' && entry.episodeId === episodeId));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [episodeId, store]);
  if (!unfinished) return null;
  return (
    <p className="ch-notice" role="status">
      {t('editEpisode.unfinishedUpload')} <Link to="/admin/media#pending-uploads-title">{t('editEpisode.resume')}</Link>
    </p>
  );
}
