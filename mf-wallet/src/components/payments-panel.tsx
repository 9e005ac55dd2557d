import { Button, ErrorNotice, InlineSpinner, useAppDispatch } from '@cliffhanger/shared';
import { useState } from 'react';
import { useWalletSelector } from '../features/hooks';
import { type PaymentMethod, useWalletPaymentMethodsQuery } from '../features/payment-methods/payment-methods.api';
import {
  paymentMethodDefaultRequested,
  paymentMethodRemoveRequested,
  selectPaymentMethodsActivity,
} from '../features/payment-methods/payment-methods.slice';
import { AddCardForm } from './add-card-form';
import { WalletBoundary } from './wallet-boundary';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  mir: 'Mir',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export function cardName(method: Pick<PaymentMethod, 'brand' | 'last4'>): string {
  const brand = BRANDS[method.brand?.toLowerCase()] ?? (method.brand || 'Card');
  return `${brand} ending ${method.last4}`;
}

function CardRow({ method }: { method: PaymentMethod }) {
  const dispatch = useAppDispatch();
  const activity = useWalletSelector(selectPaymentMethodsActivity);
  const busy = activity.busyId === method.id;
  const name = cardName(method);
  return (
    <li className="ch-card payment-method">
      <div>
        <strong>{name}</strong>
        {method.is_default && <span className="wallet-badge"> Default</span>}
        <p className="ch-muted">
          Expires {String(method.exp_month).padStart(2, '0')}/{method.exp_year}
        </p>
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
