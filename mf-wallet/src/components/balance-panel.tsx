import { CoinIcon, paths, selectCoinBalance, selectIsGold, useSharedSelector } from '@cliffhanger/shared';
import { Link, useLocation } from 'react-router-dom';
import { coinsLabel } from '../features/format';
import { OwedNotice } from './owed-notice';

/** The viewer's coins and Gold status; exposed for other remotes (the account dashboard's balance tab). */
export default function BalancePanel() {
  const balance = useSharedSelector(selectCoinBalance);
  const isGold = useSharedSelector(selectIsGold);
  const onCoinStore = useLocation().pathname === paths.coins();
  return (
    <section className="ch-card balance-panel" aria-label="Your balance">
      <p className="balance-panel-amount">
        <CoinIcon size={22} /> <strong>{coinsLabel(balance)}</strong>
      </p>
      <OwedNotice />
      <p className="ch-muted">
        {isGold
          ? 'Gold member: every episode is open to you.'
          : 'Unlock episodes with coins, or go Gold to watch everything.'}
      </p>
      {!isGold && !onCoinStore && (
        <Link className="ch-button" to={paths.coins()}>
          Buy coins
        </Link>
      )}
    </section>
  );
}
