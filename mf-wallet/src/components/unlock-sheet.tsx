/**
 * The unlock sheet over a locked episode (a bottom sheet on a phone, a dialog on a desktop), exposed as
 * `./UnlockSheet` and rendered by the player's paywall. The player opens it with the bus event
 * `wallet/openUnlockSheet`; it shows the price and the balance, Unlock when the coins are there, and
 * when they are not, the coin packs inline (best value marked, and the first-purchase offer on its pack
 * when the server says it is this viewer's), the saved card for one-tap buying and
 * Gold with its real price. Paying or cancelling on the payment page comes back to the episode itself.
 * A viewer the server does not know (the session could not be connected) gets the calm "could not connect"
 * state with one "Try again" instead, and nothing of the wallet is requested for them.
 */
import {
  ANALYTICS_EVENTS,
  Button,
  CoinIcon,
  ErrorNotice,
  episodeUnlockRequested,
  formatNumber,
  formatPricePerPeriod,
  InlineSpinner,
  localizedTitle,
  SessionGate,
  selectCoinBalance,
  selectIsGold,
  track,
  type UnlockSheetEpisode,
  useAppDispatch,
} from '@cliffhanger/shared';
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useSearchParams } from 'react-router-dom';
import { checkoutRequested, checkoutReturned, selectCheckoutBusy } from '../features/checkout/checkout.slice';
import {
  type CoinPackage,
  useWalletCoinPackagesQuery,
  useWalletFirstPurchaseOfferQuery,
} from '../features/coins/coins.api';
import { OfferBadge, offerOnPack, offerSpoken, UsualPrice } from '../features/coins/first-purchase-offer';
import { coinsLabel, formatPrice } from '../features/format';
import { useWalletSelector } from '../features/hooks';
import { cardName, cardSpoken } from '../features/payment-methods/card-face';
import { useWalletPaymentMethodsQuery } from '../features/payment-methods/payment-methods.api';
import { withStrong } from '../features/rich-text';
import { type GoldPlan, useWalletGoldPlansQuery } from '../features/subscription/subscription.api';
import { useWalletSeriesUnlockQuoteQuery } from '../features/unlock-sheet/unlock-sheet.api';
import {
  savedCardPurchaseRequested,
  selectUnlockSheet,
  seriesUnlockRequested,
  unlockAfterChanged,
  unlockSheetClosed,
} from '../features/unlock-sheet/unlock-sheet.slice';
import { useWalletT } from '../messages';
import { KeepCoinsPrompt } from './keep-coins-prompt';
import { WalletBoundary } from './wallet-boundary';

/** The pack giving the most coins for the money (ties: the cheaper one). */
export function bestValuePackage(packs: CoinPackage[]): CoinPackage | null {
  let best: CoinPackage | null = null;
  for (const pack of packs) {
    const rate = (pack.coins + pack.bonus_coins) / pack.price;
    const bestRate = best ? (best.coins + best.bonus_coins) / best.price : -1;
    if (!best || rate > bestRate || (rate === bestRate && pack.price < best.price)) best = pack;
  }
  return best;
}

/** Gold's lowest price per month over its plans, to say "Gold from X a month". */
export function goldPerMonth(plan: GoldPlan): number {
  return plan.interval === 'year' ? Math.round((plan.price / 12) * 100) / 100 : plan.price;
}

/**
 * Back from the payment page on this episode (`?checkout=success|cancelled&kind=…&unlock=…`): hands it
 * to the wallet's checkout saga once and takes the parameters out of the address.
 */
function useReturnToEpisode(episode: UnlockSheetEpisode) {
  const [params, setParams] = useSearchParams();
  const dispatch = useAppDispatch();
  const handled = useRef(false);
  const checkout = params.get('checkout');
  const kind = params.get('kind');
  useEffect(() => {
    if (handled.current || (checkout !== 'success' && checkout !== 'cancelled')) return;
    if (kind !== 'coins' && kind !== 'gold') return;
    handled.current = true;
    dispatch(
      checkoutReturned({
        kind,
        outcome: checkout,
        sessionId: params.get('session_id'),
        episode,
        unlockAfter: params.get('unlock') === String(episode.episodeId),
      }),
    );
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of ['checkout', 'session_id', 'kind', 'unlock']) next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [checkout, kind, episode, params, dispatch, setParams]);
}

function SeriesTotal({ episode, balance }: { episode: UnlockSheetEpisode; balance: number }) {
  const dispatch = useAppDispatch();
  const sheet = useWalletSelector(selectUnlockSheet);
  const { data } = useWalletSeriesUnlockQuoteQuery(Number(episode.seriesId));
  const { t } = useWalletT();
  if (!data || data.episodes < 2) return null;
  const short = data.coins - balance;
  return (
    <div className="unlock-sheet-series">
      <Button
        variant="secondary"
        disabled={short > 0 || sheet.busy !== 'idle'}
        aria-busy={sheet.busy === 'unlocking-series'}
        onClick={() => dispatch(seriesUnlockRequested({ seriesId: Number(episode.seriesId), coins: data.coins }))}
      >
        {sheet.busy === 'unlocking-series'
          ? t('sheet.unlockingSeries')
          : t('sheet.unlockSeries', { count: data.coins, episodes: formatNumber(data.episodes) })}
      </Button>
      {short > 0 && <p className="ch-muted unlock-sheet-note">{t('sheet.seriesShort', { count: short })}</p>}
    </div>
  );
}

