import { navigationRequested } from '@cliffhanger/shared';
import { takeEvery } from 'redux-saga/effects';

/** Sagas ask for navigation with a bus event; the shell's router performs it. */
export function* navigationSaga(navigate: (to: string, options: { replace?: boolean }) => unknown) {
  yield takeEvery(navigationRequested.type, ({ payload }: ReturnType<typeof navigationRequested>) => {
    navigate(payload.to, { replace: payload.replace });
  });
}
