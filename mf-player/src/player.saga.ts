/** mf-player's root saga: each feature runs on its own, so one failing does not stop the other. */
import { spawn } from 'redux-saga/effects';
import { progressSaga } from './features/progress/progress.saga';
import { unlockSaga } from './features/unlock/unlock.saga';

export function* playerSaga() {
  yield spawn(unlockSaga);
  yield spawn(progressSaga);
}
