/**
 * Users (search, role, detail with ledger and unlocks, coins, rights, staff invitations) and Gold
 * subscriptions.
 */
import {
  BALANCE_SYNC_REASON,
  Button,
  ErrorNotice,
  formatDate,
  formatNumber,
  InlineSpinner,
  LEDGER_REASONS,
  STAFF_GRANT_LIMIT,
  selectUser,
  showToast,
  useAppDispatch,
  useSharedSelector,
} from '@cliffhanger/shared';
import { type FormEvent, useState } from 'react';
import { adminApi } from '../../lib/api/admin.api';
import type { AdminSubscription, AdminUser, UserChanges } from '../../lib/api/admin.types';
import { AdminLayout } from '../../lib/layout/admin-layout';
import { AdminList, type Column, type ListFilter } from '../../lib/layout/admin-list';
import { Checkbox, problemOf, TextField } from '../../lib/layout/form';
import { useListQuery } from '../../lib/layout/list-query';
import { PagedSection } from '../../lib/layout/paged-section';
import { GoldPanel } from './gold-panel';
import { goldStatusText } from './gold-status';
import { InvitationsPanel } from './invitations-panel';
import { type PeopleKey, peopleT, usePeopleT } from './messages';
import { RolePanel } from './role-panel';

const newKey = () => `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/**
 * The form's own checks: a whole number of coins other than 0, a reason, and — for staff with a limit
 * (null: none) — no grant above it, said before anything is sent.
 */
export function validateAdjustment(
  amount: string,
  reason: string,
  limit: number | null = null,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!/^-?\d+$/.test(amount.trim()) || Number(amount) === 0) errors.amount = peopleT('coins.amountRule');
  else if (limit !== null && Number(amount) > limit) {
    errors.amount = peopleT('coins.overLimit', { value: formatNumber(limit) });
  }
  if (reason.trim().length < 3) errors.reason = peopleT('coins.reasonRule');
  return errors;
}

/** The largest grant the signed-in staff member may make (null: no limit), as the API says. */
function useGrantLimit(): number | null {
  const isSuperuser = Boolean(useSharedSelector(selectUser)?.is_superuser);
  const { data } = adminApi.useAdminMeQuery();
  if (data) return data.grant_limit;
  return isSuperuser ? null : STAFF_GRANT_LIMIT;
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
  const limit = useGrantLimit();
  const { t, language } = usePeopleT();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateAdjustment(amount, reason, limit);
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

  const owed = user.owed ?? 0;
  return (
    <form onSubmit={submit} noValidate className="admin-grid-2">
      {owed > 0 && (
        <p className="admin-hint" role="note">
          {t('coins.owes', { count: owed, value: formatNumber(owed, language) })}
        </p>
      )}
      <TextField
        label={t('coins.amount')}
        inputMode="numeric"
        value={amount}
        error={errors.amount}
        hint={limit === null ? undefined : t('coins.limit', { value: formatNumber(limit, language) })}
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

/** The rows refunds and disputes write (api payment-reversals.ts), and the one that pays a debt from a credit. */
const MONEY_BACK_REASONS = ['debt_settlement', 'payment_refunded', 'payment_disputed', 'dispute_won'];
const REASONS: ReadonlySet<string> = new Set([
  ...Object.values(LEDGER_REASONS),
  BALANCE_SYNC_REASON,
  ...MONEY_BACK_REASONS,
]);
/** A ledger reason in words; an unknown one as the API names it. */
const reasonText = (reason: string) =>
  REASONS.has(reason) ? peopleT(`reason.${reason}` as PeopleKey) : reason.replace(/_/g, ' ');

/** The user's coin movements, newest first, 20 a page; read-only. */
function UserLedger({ id }: { id: number }) {
  const { page, setPage } = useListQuery({ prefix: 'ledger' });
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
        {
          header: t('ledger.why'),
          cell: (entry) => (
            <>
              {reasonText(entry.reason)}
              {entry.note && <div className="ch-muted">{t('ledger.note', { note: entry.note })}</div>}
            </>
          ),
        },
        { header: t('ledger.balanceAfter'), cell: (entry) => formatNumber(entry.balance_after, language) },
      ]}
    />
  );
}

/** The episodes the user unlocked, newest first, 20 a page; read-only. */
function UserUnlocks({ id }: { id: number }) {
  const { page, setPage } = useListQuery({ prefix: 'unlocks' });
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

/** " · owes N coins" when a refund took back coins the viewer had spent; nothing otherwise. */
function Owes({ user }: { user: AdminUser }) {
  const { t, language } = usePeopleT();
  const owed = user.owed ?? 0;
  if (owed <= 0) return null;
  return (
    <strong>
      {' · '}
      {t('user.owes', { count: owed, value: formatNumber(owed, language) })}
    </strong>
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
  const change = async (changes: UserChanges) => {
    const result = await update({ id, changes });
    if ('error' in result) dispatch(showToast({ type: 'error', message: problemOf(result.error, t('user.refused')) }));
  };
  return (
    <section className="ch-card" aria-labelledby="user-title">
      <h2 id="user-title">
        {user.username} <span className="ch-muted">#{user.id}</span>
      </h2>
      <p>
        {user.email} · {t('user.coins', { count: user.coin_balance, value: formatNumber(user.coin_balance, language) })}
        <Owes user={user} /> {user.gold_until && ` · ${t('user.goldUntil', { date: formatDate(user.gold_until) })}`}
      </p>
      <RolePanel user={user} />
      <CoinsForm user={user} />
      <GoldPanel user={user} />
      <fieldset>
        <legend>{t('user.rights')}</legend>
        <Checkbox
          label={t('user.gold')}
          checked={user.is_gold_member}
          disabled={!isSuperuser}
          onChange={(v) => change({ is_gold_member: v })}
        />
        <Checkbox label={t('user.active')} checked={user.is_active} onChange={(v) => change({ is_active: v })} />
      </fieldset>
      <UserLedger id={user.id} />
      <UserUnlocks id={user.id} />
      <Button variant="secondary" onClick={onClose}>
        {t('user.close')}
      </Button>
    </section>
  );
}

/** Whom the users list shows, as the request names it, and the words for each choice. */
const ROLES = {
  // Guests are many and rarely what staff look for: they show only when asked.
  '': 'users.registered',
  guest: 'users.guests',
  all: 'users.everybody',
  gold: 'users.gold',
  staff: 'users.staff',
  superuser: 'users.superusers',
  disabled: 'users.disabled',
} as const satisfies Record<string, PeopleKey>;
const ROLE_CHOICE = { default: '', values: Object.keys(ROLES) };

const userFilters = (t: (key: PeopleKey) => string): ReadonlyArray<ListFilter<'role'>> => [
  {
    name: 'role',
    label: t('users.who'),
    options: Object.entries(ROLES).map(([value, key]) => [value, t(key)] as const),
  },
];

export function Users() {
  const list = useListQuery({ filters: { role: ROLE_CHOICE }, detail: 'user' });
  const selected = list.opened === null ? null : Number(list.opened);
  const query = adminApi.useAdminUsersQuery({ ...list.args, limit: 20 });
  const { t, language } = usePeopleT();
  const columns: ReadonlyArray<Column<AdminUser>> = [
    {
      header: t('users.user'),
      cell: (user) => (
        <>
          <Button variant="ghost" onClick={() => list.open(user.id)}>
            {user.username}
          </Button>
          <div className="ch-muted">{user.email}</div>
        </>
      ),
    },
    { header: t('users.role'), cell: (user) => <span className="admin-badge">{t(`role.${user.role}`)}</span> },
    {
      header: t('users.coins'),
      cell: (user) => (
        <>
          {formatNumber(user.coin_balance, language)}
          <Owes user={user} />
        </>
      ),
    },
    {
      header: t('users.status'),
      cell: (user) =>
        [user.is_gold_member && t('users.statusGold'), !user.is_active && t('users.statusDisabled')]
          .filter(Boolean)
          .join(', ') || '—',
    },
  ];
  const isSuperuser = Boolean(useSharedSelector(selectUser)?.is_superuser);
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
        {selected !== null && <UserDetail key={selected} id={selected} onClose={() => list.open(null)} />}
      </AdminList>
      {isSuperuser && <InvitationsPanel />}
    </AdminLayout>
  );
}

/** The subscription states the list can show, as the request names them ('' for all). */
const SUBSCRIPTION_STATES = ['active', 'canceled', 'past_due', 'expired', ''] as const;
const SUBSCRIPTION_CHOICE = { default: 'active', values: SUBSCRIPTION_STATES };

const subscriptionFilters = (t: (key: PeopleKey) => string): ReadonlyArray<ListFilter<'status'>> => [
  {
    name: 'status',
    label: t('subs.status'),
    options: SUBSCRIPTION_STATES.map((state) => [state, t(state ? `subs.${state}` : 'subs.all')] as const),
  },
];

export function Subscriptions() {
  const list = useListQuery({ filters: { status: SUBSCRIPTION_CHOICE } });
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
  const columns: ReadonlyArray<Column<AdminSubscription>> = [
    { header: t('subs.viewer'), cell: (row) => row.user_email ?? row.user_username },
    {
      header: t('subs.plan'),
      cell: (row) => (
        <>
          {row.plan} · {goldStatusText(row, t)}
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
