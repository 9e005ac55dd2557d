/**
 * The Gold panel on a viewer's page (superusers act, other staff read): each subscription's state in
 * honest words ("Active until …", "Cancels on …", "Ended on …", "Comped until …"); for the running one,
 * add days, undo a scheduled cancel, or end it now with an optional refund of the last payment; with
 * none running, give Gold for a number of days. Every action asks for a reason, kept on the audit log.
 */
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
import { adminApi } from '../../lib/api/admin.api';
import type { AdminSubscription, AdminUser } from '../../lib/api/admin.types';
import { Checkbox, problemOf, TextField } from '../../lib/layout/form';
import { goldStatusText } from './gold-status';
import { type PeopleKey, usePeopleT } from './messages';

type Result = { data: unknown } | { error: unknown };

/** Days and reason checked here first; the API checks again. */
function daysAndReasonErrors(days: string, reason: string, t: (key: PeopleKey) => string) {
  const errors: Record<string, string> = {};
  const n = Number(days);
  if (!/^\d+$/.test(days.trim()) || n < 1 || n > 366) errors.days = t('gold.daysRule');
  if (!reason.trim()) errors.reason = t('gold.reasonRule');
  return errors;
}

/** Days + reason + one button: comp or extend. */
function DaysForm({
  label,
  done,
  send,
}: {
  label: string;
  done: string;
  send(days: number, reason: string): Promise<Result>;
}) {
  const [days, setDays] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const dispatch = useAppDispatch();
  const { t } = usePeopleT();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = daysAndReasonErrors(days, reason, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const result = await send(Number(days), reason.trim());
    setBusy(false);
    if ('error' in result) return setErrors({ days: problemOf(result.error, t('gold.failed.action')) });
    dispatch(showToast({ type: 'success', message: done }));
    setDays('');
    setReason('');
  }
  return (
    <form onSubmit={submit} noValidate className="admin-grid-2" aria-label={label}>
      <TextField
        label={t('gold.days')}
        inputMode="numeric"
        value={days}
        error={errors.days}
        onChange={(e) => setDays(e.target.value)}
      />
      <TextField
        label={t('gold.reason')}
        value={reason}
        error={errors.reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        {label}
      </Button>
    </form>
  );
}

/** End now, with a refund box and a reason; confirmed first. */
function EndNow({ row }: { row: AdminSubscription }) {
  const [refund, setRefund] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [end, state] = adminApi.useAdminEndSubscriptionMutation();
  const dispatch = useAppDispatch();
  const { t } = usePeopleT();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setError(t('gold.reasonRule'));
    if (!window.confirm(t(refund ? 'gold.endQuestionRefund' : 'gold.endQuestion'))) return;
    const result = await end({ id: row.id, refund, reason: reason.trim() });
    if ('error' in result) return setError(problemOf(result.error, t('gold.failed.action')));
    setError('');
    dispatch(showToast({ type: 'success', message: t('gold.endDone') }));
  }
  return (
    <form onSubmit={submit} noValidate className="admin-grid-2" aria-label={t('gold.endNow')}>
      <TextField label={t('gold.reason')} value={reason} error={error} onChange={(e) => setReason(e.target.value)} />
      {row.plan !== 'comp' && <Checkbox label={t('gold.refund')} checked={refund} onChange={setRefund} />}
      <Button type="submit" variant="ghost" disabled={state.isLoading}>
        {t('gold.endNow')}
      </Button>
    </form>
  );
}

function RunningActions({ row }: { row: AdminSubscription }) {
  const [extend] = adminApi.useAdminExtendSubscriptionMutation();
  const [reactivate, reactivating] = adminApi.useAdminReactivateSubscriptionMutation();
  const dispatch = useAppDispatch();
  const { t } = usePeopleT();
  async function undoCancel() {
    const result = await reactivate({ id: row.id });
    dispatch(
      'error' in result
        ? showToast({ type: 'error', message: problemOf(result.error, t('gold.failed.action')) })
        : showToast({ type: 'success', message: t('gold.reactivateDone') }),
    );
  }
  return (
    <>
      {row.cancel_at_period_end && row.plan !== 'comp' && (
        <Button variant="secondary" onClick={() => void undoCancel()} disabled={reactivating.isLoading}>
          {t('gold.reactivate')}
        </Button>
      )}
      {(row.plan === 'comp' || row.provider === 'dev') && (
        <DaysForm
          label={t('gold.extend')}
          done={t('gold.extendDone')}
          send={(days, reason) => extend({ id: row.id, days, reason, period_end: row.current_period_end })}
        />
      )}
      <EndNow row={row} />
    </>
  );
}

export function GoldPanel({ user }: { user: AdminUser }) {
  const query = adminApi.useAdminSubscriptionsQuery({ search: user.email ?? user.username, limit: 20 });
  const [comp] = adminApi.useAdminCompGoldMutation();
  const isSuperuser = Boolean(useSharedSelector(selectUser)?.is_superuser);
  const { t } = usePeopleT();
  if (query.isError) return <ErrorNotice message={t('gold.failed')} onRetry={query.refetch} />;
  if (!query.data) return <InlineSpinner />;
  const rows = query.data.results.filter((row) => row.user_id === user.id);
  const running = rows.find((row) => row.status === 'active' && Date.parse(row.current_period_end) > Date.now());
  return (
    <fieldset className="admin-gold-panel">
      <legend>{t('gold.title')}</legend>
      {rows.length === 0 && <p className="ch-muted">{t('gold.none')}</p>}
      <ul>
        {rows.map((row) => (
          <li key={row.id}>
            {row.plan} · {goldStatusText(row, t)}
          </li>
        ))}
      </ul>
      {isSuperuser && running && <RunningActions row={running} />}
      {isSuperuser && !running && (
        <>
          <p className="ch-muted admin-hint">{t('gold.compHint')}</p>
          <DaysForm
            label={t('gold.comp')}
            done={t('gold.compDone')}
            send={(days, reason) => comp({ userId: user.id, days, reason })}
          />
        </>
      )}
    </fieldset>
  );
}
