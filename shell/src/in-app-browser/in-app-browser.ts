/**
 * In-app browsers (product.md#startup): a social app's built-in browser on iOS (Instagram, Facebook, TikTok, Snapchat,
 * Line …) plays video poorly and keeps no sign-in. The product tries once per session to reopen the
 * same address, tracking parameters included, in the system browser.
 */
export const IN_APP_BROWSER_ATTEMPT_KEY = 'in_app_browser_redirect_attempted';

const IOS_DEVICE = /iPhone|iPad|iPod/i;
const SOCIAL_APPS =
  /Instagram|FBAN|FBAV|FB_IAB|TikTok|musical_ly|BytedanceWebview|Snapchat|\bLine\/|Twitter|LinkedInApp|Pinterest/i;

export const TRACKING_PARAMS = ['fbclid', 'gclid', 'ttclid', 'msclkid', 'twclid', 'sccid', 'li_fat_id', 'igshid'];

export function isIosInAppBrowser(userAgent: string): boolean {
  return IOS_DEVICE.test(userAgent) && SOCIAL_APPS.test(userAgent);
}

/** The tracking parameters of an address: every utm_* plus the advertising click ids. */
export function trackingParamsOf(href: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [key, value] of new URL(href).searchParams) {
    if (key.startsWith('utm_') || TRACKING_PARAMS.includes(key)) found[key] = value;
  }
  return found;
}

/**
 * The address that asks iOS to open Safari: the `x-safari-` scheme in front of the full address, so
 * the path and every parameter (tracking ones included) arrive unchanged.
 */
export function systemBrowserUrl(href: string): string {
  const url = new URL(href);
  return `x-safari-${url.href}`;
}
