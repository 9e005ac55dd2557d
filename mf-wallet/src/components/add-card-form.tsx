import { Button, FormField, runtimeConfig, useAppDispatch } from '@cliffhanger/shared';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useWalletSelector } from '../features/hooks';
import {
  type CardErrors,
  type CardInput,
  devPaymentMethodId,
  validateCard,
} from '../features/payment-methods/card-rules';
import { useWalletSetupIntentMutation } from '../features/payment-methods/payment-methods.api';
import {
  paymentMethodAddRequested,
  selectPaymentMethodsActivity,
} from '../features/payment-methods/payment-methods.slice';
import { loadStripeLazily } from '../features/payment-methods/stripe-loader';

const EMPTY: CardInput = { name: '', number: '', expiry: '', cvc: '' };

/** The dev payment provider's card form: checked like a real one, it saves a `pm_dev_…` test card. */
export function DevCardForm({ onDone }: { onDone?: () => void }) {
  const [card, setCard] = useState<CardInput>(EMPTY);
  const [errors, setErrors] = useState<CardErrors>({});
  const adding = useWalletSelector(selectPaymentMethodsActivity).adding;
  const dispatch = useAppDispatch();
  const set = (key: keyof CardInput) => (event: { target: { value: string } }) =>
    setCard((current) => ({ ...current, [key]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateCard(card);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    dispatch(paymentMethodAddRequested({ paymentMethodId: devPaymentMethodId(card.number) }));
    setCard(EMPTY);
    onDone?.();
  }

  return (
    <form className="add-card-form" onSubmit={submit} noValidate aria-label="Add a card">
      <p className="ch-muted">Test mode: no real card is charged. Try 4242 4242 4242 4242.</p>
      <FormField
        label="Name on card"
        autoComplete="cc-name"
        value={card.name}
        onChange={set('name')}
        error={errors.name}
      />
      <FormField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        value={card.number}
        onChange={set('number')}
        error={errors.number}
      />
      <div className="add-card-row">
        <FormField
          label="Expiry (MM/YY)"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={card.expiry}
          onChange={set('expiry')}
          error={errors.expiry}
        />
        <FormField
          label="Security code"
          inputMode="numeric"
          autoComplete="cc-csc"
          value={card.cvc}
          onChange={set('cvc')}
          error={errors.cvc}
        />
      </div>
      <Button type="submit" disabled={adding}>
        {adding ? 'Adding card…' : 'Add card'}
      </Button>
    </form>
  );
}

/** Stripe Elements on a SetupIntent; the card never touches our servers, only its payment method id. */
export function StripeCardForm({ publishableKey, onDone }: { publishableKey: string; onDone?: () => void }) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [card, setCard] = useState<StripeCardElement | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable'>('loading');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [createSetupIntent] = useWalletSetupIntentMutation();
  const dispatch = useAppDispatch();

  useEffect(() => {
    let active = true;
    let element: StripeCardElement | null = null;
    loadStripeLazily(publishableKey).then((loaded) => {
      if (!active) return;
      if (!loaded || !mountRef.current) {
        setState('unavailable');
        return;
      }
      element = loaded.elements().create('card');
      element.mount(mountRef.current);
      setStripe(loaded);
      setCard(element);
      setState('ready');
    });
    return () => {
      active = false;
      element?.destroy();
    };
  }, [publishableKey]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !card) return;
    setSaving(true);
    setError(null);
    try {
      const intent = await createSetupIntent().unwrap();
      const result = await stripe.confirmCardSetup(intent.client_secret, { payment_method: { card } });
      const method = result.setupIntent?.payment_method;
      if (result.error || !method) {
        setError(result.error?.message ?? 'Your card could not be saved. Please try again.');
        return;
      }
      dispatch(paymentMethodAddRequested({ paymentMethodId: typeof method === 'string' ? method : method.id }));
      card.clear();
      onDone?.();
    } catch {
      setError('Your card could not be saved. Please try again.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="add-card-form" onSubmit={submit} aria-label="Add a card">
      {state === 'unavailable' && (
        <p className="ch-muted" role="status">
          Card entry is unavailable right now. Your saved cards still work; please try again later.
        </p>
      )}
      <fieldset className="ch-field stripe-fieldset">
        <legend>Card details</legend>
        <div ref={mountRef} className="stripe-card" />
      </fieldset>
      {error && (
        <p className="ch-field-error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" disabled={state !== 'ready' || saving}>
        {saving ? 'Saving card…' : 'Add card'}
      </Button>
    </form>
  );
}

/** Stripe when the page has a publishable key, the dev provider's form otherwise. */
export function AddCardForm({ onDone }: { onDone?: () => void }) {
  const key = runtimeConfig().stripePublishableKey;
  return key ? <StripeCardForm publishableKey={key} onDone={onDone} /> : <DevCardForm onDone={onDone} />;
}
