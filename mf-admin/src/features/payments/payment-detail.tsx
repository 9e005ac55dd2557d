/**
 * One payment opened under the list: what it was, its history (the coins it moved, what is owed, what
 * staff did) and, for superusers, the refund form.
 */
import { Button, ErrorNotice, InlineSpinner, selectUser, useSharedSelector } from '@cliffhanger/shared';
import { usePaymentsT } from './messages';
import { formatMoney } from './money';
import { type AdminPayment, type AdminPaymentDetail, paymentsApi } from './payments.api';
import { RefundForm } from './refund-form';

const when = (iso: string, language: string) =>
  new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });

export const payerName = (payment: AdminPayment) => payment.user_email ?? payment.user_username;

function History({ data }: { data: AdminPaymentDetail }) {
  const { t, language } = usePaymentsT();
  const { payment } = data;
  const owed = data.debts.reduce((sum, debt) => sum + debt.outstanding, 0);
  return (
    <section aria-labelledby="payment-history">
      <h3 id="payment-history">{t('history')}</h3>
      <h4>{t('ledger')}</h4>
      {data.ledger.length === 0 && <p className="ch-muted">{t('noLedger')}</p>}
      <ul>
        {data.ledger.map((row) => (
          <li key={row.id}>
            {when(row.created_at, language)} · <code>{row.reason}</code> · {row.delta > 0 ? `+${row.delta}` : row.delta}
            {row.note && <div className="ch-muted">{t('note', { note: row.note })}</div>}
          </li>
        ))}
      </ul>
      {owed > 0 && (
        <p>
          <strong>{t('debts')}:</strong> {t('coinsOwed', { owed })}
        </p>
      )}
      <h4>{t('staffActions')}</h4>
      {data.staff_actions.length === 0 && <p className="ch-muted">{t('noStaffActions')}</p>}
      <ul>
        {data.staff_actions.map((action) => (
          <li key={action.id}>
            {when(action.created_at, language)} ·{' '}
            {t('staffAction', {
              who: action.actor_email ?? '—',
              amount: formatMoney(action.amount_minor ?? 0, payment.currency, language),
              reason: action.reason ?? '',
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PaymentDetail({ id, onClose }: { id: number; onClose(): void }) {
  const { data, isError, refetch } = paymentsApi.useAdminPaymentQuery(id);
  const isSuperuser = Boolean(useSharedSelector(selectUser)?.is_superuser);
  const { t, language } = usePaymentsT();
  if (isError) return <ErrorNotice message={t('detailFailed')} onRetry={() => void refetch()} />;
  if (!data) return <InlineSpinner />;
  const { payment } = data;
  return (
    <section className="ch-card" aria-labelledby="payment-title">
      <h2 id="payment-title">{t('detail', { id: payment.id })}</h2>
      <p>
        {payerName(payment)} · {payment.description} · {formatMoney(payment.amount_minor, payment.currency, language)} ·{' '}
        {t(`status.${payment.status}` as 'status.succeeded')}
      </p>
      <History data={data} />
      {!isSuperuser && <p className="ch-muted">{t('superuserOnly')}</p>}
      {isSuperuser && data.refundable_minor === 0 && <p className="ch-muted">{t('nothingToRefund')}</p>}
      {isSuperuser && data.refundable_minor > 0 && <RefundForm payment={payment} refundable={data.refundable_minor} />}
      <Button variant="secondary" onClick={onClose}>
        {t('close')}
      </Button>
    </section>
  );
}
