import { guest, remoteTestStore } from '../../../shared/testing/remote-store';
import catalogModule from '../module';

export { guest };

/** A host store as the shell builds it, with this remote registered and a guest signed in; `record` gets each action's type. */
export const catalogStore = ({ signedIn = true, record }: { signedIn?: boolean; record?: string[] } = {}) =>
  remoteTestStore(catalogModule, { user: signedIn ? guest : null, onAction: (action) => record?.push(action.type) });
