/**
 * Releases: per remote, the stable version and the canary with its share of sessions, the versions
 * published with their figures over the last hour side by side (loads, failure rate, median load
 * time) and whether each fits the shell's shared libraries. Staff start or change a canary, promote
 * it, roll it back, or make an older version stable; a version that does not fit cannot be chosen.
 */
import {
  Button,
  CANARY_AUTO_ROLLBACK,
  currentLanguage,
  ErrorNotice,
  formatNumber,
  InlineSpinner,
  REMOTE_ROLLOUT_REFRESH_MS,
  type RemoteId,
  type RemoteReleasesView,
  type RemoteVersionFigures,
  showToast,
  useAppDispatch,
} from '@cliffhanger/shared';
import { type FormEvent, useState } from 'react';
import { AdminLayout } from '../../lib/layout/admin-layout';
import { problemOf, SelectField, TextField } from '../../lib/layout/form';
import { type ReleasesKey, releasesT, useReleasesT } from './messages';
import { releasesApi } from './releases.api';
import './releases.css';

type RemoteRelease = RemoteReleasesView['remotes'][number];

const REMOTE_NAMES: Record<RemoteId, ReleasesKey> = {
  catalog: 'remote.catalog',
  player: 'remote.player',
  wallet: 'remote.wallet',
  account: 'remote.account',
  admin: 'remote.admin',
};
/** A remote's name in the page's language. */
const remoteName = (remote: RemoteId) => releasesT(REMOTE_NAMES[remote]);

/** A share (0–1) as a percentage with at most one decimal, in the page's language. */
const percent = (rate: number) =>
  new Intl.NumberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 1 }).format(rate);
const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** A whole number from 1 to 100, or an explanation. */
export function shareProblem(value: string): string | null {
  if (!/^\d{1,3}$/.test(value.trim())) return releasesT('share.rule');
  const share = Number(value);
  return share >= 1 && share <= 100 ? null : releasesT('share.rule');
}

function useAction() {
  const dispatch = useAppDispatch();
  return async (run: () => Promise<{ error?: unknown } | { data: unknown }>, done: string, failed: string) => {
    const result = await run();
    if ('error' in result && result.error !== undefined) {
      dispatch(showToast({ type: 'error', message: problemOf(result.error, failed) }));
      return false;
    }
    dispatch(showToast({ type: 'success', message: done }));
    return true;
  };
}

function CanaryForm({ release }: { release: RemoteRelease }) {
  const { t } = useReleasesT();
  const name = remoteName(release.remote);
  const choices = release.versions.filter((v) => v.compatible && v.version !== release.stable_version);
  // Offered first: the running canary, else the newest fitting version that was not just rolled back.
  const fresh = choices.find((v) => v.version !== release.auto_rollback?.version) ?? choices[0];
  const [version, setVersion] = useState(release.canary_version ?? fresh?.version ?? '');
  const [share, setShare] = useState(String(release.canary_share || 10));
  const [error, setError] = useState<string | undefined>();
  const [start, { isLoading }] = releasesApi.useAdminStartCanaryMutation();
  const act = useAction();
  if (choices.length === 0) {
    return <p className="ch-muted">{t('canary.nothing')}</p>;
  }
  const chosen = choices.some((v) => v.version === version) ? version : choices[0].version;
  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = shareProblem(share);
    setError(problem ?? undefined);
    if (problem) return;
    await act(
      () => start({ remote: release.remote, version: chosen, share: Number(share) }),
      t('canary.started', { name, version: chosen, share: percent(Number(share) / 100) }),
      t('canary.startFailed'),
    );
  }
  return (
    <form className="releases-canary-form" onSubmit={submit} noValidate>
      <SelectField
        label={t('canary.version', { name })}
        value={chosen}
        options={choices.map((v) => [v.version, v.version] as const)}
        onChange={setVersion}
      />
      <TextField
        label={t('canary.share')}
        inputMode="numeric"
        value={share}
        error={error}
        onChange={(e) => setShare(e.target.value)}
      />
      <Button type="submit" disabled={isLoading}>
        {release.canary_version ? t('canary.update') : t('canary.start')}
      </Button>
    </form>
  );
}

function VersionRow({ release, figures }: { release: RemoteRelease; figures: RemoteVersionFigures }) {
  const { t, language } = useReleasesT();
  const name = remoteName(release.remote);
  const [makeStable, { isLoading }] = releasesApi.useAdminMakeStableMutation();
  const act = useAction();
  const isStable = figures.version === release.stable_version;
  const isCanary = figures.version === release.canary_version;
  const attempts = figures.loads + figures.failures;
  async function choose() {
    const question = t('stable.question', { name, version: figures.version });
    if (!window.confirm(question)) return;
    await act(
      () => makeStable({ remote: release.remote, version: figures.version }),
      t('stable.done', { name, version: figures.version }),
      t('stable.failed'),
    );
  }
  return (
    <tr>
      <th scope="row">
        {figures.version}
        {isStable && <span className="admin-tag releases-tag">{t('tag.stable')}</span>}
        {isCanary && <span className="admin-tag releases-tag releases-tag--canary">{t('tag.canary')}</span>}
      </th>
      <td>{dateTime(figures.built_at)}</td>
      <td>{formatNumber(attempts, language)}</td>
      <td>
        {attempts === 0 && figures.errors === 0 ? (
          '—'
        ) : (
          <>
            {percent(figures.failure_rate)}
            <div className="ch-muted">
              {t('failureCounts', {
                failed: formatNumber(figures.failures + figures.errors, language),
                attempts: formatNumber(attempts, language),
              })}
            </div>
          </>
        )}
      </td>
      <td>
        {figures.median_load_ms === null ? '—' : t('ms', { value: formatNumber(figures.median_load_ms, language) })}
      </td>
      <td className="releases-fit">
        {figures.compatible ? (
          t('fits.yes')
        ) : (
          <span className="admin-negative">{t('fits.no', { reason: figures.incompatibility })}</span>
        )}
      </td>
      <td>
        {!isStable && (
          <Button
            variant="secondary"
            disabled={!figures.compatible || isLoading}
            aria-label={t('stable.actionLabel', { name, version: figures.version })}
            title={figures.compatible ? undefined : t('stable.doesNotFit')}
            onClick={choose}
          >
            {t('stable.action')}
          </Button>
        )}
      </td>
    </tr>
  );
}

