import { Button } from '@cliffhanger/shared';
import { Component, type ReactNode } from 'react';
import { useRouteError } from 'react-router-dom';
import { useShellT } from '../layout/messages';
import { reportError } from '../monitoring/monitoring';

const goHome = () => window.location.assign('/');
const reloadPage = () => window.location.reload();

/** A full page load on purpose: the app's state may be what broke, so both buttons start afresh. */
export function ErrorPage({ onHome = goHome, onReload = reloadPage }: { onHome?: () => void; onReload?: () => void }) {
  const { t } = useShellT();
  return (
    <main className="error-page" role="alert">
      <h1>{t('error.title')}</h1>
      <p className="ch-muted">{t('error.body')}</p>
      <div className="error-page-actions">
        <Button onClick={onHome}>{t('error.home')}</Button>
        <Button variant="secondary" onClick={onReload}>
          {t('error.reload')}
        </Button>
      </div>
    </main>
  );
}

/** The last line of defence: an uncaught screen error shows the error page (product.md#shell, product.md#errors). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    console.error('[cliffhanger] uncaught screen error', error);
    reportError(error);
  }
  override render() {
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}

/** The router's error element: the same page, with the error reported once. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error('[cliffhanger] uncaught screen error', error);
  reportError(error);
  return <ErrorPage />;
}
