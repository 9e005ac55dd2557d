/**
 * The payments desk (issue #39): every payment found by viewer, status, amount and dates, each with
 * what went back (refunds, disputes) and what that did to the viewer's coins and Gold; one payment
 * opens under the list with its history and, for superusers, a refund. The search, status, page and
 * opened payment live in the page's address.
 */

import { Button } from '@cliffhanger/shared';
import { type FormEvent, useState } from 'react';
import { AdminLayout } from '../../lib/layout/admin-layout';
import { AdminList, type Column, type ListFilter } from '../../lib/layout/admin-list';
import { TextField } from '../../lib/layout/form';
import { useListQuery } from '../../lib/layout/list-query';
import { type PaymentsKey, usePaymentsT } from './messages';
import { formatMoney, minorOf } from './money';
import { PaymentDetail, payerName } from './payment-detail';
import { type AdminPayment, paymentsApi } from './payments.api';

/** The statuses a payment may have (the API's PAYMENT_STATUSES; only types of the contracts reach the page). */
const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'canceled', 'expired'] as const;
const STATUS_CHOICE = { default: '', values: ['', ...PAYMENT_STATUSES] };

interface Range {
  min_amount?: number;
  max_amount?: number;
  from?: string;
  to?: string;
}

function RangeForm({ onApply }: { onApply(range: Range): void }) {
  const [draft, setDraft] = useState({ min: '', max: '', from: '', to: '' });
  const { t } = usePaymentsT();
  const set = (name: keyof typeof draft) => (value: string) => setDraft((d) => ({ ...d, [name]: value }));
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({
      min_amount: minorOf(draft.min) ?? undefined,
      max_amount: minorOf(draft.max) ?? undefined,
      from: draft.from || undefined,
      to: draft.to || undefined,
    });
  }
  return (
    <form className="admin-toolbar" aria-label={t('range')} onSubmit={submit} noValidate>
      <TextField
        label={t('minAmount')}
        inputMode="decimal"
        value={draft.min}
        onChange={(e) => set('min')(e.target.value)}
      />
      <TextField
        label={t('maxAmount')}
        inputMode="decimal"
        value={draft.max}
        onChange={(e) => set('max')(e.target.value)}
      />
      <TextField label={t('from')} type="date" value={draft.from} onChange={(e) => set('from')(e.target.value)} />
      <TextField label={t('to')} type="date" value={draft.to} onChange={(e) => set('to')(e.target.value)} />
      <Button type="submit">{t('range')}</Button>
    </form>
  );
}

/** What went back: refunded so far and the dispute, in words. */
function MoneyBack({ payment, language }: { payment: AdminPayment; language: string }) {
  const { t } = usePaymentsT();
  const money = (minor: number) => formatMoney(minor, payment.currency, language);
  const parts = [
    payment.refunded_minor > 0 && t('refunded', { amount: money(payment.refunded_minor) }),
    payment.dispute_status &&
      t(`dispute.${payment.dispute_status}` as PaymentsKey, { amount: money(payment.disputed_minor) }),
  ].filter(Boolean);
  return <>{parts.length > 0 ? parts.join(' · ') : t('nothingBack')}</>;
}

/** What the payment did to coins and Gold: coins bought, taken back, still owed; Gold ended. */
function Effect({ payment }: { payment: AdminPayment }) {
  const { t } = usePaymentsT();
  const parts = [
    payment.coins > 0 &&
      (payment.coins_reversed > 0
        ? t('coinsTaken', { taken: payment.coins_reversed, coins: payment.coins })
        : t('coinsKept', { coins: payment.coins })),
    payment.coins_owed > 0 && t('coinsOwed', { owed: payment.coins_owed }),
    payment.gold_ended && t('goldEnded'),
  ].filter(Boolean);
  return <>{parts.length > 0 ? parts.join(' · ') : t('nothingBack')}</>;
}

function useColumns(open: (id: number) => void): ReadonlyArray<Column<AdminPayment>> {
  const { t, language } = usePaymentsT();
  return [
    {
      header: t('when'),
      cell: (row) => new Date(row.created_at).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' }),
    },
    {
      header: t('viewer'),
      cell: (row) => (
        <Button
          variant="ghost"
          aria-label={t('open', { id: row.id, name: payerName(row) })}
          onClick={() => open(row.id)}
        >
          {payerName(row)}
        </Button>
      ),
    },
    { header: t('bought'), cell: (row) => row.description },
    {
      header: t('amount'),
      cell: (row) => (
        <>
          {formatMoney(row.amount_minor, row.currency, language)}
          <div className="ch-muted">
            {t(`status.${row.status}` as PaymentsKey)}
            {row.card_last4 && ` · ${t('card', { digits: row.card_last4 })}`}
          </div>
        </>
      ),
    },
    { header: t('back'), cell: (row) => <MoneyBack payment={row} language={language} /> },
    { header: t('effect'), cell: (row) => <Effect payment={row} /> },
  ];
}

export function Payments() {
  const list = useListQuery({ filters: { status: STATUS_CHOICE }, detail: 'payment' });
  const [range, setRange] = useState<Range>({});
  const query = paymentsApi.useAdminPaymentsQuery({ ...list.args, ...range, limit: 20 });
  const { t } = usePaymentsT();
  const selected = list.opened === null ? null : Number(list.opened);
  const columns = useColumns((id) => list.open(id));
  const statusFilter: ListFilter<'status'> = {
    name: 'status',
    label: t('status'),
    options: [['', t('anyStatus')], ...PAYMENT_STATUSES.map((s) => [s, t(`status.${s}` as PaymentsKey)] as const)],
  };
  return (
    <AdminLayout title={t('title')}>
      <p className="ch-muted">{t('intro')}</p>
      <RangeForm onApply={(next) => setRange(next)} />
      <AdminList
        list={list}
        searchLabel={t('search')}
        filters={[statusFilter]}
        query={query}
        columns={columns}
        failed={t('failed')}
        empty={t('empty')}
      >
        {selected !== null && <PaymentDetail key={selected} id={selected} onClose={() => list.open(null)} />}
      </AdminList>
    </AdminLayout>
  );
}