function Packs({ episode, short }: { episode: UnlockSheetEpisode; short: number }) {
  const dispatch = useAppDispatch();
  const sheet = useWalletSelector(selectUnlockSheet);
  const checkoutBusy = useWalletSelector(selectCheckoutBusy);
  const { data: packs, isLoading, isError, refetch } = useWalletCoinPackagesQuery();
  const { data: offer } = useWalletFirstPurchaseOfferQuery();
  const { data: cards } = useWalletPaymentMethodsQuery();
  const card = cards?.find((method) => method.is_default) ?? null;
  const checkboxId = useId();
  const { t, language } = useWalletT();
  if (isLoading) return <InlineSpinner label={t('sheet.loadingPacks')} />;
  // A failed read (or no answer at all, which the transport turns into empty data) is not "none on sale".
  if (isError || !Array.isArray(packs)) return <ErrorNotice message={t('sheet.packsFailed')} onRetry={refetch} />;
  if (packs.length === 0) return <p className="ch-muted">{t('sheet.noPacks')}</p>;
  const best = bestValuePackage(packs);
  const busy = checkoutBusy || sheet.busy !== 'idle';
  const after = sheet.unlockAfter ? t('sheet.andUnlock') : '';
  const buy = (pack: CoinPackage, withCard: boolean) => {
    const price = offerOnPack(pack, offer)?.price ?? pack.price;
    dispatch(track(ANALYTICS_EVENTS.coinPackageSelected, { package_id: pack.id, price }));
    if (withCard) {
      dispatch(savedCardPurchaseRequested({ packageId: pack.id, amount: pack.price, currency: pack.currency }));
    } else {
      dispatch(
        checkoutRequested({
          kind: 'coins',
          packageId: pack.id,
          returnTo: episode.returnTo,
          unlockEpisodeId: sheet.unlockAfter ? Number(episode.episodeId) : undefined,
        }),
      );
    }
  };
  return (
    <>
      <p className="unlock-sheet-short">{withStrong(t('sheet.short', { count: short }))}</p>
      <label className="unlock-sheet-check" htmlFor={checkboxId}>
        <input
          id={checkboxId}
          type="checkbox"
          checked={sheet.unlockAfter}
          onChange={(event) => dispatch(unlockAfterChanged(event.target.checked))}
        />
        {t('sheet.unlockAfter')}
      </label>
      {card && (
        <p className="ch-muted unlock-sheet-card">
          {t('sheet.oneTap')}
          <span aria-hidden="true">{cardName(card)}</span>
          <span className="ch-visually-hidden">{cardSpoken(card)}</span>.
        </p>
      )}
      <ul className="unlock-sheet-packs">
        {packs.map((pack) => {
          const packOffer = offerOnPack(pack, offer);
          // The offer is paid on the payment page (its price is the checkout's), not with the saved card.
          const withCard = card !== null && !packOffer;
          const price = formatPrice(packOffer?.price ?? pack.price, pack.currency);
          const total = packOffer?.coins ?? pack.coins + pack.bonus_coins;
          const extra = packOffer ? packOffer.coins - packOffer.regular_coins : 0;
          const enough = total >= short;
          const classes = ['unlock-sheet-pack'];
          if (pack.id === best?.id) classes.push('unlock-sheet-pack--best');
          if (packOffer) classes.push('unlock-sheet-pack--offer');
          return (
            <li key={pack.id} className={classes.join(' ')}>
              <div className="unlock-sheet-pack-what">
                {packOffer && <OfferBadge />}
                <span className="unlock-sheet-pack-coins">
                  <CoinIcon size={16} /> <span className="unlock-sheet-pack-count">{coinsLabel(pack.coins)}</span>
                  {pack.bonus_coins > 0 && (
                    <span className="coin-package-bonus"> + {t('packs.bonus', { count: pack.bonus_coins })}</span>
                  )}
                  {extra > 0 && (
                    <span className="coin-package-bonus"> + {t('packs.firstTopUp', { count: extra })}</span>
                  )}
                </span>
                {packOffer && <span className="unlock-sheet-offer-title">{localizedTitle(packOffer, language)}</span>}
                {packOffer && <UsualPrice offer={packOffer} />}
                {pack.id === best?.id && <span className="wallet-badge">{t('sheet.bestValue')}</span>}
                {!enough && <span className="ch-muted unlock-sheet-note">{t('sheet.notEnough')}</span>}
              </div>
              <Button
                disabled={busy}
                aria-label={`${t('packs.buyAria', { count: total, price })}${packOffer ? `, ${offerSpoken(packOffer)}` : ''}${withCard && card ? t('sheet.withCard', { card: cardSpoken(card) }) : ''}${enough ? after : ''}`}
                onClick={() => buy(pack, withCard)}
              >
                {`${price}${enough ? after : ''}`}
              </Button>
            </li>
          );
        })}
      </ul>
      {card && (
        <p className="unlock-sheet-other">
          <button type="button" className="ch-link-button" disabled={busy} onClick={() => best && buy(best, false)}>
            {t('sheet.otherWay')}
          </button>
        </p>
      )}
      {sheet.busy === 'paying' && (
        <InlineSpinner label={card ? t('sheet.payingWith', { card: cardSpoken(card) }) : t('sheet.paying')} />
      )}
    </>
  );
}

