/**
 * Test helpers for the shell's component tests: a store like the page's (without its start-up sagas)
 * and a router over the shell's route table, with every remote answering from memory.
 */
import {
  createHostStore,
  REMOTE_CONTAINER_NAMES,
  REMOTE_IDS,
  type RemoteId,
  SCREENS,
  type ScreenKey,
  screensOf,
  sessionReducer,
  type User,
} from '@cliffhanger/shared';
import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, useNavigate, useRoutes } from 'react-router-dom';
import { federationMock } from '../../scripts/jest/federation-runtime-mock';
import { testUser as remoteTestUser } from '../../shared/testing/remote-store';
import { buildRoutes } from './app/routes';
import { configureRemotes, resetRemoteRegistry } from './federation/remote-registry';
import { followPromptSlice } from './follow-prompt/follow-prompt.slice';
import { notificationOfferSlice } from './notification-offer/notification-offer';
import { toastsSlice } from './toasts/toasts.slice';

export function testStore() {
  return createHostStore({
    reducers: {
      session: sessionReducer,
      toasts: toastsSlice.reducer,
      followPrompt: followPromptSlice.reducer,
      notificationOffer: notificationOfferSlice.reducer,
    },
  });
}

/** Every remote answers with a module whose screens print their own key. */
export function answerEveryRemote() {
  federationMock.reset();
  resetRemoteRegistry();
  configureRemotes(
    Object.fromEntries(REMOTE_IDS.map((id) => [id, `http://localhost/remotes/${id}/mf-manifest.json`])) as Record<
      RemoteId,
      string
    >,
  );
  for (const id of REMOTE_IDS) {
    const screens = Object.fromEntries(screensOf(id).map((key: ScreenKey) => [key, () => <p>{`screen:${key}`}</p>]));
    federationMock.answer(`${REMOTE_CONTAINER_NAMES[id]}/module`, async () => ({
      default: { id, screens, events: { emits: [], handles: [] } },
    }));
  }
}

/**
 * The route table under a memory router (jsdom lacks the Fetch API `Request` the data routers need);
 * `pathname()` answers where the app is now.
 */
function LocationProbe({ seen }: { seen: { pathname: string; navigate?: (to: string) => void } }) {
  seen.pathname = useLocation().pathname;
  seen.navigate = useNavigate();
  return null;
}

function RouteTable() {
  return useRoutes(buildRoutes());
}

export function renderAt(path: string, store = testStore()) {
  const seen: { pathname: string; navigate?: (to: string) => void } = { pathname: path };
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <RouteTable />
        <LocationProbe seen={seen} />
      </MemoryRouter>
    </Provider>,
  );
  const navigate = (to: string) => act(() => seen.navigate?.(to));
  return { ...view, pathname: () => seen.pathname, navigate, store };
}

/** The shell's usual person: Mia, registered, with 25 coins; `extra` says what differs. */
export const testUser = (extra: Partial<User> = {}): User =>
  remoteTestUser({
    email: 'mia@example.com',
    username: 'mia',
    coin_balance: 25,
    created_at: '2025-01-01T00:00:00Z',
    ...extra,
  });

export { SCREENS };
