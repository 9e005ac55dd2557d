/**
 * The refund of one payment: an amount (everything still refundable by default) and the reason, asked
 * to confirm, sent once per intended refund (one idempotency key until it succeeds), and a toast after.
 */
import { Button, showToast, useAppDispatch } from '@cliffhanger/shared';
import { type FormEvent, useState } from 'react';
import { problemOf, TextField } from '../../lib/layout/form';
import { usePaymentsT } from './messages';
import { formatMoney, minorOf } from './money';
import { type AdminPayment, paymentsApi } from './payments.api';

const newKey = () => `refund-${crypto.randomUUID()}`;
const payer = (payment: AdminPayment) => payment.user_email ?? payment.user_username;

export function RefundForm({ payment, refundable }: { payment: AdminPayment; refundable: number }) {
  const [amount, setAmount] = useState((refundable / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [key, setKey] = useState(newKey);
  const [refund, state] = paymentsApi.useAdminRefundPaymentMutation();
  const dispatch = useAppDispatch();
  const { t, language } = usePaymentsT();
  const money = (minor: number) => formatMoney(minor, payment.currency, language);

  function check(): number | null {
    const minor = minorOf(amount);
    const found = {
      amount:
        minor === null || minor <= 0 || minor > refundable ? t('amountRule', { max: money(refundable) }) : undefined,
      reason: reason.trim().length < 3 ? t('reasonRule') : undefined,
    };
    setErrors(found);
    return found.amount || found.reason ? null : minor;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const minor = check();
    if (minor === null) return;
    if (!window.confirm(t('refundConfirm', { amount: money(minor), name: payer(payment) }))) return;
    const result = await refund({ id: payment.id, amount_minor: minor, reason: reason.trim(), idempotency_key: key });
    if ('error' in result) {
      return dispatch(showToast({ type: 'error', message: problemOf(result.error, t('refundFailed')) }));
    }
    const message = result.data.applied ? t('refundDone', { amount: money(minor) }) : t('refundAgain');
    dispatch(showToast({ type: 'success', message }));
    setReason('');
    setKey(newKey());
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="refund-title" className="admin-grid-2">
      <h3 id="refund-title">{t('refundTitle')}</h3>
      <p className="ch-muted">{t('refundIntro')}</p>
      <TextField
        label={t('refundAmount', { currency: payment.currency.toUpperCase(), max: money(refundable) })}
        inputMode="decimal"
        value={amount}
        error={errors.amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <TextField
        label={t('refundReason')}
        value={reason}
        maxLength={500}
        error={errors.reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <Button type="submit" disabled={state.isLoading}>
        {t('refundButton')}
      </Button>
    </form>
  );
}
