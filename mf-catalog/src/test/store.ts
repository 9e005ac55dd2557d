import { remoteTestStore } from '../../../shared/testing/remote-store';
import catalogModule from '../module';

export { guest } from '../../../shared/testing/remote-store';

/** A host store as the shell builds it, with this remote registered and a guest signed in. */
export const catalogStore = (options: { signedIn?: boolean; record?: string[] } = {}) =>
  remoteTestStore(catalogModule, options);
