import { Button, FormField, runtimeConfig, useAppDispatch } from '@cliffhanger/shared';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useWalletSelector } from '../features/hooks';
import { brandName } from '../features/payment-methods/card-face';
import {
  brandOfNumber,
  type CardErrors,
  type CardInput,
  parseExpiry,
  typedExpiry,
  validateCard,
} from '../features/payment-methods/card-rules';
import {
  useWalletDevCardMutation,
  useWalletSetupIntentMutation,
} from '../features/payment-methods/payment-methods.api';
import {
  paymentMethodAddRequested,
  selectPaymentMethodsActivity,
} from '../features/payment-methods/payment-methods.slice';
import { loadStripeLazily } from '../features/payment-methods/stripe-loader';
import { useWalletT } from '../messages';

const EMPTY: CardInput = { name: '', number: '', expiry: '', cvc: '' };

type ServerProblem = { field?: string; message?: string };

/**
 * The dev payment provider's card form: checked here like any card form, then by the dev provider
 * (as a processor's card field would), which answers a payment method naming only the card's brand,
 * last 4, expiry and fingerprint; that is what gets saved.
 */
export function DevCardForm({ onDone }: { onDone?: () => void }) {
  const [card, setCard] = useState<CardInput>(EMPTY);
  const [errors, setErrors] = useState<CardErrors>({});
  const [checking, setChecking] = useState(false);
  const adding = useWalletSelector(selectPaymentMethodsActivity).adding;
  const [tokenize] = useWalletDevCardMutation();
  const dispatch = useAppDispatch();
  const { t } = useWalletT();
  const set = (key: keyof CardInput) => (event: { target: { value: string } }) =>
    setCard((current) => ({ ...current, [key]: event.target.value }));
  const brand = brandOfNumber(card.number);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (checking || adding) return;
    const found = validateCard(card);
    setErrors(found);
    const expiry = parseExpiry(card.expiry);
    if (Object.keys(found).length > 0 || !expiry) return;
    setChecking(true);
    try {
      const answer = await tokenize({
        number: card.number.replace(/\D/g, ''),
        exp_month: expiry.month,
        exp_year: expiry.year,
        cvc: card.cvc.trim(),
      }).unwrap();
      dispatch(paymentMethodAddRequested({ paymentMethodId: answer.payment_method_id }));
      setCard(EMPTY);
      onDone?.();
    } catch (caught) {
      const data = (caught as { data?: { message?: string; errors?: ServerProblem[] } })?.data;
      const next: CardErrors = {};
      for (const problem of data?.errors ?? []) {
        if (problem.field === 'number' || problem.field === 'expiry' || problem.field === 'cvc')
          next[problem.field] = problem.message;
      }
      if (Object.keys(next).length === 0) next.number = data?.message ?? t('cardForm.checkFailed');
      setErrors(next);
    } finally {
      setChecking(false);
    }
  }

  return (
    <form className="add-card-form" onSubmit={submit} noValidate aria-label={t('cardForm.region')}>
      <p className="ch-muted">{t('cardForm.testMode')}</p>
      <FormField
        label={t('cardForm.name')}
        autoComplete="cc-name"
        value={card.name}
        onChange={set('name')}
        error={errors.name}
      />
      <FormField
        label={t('cardForm.number')}
        inputMode="numeric"
        autoComplete="cc-number"
        value={card.number}
        onChange={set('number')}
        error={errors.number}
      />
      {brand && (
        <p className="ch-muted add-card-brand" aria-live="polite">
          {brandName(brand)}
        </p>
      )}
      <div className="add-card-row">
        <FormField
          label={t('cardForm.expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('cardForm.expiryPlaceholder')}
          value={card.expiry}
          onChange={(event) =>
            setCard((current) => ({ ...current, expiry: typedExpiry(current.expiry, event.target.value) }))
          }
          error={errors.expiry}
        />
        <FormField
          label={t('cardForm.cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          value={card.cvc}
          onChange={set('cvc')}
          error={errors.cvc}
        />
      </div>
      <Button type="submit" disabled={adding || checking} aria-busy={adding || checking}>
        {adding || checking ? t('cardForm.adding') : t('cardForm.submit')}
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
  const { t } = useWalletT();

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
        setError(result.error?.message ?? t('cardForm.saveFailed'));
        return;
      }
      dispatch(paymentMethodAddRequested({ paymentMethodId: typeof method === 'string' ? method : method.id }));
      card.clear();
      onDone?.();
    } catch {
      setError(t('cardForm.saveFailed'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="add-card-form" onSubmit={submit} aria-label={t('cardForm.region')}>
      {state === 'unavailable' && (
        <p className="ch-muted" role="status">
          {t('cardForm.unavailable')}
        </p>
      )}
      <fieldset className="ch-field stripe-fieldset">
        <legend>{t('cardForm.details')}</legend>
        <div ref={mountRef} className="stripe-card" />
      </fieldset>
      {error && (
        <p className="ch-field-error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" disabled={state !== 'ready' || saving}>
        {saving ? t('cardForm.saving') : t('cardForm.submit')}
      </Button>
    </form>
  );
}

/** Stripe when the page has a publishable key, the dev provider's form otherwise. */
export function AddCardForm({ onDone }: { onDone?: () => void }) {
  const key = runtimeConfig().stripePublishableKey;
  return key ? <StripeCardForm publishableKey={key} onDone={onDone} /> : <DevCardForm onDone={onDone} />;
}
