/**
 * The demo catalogue a fresh install makes at start (demo/src/demo-catalogue-run.ts), shown to
 * staff on the dashboard while it is being made: how many series are on the site, and the ones that
 * could not be made. Nothing once every series is ready, or when the catalogue is not the demo's.
 */
import { adminApi } from '../../lib/api/admin.api';
import type { DemoCatalogueProgress as Progress } from '../../lib/api/admin.types';
import { useInsightsT } from './messages';

const DEMO_PROGRESS_POLL_MS = 5_000;

/** Series are still being made: neither on the site nor failed. */
const stillMaking = (progress: Progress | undefined) =>
  !!progress && progress.ready + progress.failed.length < progress.total;

export function DemoCatalogueProgress() {
  const { t } = useInsightsT();
  // Polled only while series are still being made, as the last answer says.
  const last = adminApi.endpoints.adminDemoCatalogue.useQueryState().data;
  const { data } = adminApi.useAdminDemoCatalogueQuery(undefined, {
    pollingInterval: stillMaking(last) ? DEMO_PROGRESS_POLL_MS : 0,
  });
  const making = stillMaking(data);
  if (!data || data.ready >= data.total) return null;
  return (
    <section className="ch-card" aria-label={t('demo.label')}>
      <p role="status">{t(making ? 'demo.making' : 'demo.stopped', { ready: data.ready, total: data.total })}</p>
      <progress className="admin-progress" max={data.total} value={data.ready} aria-label={t('demo.label')} />
      {data.failed.length > 0 && (
        <ul>
          {data.failed.map((f) => (
            <li key={f.slug}>{t('demo.failed', { title: f.title, message: f.message })}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
