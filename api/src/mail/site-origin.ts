/**
 * The site address put into mailed links (sign-in, registration, reset, verification). A link carries
 * a secret token, so its host must never come from anything a caller can choose freely — not the Host
 * header, and not just any Origin header. The calling page's origin is used only when it is one we
 * serve on purpose: PUBLIC_URL, an origin of CORS_ORIGINS, or (with the dev tools on) a loopback
 * address such as http://127.0.0.1:8080 — so a viewer who opened the site there gets links that open
 * there. Anything else gets PUBLIC_URL, or this machine's own address.
 */
import type { AppConfig } from '../config';

const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

export function mailSiteOrigin(
  config: Pick<AppConfig, 'publicUrl' | 'corsOrigins' | 'devRoutes' | 'port'>,
  origin: string | undefined,
): string {
  if (origin) {
    const allowed =
      origin === config.publicUrl ||
      config.corsOrigins.includes(origin) ||
      (config.devRoutes && LOOPBACK_ORIGIN.test(origin));
    if (allowed) return origin;
  }
  return config.publicUrl ?? `http://localhost:${config.port}`;
}
