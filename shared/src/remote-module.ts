/**
 * The contract between the shell and its remotes. Every remote exposes `./module`, a value that
 * satisfies `RemoteModule`; the shell loads it at run time, mounts its reducer, starts its saga once and
 * renders its screens for the paths of the route table (`routes.ts`).
 */
import type { ActionCreatorWithPayload, PayloadActionCreator, Reducer } from '@reduxjs/toolkit';
import type { ComponentType } from 'react';
import type { Saga } from 'redux-saga';
import type { BaseApi } from './api/base-api';
import type { RemoteId, ScreenKey, ScreensOf } from './routes';

// biome-ignore lint/suspicious/noExplicitAny: an event creator of any payload
export type BusEvent = PayloadActionCreator<any, string> | ActionCreatorWithPayload<any, string>;

export interface RemoteModule<Id extends RemoteId = RemoteId> {
  /** The remote's name in `remotes.json`; also the key its reducer is mounted under. */
  id: Id;
  /** One component per screen the route table gives to this remote. */
  screens: { [K in ScreensOf<Id>]: ComponentType };
  reducer?: Reducer;
  /** The root saga; started once per store, whatever the number of registrations. */
  saga?: Saga;
  /**
   * Injects the remote's RTK Query endpoints into the shared API; called once per store. Endpoint names
   * are global to the page, so each remote prefixes its own (`playerEpisode`, `walletCoinPackages`).
   */
  endpoints?: (api: BaseApi) => unknown;
  /** The bus events this remote dispatches and the ones it reacts to (checked against the catalogue). */
  events: { emits: BusEvent[]; handles: BusEvent[] };
}

export type AnyRemoteModule = { [Id in RemoteId]: RemoteModule<Id> }[RemoteId];

/**
 * What joining a remote to the store needs: its module without the screens. A remote's exposed panels
 * register this much, so they need not import the remote's screens (which import the panels).
 */
export type RemoteParts<Id extends RemoteId = RemoteId> = Omit<RemoteModule<Id>, 'screens'>;
export type AnyRemoteParts = { [Id in RemoteId]: RemoteParts<Id> }[RemoteId];

export function isRemoteModule(value: unknown): value is AnyRemoteModule {
  if (!value || typeof value !== 'object') return false;
  const m = value as Partial<RemoteModule>;
  return (
    typeof m.id === 'string' &&
    !!m.screens &&
    typeof m.screens === 'object' &&
    !!m.events &&
    Array.isArray(m.events.emits) &&
    Array.isArray(m.events.handles)
  );
}

export type { ScreenKey };
