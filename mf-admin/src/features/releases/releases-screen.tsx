/**
 * Releases: per remote, the stable version and the canary with its share of sessions, the versions
 * published with their figures over the last hour side by side (loads, failure rate, median load
 * time) and whether each fits the shell's shared libraries. Staff start or change a canary, promote
 * it, roll it back, or make an older version stable; a version that does not fit cannot be chosen.
 */
import {
  Button,
  CANARY_AUTO_ROLLBACK,
  ErrorNotice,
  InlineSpinner,
  REMOTE_ROLLOUT_REFRESH_MS,
  type RemoteId,
  type RemoteReleasesView,
  type RemoteVersionFigures,
  showToast,
  useAppDispatch,
} from '@cliffhanger/shared';
import { type FormEvent, useState } from 'react';
import { AdminLayout } from '../layout/admin-layout';
import { problemOf, SelectField, TextField } from '../layout/form';
import { releasesApi } from './releases.api';
import './releases.css';

type RemoteRelease = RemoteReleasesView['remotes'][number];

const REMOTE_NAMES: Record<RemoteId, string> = {
  catalog: 'Catalog',
  player: 'Player',
  wallet: 'Wallet',
  account: 'Account',
  admin: 'Admin',
};

const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;
const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** A whole number from 1 to 100, or an explanation. */
export function shareProblem(value: string): string | null {
  if (!/^\d{1,3}$/.test(value.trim())) return 'Enter a whole number from 1 to 100';
  const share = Number(value);
  return share >= 1 && share <= 100 ? null : 'Enter a whole number from 1 to 100';
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
  const name = REMOTE_NAMES[release.remote];
  const choices = release.versions.filter((v) => v.compatible && v.version !== release.stable_version);
  // Offered first: the running canary, else the newest fitting version that was not just rolled back.
  const fresh = choices.find((v) => v.version !== release.auto_rollback?.version) ?? choices[0];
  const [version, setVersion] = useState(release.canary_version ?? fresh?.version ?? '');
  const [share, setShare] = useState(String(release.canary_share || 10));
  const [error, setError] = useState<string | undefined>();
  const [start, { isLoading }] = releasesApi.useAdminStartCanaryMutation();
  const act = useAction();
  if (choices.length === 0) {
    return (
      <p className="ch-muted">No other version that fits the shell is published, so there is nothing to try yet.</p>
    );
  }
  const chosen = choices.some((v) => v.version === version) ? version : choices[0].version;
  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = shareProblem(share);
    setError(problem ?? undefined);
    if (problem) return;
    await act(
      () => start({ remote: release.remote, version: chosen, share: Number(share) }),
      `${name} ${chosen} now goes to ${Number(share)}% of sessions`,
      'The canary could not be started',
    );
  }
  return (
    <form className="releases-canary-form" onSubmit={submit} noValidate>
      <SelectField
        label={`${name} canary version`}
        value={chosen}
        options={choices.map((v) => [v.version, v.version] as const)}
        onChange={setVersion}
      />
      <TextField
        label="Share of sessions (%)"
        inputMode="numeric"
        value={share}
        error={error}
        onChange={(e) => setShare(e.target.value)}
      />
      <Button type="submit" disabled={isLoading}>
        {release.canary_version ? 'Update canary' : 'Start canary'}
      </Button>
    </form>
  );
}

function VersionRow({ release, figures }: { release: RemoteRelease; figures: RemoteVersionFigures }) {
  const name = REMOTE_NAMES[release.remote];
  const [makeStable, { isLoading }] = releasesApi.useAdminMakeStableMutation();
  const act = useAction();
  const isStable = figures.version === release.stable_version;
  const isCanary = figures.version === release.canary_version;
  const attempts = figures.loads + figures.failures;
  async function choose() {
    const question = `Make ${name} ${figures.version} the stable version? Every session not in a canary loads it from the next page view.`;
    if (!window.confirm(question)) return;
    await act(
      () => makeStable({ remote: release.remote, version: figures.version }),
      `${name} ${figures.version} is now stable`,
      'The version could not be made stable',
    );
  }
  return (
    <tr>
      <th scope="row">
        {figures.version}
        {isStable && <span className="admin-tag releases-tag">stable</span>}
        {isCanary && <span className="admin-tag releases-tag releases-tag--canary">canary</span>}
      </th>
      <td>{dateTime(figures.built_at)}</td>
      <td>{attempts}</td>
      <td>{attempts === 0 && figures.errors === 0 ? '—' : percent(figures.failure_rate)}</td>
      <td>{figures.median_load_ms === null ? '—' : `${figures.median_load_ms} ms`}</td>
      <td className="releases-fit">
        {figures.compatible ? 'Yes' : <span className="admin-negative">No: {figures.incompatibility}</span>}
      </td>
      <td>
        {!isStable && (
          <Button
            variant="secondary"
            disabled={!figures.compatible || isLoading}
            aria-label={`Make ${name} ${figures.version} stable`}
            title={figures.compatible ? undefined : 'This version does not fit the shell'}
            onClick={choose}
          >
            Make stable
          </Button>
        )}
      </td>
    </tr>
  );
}

