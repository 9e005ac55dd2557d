import {
  ANALYTICS_EVENTS,
  Button,
  CoinIcon,
  ErrorNotice,
  type FirstPurchaseOfferView,
  InlineSpinner,
  localizedTitle,
  track,
  useAppDispatch,
} from '@cliffhanger/shared';
import { checkoutRequested, selectCheckoutBusy, selectCheckoutStart } from '../features/checkout/checkout.slice';
import {
  type CoinPackage,
  useWalletCoinPackagesQuery,
  useWalletFirstPurchaseOfferQuery,
} from '../features/coins/coins.api';
import { OfferBadge, OfferPrice, offerOnPack, offerSpoken } from '../features/coins/first-purchase-offer';
import { coinsLabel, formatPrice } from '../features/format';
import { useWalletSelector } from '../features/hooks';
import { useWalletT } from '../messages';

function PackageCard({
  pack,
  offer,
  busy,
  starting,
}: {
  pack: CoinPackage;
  offer: FirstPurchaseOfferView | null;
  busy: boolean;
  starting: boolean;
}) {
  const dispatch = useAppDispatch();
  const { t, language } = useWalletT();
  // With the offer, what the server will charge and credit: the offer's price and coins.
  const price = formatPrice(offer?.price ?? pack.price, pack.currency);
  const total = offer?.coins ?? pack.coins + pack.bonus_coins;
  const extra = offer ? offer.coins - offer.regular_coins : 0;
  const buy = t('packs.buyAria', { count: total, price });
  const classes = ['ch-card', 'coin-package'];
  if (pack.is_popular) classes.push('coin-package--popular');
  if (offer) classes.push('coin-package--offer');
  return (
    <li className={classes.join(' ')}>
      {offer && <OfferBadge />}
      {pack.is_popular && !offer && <span className="wallet-badge">{t('packs.popular')}</span>}
      <h3 className="coin-package-title">
        {(offer && localizedTitle(offer, language)) || localizedTitle(pack, language) || coinsLabel(pack.coins)}
      </h3>
      <p className="coin-package-coins">
        <CoinIcon size={20} /> <strong>{coinsLabel(pack.coins)}</strong>
        {pack.bonus_coins > 0 && (
          <span className="coin-package-bonus"> + {t('packs.bonus', { count: pack.bonus_coins })}</span>
        )}
        {extra > 0 && <span className="coin-package-bonus"> + {t('packs.firstTopUp', { count: extra })}</span>}
      </p>
      <p className="coin-package-price">{offer ? <OfferPrice offer={offer} /> : price}</p>
      <Button
        onClick={() => {
          dispatch(
            track(ANALYTICS_EVENTS.coinPackageSelected, { package_id: pack.id, price: offer?.price ?? pack.price }),
          );
          dispatch(checkoutRequested({ kind: 'coins', packageId: pack.id }));
        }}
        disabled={busy}
        aria-busy={starting}
        // The spoken name starts with the words on the button (a viewer who says what they see reaches it).
        aria-label={offer && !starting ? `${buy}, ${offerSpoken(offer)}` : undefined}
      >
        {starting ? t('common.openingPayment') : buy}
      </Button>
    </li>
  );
}

/** The coin packages on sale, each with its coins, bonus and price; one purchase at a time. */
export function CoinPackages() {
  const { data, isLoading, isError, refetch } = useWalletCoinPackagesQuery();
  const { data: offer } = useWalletFirstPurchaseOfferQuery();
  const busy = useWalletSelector(selectCheckoutBusy);
  const start = useWalletSelector(selectCheckoutStart);
  const { t } = useWalletT();
  if (isLoading) return <InlineSpinner label={t('packs.loading')} />;
  // No answer at all (null) is a failure too, not "none on sale".
  if (isError || data === null) return <ErrorNotice message={t('packs.error')} onRetry={refetch} />;
  if (!data || data.length === 0) return <p className="ch-muted">{t('packs.none')}</p>;
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
          <PackageCard
            key={pack.id}
            pack={pack}
            offer={offerOnPack(pack, offer)}
            busy={busy}
            starting={startingId === pack.id}
          />
        ))}
      </ul>
    </>
  );
}
