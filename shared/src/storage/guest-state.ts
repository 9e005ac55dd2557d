/**
 * The local guest (product.md#browser-storage): a guest the API could not register lives only in this browser, with its
 * balance, watch history and purchases. Guest data older than 30 days is removed (product.md#browser-storage).
 */
import { GUEST_DATA_MAX_AGE_MS } from '../constants';
import type { LocalGuestState } from '../entities';
import { readStored, removeStored, writeStored } from './local-storage';

export function newLocalGuest(id: string, now = Date.now()): LocalGuestState {
  return { id, balance: 0, watchHistory: [], purchases: [], lastUpdated: now };
}

export function isGuestStateStale(state: LocalGuestState, now = Date.now()): boolean {
  return now - state.lastUpdated > GUEST_DATA_MAX_AGE_MS;
}

/** Answers the stored local guest, removing it first when it is older than 30 days or corrupt. */
export function readLocalGuest(now = Date.now()): LocalGuestState | null {
  const state = readStored('guest_state');
  if (state && isGuestStateStale(state, now)) {
    removeStored('guest_state');
    return null;
  }
  return state;
}

export function writeLocalGuest(state: LocalGuestState, now = Date.now()): LocalGuestState {
  const next = { ...state, lastUpdated: now };
  writeStored('guest_state', next);
  return next;
}

/** Removes guest data older than 30 days; answers whether something was removed. */
export function purgeStaleGuestData(now = Date.now()): boolean {
  const state = readStored('guest_state');
  if (state && isGuestStateStale(state, now)) {
    removeStored('guest_state');
    return true;
  }
  return false;
}
