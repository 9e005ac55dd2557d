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
import { AddCardForm } from './add-card-form';
import { WalletBoundary } from './wallet-boundary';

/** "Mastercard •••• 4444": kept under this name for the screens that used it. */
export { cardName } from '../features/payment-methods/card-face';

function CardRow({ method }: { method: PaymentMethod }) {
  const dispatch = useAppDispatch();
  const activity = useWalletSelector(selectPaymentMethodsActivity);
  const busy = activity.busyId === method.id;
  const name = cardSpoken(method);
  return (
    <li
      className={`ch-card payment-method${method.is_default ? ' payment-method--default' : ''}`}
      data-testid="payment-method"
      aria-label={`${name}, expires ${cardExpiry(method)}${method.is_default ? ', default card' : ''}`}
    >
      <div>
        <strong className="payment-method-face">
          {cardName(method)}, {cardExpiry(method)}
        </strong>
        {method.is_default && <span className="wallet-badge"> Default</span>}
        <p className="ch-muted">{method.is_default ? 'Used for one-tap buying' : `Expires ${cardExpiry(method)}`}</p>
      </div>
      <div className="wallet-actions">
        {!method.is_default && (
          <Button
            variant="secondary"
            disabled={busy}
            aria-label={`Make ${name} the default card`}
            onClick={() => dispatch(paymentMethodDefaultRequested({ id: method.id }))}
          >
            Make default
          </Button>
        )}
        <Button
          variant="ghost"
          disabled={busy}
          aria-label={`Remove ${name}`}
          onClick={() => dispatch(paymentMethodRemoveRequested({ id: method.id }))}
        >
          Remove
        </Button>
      </div>
    </li>
  );
}

function PaymentMethods() {
  const { data, isLoading, isError, refetch } = useWalletPaymentMethodsQuery();
  const [adding, setAdding] = useState(false);
  const activity = useWalletSelector(selectPaymentMethodsActivity);
  if (isLoading) return <InlineSpinner label="Loading your cards…" />;
  if (isError) return <ErrorNotice message="Your cards could not be loaded." onRetry={refetch} />;
  return (
    <>
      {data && data.length > 0 ? (
        <ul className="payment-method-list">
          {data.map((method) => (
            <CardRow key={method.id} method={method} />
          ))}
        </ul>
      ) : (
        <p className="ch-muted">You have no saved cards yet.</p>
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
            Close
          </Button>
        </>
      ) : (
        <Button variant="secondary" onClick={() => setAdding(true)}>
          Add a card
        </Button>
      )}
    </>
  );
}

/** Saved cards: list, add, remove, make default. Exposed as `./PaymentsPanel`. */
export default function PaymentsPanel() {
  return (
    <section className="ch-card payments-panel" aria-label="Payment methods">
      <h2 className="wallet-panel-title">Payment methods</h2>
      <WalletBoundary>
        <PaymentMethods />
      </WalletBoundary>
    </section>
  );
}
