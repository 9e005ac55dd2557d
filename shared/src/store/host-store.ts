/**
 * The host store: one Redux store per page, created by the shell (or a remote's standalone harness).
 * Remotes join it with `registerModule`: their reducer is mounted under their id, their endpoints are
 * injected and their root saga is started exactly once, however often they register; a newer version
 * of a remote replaces the older one's reducer, endpoints and saga.
 */
import {
  type Action,
  combineReducers,
  configureStore,
  type Middleware,
  type Reducer,
  type ReducersMapObject,
} from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import createSagaMiddleware, { type Saga, type Task } from 'redux-saga';
import { call } from 'redux-saga/effects';
import { baseApi } from '../api/base-api';
import { remoteJoined } from '../bus/events';
import type { AnyRemoteParts } from '../remote-module';

export interface HostStoreOptions {
  reducers?: ReducersMapObject;
  sagas?: Saga[];
  middleware?: Middleware[];
  preloadedState?: Record<string, unknown>;
  onSagaError?: (error: unknown) => void;
}

/** A saga that logs its own failure instead of tearing down every other saga of the page. */
export function isolate(name: string, saga: Saga, onError: (error: unknown) => void): Saga {
  return function* isolated() {
    try {
      yield call(saga);
    } catch (error) {
      onError(error);
      console.error(`[cliffhanger] the saga of "${name}" stopped`, error);
    }
  };
}

/** Dispatched when another version of a remote takes its place: its state starts afresh. */
export const MODULE_REPLACED = '@@host/moduleReplaced';

export function createHostStore(options: HostStoreOptions = {}) {
  const onSagaError = options.onSagaError ?? (() => undefined);
  const sagaMiddleware = createSagaMiddleware({ onError: onSagaError });
  const staticReducers: ReducersMapObject = {
    [baseApi.reducerPath]: baseApi.reducer,
    ...options.reducers,
  };
  const moduleReducers: Record<string, Reducer> = {};
  const injected: Record<string, Reducer> = {};
  const build = () => combineReducers({ ...staticReducers, ...moduleReducers }) as Reducer;

  const store = configureStore({
    reducer: build(),
    preloadedState: options.preloadedState,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { warnAfter: 128 }, immutableCheck: { warnAfter: 128 } })
        .concat(baseApi.middleware, sagaMiddleware)
        .concat(options.middleware ?? []),
  });
  setupListeners(store.dispatch);

  const modules = new Map<string, { module: AnyRemoteParts; task: Task | null }>();
  for (const saga of options.sagas ?? []) sagaMiddleware.run(isolate('shell', saga, onSagaError));

  return Object.assign(store, {
    /**
     * Mounts a reducer under `key` (replacing an earlier one of the same key). A replacement starts
     * from its own initial state on `moduleReplaced(key)`: another version's state may not fit it.
     */
    injectReducer(key: string, reducer: Reducer) {
      if (injected[key] === reducer) return;
      injected[key] = reducer;
      moduleReducers[key] = (state, action) =>
        action.type === MODULE_REPLACED && (action as { payload?: unknown }).payload === key
          ? reducer(undefined, action)
          : reducer(state, action);
      store.replaceReducer(build());
    },
    runSaga(name: string, saga: Saga): Task {
      return sagaMiddleware.run(isolate(name, saga, onSagaError));
    },
    modules,
  });
}

export type HostStore = ReturnType<typeof createHostStore>;
export type HostDispatch = HostStore['dispatch'];

/**
/**
 * Joins a remote to the store: its module, or only the parts that need no screens (a panel shown inside
 * another remote's screen registers those). Idempotent: the same build registered again — a second
 * mount, or its whole module after its parts (the same saga and reducer) — keeps its running saga and its
 * state. Another build of the same remote (a newer version, loaded on the next mount of its screen)
 * replaces it exactly once: its reducer takes the key, its state starts from its initial value, its
 * endpoints replace the old ones, the old root saga is cancelled and the new one started.
 * Answers whether this call started the module's saga (first registration or a replacement).
 */
export function registerModule(store: HostStore, module: AnyRemoteParts): boolean {
  const known = store.modules.get(module.id);
  if (known && known.module === module) return false;
  if (known && known.module.saga === module.saga && known.module.reducer === module.reducer) {
    known.module = module;
    return false;
  }
  if (module.reducer) store.injectReducer(module.id, module.reducer);
  if (known) {
    known.task?.cancel();
    store.dispatch({ type: MODULE_REPLACED, payload: module.id });
  }
  module.endpoints?.(baseApi);
  const task = module.saga ? store.runSaga(module.id, module.saga) : null;
  store.modules.set(module.id, { module, task });
  store.dispatch(remoteJoined({ remote: module.id }));
  return true;
}

export type AppAction = Action<string>;
