import { Button, InlineSpinner, RemoteSlot } from '@cliffhanger/shared';
import { useAccountT } from '../../messages';

export type WalletPanelName = 'BalancePanel' | 'SubscriptionPanel' | 'PaymentsPanel' | 'TransactionsList';

/** What the tab shows when the wallet cannot be reached: polite, and a Retry that needs no reload. */
export function WalletUnavailable({ what, onRetry }: { what: string; onRetry: () => void }) {
  const { t } = useAccountT();
  return (
    <section className="ch-card wallet-unavailable" role="status" aria-labelledby="wallet-unavailable-title">
      <h2 id="wallet-unavailable-title" className="account-panel-title">
        {t('wallet.unavailable', { what })}
      </h2>
      <p className="ch-muted">{t('wallet.unavailableBody')}</p>
      <Button onClick={onRetry}>{t('wallet.retry')}</Button>
    </section>
  );
}

/**
 * Renders one of the wallet's exposed components, loaded through federation at run time (never
 * imported), in the version of the wallet this page runs.
 */
export function WalletPanel({ name, what }: { name: WalletPanelName; what: string }) {
  const { t } = useAccountT();
  return (
    <RemoteSlot
      remote="wallet"
      exposed={name}
      loading={<InlineSpinner label={t('wallet.loading')} />}
      fallback={(retry) => <WalletUnavailable what={what} onRetry={retry} />}
    />
  );
}
