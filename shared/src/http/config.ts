/**
 * Where the APIs live. The shell writes the served runtime configuration (`window.__CLIFFHANGER__`,
 * from `/config.js` beside the shell) before any remote loads; standalone harnesses and tests fall back
 * to the same-origin defaults.
 */
import { AMPLITUDE_DEFAULT_ENDPOINT } from '../constants';

export interface RuntimeConfig {
  apiBaseUrl: string;
  feedApiBaseUrl: string;
  staticApiToken: string;
  productHost: string;
  cdnHost: string;
  storageHost: string;
  sentryDsn: string;
  amplitudeApiKey: string;
  amplitudeEndpoint: string;
  stripePublishableKey: string;
  /** Where the hidden follow prompt sends the viewer to follow the product (product.md#shell). */
  socialFollowUrl: string;
}

declare global {
  interface Window {
    __CLIFFHANGER__?: Partial<RuntimeConfig>;
  }
}

export function runtimeConfig(): RuntimeConfig {
  const injected = (typeof window !== 'undefined' && window.__CLIFFHANGER__) || {};
  const origin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost';
  return {
    apiBaseUrl: '/api',
    feedApiBaseUrl: '/feed-api',
    staticApiToken: 'cliffhanger-web',
    productHost: origin,
    cdnHost: '',
    storageHost: '',
    sentryDsn: '',
    amplitudeApiKey: '',
    amplitudeEndpoint: AMPLITUDE_DEFAULT_ENDPOINT,
    stripePublishableKey: '',
    socialFollowUrl: 'https://www.instagram.com/cliffhanger.app/',
    ...injected,
  };
}
