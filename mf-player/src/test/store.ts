import type { UnknownAction } from 'redux';
import { guest, remoteTestStore } from '../../../shared/testing/remote-store';
import playerModule from '../module';

export { guest };

/** A host store as the shell builds it, with this remote registered and a guest signed in; `record` gets each action's type. */
export const playerStore = ({ signedIn = true, record }: { signedIn?: boolean; record?: string[] } = {}) =>
  remoteTestStore(playerModule, { user: signedIn ? guest : null, onAction: (action) => record?.push(action.type) });

/** A player store that also lists every action dispatched to it, in order, for the test to read. */
export function recordingPlayerStore() {
  const actions: UnknownAction[] = [];
  const store = remoteTestStore(playerModule, { user: guest, onAction: (action) => actions.push(action) });
  return { store, actions };
}
