import { Button, useAppDispatch } from '@cliffhanger/shared';
import { useSelector } from 'react-redux';
import { useShellT } from '../layout/messages';
import { redirectEnded } from './in-app-browser.saga';

/** Shown while the page asks iOS to reopen it in the system browser. */
export function RedirectOverlay() {
  const redirecting = useSelector(
    (state: { inAppBrowser: { redirecting: boolean } }) => state.inAppBrowser.redirecting,
  );
  const dispatch = useAppDispatch();
  const { t } = useShellT();
  if (!redirecting) return null;
  return (
    <div className="modal-backdrop" role="status" aria-live="polite">
      <div className="modal">
        <h2>{t('redirect.title')}</h2>
        <p className="ch-muted">{t('redirect.body')}</p>
        <Button variant="secondary" onClick={() => dispatch(redirectEnded())}>
          {t('redirect.stay')}
        </Button>
      </div>
    </div>
  );
}
