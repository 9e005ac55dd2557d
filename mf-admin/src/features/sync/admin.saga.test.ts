import {
  catalogueChanged,
  navigationRequested,
  readStored,
  STAFF_ACCESS_REQUIRED,
  showToast,
} from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { runSaga, stdChannel } from 'redux-saga';
import { adminSaga, isAccessRefused, isCatalogueWrite } from './admin.saga';

const fulfilled = (endpointName: string, payload: unknown, originalArgs: unknown = undefined) => ({
  type: 'api/executeMutation/fulfilled',
  payload,
  meta: { arg: { endpointName, type: 'mutation', originalArgs } },
});
const rejected = (endpointName: string, status: number, data: unknown = undefined) => ({
  type: 'api/executeQuery/rejected',
  payload: { status, message: 'refused', data },
  meta: { arg: { endpointName, type: 'query' } },
});

const series = {
  id: 12,
  title: 'Night Shift',
  title_en: '',
  slug: 'night-shift',
  description: '',
  tags: [],
  year: 2024,
  rating: null,
  is_gold_exclusive: false,
  is_featured: true,
  is_trending: false,
  poster_image: '/media/p.webp',
  cover_image: null,
  banner_image: null,
  deleted_at: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

function run() {
  const channel = stdChannel();
  const dispatched: UnknownAction[] = [];
  const task = runSaga(
    { channel, dispatch: (action: UnknownAction) => dispatched.push(action), getState: () => ({}) },
    adminSaga,
  );
  return { put: (action: UnknownAction) => channel.put(action), dispatched, task };
}

beforeEach(() => window.localStorage.clear());

describe('publishing staff writes to viewers', () => {
  it('announces catalogue/changed and writes the storage key the shell watches', () => {
    const saga = run();
    saga.put(fulfilled('adminUpdateSeries', series));
    expect(saga.dispatched.map((a) => a.type)).toEqual([catalogueChanged.type]);
    expect((saga.dispatched[0] as ReturnType<typeof catalogueChanged>).payload.seriesId).toBe(12);
    expect(readStored('series')).toEqual([
      expect.objectContaining({ id: 12, title_en: 'Night Shift', slug: 'night-shift' }),
    ]);
    saga.task.cancel();
  });

  it('records media overrides and removes a deleted series from the stored collection', () => {
    const saga = run();
    saga.put(fulfilled('adminUpdateSeriesMedia', series));
    expect(readStored('series_media_overrides')).toEqual([
      expect.objectContaining({ series_id: 12, poster_image: '/media/p.webp', cover_image: null }),
    ]);
    saga.put(fulfilled('adminDeleteSeries', { ...series, deleted_at: '2025-02-01T00:00:00.000Z' }));
    expect(readStored('series')).toEqual([]);
    expect(saga.dispatched.filter((a) => a.type === catalogueChanged.type)).toHaveLength(2);
    saga.task.cancel();
  });

  it('ignores reads and other remotes’ calls', () => {
    expect(isCatalogueWrite(fulfilled('adminSeriesList', { results: [] }))).toBe(false);
    expect(isCatalogueWrite(fulfilled('playerUnlockEpisode', {}))).toBe(false);
  });
});

describe('a refused staff call', () => {
  it.each([
    ['a 401', 401, undefined],
    ['the staff-identity 403', 403, { message: 'Staff access is required', code: STAFF_ACCESS_REQUIRED }],
  ])('sends the browser to /admin-login with a toast on %s', (_name, status, data) => {
    const saga = run();
    saga.put(rejected('adminDashboard', status, data));
    expect(saga.dispatched.map((a) => a.type)).toEqual([showToast.type, navigationRequested.type]);
    expect((saga.dispatched[1] as ReturnType<typeof navigationRequested>).payload.to).toBe('/admin-login');
    saga.task.cancel();
  });

  it('never signs anyone out over one refused action: a grant above the limit stays on its screen', () => {
    const saga = run();
    const limit = { message: 'Grants of more than 1000 coins need a superuser.', limit: 1000 };
    saga.put(rejected('adminAdjustCoins', 403, limit));
    saga.put(rejected('adminInvitations', 403, { message: 'Only a superuser can do this' }));
    expect(saga.dispatched).toEqual([]);
    saga.task.cancel();
  });

  it('leaves the registration form and other failures alone', () => {
    expect(isAccessRefused(rejected('adminRegister', 403))).toBe(false);
    expect(isAccessRefused(rejected('adminDashboard', 500))).toBe(false);
    expect(isAccessRefused(rejected('walletBalance', 401))).toBe(false);
  });
});
