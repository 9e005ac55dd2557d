/**
 * Opt-in auto-unlock per viewer and series (issue #17): off by default, turned on with a spend cap the
 * viewer chooses, turned off in one request. Only the viewer's own setting is reachable (identity from
 * the token; the series from the path). The automatic unlock itself is `unlockEpisode` with
 * `automatic: true` (unlocks.service.ts), which spends against the cap in the unlock's transaction.
 */
import { SERIES_NOT_FOUND_MESSAGE } from '@cliffhanger/shared/constants';
import type { AutoUnlockRefusal, AutoUnlockSetting } from '@cliffhanger/shared/entities';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { UserRow } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { findVisibleSeries } from '../catalogue/catalogue.repository';
import { type AutoUnlockRow, disableAutoUnlock, enableAutoUnlock, findAutoUnlock } from './auto-unlock.repository';

/** The wire shape of a stored setting; a series never set up is off with nothing spent. */
export function settingOf(seriesId: number, row: AutoUnlockRow | undefined): AutoUnlockSetting {
  if (!row) return { series_id: seriesId, enabled: false, cap: 0, spent: 0, left: 0 };
  const left = row.enabled ? Math.max(0, row.cap_coins - row.spent_coins) : 0;
  return { series_id: seriesId, enabled: row.enabled, cap: row.cap_coins, spent: row.spent_coins, left };
}

const coins = (n: number) => `${n} ${n === 1 ? 'coin' : 'coins'}`;

function limitLeft(left: number, cap: number): string {
  if (left <= 0) return `your ${cap}-coin limit is used up`;
  return `only ${coins(left)} of your ${cap}-coin limit ${left === 1 ? 'is' : 'are'} left`;
}

/** 409 for an automatic unlock the setting does not allow; says why in words the player can show. */
export function autoUnlockRefused(setting: AutoUnlockSetting, episodeNumber: number, cost: number): HttpError {
  const reason: AutoUnlockRefusal = setting.enabled ? 'auto_unlock_cap_reached' : 'auto_unlock_off';
  const message = setting.enabled
    ? `Auto-unlock stopped at episode ${episodeNumber}: it costs ${coins(cost)} and ${limitLeft(setting.left, setting.cap)}. Nothing was charged.`
    : 'Auto-unlock is off for this series, so nothing was charged.';
  return new HttpError(409, message, { reason, coin_cost: cost, cap: setting.cap, spent: setting.spent });
}

async function visibleSeriesId(ctx: AppContext, seriesId: number): Promise<number> {
  const series = await findVisibleSeries(ctx.db, seriesId, nowIso(ctx));
  if (!series) throw notFound(SERIES_NOT_FOUND_MESSAGE);
  return series.id;
}

export async function readAutoUnlock(ctx: AppContext, viewer: UserRow, seriesId: number): Promise<AutoUnlockSetting> {
  const id = await visibleSeriesId(ctx, seriesId);
  return settingOf(id, await findAutoUnlock(ctx.db, viewer.id, id));
}

/** Turns auto-unlock on with the viewer's cap (or changes the cap while it is on). */
export async function turnOnAutoUnlock(
  ctx: AppContext,
  viewer: UserRow,
  seriesId: number,
  cap: number,
): Promise<AutoUnlockSetting> {
  const id = await visibleSeriesId(ctx, seriesId);
  await enableAutoUnlock(ctx.db, viewer.id, id, cap, nowIso(ctx));
  return settingOf(id, await findAutoUnlock(ctx.db, viewer.id, id));
}

export async function turnOffAutoUnlock(
  ctx: AppContext,
  viewer: UserRow,
  seriesId: number,
): Promise<AutoUnlockSetting> {
  const id = await visibleSeriesId(ctx, seriesId);
  await disableAutoUnlock(ctx.db, viewer.id, id, nowIso(ctx));
  return settingOf(id, await findAutoUnlock(ctx.db, viewer.id, id));
}
