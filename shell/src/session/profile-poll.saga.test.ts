import { feedClient, initialSessionState, resetTransportPolicy, type User } from '@cliffhanger/shared';
import MockAdapter from 'axios-mock-adapter';
import { runSaga, stdChannel, type Task } from 'redux-saga';
import { profilePollSaga } from './profile-poll.saga';
import { sessionStarted } from './session.saga';

const FLAGS = { paying: false, registered: false, verified: false, has_active_subs: false };

/** A document whose visibility the test sets, announcing each change as a browser does. */
function fakeDocument() {
  let state: DocumentVisibilityState = 'visible';
  const doc = new EventTarget() as Document;
  Object.defineProperty(doc, 'visibilityState', { get: () => state });
  return {
    doc,
    show(next: DocumentVisibilityState) {
      state = next;
      doc.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

let feed: MockAdapter;
let task: Task | undefined;
beforeEach(() => {
  jest.useFakeTimers();
  resetTransportPolicy();
  feed = new MockAdapter(feedClient());
});
afterEach(() => {
  task?.cancel();
  feed.restore();
  jest.useRealTimers();
});

/** Starts the poll for a registered guest; answers how many lookups were sent so far. */
function startPolling(doc: Document) {
  const channel = stdChannel();
  const user = { id: 3, is_guest: true } as User;
  task = runSaga(
    {
      channel,
      dispatch: () => undefined,
      getState: () => ({ session: { ...initialSessionState, user, flags: FLAGS } }),
    },
    profilePollSaga,
    doc,
  );
  channel.put(sessionStarted());
  return () => feed.history.post.length;
}

describe('the public-view poll', () => {
  it('asks every 2 s while the lookup answers', async () => {
    feed.onPost('/user/public-view/').reply(200, FLAGS);
    const sent = startPolling(fakeDocument().doc);
    await jest.advanceTimersByTimeAsync(10_000 - 1);
    expect(sent()).toBe(5);
  });

  it('sends nothing while the tab is hidden and asks again as soon as it is shown', async () => {
    feed.onPost('/user/public-view/').reply(200, FLAGS);
    const page = fakeDocument();
    const sent = startPolling(page.doc);
    await jest.advanceTimersByTimeAsync(100);
    page.show('hidden');
    await jest.advanceTimersByTimeAsync(60_000);
    expect(sent()).toBe(1);
    page.show('visible');
    await jest.advanceTimersByTimeAsync(100);
    expect(sent()).toBe(2);
  });

  it('backs off while the lookup fails (4 s, 8 s, 16 s, 32 s …) instead of asking every 2 s', async () => {
    feed.onPost('/user/public-view/').reply(500);
    const sent = startPolling(fakeDocument().doc);
    await jest.advanceTimersByTimeAsync(60_000 - 1);
    // At 0, 4, 12, 28 and 60 s: five lookups in a minute where thirty would have gone.
    expect(sent()).toBe(4);
    await jest.advanceTimersByTimeAsync(1);
    expect(sent()).toBe(5);
  });

  it('asks a refusing lookup nothing before the Retry-After it gave', async () => {
    feed.onPost('/user/public-view/').replyOnce(429, {}, { 'retry-after': '45' });
    feed.onPost('/user/public-view/').reply(200, FLAGS);
    const sent = startPolling(fakeDocument().doc);
    await jest.advanceTimersByTimeAsync(45_000 - 1);
    expect(sent()).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(sent()).toBe(2);
  });
});
