/**
 * The player's two <video> slots, as data: one shows the current episode, the other holds the next
 * unlocked episode loaded to its first frame, paused and muted, so that moving on to it swaps it in
 * instead of starting from scratch. Two slots, never more: the alive-video count stays bounded.
 *
 * `arrangeDeck` is the swap rule: it answers the slots for a new current and upcoming source from the
 * slots as they are, keeping whatever is already loaded where it is useful.
 */

/** What a slot plays: an episode's stream from a start position (both must match to reuse a slot). */
export interface DeckSource {
  episodeId: number;
  src: string;
  start: number;
}

export type SlotIndex = 0 | 1;

export interface Deck {
  slots: readonly [DeckSource | null, DeckSource | null];
  /** The slot on screen; the other one is the standby. */
  active: SlotIndex;
}

export const EMPTY_DECK: Deck = { slots: [null, null], active: 0 };

export const otherSlot = (slot: SlotIndex): SlotIndex => (slot === 0 ? 1 : 0);

/**
 * What a source address plays, without its signature: a signed address (`?t=…`, api/src/media/
 * signed-playback.ts) comes back with a new signature when the episode list is fetched again, and
 * that must not reload a video that is playing. An expired one is renewed by the engine instead.
 */
export const sourceIdentity = (src: string): string => src.split(/[?#]/)[0] as string;

export function sameSource(a: DeckSource | null, b: DeckSource | null): boolean {
  return (
    !!a && !!b && sourceIdentity(a.src) === sourceIdentity(b.src) && a.start === b.start && a.episodeId === b.episodeId
  );
}

/** A stable key for a slot's source (effects re-run when it changes; a new signature is no change). */
export const sourceKey = (source: DeckSource | null): string | null =>
  source ? `${source.episodeId} ${source.start} ${sourceIdentity(source.src)}` : null;

/**
 * The swap rule. The current source stays in the active slot if it is there; if the standby holds it
 * (the pre-buffered next episode), the standby becomes the active slot; otherwise the active slot
 * loads it afresh. The standby then holds the upcoming source (kept if it already does), or nothing:
 * a source nobody is about to watch is not kept alive. Answers `deck` itself when nothing changes.
 */
export function arrangeDeck(deck: Deck, current: DeckSource | null, upcoming: DeckSource | null): Deck {
  let active = deck.active;
  if (current && !sameSource(deck.slots[active], current) && sameSource(deck.slots[otherSlot(active)], current))
    active = otherSlot(active);
  const standby = otherSlot(active);
  const keep = (slot: SlotIndex, wanted: DeckSource | null) =>
    sameSource(deck.slots[slot], wanted) ? deck.slots[slot] : wanted;
  const slots: [DeckSource | null, DeckSource | null] = [null, null];
  slots[active] = keep(active, current);
  slots[standby] = upcoming && !sameSource(upcoming, current) ? keep(standby, upcoming) : null;
  if (active === deck.active && slots[0] === deck.slots[0] && slots[1] === deck.slots[1]) return deck;
  return { slots, active };
}
