/**
 * The business constants and limits of the product specification (product.md#constants, with the request and error numbers they
 * depend on). Each value lives here once, under the specification's own name and unit; code elsewhere
 * imports it and never repeats the literal.
 */

// Requests (product.md#requests)
export const REQUEST_TIMEOUT_MS = 60_000;
export const MAX_RETRIES = 3;
export const RETRY_DELAY_MS = 1_000; // multiplied by the attempt number
export const RETRY_STATUSES = [502, 503, 504] as const;
export const TOKEN_STORAGE_KEYS = ['access_token', 'auth_token', 'token'] as const;
export const REFRESH_TOKEN_STORAGE_KEY = 'refresh_token';
export const BYPASS_TOKEN_PREFIX = 'bypass_token_';
export const DEFAULT_CURRENCY = 'rub';
// The tab's request budget (product.md#requests): a token bucket every request of the page draws from,
// so no failure anywhere can make one tab send more than a few requests a second.
export const REQUEST_BUDGET_BURST = 20;
export const REQUEST_BUDGET_PER_SECOND = 3;
/** An API in trouble (no answer, 429, 502–504) is probed one request at a time, 1 s × the troubles apart, at most this far. */
export const TROUBLE_BACKOFF_CAP_MS = 30_000;
/**
 * How long a request, its retries included, may wait for its turn at an API in trouble before it is given
 * up unsent (and reported as a failure with no answer): a screen hears of the trouble within seconds, and
 * a screen that asks again and again still sends nothing faster than this.
 */
export const GATE_PATIENCE_MS = 10_000;
/** A `Retry-After` is honoured up to this long; a longer one is read as this. */
export const RETRY_AFTER_MAX_MS = 5 * 60_000;
/** A retry worth waiting for: a 502–504 whose `Retry-After` asks for longer is passed on instead. */
export const RETRY_AFTER_PATIENCE_MS = 10_000;

// Data fetching defaults (product.md#requests)
export const QUERY_STALE_TIME_MS = 30 * 60_000;
export const QUERY_KEEP_TIME_MS = 60 * 60_000;
export const QUERY_RETRIES = 3;
export const QUERY_RETRY_BASE_MS = 1_000;
export const QUERY_RETRY_CAP_MS = 30_000;
export const MUTATION_RETRIES = 2;

// Lists and history (product.md#catalogue)
export const SERIES_LIST_LIMIT = 20;
export const HIGHLIGHT_LIST_LIMIT = 10; // featured, trending and gold lists
export const SEARCH_HISTORY_MAX = 10;
/** A search settles this long after the last keystroke (the catalogue's search, the staff lists). */
export const SEARCH_DEBOUNCE_MS = 300;
/** The longest search text and the highest page number a list request accepts. */
export const LIST_SEARCH_MAX_LENGTH = 100;
export const LIST_PAGE_MAX = 100_000;

// Toasts (product.md#shell)
export const TOAST_MAX = 5;
export const TOAST_DURATION_MS = {
  success: 4_000,
  error: 6_000,
  warning: 5_000,
  info: 4_000,
} as const;
export const TOAST_DEFAULT_DURATION_MS = 5_000;

// Cache times in seconds (product.md#catalogue)
export const CACHE_SECONDS = {
  seriesList: 300,
  seriesDetail: 600,
  featured: 600,
  trending: 300,
  gold: 600,
  episodes: 300,
  categories: 1_800,
  continueWatching: 60,
  myList: 60,
  search: 180,
} as const;

// Images (product.md#media)
export const IMAGE_QUALITY = {
  thumbnail: 30,
  low: 50,
  medium: 70,
  high: 85,
  original: 100,
} as const;
export const IMAGE_MAX_WIDTH = 1920;
export const IMAGE_MAX_HEIGHT = 1080;
export const IMAGE_OUTPUT_FORMAT = 'webp';
export const IMAGE_CACHE_MAX_ENTRIES = 50;
export const IMAGE_CACHE_EVICT_FRACTION = 0.2;
export const IMAGE_CACHE_TTL_MS = 24 * 60 * 60_000;
export const IMAGE_HOST_THRESHOLD_BYTES = 500 * 1024;
export const MEDIA_STORAGE_OPEN_TIMEOUT_MS = 3_000;
/** Resumable (tus) video uploads: where they go under the API base, how big each PATCH is, and the
 * back-off between attempts after a drop (the last delay repeats until the attempts run out). */
export const TUS_UPLOAD_PATH = '/admin/media/tus/';
export const TUS_CHUNK_BYTES = 8 * 1024 * 1024;
export const TUS_RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000] as const;

