import { Button, ErrorNotice, InlineSpinner, useAppDispatch } from '@cliffhanger/shared';
import { useState } from 'react';
import { useWalletSelector } from '../features/hooks';
import { cardExpiry, cardName, cardSpoken } from '../features/payment-methods/card-face';
import { type PaymentMethod, useWalletPaymentMethodsQuery } from '../features/payment-methods/payment-methods.api';
import {
  paymentMethodDefaultRequested,
  paymentMethodRemoveRequested,
  selectPaymentMethodsActivity,
} from '../features/payment-methods/payment-methods.slice';
import { useWalletT } from '../messages';
import { AddCardForm } from './add-card-form';
import { WalletBoundary } from './wallet-boundary';

/** "Mastercard •••• 4444": kept under this name for the screens that used it. */
export { cardName } from '../features/payment-methods/card-face';

function CardRow({ method }: { method: PaymentMethod }) {
  const dispatch = useAppDispatch();
  const activity = useWalletSelector(selectPaymentMethodsActivity);
  const busy = activity.busyId === method.id;
  const { t } = useWalletT();
  const name = cardSpoken(method);
  const expiry = cardExpiry(method);
  return (
    <li
      className={`ch-card payment-method${method.is_default ? ' payment-method--default' : ''}`}
      data-testid="payment-method"
      aria-label={t(method.is_default ? 'cards.labelDefault' : 'cards.label', { name, expiry })}
    >
      <div>
        <strong className="payment-method-face">
          {cardName(method)}, {expiry}
        </strong>
        {method.is_default && <span className="wallet-badge"> {t('cards.default')}</span>}
        <p className="ch-muted">{method.is_default ? t('cards.oneTap') : t('cards.expires', { expiry })}</p>
      </div>
      <div className="wallet-actions">
        {!method.is_default && (
          <Button
            variant="secondary"
            disabled={busy}
            aria-label={t('cards.makeDefaultAria', { name })}
            onClick={() => dispatch(paymentMethodDefaultRequested({ id: method.id }))}
          >
            {t('cards.makeDefault')}
          </Button>
        )}
        <Button
          variant="ghost"
          disabled={busy}
          aria-label={t('cards.removeAria', { name })}
          onClick={() => dispatch(paymentMethodRemoveRequested({ id: method.id }))}
        >
          {t('cards.remove')}
        </Button>
      </div>
    </li>
  );
}

function PaymentMethods() {
  const { data, isLoading, isError, refetch } = useWalletPaymentMethodsQuery();
  const [adding, setAdding] = useState(false);
  const activity = useWalletSelector(selectPaymentMethodsActivity);
  const { t } = useWalletT();
  if (isLoading) return <InlineSpinner label={t('cards.loading')} />;
  if (isError) return <ErrorNotice message={t('cards.error')} onRetry={refetch} />;
  return (
    <>
      {data && data.length > 0 ? (
        <ul className="payment-method-list">
          {data.map((method) => (
            <CardRow key={method.id} method={method} />
          ))}
        </ul>
      ) : (
        <p className="ch-muted">{t('cards.none')}</p>
      )}
      {activity.error && (
        <p className="ch-error-text" role="alert">
          {activity.error}
        </p>
      )}
      {adding ? (
        <>
          <AddCardForm onDone={() => setAdding(false)} />
          <Button variant="ghost" onClick={() => setAdding(false)}>
            {t('common.close')}
          </Button>
        </>
      ) : (
        <Button variant="secondary" onClick={() => setAdding(true)}>
          {t('cards.add')}
        </Button>
      )}
    </>
  );
}

/** Saved cards: list, add, remove, make default. Exposed as `./PaymentsPanel`. */
export default function PaymentsPanel() {
  const { t } = useWalletT();
  return (
    <section className="ch-card payments-panel" aria-label={t('cards.title')}>
      <h2 className="wallet-panel-title">{t('cards.title')}</h2>
      <WalletBoundary>
        <PaymentMethods />
      </WalletBoundary>
    </section>
  );
}
