import { createHostStore, sessionReducer } from '@cliffhanger/shared';
import { analyticsSaga } from '../analytics/analytics.saga';
import { followPromptSaga } from '../follow-prompt/follow-prompt.saga';
import { followPromptSlice } from '../follow-prompt/follow-prompt.slice';
import { inAppBrowserSaga, inAppBrowserSlice } from '../in-app-browser/in-app-browser.saga';
import { monitoringSaga } from '../monitoring/monitoring.saga';
import { notificationOfferSlice } from '../notification-offer/notification-offer';
import { profilePollSaga } from '../session/profile-poll.saga';
import { sessionSaga } from '../session/session.saga';
import { toastsSaga } from '../toasts/toasts.saga';
import { toastsSlice } from '../toasts/toasts.slice';
import { navigationSaga } from './navigation.saga';

/**
 * The page's one store: shell-owned session, toasts and prompts, plus whatever remotes join later.
 * Each saga runs isolated, so one failing never stops the others.
 */
export function createShellStore(navigate: (to: string, options: { replace?: boolean }) => unknown) {
  return createHostStore({
    reducers: {
      session: sessionReducer,
      toasts: toastsSlice.reducer,
      followPrompt: followPromptSlice.reducer,
      inAppBrowser: inAppBrowserSlice.reducer,
      notificationOffer: notificationOfferSlice.reducer,
    },
    sagas: [
      // analytics first, so it hears the events the session saga dispatches while it starts
      function* analytics() {
        yield* analyticsSaga();
      },
      monitoringSaga,
      toastsSaga,
      function* navigation() {
        yield* navigationSaga(navigate);
      },
      sessionSaga,
      function* profilePoll() {
        yield* profilePollSaga();
      },
      followPromptSaga,
      function* inAppBrowser() {
        yield* inAppBrowserSaga();
      },
    ],
  });
}
