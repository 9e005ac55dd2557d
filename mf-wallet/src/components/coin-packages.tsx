import {
  ANALYTICS_EVENTS,
  Button,
  CoinIcon,
  ErrorNotice,
  InlineSpinner,
  track,
  useAppDispatch,
} from '@cliffhanger/shared';
import { checkoutRequested, selectCheckoutBusy, selectCheckoutStart } from '../features/checkout/checkout.slice';
import { type CoinPackage, useWalletCoinPackagesQuery } from '../features/coins/coins.api';
import { coinsLabel, formatPrice } from '../features/format';
import { useWalletSelector } from '../features/hooks';

export const COIN_PACKAGES_ERROR = 'Failed to fetch coin packages';

function PackageCard({ pack, busy, starting }: { pack: CoinPackage; busy: boolean; starting: boolean }) {
  const dispatch = useAppDispatch();
  const price = formatPrice(pack.price, pack.currency);
  const total = pack.coins + pack.bonus_coins;
  return (
    <li className={`ch-card coin-package${pack.is_popular ? ' coin-package--popular' : ''}`}>
      {pack.is_popular && <span className="wallet-badge">Most popular</span>}
      <h3 className="coin-package-title">{pack.title || coinsLabel(pack.coins)}</h3>
      <p className="coin-package-coins">
        <CoinIcon size={20} /> <strong>{coinsLabel(pack.coins)}</strong>
        {pack.bonus_coins > 0 && <span className="coin-package-bonus"> + {pack.bonus_coins} bonus</span>}
      </p>
      <p className="coin-package-price">{price}</p>
      <Button
        onClick={() => {
          dispatch(track(ANALYTICS_EVENTS.coinPackageSelected, { package_id: pack.id, price: pack.price }));
          dispatch(checkoutRequested({ kind: 'coins', packageId: pack.id }));
        }}
        disabled={busy}
        aria-busy={starting}
        aria-label={`Buy ${coinsLabel(total)} for ${price}`}
      >
        {starting ? 'Opening payment…' : `Buy for ${price}`}
      </Button>
    </li>
  );
}

/** The coin packages on sale, each with its coins, bonus and price; one purchase at a time. */
export function CoinPackages() {
  const { data, isLoading, isError, refetch } = useWalletCoinPackagesQuery();
  const busy = useWalletSelector(selectCheckoutBusy);
  const start = useWalletSelector(selectCheckoutStart);
  if (isLoading) return <InlineSpinner label="Loading coin packages…" />;
  if (isError) return <ErrorNotice message={COIN_PACKAGES_ERROR} onRetry={refetch} />;
  if (!data || data.length === 0) return <p className="ch-muted">No coin packages are on sale right now.</p>;
  const startingId = start.request?.kind === 'coins' && busy ? start.request.packageId : null;
  return (
    <>
      {start.status === 'failed' && start.request?.kind === 'coins' && (
        <p className="ch-error-text" role="alert">
          {start.error}
        </p>
      )}
      <ul className="package-list">
        {data.map((pack) => (
          <PackageCard key={pack.id} pack={pack} busy={busy} starting={startingId === pack.id} />
        ))}
      </ul>
    </>
  );
}
