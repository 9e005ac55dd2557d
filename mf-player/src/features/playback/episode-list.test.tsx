import { render, screen, within } from '@testing-library/react';
import type { PlayerEpisode } from '../../lib/player.api';
import { episode } from '../../test/fixtures';
import { EpisodeList } from './episode-list';

// Episode 1 free, 2 unlocked, 3 and 4 locked (12 coins each, as a Gold exclusive's episodes once were).
const episodes: PlayerEpisode[] = [
  episode(1, 3, 1),
  episode(2, 3, 2, { is_unlocked: true }),
  episode(3, 3, 3, { coin_cost: 12 }),
  episode(4, 3, 4, { coin_cost: 12 }),
];

function rows(goldExclusive: boolean) {
  render(<EpisodeList episodes={episodes} currentId={1} goldExclusive={goldExclusive} onSelect={jest.fn()} />);
  const list = screen.getByRole('navigation', { name: 'Episodes' });
  return within(list)
    .getAllByRole('button')
    .map((row) => row.textContent);
}

describe('the desktop episode list', () => {
  it('shows a Gold badge, never a coin price, on the locked episodes of a Gold-exclusive series', () => {
    const shown = rows(true);
    expect(shown).toEqual([
      expect.stringContaining('Free'),
      expect.stringContaining('Unlocked'),
      expect.stringContaining('Gold'),
      expect.stringContaining('Gold'),
    ]);
    expect(shown.join(' ')).not.toMatch(/coins/);
  });

  it('shows the coin price of a locked episode of any other series', () => {
    expect(rows(false).slice(2)).toEqual([expect.stringContaining('12 coins'), expect.stringContaining('12 coins')]);
  });
});
