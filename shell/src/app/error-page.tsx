import { Button } from '@cliffhanger/shared';
import { Component, type ReactNode } from 'react';
import { useRouteError } from 'react-router-dom';
import { reportError } from '../monitoring/monitoring';

const goHome = () => window.location.assign('/');
const reloadPage = () => window.location.reload();

/** A full page load on purpose: the app's state may be what broke, so both buttons start afresh. */
export function ErrorPage({ onHome = goHome, onReload = reloadPage }: { onHome?: () => void; onReload?: () => void }) {
  return (
    <main className="error-page" role="alert">
      <h1>Oops! Something went wrong</h1>
      <p className="ch-muted">We are sorry — this screen stopped working. You can go back home or reload the page.</p>
      <div className="error-page-actions">
        <Button onClick={onHome}>Go to Home</Button>
        <Button variant="secondary" onClick={onReload}>
          Reload Page
        </Button>
      </div>
    </main>
  );
}

/** The last line of defence: an uncaught screen error shows the error page (§2, §8). */
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
