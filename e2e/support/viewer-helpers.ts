/**
 * Helpers for the viewer journeys: wait for a playing video, play it to its end, read the header's coin balance, and turn
 * the page's guest into a registered viewer through the magic link (the one route that grants coins:
 * 100 on registration, product.md#accounts), read from the dev outbox.
 */
import type { Page } from 'playwright-core';

/** Waits until the player's <video> has advanced past `seconds` of playback; answers its currentTime. */
export async function waitForPlayback(page: Page, seconds = 1, timeout = 30_000): Promise<number> {
  const handle = await page.waitForFunction(
    (min) => {
      const video = document.querySelector<HTMLVideoElement>('video.player-video');
      return video && !video.paused && video.currentTime > min ? video.currentTime : false;
    },
    seconds,
    { timeout },
  );
  return (await handle.jsonValue()) as number;
}

/** Plays the episode on screen from its last half second, so it ends (and autoplay-next moves on). */
export async function playToNearTheEnd(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const v = document.querySelector<HTMLVideoElement>('video.player-video');
    return !!v && Number.isFinite(v.duration) && v.duration > 1;
  });
  await page.locator('video.player-video').evaluate((v: HTMLVideoElement) => {
    v.currentTime = v.duration - 0.5;
    void v.play();
  });
}

export async function headerBalance(page: Page): Promise<number> {
  const text = (await page.getByTestId('header-balance').textContent()) ?? '';
  return Number(text.replace(/\D+/g, ''));
}

/** Waits until the header shows exactly `coins`. */
export async function waitForHeaderBalance(page: Page, coins: number, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      document.querySelector('[data-testid="header-balance"]')?.textContent?.replace(/\D+/g, '') === String(expected),
    coins,
    { timeout },
  );
}

const MAGIC_LINK_PARAM = 'magic-link-registration';

/** The registration token mailed to `email`, read from GET /api/dev/outbox (newest first). */
async function mailedRegistrationToken(page: Page, baseUrl: string, email: string, timeout = 15_000) {
  const pattern = new RegExp(`[?&]${MAGIC_LINK_PARAM}=([^\\s"'<>&]+)`);
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const response = await page.request.get(`${baseUrl}/api/dev/outbox?limit=100`);
    if (response.ok()) {
      const mails = (await response.json()) as Array<{ to: string; text: string }>;
      const token = mails.find((mail) => mail.to.includes(email) && pattern.test(mail.text))?.text.match(pattern)?.[1];
      if (token) return decodeURIComponent(token);
    }
    await page.waitForTimeout(250);
  }
  throw new Error(`no registration link reached ${email}`);
}

/**
 * Registers the page's guest through a magic link: asks for the link, opens it on the page's own
 * origin (the guest's session lives there, so its progress moves to the account) and waits for the
 * header to show the 100 welcome coins. Answers the new account's e-mail address.
 */
export async function registerGuestByMagicLink(page: Page, baseUrl: string, welcomeCoins = 100): Promise<string> {
  const email = `viewer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const asked = await page.request.post(`${baseUrl}/api/auth/magic-link/`, { data: { email } });
  if (!asked.ok()) throw new Error(`magic link request failed: ${asked.status()} ${await asked.text()}`);
  const token = await mailedRegistrationToken(page, baseUrl, email);
  await page.goto(`${baseUrl}/?${MAGIC_LINK_PARAM}=${encodeURIComponent(token)}`);
  await waitForHeaderBalance(page, welcomeCoins);
  return email;
}