function GoldOffer({ episode }: { episode: UnlockSheetEpisode }) {
  const dispatch = useAppDispatch();
  const busy = useWalletSelector(selectCheckoutBusy);
  const { data: plans } = useWalletGoldPlansQuery();
  const { t, language } = useWalletT();
  if (!plans || plans.length === 0) return null;
  const monthly = plans.find((plan) => plan.interval === 'month') ?? plans[0];
  if (!monthly) return null;
  const per = monthly.interval === 'year' ? 'year' : 'month';
  const price = formatPricePerPeriod(monthly.price, monthly.currency, per, language);
  return (
    <div className="unlock-sheet-gold">
      <p>{withStrong(t('sheet.gold', { price }))}</p>
      <Button
        variant="gold"
        disabled={busy}
        onClick={() => dispatch(checkoutRequested({ kind: 'gold', plan: monthly.id, returnTo: episode.returnTo }))}
      >
        {t('sheet.getGold', { price })}
      </Button>
    </div>
  );
}

function Sheet({ episode }: { episode: UnlockSheetEpisode }) {
  const dispatch = useAppDispatch();
  const sheet = useWalletSelector(selectUnlockSheet);
  const balance = useWalletSelector(selectCoinBalance);
  const isGold = useWalletSelector(selectIsGold);
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const { t } = useWalletT();
  useReturnToEpisode(episode);
  const open = sheet.open && sheet.episode?.episodeId === episode.episodeId;

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch(unlockSheetClosed());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, dispatch]);

  if (!open || isGold) return null;
  const cost = episode.coinCost;
  const short = Math.max(0, cost - balance);
  const close = () => dispatch(unlockSheetClosed());
  // Rendered on the page's body: inside the player it would share the player's stacking context, and the
  // phone player's top bar and rail would sit over the sheet.
  return createPortal(
    <div className="unlock-sheet-layer">
      <button
        type="button"
        className="unlock-sheet-backdrop"
        aria-label={t('common.close')}
        tabIndex={-1}
        onClick={close}
      />
      <div
        ref={panel}
        className="unlock-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid="unlock-sheet"
      >
        <div className="unlock-sheet-head">
          <h2 id={titleId} className="unlock-sheet-title">
            {t('sheet.title', { number: episode.episodeNumber })}
          </h2>
          <button type="button" className="unlock-sheet-close" aria-label={t('common.close')} onClick={close}>
            ×
          </button>
        </div>
        <dl className="unlock-sheet-facts">
          <div>
            <dt>{t('sheet.price')}</dt>
            <dd data-testid="unlock-sheet-price">
              <CoinIcon size={16} /> {coinsLabel(cost)}
            </dd>
          </div>
          <div>
            <dt>{t('sheet.balance')}</dt>
            <dd data-testid="unlock-sheet-balance">{coinsLabel(balance)}</dd>
          </div>
        </dl>
        {/* Unlocking and buying need the server to know this viewer (product.md#accounts). */}
        <SessionGate>
          {sheet.error && (
            <p className="ch-error-text" role="alert">
              {sheet.error}
            </p>
          )}
          <KeepCoinsPrompt />
          {short === 0 ? (
            <Button
              className="unlock-sheet-unlock"
              onClick={() => {
                dispatch(
                  episodeUnlockRequested({
                    episodeId: episode.episodeId,
                    seriesId: episode.seriesId,
                    coinCost: cost,
                    returnTo: episode.returnTo,
                  }),
                );
                close();
              }}
            >
              {t('sheet.unlockFor', { count: cost })}
            </Button>
          ) : (
            <Packs episode={episode} short={short} />
          )}
          <SeriesTotal episode={episode} balance={balance} />
          <GoldOffer episode={episode} />
        </SessionGate>
      </div>
    </div>,
    document.body,
  );
}

/** Exposed as `./UnlockSheet`: joins the wallet to the page, then shows the sheet when it is opened. */
export default function UnlockSheet({ episode }: { episode: UnlockSheetEpisode }) {
  return (
    <WalletBoundary>
      <Sheet episode={episode} />
    </WalletBoundary>
  );
}
