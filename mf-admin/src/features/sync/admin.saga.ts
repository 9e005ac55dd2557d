/**
 * The staff area's reactions to its own API traffic:
 * - a successful catalogue write is published to viewers (`catalogue/changed` + the storage record
 *   other tabs watch, see publish.ts);
 * - a 401 from the staff API, or the staff-identity check's 403 (code STAFF_ACCESS_REQUIRED), means this
 *   browser has no staff session (an expired one, a viewer who set `is_admin` by hand, staff access
 *   revoked): it is sent to /admin-login with a toast saying why. Any other 403 is one action refused
 *   (a grant above the limit, a superuser's task): the screen that tried it says why, and nobody is
 *   signed out or sent away.
 */
import { catalogueChanged, navigationRequested, STAFF_ACCESS_REQUIRED, showToast } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { put, takeEvery } from 'redux-saga/effects';
import { CATALOGUE_WRITES } from '../../lib/api/admin.api';
import type { AdminEpisode, AdminSeries } from '../../lib/api/admin.types';
import { syncT } from './messages';
import { recordEpisodeChange, recordMediaOverride, recordSeriesChange } from './publish';

interface QueryMeta {
  arg?: { endpointName?: string; type?: string; originalArgs?: unknown };
}
type ApiAction = UnknownAction & { meta?: QueryMeta; payload?: unknown };

const endpointOf = (action: ApiAction) => action.meta?.arg?.endpointName ?? '';
const isAdminCall = (action: ApiAction) => {
  const name = endpointOf(action);
  // Staff registration is the one staff call made without a session: its refusals are shown in its form.
  return name.startsWith('admin') && name !== 'adminRegister';
};

export const isCatalogueWrite = (action: ApiAction) =>
  action.type.startsWith('api/') && action.type.endsWith('/fulfilled') && CATALOGUE_WRITES.has(endpointOf(action));

export const isAccessRefused = (action: ApiAction) => {
  if (!action.type.startsWith('api/') || !action.type.endsWith('/rejected') || !isAdminCall(action)) return false;
  const payload = action.payload as { status?: number; data?: { code?: unknown } } | undefined;
  return payload?.status === 401 || (payload?.status === 403 && payload.data?.code === STAFF_ACCESS_REQUIRED);
};

/** Writes the storage record of one successful write; the answer's shape says what changed. */
export function recordWrite(endpoint: string, payload: unknown, originalArgs: unknown) {
  if (endpoint === 'adminUpdateSeriesMedia') {
    recordMediaOverride(payload as AdminSeries);
    recordSeriesChange(payload as AdminSeries);
  } else if (endpoint.endsWith('Series')) {
    recordSeriesChange(payload as AdminSeries);
  } else if (endpoint === 'adminReorderEpisodes') {
    for (const episode of payload as AdminEpisode[]) recordEpisodeChange(episode);
  } else if (endpoint === 'adminDeleteEpisode') {
    recordEpisodeChange({ id: originalArgs as number, series_id: 0, title: '', episode_number: 0 }, true);
  } else if (endpoint.endsWith('Episode')) {
    recordEpisodeChange(payload as AdminEpisode);
  }
}

function seriesIdOf(payload: unknown): number | undefined {
  if (Array.isArray(payload)) return (payload[0] as AdminEpisode | undefined)?.series_id;
  const record = payload as { series_id?: number; id?: number; slug?: string } | undefined;
  if (record?.series_id !== undefined) return record.series_id;
  return record?.slug !== undefined ? record.id : undefined;
}

export function* publishWrite(action: ApiAction) {
  const endpoint = endpointOf(action);
  try {
    recordWrite(endpoint, action.payload, action.meta?.arg?.originalArgs);
  } catch {
    // Storage full or disabled: this tab's own announcement below still reaches its viewer screens.
  }
  const seriesId = seriesIdOf(action.payload);
  yield put(catalogueChanged({ ...(seriesId !== undefined ? { seriesId } : {}), at: Date.now() }));
}

export function* sendToStaffSignIn(action: ApiAction) {
  const status = (action.payload as { status?: number }).status;
  yield put(
    showToast({
      type: 'error',
      title: syncT(status === 401 ? 'ended.title' : 'refused.title'),
      message: syncT(status === 401 ? 'ended.message' : 'refused.message'),
    }),
  );
  yield put(navigationRequested({ to: '/admin-login', replace: true }));
}

// redux-saga's pattern type wants a predicate over any action; these read only what they check.
const matches = (predicate: (action: ApiAction) => boolean) => (action: unknown) => predicate(action as ApiAction);

export function* adminSaga() {
  yield takeEvery(matches(isCatalogueWrite), publishWrite);
  yield takeEvery(matches(isAccessRefused), sendToStaffSignIn);
}
