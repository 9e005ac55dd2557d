/**
 * The playback engine's hls.js settings (the player's and the For you feed's), in a module of their own
 * that imports nothing at run time: the player bench starts its bare hls.js page with these very
 * settings, outside the browser build (`@cliffhanger/shared/hls-config`).
 */
import type { HlsConfig } from 'hls.js';

/**
 * Tuned for a fast start: no low-latency mode, the first fragment prefetched while the manifest is
 * parsed, the level capped to the player size and the smallest rendition first.
 */
export const FAST_START_CONFIG: Partial<HlsConfig> = {
  lowLatencyMode: false,
  startFragPrefetch: true,
  capLevelToPlayerSize: true,
  startLevel: 0,
  maxBufferLength: 20,
  maxMaxBufferLength: 60,
  backBufferLength: 30,
};

/** How much of the next episode a standby engine buffers ahead: its first two-second fragments. */
export const STANDBY_BUFFER_SECONDS = 4;
export const STANDBY_CONFIG: Partial<HlsConfig> = {
  maxBufferLength: STANDBY_BUFFER_SECONDS,
  maxMaxBufferLength: STANDBY_BUFFER_SECONDS,
};
