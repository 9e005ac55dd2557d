/**
 * Share a series. On a phone (a touch screen with the Web Share API) the device's share sheet opens;
 * elsewhere the series' address is copied, and a polite toast says so. The shared address is the
 * series page, which the server answers with a link preview (title, description and poster).
 */
import {
  Button,
  Icon,
  paths,
  type Series,
  SHARE_CHANNELS,
  showToast,
  track,
  useAppDispatch,
} from '@cliffhanger/shared';

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

  const share = async () => {
    const url = seriesShareUrl(series);
    const props = { series_id: series.id };
    if (sharesNatively()) {
      try {
        await navigator.share({ title: series.title, text: `Watch “${series.title}” on Cliffhanger`, url });
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
          title: 'Link copied',
          message: `Paste it anywhere to share “${series.title}”. Thank you for spreading the word!`,
        }),
      );
    } catch {
      dispatch(
        showToast({
          type: 'info',
          title: 'Share this link',
          message: `We couldn’t copy it for you, but here it is: ${url}`,
          duration: 12_000,
        }),
      );
    }
  };

  return (
    <Button variant="ghost" onClick={share}>
      <Icon name="share" />
      Share<span className="ch-visually-hidden"> “{series.title}”</span>
    </Button>
  );
}
