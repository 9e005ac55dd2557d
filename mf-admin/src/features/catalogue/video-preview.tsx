/**
 * The episode as viewers will see it: the video from the signed playback route (signed for this staff
 * member, so a draft plays too), through hls.js where the browser has no HLS of its own. Loaded only
 * when staff ask for the preview, so the episode form does not carry the player.
 */
import { Button, ErrorNotice, InlineSpinner } from '@cliffhanger/shared';
import { useEffect, useRef, useState } from 'react';
import { adminApi } from '../../lib/api/admin.api';
import { useCatalogueT } from './messages';

/** A subtitle track drawn over the preview: a WebVTT address (a blob: one too). */
export interface PreviewTrack {
  src: string;
  language: string;
  label: string;
}

function Player({
  episodeId,
  title,
  tracks = [],
}: {
  episodeId: number;
  title: string;
  tracks?: readonly PreviewTrack[];
}) {
  const { data, isError, isFetching, refetch } = adminApi.useAdminEpisodePreviewQuery(episodeId);
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const { t } = useCatalogueT();

  useEffect(() => {
    const element = video.current;
    if (!element || !data) return;
    setFailed(false);
    const source = data.hls_url;
    if (!source || element.canPlayType('application/vnd.apple.mpegurl')) {
      element.src = source ?? data.url;
      return;
    }
    let destroy = () => {};
    let cancelled = false;
    import('hls.js').then(({ default: Hls }) => {
      if (cancelled) return;
      if (!Hls.isSupported()) {
        element.src = data.video_url ?? source;
        return;
      }
      const hls = new Hls();
      hls.on(Hls.Events.ERROR, (_event, error) => {
        if (error.fatal) setFailed(true);
      });
      hls.loadSource(source);
      hls.attachMedia(element);
      destroy = () => hls.destroy();
    });
    return () => {
      cancelled = true;
      destroy();
    };
  }, [data]);

  if (isError) return <ErrorNotice message={t('preview.loadFailed')} onRetry={refetch} />;
  if (!data || isFetching) return <InlineSpinner />;
  return (
    <>
      {/* biome-ignore lint/a11y/useMediaCaption: subtitle tracks are drawn when staff preview one (`tracks`) */}
      <video
        ref={video}
        className="admin-preview-video"
        controls
        playsInline
        aria-label={t('preview.label', { title })}
        onError={() => setFailed(true)}
      >
        {tracks.map((track) => (
          <track
            key={track.src}
            kind="subtitles"
            src={track.src}
            srcLang={track.language}
            label={track.label}
            default
          />
        ))}
      </video>
      {failed && (
        <p role="alert" className="ch-muted">
          {t('preview.playFailed')}
        </p>
      )}
    </>
  );
}

export function VideoPreview({
  episodeId,
  title,
  hasVideo,
  tracks,
  initiallyOpen = false,
}: {
  episodeId: number;
  title: string;
  hasVideo: boolean;
  tracks?: readonly PreviewTrack[];
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const { t } = useCatalogueT();
  if (!hasVideo) return <p className="ch-muted">{t('preview.noVideo')}</p>;
  return (
    <div className="admin-preview">
      <Button variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t('preview.hide') : t('preview.show')}
      </Button>
      {open && <Player episodeId={episodeId} title={title} tracks={tracks} />}
    </div>
  );
}
