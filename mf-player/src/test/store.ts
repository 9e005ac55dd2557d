import { remoteTestStore } from '../../../shared/testing/remote-store';
import playerModule from '../module';

export { guest } from '../../../shared/testing/remote-store';

/** A host store as the shell builds it, with this remote registered and a guest signed in. */
export const playerStore = (options: { signedIn?: boolean; record?: string[] } = {}) =>
  remoteTestStore(playerModule, options);
