/**
 * The media-address rule (product.md#requests), applied on the server so every client gets usable addresses:
 * - an absolute address on the content-delivery host (CDN_HOST) is answered on the storage host
 *   (STORAGE_HOST) instead;
 * - a path starting with /media/ or /thumbnails/ is prefixed with the product host (PUBLIC_URL).
 *
 * Decision: when PUBLIC_URL is not set, such paths stay same-origin-relative ("/media/…"). The API and
 * the site are served by one origin by default, so relative addresses work on whatever port or host
 * the product runs, behind any proxy; a deployment that serves frontends from other origins sets
 * PUBLIC_URL and gets absolute addresses. The web client applies the same rule again (shared/http),
 * which is harmless: its prefixing only touches relative paths.
 */
export interface MediaUrlConfig {
  publicUrl: string | null;
  cdnHost: string | null;
  storageHost: string | null;
}

const PRODUCT_PATH_PREFIXES = ['/media/', '/thumbnails/'];

export type MediaUrlRewriter = (value: string | null) => string | null;

export function createMediaUrlRewriter(config: MediaUrlConfig): MediaUrlRewriter {
  return (value) => {
    if (value === null || value === '') return value;
    if (PRODUCT_PATH_PREFIXES.some((prefix) => value.startsWith(prefix))) {
      return config.publicUrl ? `${config.publicUrl}${value}` : value;
    }
    if (config.cdnHost && config.storageHost && /^https?:\/\//i.test(value)) {
      try {
        const url = new URL(value);
        if (url.host.toLowerCase() === config.cdnHost) {
          url.host = config.storageHost;
          return url.toString();
        }
      } catch {
        return value;
      }
    }
    return value;
  };
}

/** Where a file under MEDIA_ROOT is served: `demo/x/poster.jpg` → `/media/demo/x/poster.jpg`. */
export function mediaPath(relativePath: string): string {
  return `/media/${relativePath.replace(/^\/+/, '')}`;
}