function RemoteCard({ release }: { release: RemoteRelease }) {
  const { t } = useReleasesT();
  const name = remoteName(release.remote);
  const versions = { name, canary: release.canary_version, stable: release.stable_version };
  const [promote, promoting] = releasesApi.useAdminPromoteCanaryMutation();
  const [rollBack, rollingBack] = releasesApi.useAdminRollBackCanaryMutation();
  const act = useAction();
  const headingId = `releases-${release.remote}`;
  async function promoteCanary() {
    const question = t('promote.question', versions);
    if (!window.confirm(question)) return;
    await act(
      () => promote(release.remote),
      t('stable.done', { name, version: release.canary_version }),
      t('promote.failed'),
    );
  }
  async function rollBackCanary() {
    const question = t('rollBack.question', versions);
    if (!window.confirm(question)) return;
    await act(() => rollBack(release.remote), t('rollBack.done', versions), t('rollBack.failed'));
  }
  return (
    <section className="ch-card releases-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{name}</h2>
      <dl className="releases-rule">
        <div>
          <dt>{t('rule.stable')}</dt>
          <dd>{release.stable_version}</dd>
        </div>
        <div>
          <dt>{t('rule.canary')}</dt>
          <dd>
            {release.canary_version
              ? t('rule.canaryFor', {
                  version: release.canary_version,
                  share: percent(release.canary_share / 100),
                })
              : t('rule.none')}
          </dd>
        </div>
        <div>
          <dt>{t('rule.lastChange')}</dt>
          <dd>{dateTime(release.updated_at)}</dd>
        </div>
      </dl>
      {release.auto_rollback && (
        <p className="releases-rollback" role="note">
          {t('autoRollback', {
            name,
            version: release.auto_rollback.version,
            at: dateTime(release.auto_rollback.at),
            reason: release.auto_rollback.reason,
          })}
        </p>
      )}
      {release.canary_version && (
        <div className="releases-actions">
          <Button onClick={promoteCanary} disabled={promoting.isLoading}>
            {t('promote', { version: release.canary_version })}
          </Button>
          <Button variant="secondary" onClick={rollBackCanary} disabled={rollingBack.isLoading}>
            {t('rollBack', { version: release.canary_version })}
          </Button>
        </div>
      )}
      <CanaryForm key={`${release.canary_version}-${release.canary_share}`} release={release} />
      <div className="admin-table-wrap releases-table-wrap">
        <table className="admin-table">
          <caption className="releases-caption">
            {t('caption', { name, minutes: formatNumber(CANARY_AUTO_ROLLBACK.windowMinutes) })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('column.version')}</th>
              <th scope="col">{t('column.built')}</th>
              <th scope="col">{t('column.loads')}</th>
              <th scope="col">{t('column.failureRate')}</th>
              <th scope="col">{t('column.medianLoad')}</th>
              <th scope="col">{t('column.fits')}</th>
              <th scope="col">
                <span className="releases-visually-hidden">{t('column.action')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {release.versions.map((figures) => (
              <VersionRow key={figures.version} release={release} figures={figures} />
            ))}
          </tbody>
        </table>
        <p className="ch-muted admin-hint">
          {t('failureRateExplained', { minutes: formatNumber(CANARY_AUTO_ROLLBACK.windowMinutes) })}
        </p>
      </div>
    </section>
  );
}

export function Releases() {
  const { t } = useReleasesT();
  const { data, isError, refetch } = releasesApi.useAdminReleasesQuery(undefined, {
    pollingInterval: REMOTE_ROLLOUT_REFRESH_MS,
  });
  return (
    <AdminLayout title={t('title')}>
      <p className="ch-muted">
        {t('intro', {
          rate: percent(CANARY_AUTO_ROLLBACK.maxFailureRate),
          loads: formatNumber(CANARY_AUTO_ROLLBACK.minLoads),
          reporters: formatNumber(CANARY_AUTO_ROLLBACK.minReporters),
        })}
      </p>
      {isError && <ErrorNotice message={t('failed')} onRetry={refetch} />}
      {!data && !isError && <InlineSpinner />}
      {data?.remotes.map((release) => (
        <RemoteCard key={release.remote} release={release} />
      ))}
    </AdminLayout>
  );
}
