/**
 * How a coin pack carrying the first-purchase offer reads, on the coin store and in the unlock sheet:
 * the honest label, the offer's coins and price as the server answered them, and the usual price
 * crossed out when the offer lowers it. Who gets the offer is the server's answer alone.
 */
import type { FirstPurchaseOfferView } from '@cliffhanger/shared';
import { useWalletT, walletT } from '../../messages';
import { formatPrice } from '../format';
import type { CoinPackage } from './coins.api';

/** The offer when it is on this pack. */
export function offerOnPack(pack: CoinPackage, offer: FirstPurchaseOfferView | null | undefined) {
  return offer && offer.package_id === pack.id ? offer : null;
}

/** How a button names the offer to a screen reader: the label, and the usual price when it is lower. */
export function offerSpoken(offer: FirstPurchaseOfferView): string {
  const label = walletT('offer.label').toLowerCase();
  if (offer.price >= offer.regular_price) return label;
  return `${label}, ${walletT('offer.usuallyPrice', { price: formatPrice(offer.regular_price, offer.currency) })}`;
}

export function OfferBadge() {
  const { t } = useWalletT();
  return <span className="wallet-badge wallet-badge--offer">{t('offer.label')}</span>;
}

/** The price charged, after the usual one crossed out when the offer lowers it. */
export function OfferPrice({ offer }: { offer: FirstPurchaseOfferView }) {
  const { t } = useWalletT();
  const price = formatPrice(offer.price, offer.currency);
  if (offer.price >= offer.regular_price) return <>{price}</>;
  const regular = formatPrice(offer.regular_price, offer.currency);
  return (
    <>
      <s className="offer-regular-price" aria-hidden="true">
        {regular}
      </s>{' '}
      {price}
      <span className="ch-visually-hidden"> {t('offer.instead', { price: regular })}</span>
    </>
  );
}

/** The usual price, crossed out, when the offer lowers it: for a row whose button shows the offer price. */
export function UsualPrice({ offer }: { offer: FirstPurchaseOfferView }) {
  const { t } = useWalletT();
  if (offer.price >= offer.regular_price) return null;
  return (
    <span className="offer-regular-price">
      {t('offer.usually')} <s>{formatPrice(offer.regular_price, offer.currency)}</s>
    </span>
  );
}
