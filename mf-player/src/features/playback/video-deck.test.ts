import { arrangeDeck, type Deck, type DeckSource, EMPTY_DECK, sourceKey } from './video-deck';

const episode = (id: number, start = 0): DeckSource => ({ episodeId: id, src: `/media/${id}/master.m3u8`, start });

/** A deck playing `current` in slot `active`, with `standby` pre-buffered in the other slot. */
const playing = (current: DeckSource, standby: DeckSource | null, active: 0 | 1 = 0): Deck => ({
  slots: active === 0 ? [current, standby] : [standby, current],
  active,
});

describe('the swap rule of the two player videos', () => {
  it('plays the first episode in the active slot and keeps the standby empty until told what comes next', () => {
    const deck = arrangeDeck(EMPTY_DECK, episode(1), null);
    expect(deck).toEqual(playing(episode(1), null));
    expect(arrangeDeck(deck, episode(1), episode(2))).toEqual(playing(episode(1), episode(2)));
  });

  it('swaps the pre-buffered next episode in instead of loading it again, and the freed slot takes the one after', () => {
    const before = playing(episode(1), episode(2));
    const swapped = arrangeDeck(before, episode(2), null);
    expect(swapped.active).toBe(1);
    expect(swapped.slots[1]).toBe(before.slots[1]); // the very same source: nothing reloads
    expect(swapped.slots[0]).toBeNull(); // the episode left behind is not kept alive
    expect(arrangeDeck(swapped, episode(2), episode(3))).toEqual(playing(episode(2), episode(3), 1));
  });

  it('loads an episode that is not the pre-buffered one afresh in the slot on screen', () => {
    const deck = arrangeDeck(playing(episode(2), episode(3)), episode(5), null);
    expect(deck).toEqual(playing(episode(5), null));
  });

  it('does not swap in the next episode pre-buffered from another start position', () => {
    const deck = arrangeDeck(playing(episode(1), episode(2)), episode(2, 30), null);
    expect(deck).toEqual(playing(episode(2, 30), null));
  });

  it('never holds one source twice, and keeps the same deck when nothing changes', () => {
    const deck = playing(episode(1), episode(2));
    expect(arrangeDeck(deck, episode(1), episode(2))).toBe(deck);
    expect(arrangeDeck(deck, episode(1), episode(1))).toEqual(playing(episode(1), null));
  });

  it('empties both slots when nothing is to be played (a locked episode)', () => {
    expect(arrangeDeck(playing(episode(1), episode(2)), null, null)).toEqual(EMPTY_DECK);
  });

  it('keeps playing and keeps the pre-buffered episode when the list comes back with newly signed addresses', () => {
    const signed = (id: number, token: string): DeckSource => ({
      ...episode(id),
      src: `${episode(id).src}?t=${token}`,
    });
    const deck = playing(signed(1, 'a'), signed(2, 'a'));
    expect(arrangeDeck(deck, signed(1, 'b'), signed(2, 'b'))).toBe(deck);
    expect(sourceKey(signed(1, 'a'))).toBe(sourceKey(signed(1, 'b')));
    expect(arrangeDeck(deck, signed(2, 'b'), null).slots[1]).toBe(deck.slots[1]); // swapped in, not reloaded
  });
});
