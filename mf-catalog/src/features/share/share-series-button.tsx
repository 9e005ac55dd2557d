/**
 * Share a series. On a phone (a touch screen with the Web Share API) the device's share sheet opens;
 * elsewhere the series' address is copied, and a polite toast says so. The shared address is the
 * series page, which the server answers with a link preview (title, description and poster).
 */
import {
  Button,
  currentLanguage,
  Icon,
  localizedTitle,
  paths,
  type Series,
  SHARE_CHANNELS,
  showToast,
  track,
  useAppDispatch,
} from '@cliffhanger/shared';
import { catalogT, useCatalogT } from '../../messages';

export function seriesShareUrl(series: Pick<Series, 'id'>, origin = window.location.origin): string {
  return `${origin}${paths.series(series.id)}`;
}

/** A phone: a touch-first screen whose browser offers the share sheet. */
export function sharesNatively(): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return false;
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('No clipboard');
  await navigator.clipboard.writeText(text);
}

export function ShareSeriesButton({ series }: { series: Series }) {
  const dispatch = useAppDispatch();
  const { t, language } = useCatalogT();

  const share = async () => {
    const url = seriesShareUrl(series);
    const title = localizedTitle(series, currentLanguage());
    const props = { series_id: series.id };
    if (sharesNatively()) {
      try {
        await navigator.share({ title, text: catalogT('share.text', { title }), url });
        dispatch(track(SHARE_CHANNELS.native, props));
        return;
      } catch (error) {
        // The viewer closed the share sheet: nothing to say. Any other failure falls back to copying.
        if ((error as { name?: string }).name === 'AbortError') return;
      }
    }
    try {
      await copyText(url);
      dispatch(track(SHARE_CHANNELS.copyLink, props));
      dispatch(
        showToast({
          type: 'success',
          title: catalogT('share.copied'),
          message: catalogT('share.copiedBody', { title }),
        }),
      );
    } catch {
      dispatch(
        showToast({
          type: 'info',
          title: catalogT('share.manual'),
          message: catalogT('share.manualBody', { url }),
          duration: 12_000,
        }),
      );
    }
  };

  return (
    <Button variant="ghost" onClick={share}>
      <Icon name="share" />
      {t('share.button')}
      <span className="ch-visually-hidden"> {t('share.quoted', { title: localizedTitle(series, language) })}</span>
    </Button>
  );
}
