/**
 * How far the demo catalogue is, as staff see it on the dashboard. The catalogue is made by the demo
 * workspace (`demo/`), which the API never imports: the demo's start-up job writes its progress here,
 * in the settings table every API process reads, and the admin's dashboard answers it.
 */
import type { DemoCatalogueProgress } from '@cliffhanger/shared/entities';
import type { Executor } from '../../db/schema';
import { settingValue, upsertSetting } from '../settings/settings.repository';

/** The settings key of the demo catalogue's progress. */
export const DEMO_CATALOGUE_PROGRESS_SETTING = 'demo_catalogue_progress';

const NOTHING_TO_SHOW: DemoCatalogueProgress = { total: 0, ready: 0, failed: [] };

/** What the demo's start-up job last reported: nothing to show (0 series) when there is no demo catalogue. */
export async function demoCatalogueProgress(db: Executor): Promise<DemoCatalogueProgress> {
  const stored = await settingValue(db, DEMO_CATALOGUE_PROGRESS_SETTING);
  return stored === undefined ? NOTHING_TO_SHOW : (JSON.parse(stored) as DemoCatalogueProgress);
}

/** Records how far the demo catalogue is (the demo's start-up job calls it with each change). */
export async function reportDemoCatalogueProgress(db: Executor, progress: DemoCatalogueProgress, at: string) {
  await upsertSetting(db, DEMO_CATALOGUE_PROGRESS_SETTING, JSON.stringify(progress), at);
}
