/**
 * Warms the HTTP cache for an episode the viewer is likely to play next: its master playlist, the
 * first rendition's media playlist, its init segment (fMP4) and first fragment. When the viewer moves
 * on, hls.js finds them in the cache and the first frame comes at once. Failures are ignored: this is
 * only a head start. Each address is fetched at most once per page.
 */
const warmed = new Set<string>();

const resolve = (base: string, ref: string) => new URL(ref, base).toString();

/**
 * The variant hls.js starts with (start level 0 is the lowest bandwidth) of a master playlist, or null
 * for a media playlist.
 */
export function firstVariant(master: string): string | null {
  const lines = master.split(/\r?\n/).map((l) => l.trim());
  let best: { uri: string; bandwidth: number } | null = null;
  lines.forEach((line, at) => {
    if (!line.startsWith('#EXT-X-STREAM-INF')) return;
    const bandwidth = Number(line.match(/BANDWIDTH=(\d+)/)?.[1] ?? Number.POSITIVE_INFINITY);
    const uri = lines.slice(at + 1).find((l) => l && !l.startsWith('#'));
    if (uri && (!best || bandwidth < best.bandwidth)) best = { uri, bandwidth };
  });
  return (best as { uri: string } | null)?.uri ?? null;
}

/** The init segment and first fragment URIs of a media playlist. */
export function firstSegments(media: string): string[] {
  const lines = media.split(/\r?\n/).map((l) => l.trim());
  const found: string[] = [];
  const map = lines.find((l) => l.startsWith('#EXT-X-MAP'));
  const uri = map?.match(/URI="([^"]+)"/)?.[1];
  if (uri) found.push(uri);
  const first = lines.find((l) => l && !l.startsWith('#'));
  if (first) found.push(first);
  return found;
}

export async function preloadHls(
  src: string,
  fetcher: (url: string) => Promise<{ ok: boolean; text(): Promise<string> }> = (url) =>
    fetch(url, { credentials: 'omit' }),
): Promise<void> {
  if (warmed.has(src)) return;
  warmed.add(src);
  try {
    const base = new URL(src, typeof window !== 'undefined' ? window.location.href : 'http://localhost/').toString();
    const masterText = await (await fetcher(base)).text();
    const variant = firstVariant(masterText);
    const mediaUrl = variant ? resolve(base, variant) : base;
    const mediaText = variant ? await (await fetcher(mediaUrl)).text() : masterText;
    // Reading each body lets the browser complete its cache entry.
    await Promise.all(firstSegments(mediaText).map(async (uri) => (await fetcher(resolve(mediaUrl, uri))).text()));
  } catch {
    warmed.delete(src); // try again next time
  }
}

export function forgetPreloads(): void {
  warmed.clear();
}
