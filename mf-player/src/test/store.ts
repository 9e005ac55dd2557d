import type { UnknownAction } from 'redux';
import { remoteTestStore } from '../../../shared/testing/remote-store';
import playerModule from '../module';

export { guest } from '../../../shared/testing/remote-store';

/** A host store as the shell builds it, with this remote registered and a guest signed in. */
export const playerStore = (options: { signedIn?: boolean; record?: string[] } = {}) =>
  remoteTestStore(playerModule, options);

/** A player store that also lists every action dispatched to it, in order, for the test to read. */
export function recordingPlayerStore() {
  const store = playerStore();
  const actions: UnknownAction[] = [];
  const dispatch = store.dispatch;
  store.dispatch = ((action: UnknownAction) => {
    actions.push(action);
    return dispatch(action);
  }) as typeof store.dispatch;
  return { store, actions };
}
