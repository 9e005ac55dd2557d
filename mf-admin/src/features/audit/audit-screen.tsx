/**
 * The audit log (issue #39): who changed what and when, each row with the fields it changed (before →
 * after), filtered by person, action and days, a page at a time, and exported as CSV with the same
 * filters. The filters live in the page's address, so a link shows a colleague the same rows. Only
 * superusers read it; other staff are told so, and nothing is asked of the API for them.
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
import { saveCsvFile } from '@cliffhanger/shared/csv-download';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { adminApi } from '../../lib/api/admin.api';
import type { AuditEntry } from '../../lib/api/admin.types';
import { AdminLayout } from '../../lib/layout/admin-layout';
import { type Column, ListTable } from '../../lib/layout/admin-list';
import { problemOf, SelectField, TextField } from '../../lib/layout/form';
import { useAuditT } from './messages';

const FILTERS = ['actor', 'action', 'from', 'to'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters the address holds, each checked (a day that is not a day counts as none). */
function filtersOf(params: URLSearchParams): Filters {
  const value = (name: string) => (params.get(name) ?? '').slice(0, 100);
  const day = (name: string) => (DAY.test(value(name)) ? value(name) : '');
  return { actor: value('actor'), action: value('action'), from: day('from'), to: day('to') };
}

/** A recorded value in a few words: text as it is, anything else as compact JSON. */
function shown(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useAuditT();
  if (entry.changes.length === 0) return <span className="ch-muted">{t('noChange')}</span>;
  return (
    <ul className="admin-changes">
      {entry.changes.map((change) => (
        <li key={change.field}>
          <strong>{change.field || t('value')}</strong>: <del>{shown(change.before, t('empty_value'))}</del> →{' '}
          <ins>{shown(change.after, t('empty_value'))}</ins>
        </li>
      ))}
    </ul>
  );
}

function FilterForm({ filters, onApply }: { filters: Filters; onApply(next: Filters): void }) {
  const [draft, setDraft] = useState(filters);
  const [error, setError] = useState('');
  const actions = adminApi.useAdminAuditActionsQuery();
  const [exportCsv, exporting] = adminApi.useAdminAuditExportMutation();
  const dispatch = useAppDispatch();
  const { t } = useAuditT();
  const set = (name: keyof Filters) => (value: string) => setDraft((d) => ({ ...d, [name]: value }));
  const checked = () => {
    const wrong = draft.from && draft.to && draft.from > draft.to;
    setError(wrong ? t('rangeRule') : '');
    return !wrong;
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (checked()) onApply({ ...draft, actor: draft.actor.trim() });
  }
  async function download() {
    if (!checked()) return;
    const result = await exportCsv({ ...filters });
    if ('error' in result) {
      return dispatch(showToast({ type: 'error', message: problemOf(result.error, t('exportFailed')) }));
    }
    saveCsvFile(String(result.data), `audit-${new Date().toISOString().slice(0, 10)}.csv`);
    dispatch(showToast({ type: 'success', message: t('exported') }));
  }

  const options = [['', t('anyAction')] as const, ...(actions.data ?? []).map((a) => [a, a] as const)];
  if (draft.action && !actions.data?.includes(draft.action)) options.push([draft.action, draft.action]);
  return (
    <form className="admin-toolbar admin-audit-filters" aria-label={t('filters')} onSubmit={submit} noValidate>
      <TextField
        label={t('person')}
        type="search"
        maxLength={100}
        value={draft.actor}
        onChange={(e) => set('actor')(e.target.value)}
      />
      <SelectField label={t('action')} value={draft.action} options={options} onChange={set('action')} />
      <TextField
        label={t('from')}
        type="date"
        value={draft.from}
        error={error}
        onChange={(e) => set('from')(e.target.value)}
      />
      <TextField label={t('to')} type="date" value={draft.to} onChange={(e) => set('to')(e.target.value)} />
      <Button type="submit">{t('show')}</Button>
      <Button
        variant="ghost"
        onClick={() => {
          const none = { actor: '', action: '', from: '', to: '' };
          setDraft(none);
          setError('');
          onApply(none);
        }}
      >
        {t('clear')}
      </Button>
      <Button variant="secondary" aria-label={t('exportLabel')} disabled={exporting.isLoading} onClick={download}>
        {t('export')}
      </Button>
    </form>
  );
}

function AuditRows() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const page = Math.max(1, Math.min(100_000, Number(params.get('page')) || 1));
  const query = adminApi.useAdminAuditQuery({ ...filters, page, limit: 20 });
  const { t, language } = useAuditT();
  const write = (next: Filters, nextPage = 1) =>
    setParams(() => {
      const out = new URLSearchParams();
      for (const name of FILTERS) if (next[name]) out.set(name, next[name]);
      if (nextPage > 1) out.set('page', String(nextPage));
      return out;
    });
  const columns: ReadonlyArray<Column<AuditEntry>> = [
    {
      header: t('when'),
      cell: (row) => new Date(row.created_at).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' }),
    },
    { header: t('who'), cell: (row) => row.actor_email ?? t('nobody') },
    {
      header: t('what'),
      cell: (row) => (
        <>
          <code>{row.action}</code>
          <div className="ch-muted">
            {row.entity}
            {row.entity_id && ` #${row.entity_id}`}
          </div>
        </>
      ),
    },
    { header: t('changes'), cell: (row) => <Changes entry={row} /> },
  ];
  const { data, isFetching, isError, refetch } = query;
  return (
    <>
      <FilterForm key={params.toString()} filters={filters} onApply={(next) => write(next)} />
      {isFetching && <InlineSpinner />}
      {isError && <ErrorNotice message={problemOf(query.error, t('failed'))} onRetry={() => void refetch()} />}
      {data && data.count === 0 && <p className="ch-muted">{t('empty')}</p>}
      {data && data.count > 0 && (
        <ListTable
          rows={data.results}
          columns={columns}
          page={page}
          limit={data.limit}
          count={data.count}
          onPage={(next) => write(filters, next)}
          pagerLabel={t('pages')}
        />
      )}
    </>
  );
}

export function AuditLog() {
  const isSuperuser = Boolean(useSharedSelector(selectUser)?.is_superuser);
  const { t } = useAuditT();
  return (
    <AdminLayout title={t('title')}>
      <p className="ch-muted">{t('intro')}</p>
      {isSuperuser ? (
        <AuditRows />
      ) : (
        <p className="ch-card" role="status">
          {t('superuserOnly')}
        </p>
      )}
    </AdminLayout>
  );
}
