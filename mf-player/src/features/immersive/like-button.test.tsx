import { showToast } from '@cliffhanger/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { recordingPlayerStore } from '../../test/store';
import { compactCount, LikeButton } from './like-button';

let http: HttpMock;
afterEach(() => http?.restore());

/** A series liked by `likes` viewers; the change answers `status` (and, when 200, the new state). */
function renderLike(start: { liked: boolean; likes: number }, status = 200) {
  let state = { series_id: 3, ...start };
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  http = mockHttp(async (config) => {
    if (config.url !== '/series/3/like/') return undefined;
    if (config.method?.toUpperCase() === 'GET') return { status: 200, data: state };
    await held;
    if (status !== 200) return { status, data: { message: 'Nope' } };
    const { liked } = JSON.parse(String(config.data)) as { liked: boolean };
    state = { ...state, liked, likes: state.likes + (liked === state.liked ? 0 : liked ? 1 : -1) };
    return { status: 200, data: state };
  });
  const { store, actions } = recordingPlayerStore();
  render(
    <Provider store={store}>
      <LikeButton seriesId={3} variant="rail" />
    </Provider>,
  );
  return { actions, release };
}

describe('the Like button', () => {
  it('fills the heart and counts the like at once, before the server answers, and unlikes the same way', async () => {
    const { release } = renderLike({ liked: false, likes: 11 });
    const button = await screen.findByRole('button', { name: 'Like, 11 likes' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    // Still waiting for the server: the like shows already.
    expect(screen.getByRole('button', { name: 'Like, 12 likes' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      http.calls.some((c) => c.method?.toUpperCase() === 'PUT' && c.data === JSON.stringify({ liked: true })),
    ).toBe(true);
    release();
    await userEvent.click(await screen.findByRole('button', { name: 'Like, 12 likes', pressed: true }));
    expect(await screen.findByRole('button', { name: 'Like, 11 likes', pressed: false })).toBeInTheDocument();
  });

  it('puts the heart and the count back and says so politely when the like cannot be saved', async () => {
    const { actions, release } = renderLike({ liked: false, likes: 1 }, 400);
    const button = await screen.findByRole('button', { name: 'Like, 1 like' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(screen.getByRole('button', { name: 'Like, 2 likes' })).toHaveAttribute('aria-pressed', 'true');
    release();
    expect(await screen.findByRole('button', { name: 'Like, 1 like', pressed: false })).toBeInTheDocument();
    expect(
      actions.some((a) => showToast.match(a) && a.payload.message === 'We could not save your like. Please try again.'),
    ).toBe(true);
  });

  it('shows the word Like with no likes yet, and large counts compactly', async () => {
    renderLike({ liked: false, likes: 0 });
    expect(await screen.findByRole('button', { name: 'Like, 0 likes' })).toHaveTextContent('Like');
    expect(compactCount(1234, 'en')).toBe('1.2K');
    expect(compactCount(3400, 'ru').replace(/\s/g, ' ')).toBe('3,4 тыс.');
  });
});
