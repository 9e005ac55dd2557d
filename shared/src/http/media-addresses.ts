/**
 * Media address rewriting (product.md#entities, product.md#requests): on the media address fields of every record an answer carries,
 * addresses on the content-delivery host point at the plain storage host instead, and `/media/` and
 * `/thumbnails/` paths are prefixed with the product host. Pure: answers a rewritten copy.
 */
import { MEDIA_ADDRESS_FIELDS } from '../entities';

export const MEDIA_PATH_PREFIXES = ['/media/', '/thumbnails/'] as const;

export interface MediaHosts {
  /** The content-delivery host whose addresses are rewritten ('' disables the rewrite). */
  cdnHost: string;
  /** The plain storage host they are rewritten to. */
  storageHost: string;
  /** The host prefixed to `/media/` and `/thumbnails/` paths. */
  productHost: string;
  /** The page's own origin: when the product host is the page itself, relative paths stay relative. */
  pageOrigin: string;
}

const MEDIA_FIELDS: ReadonlySet<string> = new Set(MEDIA_ADDRESS_FIELDS);

/** 'https://cdn.example.com' and 'cdn.example.com' both name the host 'cdn.example.com'. */
function hostOf(value: string): string {
  try {
    return new URL(value.includes('//') ? value : `https://${value}`).host;
  } catch {
    return value;
  }
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return a.replace(/\/$/, '') === b.replace(/\/$/, '');
  }
}

export function rewriteMediaAddress(value: string, hosts: MediaHosts): string {
  if (hosts.cdnHost && hosts.storageHost && /^(https?:)?\/\//.test(value)) {
    try {
      const url = new URL(value, 'https://placeholder.invalid');
      if (url.host === hostOf(hosts.cdnHost)) {
        const storage = hosts.storageHost.includes('//') ? new URL(hosts.storageHost) : null;
        url.host = hostOf(hosts.storageHost);
        if (storage) url.protocol = storage.protocol;
        return value.startsWith('//') ? url.href.replace(/^https?:/, '') : url.href;
      }
    } catch {
      return value;
    }
  }
  if (MEDIA_PATH_PREFIXES.some((prefix) => value.startsWith(prefix))) {
    if (!hosts.productHost || sameOrigin(hosts.productHost, hosts.pageOrigin)) return value;
    return `${hosts.productHost.replace(/\/$/, '')}${value}`;
  }
  return value;
}

/** Rewrites the media fields of a response body, however deeply its records are nested. */
export function rewriteMediaAddresses<T>(data: T, hosts: MediaHosts): T {
  if (Array.isArray(data)) return data.map((item) => rewriteMediaAddresses(item, hosts)) as T;
  if (!data || typeof data !== 'object') return data;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (typeof value === 'string' && MEDIA_FIELDS.has(key)) out[key] = rewriteMediaAddress(value, hosts);
    else if (value && typeof value === 'object') out[key] = rewriteMediaAddresses(value, hosts);
    else out[key] = value;
  }
  return out as T;
}
