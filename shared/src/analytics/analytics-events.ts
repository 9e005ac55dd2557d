/**
 * The analytics event catalogue (product.md#events): every event the product reports, in its numbered group. Remotes
 * send one with `track(ANALYTICS_EVENTS.episodeStarted, { … })`, which is the `analytics/track` bus
 * event; the shell forwards it to the analytics service. Names are fixed once here so funnels built
 * on them never break.
 */
import { trackEvent } from '../bus/events';

export const ANALYTICS_EVENTS = {
  // 1.x Home
  homeViewed: '1.1 Home Viewed',
  homeCarouselScrolled: '1.2 Home Carousel Scrolled',
  homeSeriesClicked: '1.3 Home Series Clicked',
  homeBannerClicked: '1.4 Home Banner Clicked',
  // 2.x Welcome bonus
  welcomeBonusShown: '2.1 Welcome Bonus Shown',
  welcomeBonusClaimed: '2.2 Welcome Bonus Claimed',
  welcomeBonusDismissed: '2.3 Welcome Bonus Dismissed',
  // 3.x Player
  playerOpened: '3.1 Player Opened',
  episodeStarted: '3.2 Episode Started',
  episodeCompleted: '3.3 Episode Completed',
  episodeUnlockRequested: '3.4 Episode Unlock Requested',
  episodeUnlocked: '3.5 Episode Unlocked',
  nextEpisodeStarted: '3.6 Next Episode Started',
  playbackFailed: '3.7 Playback Failed',
  /** The paywall (or unlock sheet) was shown for a locked episode: `{ episode_id, series_id, price }`. */
  paywallShown: '3.8 Paywall Shown',
  /** Playback passed 25, 50 or 75 % of an episode, once per view: `{ episode_id, series_id, quartile }`. */
  episodeQuartileReached: '3.9 Episode Quartile Reached',
  /** A clip was on screen long enough to count as seen: `{ episode_id, series_id, position }`. */
  feedClipShown: '3.10 Feed Clip Shown',
  /** A feed clip started playing: `{ episode_id, series_id, position }`. */
  feedClipPlayed: '3.11 Feed Clip Played',
  /** The viewer left the feed for the clip's series: `{ episode_id, series_id }`. */
  feedSeriesOpened: '3.12 Feed Series Opened',
  // 6.x Search
  searchOpened: '6.1 Search Opened',
  searchSubmitted: '6.2 Search Submitted',
  searchResultClicked: '6.3 Search Result Clicked',
  searchHistoryCleared: '6.4 Search History Cleared',
  // 7.x Auth
  signInViewed: '7.1 Sign In Viewed',
  magicLinkRequested: '7.2 Magic Link Requested',
  signedIn: '7.3 Signed In',
  registered: '7.4 Registered',
  signedOut: '7.5 Signed Out',
  guestCreated: '7.6 Guest Created',
  guestRegistrationFailed: '7.7 Guest Registration Failed',
  magicLinkVerified: '7.8 Magic Link Verified',
  // 8.x Subscription
  goldViewed: '8.1 Gold Subscription Viewed',
  subscriptionCheckoutStarted: '8.2 Subscription Checkout Started',
  subscriptionStarted: '8.3 Subscription Started',
  subscriptionCancelled: '8.4 Subscription Cancelled',
  subscriptionReactivated: '8.5 Subscription Reactivated',
  // 9.x Rewards and coins
  rewardsViewed: '9.1 Rewards Viewed',
  dailyBonusClaimed: '9.2 Daily Bonus Claimed',
  coinStoreViewed: '9.3 Coin Store Viewed',
  coinPackageSelected: '9.4 Coin Package Selected',
  coinPurchaseStarted: '9.5 Coin Purchase Started',
  coinPurchaseCompleted: '9.6 Coin Purchase Completed',
  followPromptOpened: '9.7 Follow Prompt Opened',
  followRewardClaimed: '9.8 Follow Reward Claimed',
  // 11.x Share, one event per channel
  shareMessagingApp: '11.1 Shared via WhatsApp',
  shareOtherMessagingApp: '11.2 Shared via Telegram',
  shareEmail: '11.3 Shared via Email',
  shareSms: '11.4 Shared via SMS',
  shareNative: '11.5 Shared via Device Share Sheet',
  shareCopyLink: '11.6 Share Link Copied',
  // 12.x In-app browsers
  inAppBrowserDetected: '12.1 In-App Browser Detected',
  inAppBrowserRedirectAttempted: '12.2 In-App Browser Redirect Attempted',
  inAppBrowserRedirectFailed: '12.3 In-App Browser Redirect Failed',
} as const;

export type AnalyticsEventKey = keyof typeof ANALYTICS_EVENTS;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[AnalyticsEventKey];

/** The six share channels of product.md#rewards and the event each one reports. */
export const SHARE_CHANNELS = {
  whatsapp: ANALYTICS_EVENTS.shareMessagingApp,
  telegram: ANALYTICS_EVENTS.shareOtherMessagingApp,
  email: ANALYTICS_EVENTS.shareEmail,
  sms: ANALYTICS_EVENTS.shareSms,
  native: ANALYTICS_EVENTS.shareNative,
  copyLink: ANALYTICS_EVENTS.shareCopyLink,
} as const;
export type ShareChannel = keyof typeof SHARE_CHANNELS;

const KNOWN_EVENTS: ReadonlySet<string> = new Set(Object.values(ANALYTICS_EVENTS));

export function isAnalyticsEvent(name: string): name is AnalyticsEventName {
  return KNOWN_EVENTS.has(name);
}

/** The group number of an event: '3.2 Episode Started' → 3. */
export function analyticsGroupOf(name: AnalyticsEventName): number {
  return Number(name.split('.')[0]);
}

/** The one way to report an event: the `analytics/track` bus event with a catalogue name. */
export function track(event: AnalyticsEventName, properties?: Record<string, unknown>) {
  return trackEvent({ event, properties });
}
