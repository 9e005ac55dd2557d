import { ANALYTICS_EVENTS, seriesAddedToList, seriesRemovedFromList, showToast, trackEvent } from '@cliffhanger/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { series } from '../../test/fixtures';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { recordingPlayerStore } from '../../test/store';
import { ActionRail, shareSeriesLink } from './action-rail';

let http: HttpMock;
afterEach(() => http?.restore());

function renderRail(initial: number[], change: { status: number } = { status: 200 }) {
  let list = [...initial];
  http = mockHttp((config) => {
    if (config.url === '/users/my-list/') return { status: 200, data: list.map((id) => series(id)) };
    if (change.status !== 200) return change;
    if (config.url === '/series/3/add-to-list/') list = [...list, 3];
    else if (config.url === '/series/3/remove-from-list/') list = list.filter((id) => id !== 3);
    else return undefined;
    return change;
  });
  const { store, actions } = recordingPlayerStore();
  const onEpisodes = jest.fn();
  render(
    <Provider store={store}>
      <ActionRail series={series(3)} seriesId={3} seriesTitle="Series 3" drawerOpen={false} onEpisodes={onEpisodes} />
    </Provider>,
  );
  return { actions, onEpisodes };
}

describe('the phone player’s rail', () => {
  it('adds the series to my list and tells every screen', async () => {
    const { actions } = renderRail([]);
    const button = await screen.findByRole('button', { name: 'My list' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'In my list' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(http.calls.some((c) => c.method === 'POST' && c.url === '/series/3/add-to-list/')).toBe(true);
    expect(actions.some((a) => seriesAddedToList.match(a) && a.payload.series.id === 3)).toBe(true);
  });

  it('removes a series already in the list', async () => {
    const { actions } = renderRail([3]);
    const button = await screen.findByRole('button', { name: 'In my list' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(screen.getByRole('button', { name: 'My list' })).toBeInTheDocument());
    expect(http.calls.some((c) => c.method === 'DELETE' && c.url === '/series/3/remove-from-list/')).toBe(true);
    expect(actions.some((a) => seriesRemovedFromList.match(a) && a.payload.seriesId === 3)).toBe(true);
  });

  it('says so politely and changes nothing when the list cannot be changed', async () => {
    const { actions } = renderRail([], { status: 400 });
    const button = await screen.findByRole('button', { name: 'My list' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(actions.some((a) => showToast.match(a) && a.payload.type === 'error')).toBe(true));
    expect(actions.some(seriesAddedToList.match)).toBe(false);
    expect(screen.getByRole('button', { name: 'My list' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('opens the episode drawer', async () => {
    const { onEpisodes } = renderRail([]);
    const button = screen.getByRole('button', { name: 'Episodes' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(button);
    expect(onEpisodes).toHaveBeenCalledTimes(1);
  });

  it('shares with the device’s share sheet where there is one, and reports it', async () => {
    const share = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      const { actions } = renderRail([]);
      await userEvent.click(screen.getByRole('button', { name: 'Share' }));
      await waitFor(() => expect(share).toHaveBeenCalled());
      expect(share.mock.calls[0][0]).toMatchObject({ title: 'Series 3', url: `${window.location.origin}/series/3` });
      await waitFor(() =>
        expect(actions.some((a) => trackEvent.match(a) && a.payload.event === ANALYTICS_EVENTS.shareNative)).toBe(true),
      );
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });
});

describe('sharing a series link', () => {
  const url = 'https://cliffhanger.example.com/series/3';
  it('copies the link where the device has no share sheet', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    const nav = { clipboard: { writeText } } as unknown as Navigator;
    await expect(shareSeriesLink('Series 3', url, nav)).resolves.toBe('copied');
    expect(writeText).toHaveBeenCalledWith(url);
  });

  it('does nothing more when the viewer closes the share sheet', async () => {
    const writeText = jest.fn();
    const share = jest.fn().mockRejectedValue(Object.assign(new Error('cancelled'), { name: 'AbortError' }));
    const nav = { share, clipboard: { writeText } } as unknown as Navigator;
    await expect(shareSeriesLink('Series 3', url, nav)).resolves.toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('answers failed when neither sharing nor copying works', async () => {
    const nav = { clipboard: { writeText: jest.fn().mockRejectedValue(new Error('denied')) } } as unknown as Navigator;
    await expect(shareSeriesLink('Series 3', url, nav)).resolves.toBe('failed');
  });
});
