/** Users (search, detail with ledger and unlocks, coins, rights) and Gold subscriptions. */
import {
  BALANCE_SYNC_REASON,
  Button,
  ErrorNotice,
  formatDate,
  formatNumber,
  InlineSpinner,
  LEDGER_REASONS,
  selectUser,
  showToast,
  useAppDispatch,
  useSharedSelector,
} from '@cliffhanger/shared';
import { type FormEvent, useState } from 'react';
import { adminApi } from '../api/admin.api';
import type { AdminUser, SubscriptionRow } from '../api/admin.types';
import { AdminLayout } from '../layout/admin-layout';
import { AdminList, type Column, type ListFilter, useListQuery } from '../layout/admin-list';
import { Checkbox, problemOf, TextField } from '../layout/form';
import { PagedSection } from '../layout/paged-section';
import { type PeopleKey, peopleT, usePeopleT } from './messages';

const newKey = () => `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

export function validateAdjustment(amount: string, reason: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!/^-?\d+$/.test(amount.trim()) || Number(amount) === 0) errors.amount = peopleT('coins.amountRule');
  if (reason.trim().length < 3) errors.reason = peopleT('coins.reasonRule');
  return errors;
}

function CoinsForm({ user }: { user: AdminUser }) {
  const me = useSharedSelector(selectUser);
  const { t } = usePeopleT();
  if (me && me.id === user.id) return <p className="ch-muted admin-hint">{t('coins.own')}</p>;
  return <CoinsFormFields user={user} />;
}

function CoinsFormFields({ user }: { user: AdminUser }) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // One key per intended change: a double click or a retried request is applied once.
  const [key, setKey] = useState(newKey);
  const [adjust, state] = adminApi.useAdminAdjustCoinsMutation();
  const dispatch = useAppDispatch();
  const { t, language } = usePeopleT();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateAdjustment(amount, reason);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const result = await adjust({ id: user.id, amount: Number(amount), reason: reason.trim(), idempotency_key: key });
    if ('error' in result) return setErrors({ amount: problemOf(result.error, t('coins.failed')) });
    const balance = result.data.balance;
    dispatch(
      showToast({
        type: 'success',
        message: t('coins.newBalance', { count: balance, value: formatNumber(balance, language) }),
      }),
    );
    setAmount('');
    setReason('');
    setKey(newKey());
  }

  return (
    <form onSubmit={submit} noValidate className="admin-grid-2">
      <TextField
        label={t('coins.amount')}
        inputMode="numeric"
        value={amount}
        error={errors.amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <TextField
        label={t('coins.reason')}
        value={reason}
        error={errors.reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <Button type="submit" disabled={state.isLoading}>
        {t('coins.apply')}
      </Button>
    </form>
  );
}

/** A moment in the page's language, date and time. */
const when = (iso: string, language: string) =>
  new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });

const REASONS: ReadonlySet<string> = new Set([...Object.values(LEDGER_REASONS), BALANCE_SYNC_REASON]);
/** A ledger reason in words; an unknown one as the API names it. */
const reasonText = (reason: string) =>
  REASONS.has(reason) ? peopleT(`reason.${reason}` as PeopleKey) : reason.replace(/_/g, ' ');

/** The user's coin movements, newest first, 20 a page; read-only. */
function UserLedger({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const query = adminApi.useAdminUserLedgerQuery({ id, page });
  const { t, language } = usePeopleT();
  return (
    <PagedSection
      title={t('ledger.title')}
      query={query}
      page={page}
      onPage={setPage}
      failed={t('ledger.failed')}
      empty={t('ledger.empty')}
      pagerLabel={t('ledger.pages')}
      columns={[
        { header: t('ledger.when'), cell: (entry) => when(entry.created_at, language) },
        {
          header: t('ledger.coins'),
          cell: (entry) => `${entry.delta > 0 ? '+' : ''}${formatNumber(entry.delta, language)}`,
          className: (entry) => (entry.delta < 0 ? 'admin-negative' : undefined),
        },
        { header: t('ledger.why'), cell: (entry) => reasonText(entry.reason) },
        { header: t('ledger.balanceAfter'), cell: (entry) => formatNumber(entry.balance_after, language) },
      ]}
    />
  );
}

/** The episodes the user unlocked, newest first, 20 a page; read-only. */
function UserUnlocks({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const query = adminApi.useAdminUserUnlocksQuery({ id, page });
  const { t, language } = usePeopleT();
  return (
    <PagedSection
      title={t('unlocks.title')}
      query={query}
      page={page}
      onPage={setPage}
      failed={t('unlocks.failed')}
      empty={t('unlocks.empty')}
      pagerLabel={t('unlocks.pages')}
      columns={[
        { header: t('ledger.when'), cell: (unlock) => when(unlock.created_at, language) },
        {
          header: t('unlocks.episode'),
          cell: (unlock) => (
            <>
              {t('unlocks.which', { series: unlock.series_title, number: unlock.episode_number })}
              <div className="ch-muted">{unlock.episode_title}</div>
            </>
          ),
        },
        { header: t('ledger.coins'), cell: (unlock) => formatNumber(unlock.coin_cost, language) },
      ]}
    />
  );
}

function UserDetail({ id, onClose }: { id: number; onClose(): void }) {
  const { data, isError, refetch } = adminApi.useAdminUserQuery(id);
  const [update] = adminApi.useAdminUpdateUserMutation();
  const isSuperuser = Boolean(useSharedSelector(selectUser)?.is_superuser);
  const dispatch = useAppDispatch();
  const { t, language } = usePeopleT();
  if (isError) return <ErrorNotice message={t('user.failed')} onRetry={refetch} />;
  if (!data) return <InlineSpinner />;
  const { user } = data;
  const change = async (changes: Partial<Pick<AdminUser, 'is_gold_member' | 'is_staff' | 'is_active'>>) => {
    const result = await update({ id, changes });
    if ('error' in result) dispatch(showToast({ type: 'error', message: problemOf(result.error, t('user.refused')) }));
  };
  return (
    <section className="ch-card" aria-labelledby="user-title">
      <h2 id="user-title">
        {user.username} <span className="ch-muted">#{user.id}</span>
      </h2>
      <p>
        {user.email} · {t('user.coins', { count: user.coin_balance, value: formatNumber(user.coin_balance, language) })}{' '}
        · {user.is_guest ? t('user.guest') : t('user.registered')}
        {user.gold_until && ` · ${t('user.goldUntil', { date: formatDate(user.gold_until) })}`}
      </p>
      <CoinsForm user={user} />
      <fieldset>
        <legend>{t('user.rights')}</legend>
        <Checkbox
          label={t('user.gold')}
          checked={user.is_gold_member}
          disabled={!isSuperuser}
          onChange={(v) => change({ is_gold_member: v })}
        />
        <Checkbox
          label={t('user.staff')}
          checked={user.is_staff}
          disabled={!isSuperuser}
          onChange={(v) => change({ is_staff: v })}
        />
        <Checkbox label={t('user.active')} checked={user.is_active} onChange={(v) => change({ is_active: v })} />
        {!isSuperuser && <p className="ch-muted admin-hint">{t('user.superuserOnly')}</p>}
      </fieldset>
      <UserLedger id={user.id} />
      <UserUnlocks id={user.id} />
      <Button variant="secondary" onClick={onClose}>
        {t('user.close')}
      </Button>
    </section>
  );
}

const userFilters = (t: (key: PeopleKey) => string): ReadonlyArray<ListFilter<'role'>> => [
  {
    name: 'role',
    label: t('users.who'),
    options: [
      // Guests are many and rarely what staff look for: they show only when asked.
      ['', t('users.registered')],
      ['guest', t('users.guests')],
      ['all', t('users.everybody')],
      ['gold', t('users.gold')],
      ['staff', t('users.staff')],
      ['disabled', t('users.disabled')],
    ],
  },
];

export function Users() {
  const list = useListQuery({ role: '' });
  const [selected, setSelected] = useState<number | null>(null);
  const query = adminApi.useAdminUsersQuery({ ...list.args, limit: 20 });
  const { t, language } = usePeopleT();
  const columns: ReadonlyArray<Column<AdminUser>> = [
    {
      header: t('users.user'),
      cell: (user) => (
        <>
          <Button variant="ghost" onClick={() => setSelected(user.id)}>
            {user.username}
          </Button>
          <div className="ch-muted">{user.email}</div>
        </>
      ),
    },
    { header: t('users.coins'), cell: (user) => formatNumber(user.coin_balance, language) },
    {
      header: t('users.status'),
      cell: (user) =>
        [
          user.is_guest ? t('user.guest') : t('user.registered'),
          user.is_gold_member && t('users.statusGold'),
          (user.is_staff || user.is_superuser) && t('users.statusStaff'),
          !user.is_active && t('users.statusDisabled'),
        ]
          .filter(Boolean)
          .join(', '),
    },
  ];
  return (
    <AdminLayout title={t('users.title')}>
      <AdminList
        list={list}
        searchLabel={t('users.search')}
        filters={userFilters(t)}
        query={query}
        columns={columns}
        failed={t('users.failed')}
      >
        {selected !== null && <UserDetail id={selected} onClose={() => setSelected(null)} />}
      </AdminList>
    </AdminLayout>
  );
}

const subscriptionFilters = (t: (key: PeopleKey) => string): ReadonlyArray<ListFilter<'status'>> => [
  {
    name: 'status',
    label: t('subs.status'),
    options: [
      ['active', t('subs.active')],
      ['canceled', t('subs.canceled')],
      ['past_due', t('subs.past_due')],
      ['expired', t('subs.expired')],
      ['', t('subs.all')],
    ],
  },
];

export function Subscriptions() {
  const list = useListQuery({ status: 'active' });
  const query = adminApi.useAdminSubscriptionsQuery({ ...list.args, limit: 20 });
  const [cancel] = adminApi.useAdminCancelSubscriptionMutation();
  const dispatch = useAppDispatch();
  const { t } = usePeopleT();
  async function cancelOne(id: number, immediately: boolean) {
    const question = t(immediately ? 'subs.endNowQuestion' : 'subs.atEndQuestion');
    if (!window.confirm(question)) return;
    const result = await cancel({ id, immediately });
    dispatch(
      'error' in result
        ? showToast({ type: 'error', message: problemOf(result.error, t('subs.cancelFailed')) })
        : showToast({ type: 'success', message: t('subs.cancelled') }),
    );
  }
  const columns: ReadonlyArray<Column<SubscriptionRow>> = [
    { header: t('subs.viewer'), cell: (row) => row.user_email ?? row.user_username },
    {
      header: t('subs.plan'),
      cell: (row) => (
        <>
          {row.plan} · {t(`state.${row.status}` as PeopleKey)}
          {row.cancel_at_period_end && ` · ${t('subs.endsAtPeriodEnd')}`}
        </>
      ),
    },
    { header: t('subs.until'), cell: (row) => formatDate(row.current_period_end) },
    {
      header: t('subs.actions'),
      className: () => 'admin-toolbar',
      cell: (row) => (
        <>
          {row.status === 'active' && !row.cancel_at_period_end && (
            <Button variant="secondary" onClick={() => cancelOne(row.id, false)}>
              {t('subs.cancelAtEnd')}
            </Button>
          )}
          {row.status === 'active' && row.provider === 'dev' && (
            <Button variant="ghost" onClick={() => cancelOne(row.id, true)}>
              {t('subs.endNow')}
            </Button>
          )}
        </>
      ),
    },
  ];
  return (
    <AdminLayout title={t('subs.title')}>
      <AdminList
        list={list}
        searchLabel={t('subs.search')}
        filters={subscriptionFilters(t)}
        query={query}
        columns={columns}
        failed={t('subs.failed')}
      />
    </AdminLayout>
  );
}
