/** Keeps the error reporter's user in step with the session. */
import { guestCreated, signedIn, signedOut, type User, userUpdated } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { takeEvery } from 'redux-saga/effects';
import { setMonitoredUser } from './monitoring';

export function* monitoringSaga() {
  yield takeEvery([signedIn.type, userUpdated.type, guestCreated.type], (action: UnknownAction) =>
    setMonitoredUser((action as unknown as { payload: { user: User | null } }).payload.user),
  );
  yield takeEvery(signedOut.type, () => setMonitoredUser(null));
}
