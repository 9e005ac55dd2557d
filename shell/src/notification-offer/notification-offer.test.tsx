import {
  createHostStore,
  NOTIFICATION_OFFER_DELAY_MS,
  NOTIFICATION_OFFER_SNOOZE_DAYS,
  type Series,
  seriesAddedToList,
  setLanguage,
} from '@cliffhanger/shared';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { notificationOfferSaga, notificationOfferSlice } from './notification-offer';
import { NotificationOfferCard } from './notification-offer-card';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Time passes on the page (the saga's timer resolves a promise, so its effects land a tick later). */
const passTime = (ms: number) =>
  act(async () => {
    jest.advanceTimersByTime(ms);
  });

function browserWith(permission: NotificationPermission) {
  const requestPermission = jest.fn(async () => 'granted' as NotificationPermission);
  Object.defineProperty(window, 'Notification', {
    configurable: true,
    value: { permission, requestPermission },
  });
  return requestPermission;
}

function startShell() {
  const store = createHostStore({ reducers: { notificationOffer: notificationOfferSlice.reducer } });
  store.runSaga('notification-offer', notificationOfferSaga);
  render(
    <Provider store={store}>
      <NotificationOfferCard />
    </Provider>,
  );
  return store;
}

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  void setLanguage('en');
});
afterEach(() => {
  jest.useRealTimers();
});

describe('the notification offer', () => {
  it('never opens the browser’s dialog at start-up: the shell’s own offer comes after a moment, and only "Turn on" asks', async () => {
    const requestPermission = browserWith('default');
    startShell();
    expect(screen.queryByRole('region', { name: 'Never miss a new episode' })).toBeNull();
    await passTime(NOTIFICATION_OFFER_DELAY_MS - 1);
    expect(screen.queryByRole('region', { name: 'Never miss a new episode' })).toBeNull();
    await passTime(1);
    const offer = screen.getByRole('region', { name: 'Never miss a new episode' });
    expect(offer).toHaveAccessibleDescription(/series you follow get new episodes/);
    // Polite: it is announced, and it does not take the focus.
    expect(offer.parentElement).toHaveAttribute('aria-live', 'polite');
    expect(offer).not.toContainElement(document.activeElement as HTMLElement);
    expect(requestPermission).not.toHaveBeenCalled();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region', { name: 'Never miss a new episode' })).toBeNull();
  });

  it('comes at once when the viewer adds a series to their list', () => {
    browserWith('default');
    const store = startShell();
    act(() => {
      store.dispatch(seriesAddedToList({ series: { id: 1 } as Series }));
    });
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeInTheDocument();
  });

  it('remembers "Not now" for the snooze period, then offers again', async () => {
    const requestPermission = browserWith('default');
    startShell();
    await passTime(NOTIFICATION_OFFER_DELAY_MS);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull();
    expect(requestPermission).not.toHaveBeenCalled();

    // The next visit within the period: no offer, whatever the viewer does.
    const declinedAt = Number(localStorage.getItem('notification_offer_declined_at'));
    expect(declinedAt).toBeGreaterThan(0);
    const next = startShell();
    act(() => {
      next.dispatch(seriesAddedToList({ series: { id: 1 } as Series }));
    });
    await passTime(NOTIFICATION_OFFER_DELAY_MS);
    expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull();

    // Once the period is over, it is offered again.
    localStorage.setItem(
      'notification_offer_declined_at',
      String(declinedAt - NOTIFICATION_OFFER_SNOOZE_DAYS * DAY_MS),
    );
    startShell();
    await passTime(NOTIFICATION_OFFER_DELAY_MS);
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeInTheDocument();
  });

  it('closes with Escape as "Not now", by keyboard', async () => {
    browserWith('default');
    startShell();
    await passTime(NOTIFICATION_OFFER_DELAY_MS);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Turn on' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull();
    expect(localStorage.getItem('notification_offer_declined_at')).not.toBeNull();
  });

  it.each(['granted', 'denied'] as const)('offers nothing once the viewer has %s notifications', async (permission) => {
    const requestPermission = browserWith(permission);
    startShell();
    await passTime(NOTIFICATION_OFFER_DELAY_MS);
    expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull();
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('speaks Russian', async () => {
    browserWith('default');
    await setLanguage('ru');
    startShell();
    await passTime(NOTIFICATION_OFFER_DELAY_MS);
    expect(screen.getByRole('region', { name: 'Не пропускайте новые серии' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Включить' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Не сейчас' })).toBeInTheDocument();
  });
});
