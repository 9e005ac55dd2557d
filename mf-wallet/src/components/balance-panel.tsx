import { CoinIcon, paths, selectCoinBalance, selectIsGold, useSharedSelector } from '@cliffhanger/shared';
import { Link, useLocation } from 'react-router-dom';
import { coinsLabel } from '../features/format';
import { useWalletT } from '../messages';
import { OwedNotice } from './owed-notice';

/** The viewer's coins and Gold status; exposed for other remotes (the account dashboard's balance tab). */
export default function BalancePanel() {
  const balance = useSharedSelector(selectCoinBalance);
  const isGold = useSharedSelector(selectIsGold);
  const onCoinStore = useLocation().pathname === paths.coins();
  const { t } = useWalletT();
  return (
    <section className="ch-card balance-panel" aria-label={t('balance.region')}>
      <p className="balance-panel-amount">
        <CoinIcon size={22} /> <strong>{coinsLabel(balance)}</strong>
      </p>
      <OwedNotice />
      <p className="ch-muted">{isGold ? t('balance.gold') : t('balance.free')}</p>
      {!isGold && !onCoinStore && (
        <Link className="ch-button" to={paths.coins()}>
          {t('balance.buy')}
        </Link>
      )}
    </section>
  );
}
