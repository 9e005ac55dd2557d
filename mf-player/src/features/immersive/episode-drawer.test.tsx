import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlayerEpisode } from '../../lib/player.api';
import { episode } from '../../test/fixtures';
import { EpisodeDrawer } from './episode-drawer';

// Season 1: ep 1 free (watched), ep 2 unlocked, ep 3 for 7 coins; season 2: ep 1 for 5 coins.
const episodes: PlayerEpisode[] = [
  episode(1, 3, 1, { duration: 62, progress: 100 }),
  episode(2, 3, 2, { duration: 75, is_unlocked: true }),
  episode(3, 3, 3, { duration: 90, coin_cost: 7 }),
  episode(4, 3, 1, { season: 2, duration: 58 }),
];

function renderDrawer(overrides: Partial<Parameters<typeof EpisodeDrawer>[0]> = {}) {
  const props = {
    episodes,
    currentId: 2,
    goldExclusive: false,
    watchedIds: [] as number[],
    autoplayNext: true,
    onToggleAutoplay: jest.fn(),
    onSelect: jest.fn(),
    onClose: jest.fn(),
    ...overrides,
  };
  render(<EpisodeDrawer {...props} />);
  return { props, dialog: screen.getByRole('dialog', { name: 'Episodes' }) };
}

describe('the episode drawer', () => {
  it('lists the playing season with each episode’s number, length, price or free state and watched state', () => {
    const { dialog } = renderDrawer({ watchedIds: [2] });
    const tiles = within(dialog).getAllByRole('button', { name: /^Episode / });
    expect(tiles.map((t) => t.getAttribute('aria-label'))).toEqual([
      'Episode 1, 1:02, Free, Watched, Episode 1',
      'Episode 2, 1:15, Unlocked, Watched, Episode 2, playing now',
      'Episode 3, 1:30, 7 coins, Episode 3',
    ]);
    expect(tiles[1]).toHaveAttribute('aria-current', 'true');
    expect(tiles[2]).toHaveTextContent('3');
    expect(tiles[2]).toHaveTextContent('7 coins');
  });

  it('speaks each tile by the words it shows, in their order, so voice control can name it', () => {
    const { dialog } = renderDrawer({ watchedIds: [2] });
    const words = (text: string | null) =>
      (text ?? '')
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim()
        .toLowerCase();
    for (const tile of within(dialog).getAllByRole('button', { name: /^Episode / })) {
      expect(words(tile.getAttribute('aria-label'))).toContain(words(tile.textContent));
    }
  });

  it('says Watched once the saved position reached the credits mark, and not before', () => {
    const marked = { duration: 118, credits_start: 110, is_unlocked: true };
    renderDrawer({
      episodes: [
        episode(1, 3, 1, { ...marked, progress: 94, position_seconds: 111 }),
        episode(2, 3, 2, { ...marked, progress: 92, position_seconds: 109 }),
      ],
      currentId: 2,
    });
    const dialog = screen.getByRole('dialog', { name: 'Episodes' });
    expect(within(dialog).getByRole('button', { name: /^Episode 1,/ })).toHaveTextContent('Watched');
    expect(within(dialog).getByRole('button', { name: /^Episode 2,/ })).not.toHaveTextContent('Watched');
  });

  it('marks the locked episodes of a Gold series as Gold', () => {
    const { dialog } = renderDrawer({ goldExclusive: true });
    expect(within(dialog).getByRole('button', { name: /^Episode 3,/ })).toHaveTextContent('Gold');
  });

  it('switches seasons and jumps to the episode tapped', async () => {
    const { dialog, props } = renderDrawer();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Season 2' }));
    expect(within(dialog).getByRole('button', { name: 'Season 2' })).toHaveAttribute('aria-pressed', 'true');
    const only = within(dialog).getAllByRole('button', { name: /^Episode / });
    expect(only).toHaveLength(1);
    await userEvent.click(only[0] as HTMLElement);
    expect(props.onSelect).toHaveBeenCalledWith(episodes[3]);
  });

  it('shows no season choice for a one-season series', () => {
    const { dialog } = renderDrawer({ episodes: episodes.slice(0, 3) });
    expect(within(dialog).queryByRole('button', { name: /^Season/ })).toBeNull();
  });

  it('puts focus on the episode playing and closes with Escape, the close button or a tap above it', async () => {
    const { dialog, props } = renderDrawer();
    expect(within(dialog).getByRole('button', { name: /playing now/ })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close episodes' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Close episodes', hidden: true })[0] as HTMLElement);
    expect(props.onClose).toHaveBeenCalledTimes(3);
  });

  it('turns autoplay-next off and on', async () => {
    const { dialog, props } = renderDrawer();
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Autoplay next' }));
    expect(props.onToggleAutoplay).toHaveBeenCalledTimes(1);
  });
});
