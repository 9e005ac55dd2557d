import { apiClient, balanceChanged, createHostStore, setLanguage, showToast } from '@cliffhanger/shared';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { Provider } from 'react-redux';
import { runSaga } from 'redux-saga';
import { testStore } from '../test-support';
import { checkFollowReward, claimFollowReward, nextShiftSequence, watchShiftSequence } from './follow-prompt.saga';
import { followPromptOpened } from './follow-prompt.slice';
import { FollowPromptDialog } from './follow-prompt-dialog';

function press(code: string, timeStamp: number) {
  const event = new KeyboardEvent('keydown', { code });
  Object.defineProperty(event, 'timeStamp', { value: timeStamp });
  window.dispatchEvent(event);
}

describe('the left-Shift sequence', () => {
  it('counts presses within 2 s of the last and starts over after a longer pause', () => {
    let s = { count: 0, lastAt: Number.NEGATIVE_INFINITY };
    s = nextShiftSequence(s, 0);
    s = nextShiftSequence(s, 2_000);
    expect(s.count).toBe(2);
    s = nextShiftSequence(s, 4_001);
    expect(s.count).toBe(1);
  });

  it('opens the prompt on the 4th left-Shift press, each within 2 s of the last', async () => {
    const dispatched: Array<{ type: string }> = [];
    const task = runSaga(
      { dispatch: (a: { type: string }) => dispatched.push(a), getState: () => ({}) },
      watchShiftSequence,
      window,
    );
    press('ShiftLeft', 100);
    press('ShiftRight', 200);
    press('ShiftLeft', 1_500);
    press('ShiftLeft', 3_400);
    expect(dispatched.map((a) => a.type)).not.toContain(followPromptOpened.type);
    press('ShiftLeft', 5_000);
    expect(dispatched.map((a) => a.type)).toContain(followPromptOpened.type);
    task.cancel();
  });

  it.each([
    ['a text field', () => document.createElement('input')],
    ['a text area', () => document.createElement('textarea')],
    [
      'editable text',
      () => {
        const div = document.createElement('div');
        div.setAttribute('contenteditable', 'true');
        const inner = document.createElement('span');
        div.appendChild(inner);
        return inner;
      },
    ],
  ])('ignores left-Shift presses typed into %s', (_label, make) => {
    const dispatched: Array<{ type: string }> = [];
    const task = runSaga(
      { dispatch: (a: { type: string }) => dispatched.push(a), getState: () => ({}) },
      watchShiftSequence,
      window,
    );
    const field = make();
    const host = field.parentElement ?? field;
    document.body.appendChild(host);
    for (const at of [0, 300, 600, 900, 1_200]) {
      const event = new KeyboardEvent('keydown', { code: 'ShiftLeft', bubbles: true });
      Object.defineProperty(event, 'timeStamp', { value: at });
      field.dispatchEvent(event);
    }
    expect(dispatched.map((a) => a.type)).not.toContain(followPromptOpened.type);
    press('ShiftLeft', 2_000);
    press('ShiftLeft', 2_300);
    press('ShiftLeft', 2_600);
    press('ShiftLeft', 2_900);
    expect(dispatched.map((a) => a.type)).toContain(followPromptOpened.type);
    host.remove();
    task.cancel();
  });

  it('does not open when a press comes more than 2 s after the last', () => {
    const dispatched: Array<{ type: string }> = [];
    const task = runSaga(
      { dispatch: (a: { type: string }) => dispatched.push(a), getState: () => ({}) },
      watchShiftSequence,
      window,
    );
    for (const at of [0, 1_000, 3_500, 4_000]) press('ShiftLeft', at);
    expect(dispatched).toEqual([]);
    task.cancel();
  });
});

describe('the follow prompt dialog', () => {
  function open() {
    const store = testStore();
    render(
      <Provider store={store}>
        <button type="button">before</button>
        <FollowPromptDialog />
      </Provider>,
    );
    screen.getByRole('button', { name: 'before' }).focus();
    act(() => {
      store.dispatch(followPromptOpened());
    });
    return store;
  }

  it('invites to follow Cliffhanger with a 100 coins icon and a Continue button that has focus', () => {
    open();
    const dialog = screen.getByRole('dialog', { name: 'Follow Cliffhanger' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByText('100 coins')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus();
  });

  it('speaks Russian to a Russian viewer, with the coins in the right plural form', async () => {
    await setLanguage('ru');
    try {
      open();
      expect(screen.getByRole('dialog', { name: 'Подпишитесь на Cliffhanger' })).toBeInTheDocument();
      expect(screen.getByText('100 монет')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Продолжить' })).toHaveFocus();
    } finally {
      await setLanguage('en');
    }
  });

  it('keeps focus inside while open', async () => {
    open();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus();
  });

  it('closes with Escape and gives focus back', async () => {
    open();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'before' })).toHaveFocus();
  });
});

describe('claiming the follow reward', () => {
  let server: MockAdapter;
  beforeEach(() => {
    localStorage.clear();
    server = new MockAdapter(apiClient());
    jest.spyOn(window, 'open').mockImplementation(() => null);
  });
  afterEach(() => {
    server.restore();
    jest.restoreAllMocks();
  });

  async function claim() {
    const dispatched: Array<{ type: string; payload?: unknown }> = [];
    const store = createHostStore();
    await runSaga(
      {
        dispatch: (a: { type: string }) => {
          dispatched.push(a);
          return store.dispatch(a);
        },
        getState: store.getState,
      },
      claimFollowReward,
    ).toPromise();
    return dispatched;
  }

  it('claims through the API, updates the balance and thanks the viewer; a second claim the server refuses says so', async () => {
    server.onPost('/rewards/follow/').replyOnce(200, { balance: 130, credited: true, coins: 100 });
    server.onPost('/rewards/follow/').replyOnce(200, { balance: 130, credited: false, coins: 0 });
    const dispatched = await claim();
    expect(dispatched).toContainEqual(balanceChanged({ balance: 130, reason: 'follow_prompt' }));
    expect(dispatched.find((a) => a.type === showToast.type)?.payload).toMatchObject({ type: 'success' });
    const again = await claim();
    expect(again.find((a) => a.type === showToast.type)?.payload).toMatchObject({
      type: 'info',
      message: 'You have already collected your follow reward. Thank you!',
    });
  });

  it('asks the server on opening whether the reward was collected, and then offers no coins again', async () => {
    server.onGet('/rewards/').reply(200, { follow: { coins: 100, claimed: true } });
    const store = testStore();
    render(
      <Provider store={store}>
        <FollowPromptDialog />
      </Provider>,
    );
    await runSaga({ dispatch: store.dispatch, getState: store.getState }, checkFollowReward).toPromise();
    act(() => {
      store.dispatch(followPromptOpened());
    });
    expect(
      screen.getByText(
        'You have collected your 100 coins for following Cliffhanger. Thank you! Continue opens our page.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('100 coins')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(window.open).toHaveBeenCalled();
    expect(server.history.post).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('explains politely when the reward is not available (404)', async () => {
    server.onPost('/rewards/follow/').reply(404);
    const dispatched = await claim();
    expect(dispatched.find((a) => a.type === showToast.type)?.payload).toMatchObject({
      type: 'warning',
      message: 'The follow reward is not available yet. Please try again later.',
    });
  });
});
