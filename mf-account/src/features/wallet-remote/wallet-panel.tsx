import { Button, InlineSpinner } from '@cliffhanger/shared';
import { Component, type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { loadedWalletPanel, loadWalletPanel, type WalletPanelName } from './wallet-remote';

type State = { status: 'loading' } | { status: 'ready'; Panel: ComponentType } | { status: 'failed' };

/** What the tab shows when the wallet cannot be reached: polite, and a Retry that needs no reload. */
export function WalletUnavailable({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <section className="ch-card wallet-unavailable" role="status" aria-labelledby="wallet-unavailable-title">
      <h2 id="wallet-unavailable-title" className="account-panel-title">
        {what} is unavailable right now
      </h2>
      <p className="ch-muted">
        This part of your account could not be loaded. Everything else still works — please try again in a moment.
      </p>
      <Button onClick={onRetry}>Retry</Button>
    </section>
  );
}

/** A wallet panel that fails while rendering falls back to the same polite panel. */
class PanelBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    console.error('[cliffhanger] a wallet panel failed', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Renders one of the wallet's exposed components, loaded through federation at run time. */
export function WalletPanel({ name, what }: { name: WalletPanelName; what: string }) {
  const ready = loadedWalletPanel(name);
  const [state, setState] = useState<State>(ready ? { status: 'ready', Panel: ready } : { status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    if (loadedWalletPanel(name) && attempt === 0) return;
    setState({ status: 'loading' });
    loadWalletPanel(name, { fresh: attempt > 0 })
      .then((Panel) => {
        if (active) setState({ status: 'ready', Panel });
      })
      .catch((error: unknown) => {
        console.warn(`[cliffhanger] the wallet's ${name} could not be loaded`, error);
        if (active) setState({ status: 'failed' });
      });
    return () => {
      active = false;
    };
  }, [name, attempt]);

  const retry = () => setAttempt((n) => n + 1);
  if (state.status === 'loading') return <InlineSpinner label={`Loading ${what.toLowerCase()}…`} />;
  if (state.status === 'failed') return <WalletUnavailable what={what} onRetry={retry} />;
  const { Panel } = state;
  return (
    <PanelBoundary key={attempt} fallback={<WalletUnavailable what={what} onRetry={retry} />}>
      <Panel />
    </PanelBoundary>
  );
}
