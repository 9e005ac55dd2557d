import { Button, useAppDispatch } from '@cliffhanger/shared';
import { useSelector } from 'react-redux';
import { redirectEnded } from './in-app-browser.saga';

/** Shown while the page asks iOS to reopen it in the system browser. */
export function RedirectOverlay() {
  const redirecting = useSelector(
    (state: { inAppBrowser: { redirecting: boolean } }) => state.inAppBrowser.redirecting,
  );
  const dispatch = useAppDispatch();
  if (!redirecting) return null;
  return (
    <div className="modal-backdrop" role="status" aria-live="polite">
      <div className="modal">
        <h2>Opening Cliffhanger in your browser…</h2>
        <p className="ch-muted">Videos play best there. If nothing happens, you can keep watching here.</p>
        <Button variant="secondary" onClick={() => dispatch(redirectEnded())}>
          Stay here
        </Button>
      </div>
    </div>
  );
}
