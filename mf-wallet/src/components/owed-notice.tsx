import { useWalletBalanceQuery } from '../features/coins/coins.api';
import { coinsLabel } from '../features/format';

/**
 * Coins owed after a refund or dispute of coins already spent: the balance never goes below zero,
 * so the viewer is told here, and the next coins they get pay it first. Nothing when nothing is owed.
 */
export function OwedNotice() {
  const { data } = useWalletBalanceQuery(undefined, { refetchOnMountOrArgChange: true });
  const owed = data?.owed ?? 0;
  if (owed <= 0) return null;
  return (
    <p className="wallet-owed" role="note" data-testid="coins-owed">
      <strong>You owe {coinsLabel(owed)}.</strong> A purchase was refunded or disputed after its coins were spent. The
      next coins you get will pay this first.
    </p>
  );
}
