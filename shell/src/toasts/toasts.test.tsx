import { createHostStore, showToast, type Toast } from '@cliffhanger/shared';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ToastStack } from './toast-stack';
import { toastsSaga } from './toasts.saga';
import { toastDuration, toastsSlice } from './toasts.slice';

function store() {
  return createHostStore({ reducers: { toasts: toastsSlice.reducer }, sagas: [toastsSaga] });
}
const toasts = (s: ReturnType<typeof store>) => (s.getState() as { toasts: Toast[] }).toasts;

afterEach(() => jest.useRealTimers());

describe('toasts', () => {
  it('keeps at most 5 toasts and drops the oldest', () => {
    const s = store();
    for (let i = 1; i <= 7; i += 1) s.dispatch(showToast({ message: `toast ${i}` }));
    expect(toasts(s).map((t) => t.message)).toEqual(['toast 3', 'toast 4', 'toast 5', 'toast 6', 'toast 7']);
  });

  it.each([
    ['success', 4_000],
    ['error', 6_000],
    ['warning', 5_000],
    ['info', 4_000],
  ] as const)('gives a %s toast %i ms', (type, ms) => {
    expect(toastDuration({ type, message: 'x' })).toBe(ms);
  });

  it('gives a toast without a type 5000 ms', () => {
    expect(toastDuration({ message: 'x' })).toBe(5_000);
  });

  it('disappears after its duration', async () => {
    jest.useFakeTimers();
    const s = store();
    s.dispatch(showToast({ type: 'error', message: 'Oh no' }));
    await jest.advanceTimersByTimeAsync(5_999);
    expect(toasts(s)).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(toasts(s)).toHaveLength(0);
  });

  it('is raised by any remote with the toast/show bus event and announced politely', () => {
    const s = store();
    render(
      <Provider store={s}>
        <ToastStack />
      </Provider>,
    );
    act(() => {
      s.dispatch({ type: 'toast/show', payload: { type: 'success', title: 'Saved', message: 'Added to your list' } });
    });
    expect(screen.getByRole('status')).toHaveTextContent('Added to your list');
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveAttribute('aria-live', 'polite');
  });

  it('can be dismissed', async () => {
    const s = store();
    render(
      <Provider store={s}>
        <ToastStack />
      </Provider>,
    );
    act(() => {
      s.dispatch(showToast({ type: 'error', message: 'Payment failed' }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Payment failed');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
