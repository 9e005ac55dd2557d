/** Users (search, detail with ledger and unlocks, coins, rights) and Gold subscriptions. */
import {
  Button,
  ErrorNotice,
  InlineSpinner,
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

const newKey = () => `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

export function validateAdjustment(amount: string, reason: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!/^-?\d+$/.test(amount.trim()) || Number(amount) === 0)
    errors.amount = 'Enter a whole number of coins, not 0 (minus to deduct)';
  if (reason.trim().length < 3) errors.reason = 'Say why, in a few words';
  return errors;
}

function CoinsForm({ user }: { user: AdminUser }) {
  const me = useSharedSelector(selectUser);
  if (me && me.id === user.id) {
    return (
      <p className="ch-muted admin-hint">You cannot change your own coin balance. Please ask another staff member.</p>
    );
  }
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

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateAdjustment(amount, reason);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const result = await adjust({ id: user.id, amount: Number(amount), reason: reason.trim(), idempotency_key: key });
    if ('error' in result) return setErrors({ amount: problemOf(result.error, 'The coins could not be changed') });
    dispatch(showToast({ type: 'success', message: `New balance: ${result.data.balance} coins` }));
    setAmount('');
    setReason('');
    setKey(newKey());
  }

  return (
    <form onSubmit={submit} noValidate className="admin-grid-2">
      <TextField
        label="Coins to grant (minus to deduct)"
        inputMode="numeric"
        value={amount}
        error={errors.amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <TextField label="Reason" value={reason} error={errors.reason} onChange={(e) => setReason(e.target.value)} />
      <Button type="submit" disabled={state.isLoading}>
        Apply
      </Button>
    </form>
  );
}

const when = (iso: string) => new Date(iso).toLocaleString();

/** The user's coin movements, newest first, 20 a page; read-only. */
function UserLedger({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const query = adminApi.useAdminUserLedgerQuery({ id, page });
  return (
    <PagedSection
      title="Coin ledger"
      query={query}
      page={page}
      onPage={setPage}
      failed="The ledger could not be loaded"
      empty="No coin movements."
      pagerLabel="Ledger pages"
      columns={[
        { header: 'When', cell: (entry) => when(entry.created_at) },
        {
          header: 'Coins',
          cell: (entry) => `${entry.delta > 0 ? '+' : ''}${entry.delta}`,
          className: (entry) => (entry.delta < 0 ? 'admin-negative' : undefined),
        },
        { header: 'Why', cell: (entry) => entry.reason.replace(/_/g, ' ') },
        { header: 'Balance after', cell: (entry) => entry.balance_after },
      ]}
    />
  );
}

/** The episodes the user unlocked, newest first, 20 a page; read-only. */
function UserUnlocks({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const query = adminApi.useAdminUserUnlocksQuery({ id, page });
  return (
    <PagedSection
      title="Unlocked episodes"
      query={query}
      page={page}
      onPage={setPage}
      failed="The unlocks could not be loaded"
      empty="No episodes unlocked."
      pagerLabel="Unlock pages"
      columns={[
        { header: 'When', cell: (unlock) => when(unlock.created_at) },
        {
          header: 'Episode',
          cell: (unlock) => (
            <>
              {unlock.series_title}, episode {unlock.episode_number}
              <div className="ch-muted">{unlock.episode_title}</div>
            </>
          ),
        },
        { header: 'Coins', cell: (unlock) => unlock.coin_cost },
      ]}
    />
  );
}

function UserDetail({ id, onClose }: { id: number; onClose(): void }) {
  const { data, isError, refetch } = adminApi.useAdminUserQuery(id);
  const [update] = adminApi.useAdminUpdateUserMutation();
  const isSuperuser = Boolean(useSharedSelector(selectUser)?.is_superuser);
  const dispatch = useAppDispatch();
  if (isError) return <ErrorNotice message="The user could not be loaded" onRetry={refetch} />;
  if (!data) return <InlineSpinner />;
  const { user } = data;
  const change = async (changes: Partial<Pick<AdminUser, 'is_gold_member' | 'is_staff' | 'is_active'>>) => {
    const result = await update({ id, changes });
    if ('error' in result)
      dispatch(showToast({ type: 'error', message: problemOf(result.error, 'The change was refused') }));
  };
  return (
    <section className="ch-card" aria-labelledby="user-title">
      <h2 id="user-title">
        {user.username} <span className="ch-muted">#{user.id}</span>
      </h2>
      <p>
        {user.email} · {user.coin_balance} coins · {user.is_guest ? 'guest' : 'registered'}
        {user.gold_until && ` · Gold until ${new Date(user.gold_until).toLocaleDateString()}`}
      </p>
      <CoinsForm user={user} />
      <fieldset>
        <legend>Rights</legend>
        <Checkbox
          label="Gold (granted)"
          checked={user.is_gold_member}
          disabled={!isSuperuser}
          onChange={(v) => change({ is_gold_member: v })}
        />
        <Checkbox
          label="Staff"
          checked={user.is_staff}
          disabled={!isSuperuser}
          onChange={(v) => change({ is_staff: v })}
        />
        <Checkbox label="Account active" checked={user.is_active} onChange={(v) => change({ is_active: v })} />
        {!isSuperuser && <p className="ch-muted admin-hint">Only a superuser can change Gold and staff rights.</p>}
      </fieldset>
      <UserLedger id={user.id} />
      <UserUnlocks id={user.id} />
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
    </section>
  );
}

const USER_FILTERS: ReadonlyArray<ListFilter<'role'>> = [
  {
    name: 'role',
    label: 'Who',
    options: [
      // Guests are many and rarely what staff look for: they show only when asked.
      ['', 'Registered people'],
      ['guest', 'Guests only'],
      ['all', 'Everybody, guests too'],
      ['gold', 'Gold'],
      ['staff', 'Staff'],
      ['disabled', 'Disabled'],
    ],
  },
];

export function Users() {
  const list = useListQuery({ role: '' });
  const [selected, setSelected] = useState<number | null>(null);
  const query = adminApi.useAdminUsersQuery({ ...list.args, limit: 20 });
  const columns: ReadonlyArray<Column<AdminUser>> = [
    {
      header: 'User',
      cell: (user) => (
        <>
          <Button variant="ghost" onClick={() => setSelected(user.id)}>
            {user.username}
          </Button>
          <div className="ch-muted">{user.email}</div>
        </>
      ),
    },
    { header: 'Coins', cell: (user) => user.coin_balance },
    {
      header: 'Status',
      cell: (user) =>
        [
          user.is_guest ? 'guest' : 'registered',
          user.is_gold_member && 'Gold',
          (user.is_staff || user.is_superuser) && 'staff',
          !user.is_active && 'disabled',
        ]
          .filter(Boolean)
          .join(', '),
    },
  ];
  return (
    <AdminLayout title="Users">
      <AdminList
        list={list}
        searchLabel="Search by email or username"
        filters={USER_FILTERS}
        query={query}
        columns={columns}
        failed="The users could not be loaded"
      >
        {selected !== null && <UserDetail id={selected} onClose={() => setSelected(null)} />}
      </AdminList>
    </AdminLayout>
  );
}

const SUBSCRIPTION_FILTERS: ReadonlyArray<ListFilter<'status'>> = [
  {
    name: 'status',
    label: 'Status',
    options: [
      ['active', 'Active'],
      ['canceled', 'Cancelled'],
      ['past_due', 'Past due'],
      ['expired', 'Expired'],
      ['', 'All'],
    ],
  },
];

export function Subscriptions() {
  const list = useListQuery({ status: 'active' });
  const query = adminApi.useAdminSubscriptionsQuery({ ...list.args, limit: 20 });
  const [cancel] = adminApi.useAdminCancelSubscriptionMutation();
  const dispatch = useAppDispatch();
  async function cancelOne(id: number, immediately: boolean) {
    const question = immediately ? 'End Gold now for this viewer?' : 'Cancel at the end of the paid period?';
    if (!window.confirm(question)) return;
    const result = await cancel({ id, immediately });
    dispatch(
      'error' in result
        ? showToast({ type: 'error', message: problemOf(result.error, 'The subscription could not be cancelled') })
        : showToast({ type: 'success', message: 'The subscription is cancelled' }),
    );
  }
  const columns: ReadonlyArray<Column<SubscriptionRow>> = [
    { header: 'Viewer', cell: (row) => row.user_email ?? row.user_username },
    {
      header: 'Plan',
      cell: (row) => (
        <>
          {row.plan} · {row.status}
          {row.cancel_at_period_end && ' · ends at period end'}
        </>
      ),
    },
    { header: 'Until', cell: (row) => new Date(row.current_period_end).toLocaleDateString() },
    {
      header: 'Actions',
      className: () => 'admin-toolbar',
      cell: (row) => (
        <>
          {row.status === 'active' && !row.cancel_at_period_end && (
            <Button variant="secondary" onClick={() => cancelOne(row.id, false)}>
              Cancel at period end
            </Button>
          )}
          {row.status === 'active' && row.provider === 'dev' && (
            <Button variant="ghost" onClick={() => cancelOne(row.id, true)}>
              End now
            </Button>
          )}
        </>
      ),
    },
  ];
  return (
    <AdminLayout title="Subscriptions">
      <AdminList
        list={list}
        searchLabel="Search by viewer"
        filters={SUBSCRIPTION_FILTERS}
        query={query}
        columns={columns}
        failed="The subscriptions could not be loaded"
      />
    </AdminLayout>
  );
}
