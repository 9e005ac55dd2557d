/**
 * A superuser invites a colleague to the staff area: an e-mail address and how long the invitation
 * lasts; the API mails a single-use link for that address. Below, every invitation with its status
 * (pending, used, expired, revoked); a pending one can be revoked.
 */
import {
  Button,
  ErrorNotice,
  formatDate,
  InlineSpinner,
  STAFF_INVITATION_HOURS,
  showToast,
  useAppDispatch,
} from '@cliffhanger/shared';
import { type FormEvent, useId, useState } from 'react';
import { adminApi } from '../../lib/api/admin.api';
import type { StaffInvitationEntry } from '../../lib/api/admin.types';
import { type Column, ListTable } from '../../lib/layout/admin-list';
import { problemOf, SelectField, TextField } from '../../lib/layout/form';
import { type PeopleKey, usePeopleT } from './messages';

/** How long an invitation may last, in hours, as the form offers it. */
const VALIDITY_HOURS = [24, STAFF_INVITATION_HOURS, 7 * 24] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function InviteForm() {
  const [email, setEmail] = useState('');
  const [hours, setHours] = useState(String(STAFF_INVITATION_HOURS));
  const [error, setError] = useState('');
  const [invite, state] = adminApi.useAdminCreateInvitationMutation();
  const dispatch = useAppDispatch();
  const { t } = usePeopleT();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) return setError(t('invite.emailRule'));
    setError('');
    const result = await invite({ email: address, valid_hours: Number(hours) });
    if ('error' in result) return setError(problemOf(result.error, t('invite.failed')));
    dispatch(showToast({ type: 'success', message: t('invite.sent', { email: address }) }));
    setEmail('');
  }

  const validity = (h: number) =>
    h % 24 === 0 ? t('invite.days', { count: h / 24 }) : t('invite.hours', { count: h });
  return (
    <form onSubmit={submit} noValidate className="admin-toolbar">
      <TextField
        label={t('invite.email')}
        type="email"
        autoComplete="off"
        value={email}
        error={error}
        onChange={(e) => setEmail(e.target.value)}
      />
      <SelectField
        label={t('invite.valid')}
        value={hours}
        options={VALIDITY_HOURS.map((h) => [String(h), validity(h)] as const)}
        onChange={setHours}
      />
      <Button type="submit" disabled={state.isLoading}>
        {t('invite.send')}
      </Button>
    </form>
  );
}

const STATUS_KEYS: Record<StaffInvitationEntry['status'], PeopleKey> = {
  pending: 'invite.pending',
  used: 'invite.usedBare',
  expired: 'invite.expired',
  revoked: 'invite.revokedState',
};

function InvitationList() {
  const { data, isError, isFetching, refetch } = adminApi.useAdminInvitationsQuery();
  const [revoke] = adminApi.useAdminRevokeInvitationMutation();
  const [page, setPage] = useState(1);
  const dispatch = useAppDispatch();
  const { t } = usePeopleT();
  const who = (row: StaffInvitationEntry) => row.email ?? t('invite.bareCode');

  async function revokeOne(row: StaffInvitationEntry) {
    if (!window.confirm(t('invite.revokeQuestion', { email: who(row) }))) return;
    const result = await revoke(row.id);
    dispatch(
      'error' in result
        ? showToast({ type: 'error', message: problemOf(result.error, t('invite.revokeFailed')) })
        : showToast({ type: 'success', message: t('invite.revoked') }),
    );
  }

  const columns: ReadonlyArray<Column<StaffInvitationEntry>> = [
    { header: t('invite.who'), cell: who },
    {
      header: t('invite.status'),
      cell: (row) =>
        row.status === 'used' && row.used_by_email
          ? t('invite.used', { email: row.used_by_email })
          : t(STATUS_KEYS[row.status]),
      className: (row) => `admin-invitation admin-invitation--${row.status}`,
    },
    { header: t('invite.expires'), cell: (row) => formatDate(row.expires_at) },
    { header: t('invite.by'), cell: (row) => row.created_by_email ?? '' },
    {
      header: t('invite.actions'),
      cell: (row) =>
        row.status === 'pending' ? (
          <Button
            variant="ghost"
            aria-label={t('invite.revokeFor', { email: who(row) })}
            onClick={() => revokeOne(row)}
          >
            {t('invite.revoke')}
          </Button>
        ) : (
          '—'
        ),
    },
  ];
  if (isError) return <ErrorNotice message={t('invite.listFailed')} onRetry={() => void refetch()} />;
  if (!data) return isFetching ? <InlineSpinner /> : null;
  if (data.length === 0) return <p className="ch-muted">{t('invite.none')}</p>;
  const limit = 10;
  return (
    <ListTable
      rows={data.slice((page - 1) * limit, page * limit)}
      columns={columns}
      page={page}
      limit={limit}
      count={data.length}
      onPage={setPage}
      pagerLabel={t('invite.list')}
    />
  );
}

/** The invitations panel of the users screen; shown to superusers only. */
export function InvitationsPanel() {
  const titleId = useId();
  const { t } = usePeopleT();
  return (
    <section className="ch-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('invite.title')}</h2>
      <p className="ch-muted">{t('invite.intro')}</p>
      <InviteForm />
      <h3>{t('invite.list')}</h3>
      <InvitationList />
    </section>
  );
}
