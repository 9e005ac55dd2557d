import { useWalletBalanceQuery } from '../features/coins/coins.api';
import { coinsLabel } from '../features/format';
import { useWalletT } from '../messages';

/**
 * Coins owed after a refund or dispute of coins already spent: the balance never goes below zero,
 * so the viewer is told here, and the next coins they get pay it first. Nothing when nothing is owed.
 */
export function OwedNotice() {
  const { data } = useWalletBalanceQuery(undefined, { refetchOnMountOrArgChange: true });
  const { t } = useWalletT();
  const owed = data?.owed ?? 0;
  if (owed <= 0) return null;
  return (
    <p className="wallet-owed" role="note" data-testid="coins-owed">
      <strong>{t('owed.title', { coins: coinsLabel(owed) })}</strong> {t('owed.body')}
    </p>
  );
}