function RemoteCard({ release }: { release: RemoteRelease }) {
  const name = REMOTE_NAMES[release.remote];
  const [promote, promoting] = releasesApi.useAdminPromoteCanaryMutation();
  const [rollBack, rollingBack] = releasesApi.useAdminRollBackCanaryMutation();
  const act = useAction();
  const headingId = `releases-${release.remote}`;
  async function promoteCanary() {
    const question = `Make ${name} ${release.canary_version} stable for every session? ${release.stable_version} stops being served to new page views.`;
    if (!window.confirm(question)) return;
    await act(
      () => promote(release.remote),
      `${name} ${release.canary_version} is now stable`,
      'The canary could not be promoted',
    );
  }
  async function rollBackCanary() {
    const question = `Roll back ${name} ${release.canary_version}? Its sessions go back to ${release.stable_version}.`;
    if (!window.confirm(question)) return;
    await act(
      () => rollBack(release.remote),
      `${name} is back on ${release.stable_version}`,
      'The canary could not be rolled back',
    );
  }
  return (
    <section className="ch-card releases-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{name}</h2>
      <dl className="releases-rule">
        <div>
          <dt>Stable</dt>
          <dd>{release.stable_version}</dd>
        </div>
        <div>
          <dt>Canary</dt>
          <dd>
            {release.canary_version ? `${release.canary_version} for ${release.canary_share}% of sessions` : 'None'}
          </dd>
        </div>
        <div>
          <dt>Last change</dt>
          <dd>{dateTime(release.updated_at)}</dd>
        </div>
      </dl>
      {release.auto_rollback && (
        <p className="releases-rollback" role="note">
          {name} {release.auto_rollback.version} was rolled back automatically on {dateTime(release.auto_rollback.at)}:{' '}
          {release.auto_rollback.reason}.
        </p>
      )}
      {release.canary_version && (
        <div className="releases-actions">
          <Button onClick={promoteCanary} disabled={promoting.isLoading}>
            Promote {release.canary_version}
          </Button>
          <Button variant="secondary" onClick={rollBackCanary} disabled={rollingBack.isLoading}>
            Roll back {release.canary_version}
          </Button>
        </div>
      )}
      <CanaryForm key={`${release.canary_version}-${release.canary_share}`} release={release} />
      <div className="admin-table-wrap releases-table-wrap">
        <table className="admin-table">
          <caption className="releases-caption">
            {name} versions, newest first, with figures over the last {CANARY_AUTO_ROLLBACK.windowMinutes} minutes
          </caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Built</th>
              <th scope="col">Loads</th>
              <th scope="col">Failure rate</th>
              <th scope="col">Median load</th>
              <th scope="col">Fits the shell</th>
              <th scope="col">
                <span className="releases-visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {release.versions.map((figures) => (
              <VersionRow key={figures.version} release={release} figures={figures} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function Releases() {
  const { data, isError, refetch } = releasesApi.useAdminReleasesQuery(undefined, {
    pollingInterval: REMOTE_ROLLOUT_REFRESH_MS,
  });
  return (
    <AdminLayout title="Releases">
      <p className="ch-muted">
        A canary goes to a share of sessions; it is rolled back automatically when its failure rate passes{' '}
        {Math.round(CANARY_AUTO_ROLLBACK.maxFailureRate * 100)}% after {CANARY_AUTO_ROLLBACK.minLoads} loads from at
        least {CANARY_AUTO_ROLLBACK.minReporters} different browsers. Changes reach open pages within a minute.
      </p>
      {isError && <ErrorNotice message="The releases could not be loaded" onRetry={refetch} />}
      {!data && !isError && <InlineSpinner />}
      {data?.remotes.map((release) => (
        <RemoteCard key={release.remote} release={release} />
      ))}
    </AdminLayout>
  );
}
