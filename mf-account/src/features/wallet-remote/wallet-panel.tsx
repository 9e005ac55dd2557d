import { Button, InlineSpinner, RemoteSlot } from '@cliffhanger/shared';

export type WalletPanelName = 'BalancePanel' | 'SubscriptionPanel' | 'PaymentsPanel' | 'TransactionsList';

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

/**
 * Renders one of the wallet's exposed components, loaded through federation at run time (never
 * imported), in the version of the wallet this page runs.
 */
export function WalletPanel({ name, what }: { name: WalletPanelName; what: string }) {
  return (
    <RemoteSlot
      remote="wallet"
      exposed={name}
      loading={<InlineSpinner label={`Loading ${what.toLowerCase()}…`} />}
      fallback={(retry) => <WalletUnavailable what={what} onRetry={retry} />}
    />
  );
}