// Guests and rewards (product.md#accounts)
export const MOBILE_BREAKPOINT_PX = 768;
/**
 * A phone held sideways: a touch screen too short for the desktop layout. It keeps the phone's layout
 * (the immersive player, no header over it) although it is wider than the breakpoint.
 */
export const PHONE_LANDSCAPE_MEDIA_QUERY = '(pointer: coarse) and (max-height: 500px)';
/** Where the phone layout applies: under the breakpoint, or a phone held sideways. */
export const PHONE_LAYOUT_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px), ${PHONE_LANDSCAPE_MEDIA_QUERY}`;
export const GUEST_ID_LENGTH = 20;
export const GUEST_AGE_MIN = 21;
export const GUEST_AGE_MAX = 55;
export const GUEST_GENDER = 2;
export const GUEST_EMAIL_DOMAIN = 'guest.cliffhanger.app';
export const GUEST_COOKIE_DAYS = 365;
export const USER_ID_COOKIE_DAYS = 365;
export const GUEST_DATA_MAX_AGE_MS = 2_592_000_000; // 30 days (product.md#browser-storage)
export const GUEST_REGISTRATION_RETRY_DELAY_MS = 1_000;
/** A guest registration that has not answered by then counts as failed: the visitor goes on locally. */
export const GUEST_REGISTRATION_TIMEOUT_MS = 6_000;
/** After both registration attempts failed, none is made by itself for this long (doubling per failure). */
export const GUEST_REGISTRATION_BACKOFF_MS = 5 * 60_000;
export const GUEST_REGISTRATION_BACKOFF_CAP_MS = 60 * 60_000;
export const MAGIC_LINK_SIGNUP_COINS = 100;
/** A guest's "keep your coins" link stays good this long: the inbox may be read the next day. */
export const KEEP_COINS_LINK_TTL_HOURS = 24;
/**
 * At most this many sign-in links (keep and recovery links too) are mailed to one address within a
 * sign-in link's lifetime, whoever asks: a mail flood stops there, and a link refused for it always
 * leaves a link that still works in the inbox.
 */
export const LINK_MAILS_PER_ADDRESS = 10;
export const FOLLOW_PROMPT_COINS = 100;
/**
 * Startup step 5 (product.md#startup) asks for notification permission while it is undecided, through the
 * shell's own small offer, never the browser's dialog at first paint: the offer appears when the viewer
 * adds a series to their list (the moment alerts about new episodes make sense) or after this long on the
 * site, whichever comes first, and never over the player. Only its "Turn on" asks the browser.
 */
export const NOTIFICATION_OFFER_DELAY_MS = 30_000;
/** "Not now" on the notification offer is remembered in this browser for this many days. */
export const NOTIFICATION_OFFER_SNOOZE_DAYS = 14;
/**
 * The request header a browser may name its device with (8–128 letters, digits, `-` or `_`): free coins
 * are then bounded per device a day as well as per address (product.md#rewards). Only an extra key:
 * it is the client's word.
 */
export const DEVICE_ID_HEADER = 'X-Device-Id';
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

// Timings (product.md#constants)
export const PROFILE_POLL_MS = 2_000;
/** A failing public-view poll waits twice as long after each failure, up to this. */
export const PROFILE_POLL_BACKOFF_CAP_MS = 60_000;
export const ADMIN_SYNC_INTERVAL_MS = 5_000;
export const ADMIN_SYNC_FIRST_DELAY_MS = 500;
export const SERVICE_WORKER_UPDATE_CHECK_MS = 30_000;
export const IN_APP_BROWSER_REDIRECT_WAIT_MS = 200;
export const SHIFT_SEQUENCE_PRESSES = 4;
export const SHIFT_SEQUENCE_RESET_MS = 2_000;
export const STARTUP_LOADER_FADE_AFTER_MS = 2_000;
export const STARTUP_LOADER_REMOVE_AFTER_FADE_MS = 300;

// Monitoring (product.md#monitoring)
export const SENTRY_TRACES_SAMPLE_RATE = 0.1;
export const SENTRY_REPLAY_SESSION_SAMPLE_RATE = 0.1;
export const SENTRY_REPLAY_ON_ERROR_SAMPLE_RATE = 1;
export const SENTRY_REPLAY_MIN_DURATION_MS = 5_000;
export const SENTRY_REPLAY_MAX_DURATION_MS = 60 * 60_000;
export const SENTRY_REPLAY_IDLE_PAUSE_MS = 5 * 60_000;
export const SENTRY_REPLAY_IDLE_EXPIRE_MS = 15 * 60_000;

// Analytics (product.md#events)
export const ANALYTICS_EMPTY_VALUE = 'EMPTY';

// Hidden series (product.md#catalogue)
export const HIDDEN_SERIES_IDS = [9, 10] as const;
export const HIDDEN_SERIES_TITLE_PREFIX = 'Deleted Series';
export const SERIES_NOT_FOUND_MESSAGE = 'Series not found';

// The federation contract: how long the shell waits for a remote before it shows the unavailable panel.
export const REMOTE_LOAD_TIMEOUT_MS = 5_000;

// Analytics sessions (product.md#events): a new analytics session starts after this much inactivity.
export const ANALYTICS_SESSION_TIMEOUT_MS = 30 * 60_000;
/** Amplitude's own upload address (amplitude-js 8), used when a key is set and no endpoint is. */
export const AMPLITUDE_DEFAULT_ENDPOINT = 'https://api.amplitude.com';
/** Our own event store, relative to the API base address; it receives every event, key or no key. */
export const FIRST_PARTY_ANALYTICS_PATH = '/analytics/events';
/** First-party uploads are batched: at most this long or this many events before they are sent. */
export const FIRST_PARTY_ANALYTICS_UPLOAD_MS = 5_000;
export const FIRST_PARTY_ANALYTICS_BATCH = 20;
// The magic-link token's query parameters (product.md#accounts).
export const MAGIC_LINK_QUERY_PARAMS = ['magic-link-auth', 'magic-link-registration'] as const;

// Publishing (staff). A series or an episode is a draft until staff publish it; viewers see it only once
// it is published and its publish time has passed (and, for an episode, its series is on show too).
export const PUBLISH_STATUSES = ['draft', 'published', 'unpublished'] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];
/** What staff see: a published row whose time has not come yet is 'scheduled'. */
export type PublishState = PublishStatus | 'scheduled';
/** What a series needs before it can be published, in the order the checklist shows them. */
export const SERIES_PUBLISH_REQUIREMENTS = [
  'poster_image',
  'banner_image',
  'slider_image',
  'category',
  'episode',
] as const;
export type SeriesPublishRequirement = (typeof SERIES_PUBLISH_REQUIREMENTS)[number];
export const EPISODE_PUBLISH_REQUIREMENTS = ['video'] as const;
export type EpisodePublishRequirement = (typeof EPISODE_PUBLISH_REQUIREMENTS)[number];

// Staff media: how often every screen that follows a transcode job asks how far it has come (one value,
// so the upload panel and the media library never disagree). Staff only, so 1 s costs little.
export const JOB_PROGRESS_POLL_MS = 1_000;

// Series ratings are given out of 10 (the staff form accepts 0–10, and the demo series carry 8.1–9.0):
// what a screen reader says after the number.
export const SERIES_RATING_MAX = 10;

/**
 * Auto-unlock caps a viewer can choose, in episodes of the series' price ("up to 2 episodes · 24
 * coins"); the server takes any cap from 1 to AUTO_UNLOCK_MAX_CAP_COINS coins.
 */
export const AUTO_UNLOCK_CAP_EPISODES = [2, 5, 10] as const;
export const AUTO_UNLOCK_MAX_CAP_COINS = 100_000;

// Watched (product.md#player): an episode is watched once the viewer reaches its credits; the default
// credits of an episode staff have not marked, and the one rule every screen and the server read.
export {
  type CreditsMarked,
  creditsStartOf,
  DEFAULT_CREDITS_MAX_SHARE,
  DEFAULT_CREDITS_SECONDS,
  isEpisodeWatched,
  isValidCreditsMark,
  isWatchedAt,
  type WatchedPoint,
} from './watched';

// Staff power (product.md#roles, issue #39).
/** A person's role, as the staff area names it: guest (is_guest), viewer (registered), staff (is_staff), superuser (is_superuser). */
export const USER_ROLES = ['guest', 'viewer', 'staff', 'superuser'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** The roles a superuser can give a registered account: staff access is granted, changed or revoked through these. */
export const ASSIGNABLE_ROLES = ['viewer', 'staff', 'superuser'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
/**
 * The most coins a staff member without superuser rights may grant in one go; above it, a superuser
 * must. The API's STAFF_GRANT_LIMIT setting may lower or raise it, and `GET /api/admin/me/` answers the
 * effective limit (`grant_limit`).
 */
export const STAFF_GRANT_LIMIT = 1000;
/**
 * The `code` of the one refusal that means "this session is not staff" (the staff-identity check). The
 * staff area sends the browser to the staff sign-in only on it (or a 401); any other 403 is one action
 * refused, explained where it was tried.
 */
export const STAFF_ACCESS_REQUIRED = 'staff_access_required';
/** How long a staff invitation stays usable unless the superuser says otherwise, in hours. */
export const STAFF_INVITATION_HOURS = 72;
