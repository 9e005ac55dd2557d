/**
 * Every migration, listed in code. A static provider (rather than a folder scan) works the same under
 * tsx, jest and a bundled build, and a migration can never be skipped because a file failed to load.
 * Add new migrations at the end with a later timestamp.
 */
import type { Migration, MigrationProvider } from 'kysely/migration';
import * as initial from './20250601000000_initial';
import * as money from './20250701000000_money';
import * as staffMedia from './20250901000000_staff_media';
import * as analyticsRollups from './20261121300000_analytics_rollups';
import * as identity from './20261125000000_identity';
import * as paymentReversals from './20261201000000_payment_reversals';
import * as publishing from './20261201000100_publishing';
import * as forYouSignals from './20261202020000_for_you_signals';
import * as cardFingerprints from './20261202030000_card_fingerprints';
import * as firstPurchaseOffer from './20261203010000_first_purchase_offer';
import * as autoUnlock from './20261203020000_auto_unlock';
import * as remoteReleases from './20261204010000_remote_releases';
import * as remoteLoadReporters from './20261204020000_remote_load_reporters';
import * as episodeSubtitles from './20261205010000_episode_subtitles';
import * as languages from './20261205020000_languages';
import * as categoryTranslations from './20261206010000_category_translations';
import * as freeCoinPools from './20261207010000_free_coin_pools';
import * as keptGuests from './20261207020000_kept_guests';
import * as episodeCredits from './20261207030000_episode_credits';
import * as goldExclusivePrices from './20261207040000_gold_exclusive_prices';
import * as formerSeriesSlugs from './20261207050000_former_series_slugs';
import * as seriesLikes from './20261207070000_series_likes';
import * as operatorDesk from './20261207090000_operator_desk';
import * as receiptEmails from './20261207110000_receipt_emails';
import * as dropChunkedUploads from './20261207130000_drop_chunked_uploads';

const migrations: Record<string, Migration> = {
  '20250601000000_initial': initial,
  '20250701000000_money': money,
  '20250901000000_staff_media': staffMedia,
  '20261121300000_analytics_rollups': analyticsRollups,
  '20261125000000_identity': identity,
  '20261201000000_payment_reversals': paymentReversals,
  '20261201000100_publishing': publishing,
  '20261202020000_for_you_signals': forYouSignals,
  '20261202030000_card_fingerprints': cardFingerprints,
  '20261203010000_first_purchase_offer': firstPurchaseOffer,
  '20261203020000_auto_unlock': autoUnlock,
  '20261204010000_remote_releases': remoteReleases,
  '20261204020000_remote_load_reporters': remoteLoadReporters,
  '20261205010000_episode_subtitles': episodeSubtitles,
  '20261205020000_languages': languages,
  '20261206010000_category_translations': categoryTranslations,
  '20261207010000_free_coin_pools': freeCoinPools,
  '20261207020000_kept_guests': keptGuests,
  '20261207030000_episode_credits': episodeCredits,
  '20261207040000_gold_exclusive_prices': goldExclusivePrices,
  '20261207050000_former_series_slugs': formerSeriesSlugs,
  '20261207070000_series_likes': seriesLikes,
  '20261207090000_operator_desk': operatorDesk,
  '20261207110000_receipt_emails': receiptEmails,
  '20261207130000_drop_chunked_uploads': dropChunkedUploads,
};

export const staticMigrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
