/**
 * What Gold opens, counted from the catalogue as viewers see it right now, so the Gold page states
 * facts rather than promises: how many coin episodes Gold opens, how many Gold exclusives there are,
 * how many of their episodes only members can watch, and how many of them are free for everyone.
 */
import type { GoldOfferSchema } from '@cliffhanger/shared/contracts';
import type { Static } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import { publishedEpisodeKinds } from '../catalogue/catalogue.repository';
import { isFreeEpisode } from '../catalogue/episode-access';

export type GoldOffer = Static<typeof GoldOfferSchema>;

export async function goldOffer(ctx: AppContext): Promise<GoldOffer> {
  const at = nowIso(ctx);
  const rows = await publishedEpisodeKinds(ctx.db, at);
  const offer: GoldOffer = {
    coin_episodes: 0,
    gold_exclusive_series: 0,
    gold_only_episodes: 0,
    gold_exclusive_free_episodes: 0,
  };
  const goldSeries = new Set<number>();
  for (const row of rows) {
    const paid = !isFreeEpisode(row, Boolean(row.is_gold_exclusive));
    if (row.is_gold_exclusive) {
      goldSeries.add(row.series_id);
      if (paid) offer.gold_only_episodes += 1;
      else offer.gold_exclusive_free_episodes += 1;
    } else if (paid) {
      offer.coin_episodes += 1;
    }
  }
  offer.gold_exclusive_series = goldSeries.size;
  return offer;
}
