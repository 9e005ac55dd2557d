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
import { useState } from 'react';
import { checkoutRequested, selectCheckoutBusy, selectCheckoutStart } from '../features/checkout/checkout.slice';
import {
  type CoinPackage,
  useWalletCoinPackagesQuery,
  useWalletFirstPurchaseOfferQuery,
} from '../features/coins/coins.api';
import { OfferBadge, OfferPrice, offerOnPack, offerSpoken } from '../features/coins/first-purchase-offer';
import { coinsLabel, formatPrice } from '../features/format';
import { useWalletSelector } from '../features/hooks';
import { cardSpoken } from '../features/payment-methods/card-face';
import { type PaymentMethod, useWalletPaymentMethodsQuery } from '../features/payment-methods/payment-methods.api';
import { savedCardPurchaseRequested, selectUnlockSheet } from '../features/unlock-sheet/unlock-sheet.slice';
import { useWalletT } from '../messages';
import { OneTapConfirm } from './one-tap-confirm';

function PackageCard({
  pack,
  offer,
  card,
  busy,
  starting,
}: {
  pack: CoinPackage;
  offer: FirstPurchaseOfferView | null;
  /** The saved default card: buying is one tap (after a confirmation) instead of the payment page. */
  card: PaymentMethod | null;
  busy: boolean;
  /** What this pack's button says while its purchase starts, or null when it is not starting. */
  starting: string | null;
}) {
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState(false);
  const { t, language } = useWalletT();
  // With the offer, what the server will charge and credit: the offer's price and coins.
  const price = formatPrice(offer?.price ?? pack.price, pack.currency);
  const total = offer?.coins ?? pack.coins + pack.bonus_coins;
  const extra = offer ? offer.coins - offer.regular_coins : 0;
  const buy = t('packs.buyAria', { count: total, price });
  // The offer is paid on the payment page (its price is the checkout's), not with the saved card.
  const withCard = card !== null && !offer;
  const checkout = () => dispatch(checkoutRequested({ kind: 'coins', packageId: pack.id }));
  // The spoken name starts with the words on the button (a viewer who says what they see reaches it).
  const spokenMore = `${offer ? `, ${offerSpoken(offer)}` : ''}${withCard && card ? t('sheet.withCard', { card: cardSpoken(card) }) : ''}`;
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
          if (withCard) setConfirming(true);
          else checkout();
        }}
        disabled={busy}
        aria-busy={starting !== null}
        aria-label={spokenMore && starting === null ? `${buy}${spokenMore}` : undefined}
      >
        {starting ?? buy}
      </Button>
      {confirming && card && (
        <OneTapConfirm
          coins={coinsLabel(total)}
          price={price}
          card={card}
          onCancel={() => setConfirming(false)}
          onOtherWay={() => {
            setConfirming(false);
            checkout();
          }}
          onPay={() => {
            setConfirming(false);
            // The server charges the pack's price, whatever is sent; a different amount is refused.
            dispatch(
              savedCardPurchaseRequested({
                packageId: pack.id,
                amount: pack.price,
                currency: pack.currency,
                source: 'store',
              }),
            );
          }}
        />
      )}
    </li>
  );
}

/**
 * The coin packages on sale, each with its coins, bonus and price; one purchase at a time. With a saved
 * default card a pack is bought in one tap, after a confirmation naming the pack, the price and the card.
 */
export function CoinPackages() {
  const { data, isLoading, isError, refetch } = useWalletCoinPackagesQuery();
  const { data: offer } = useWalletFirstPurchaseOfferQuery();
  const { data: cards } = useWalletPaymentMethodsQuery();
  const card = cards?.find((method) => method.is_default) ?? null;
  const checkoutBusy = useWalletSelector(selectCheckoutBusy);
  const { storePaying } = useWalletSelector(selectUnlockSheet);
  const busy = checkoutBusy || storePaying !== null;
  const start = useWalletSelector(selectCheckoutStart);
  const { t } = useWalletT();
  if (isLoading) return <InlineSpinner label={t('packs.loading')} />;
  // No answer at all (null) is a failure too, not "none on sale".
  if (isError || data === null) return <ErrorNotice message={t('packs.error')} onRetry={refetch} />;
  if (!data || data.length === 0) return <p className="ch-muted">{t('packs.none')}</p>;
  const startingId = storePaying ?? (start.request?.kind === 'coins' && checkoutBusy ? start.request.packageId : null);
  const startingText = storePaying !== null ? t('sheet.paying') : t('common.openingPayment');
  return (
    <>
      <p className="ch-muted">{t(card ? 'store.taxNoteCard' : 'store.taxNote')}</p>
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
            card={card}
            busy={busy}
            starting={startingId === pack.id ? startingText : null}
          />
        ))}
      </ul>
    </>
  );
}
