/**
 * Catalogue set-up for journeys that are about something else than publishing: a series made through
 * the staff API and published, with what the publish checklist asks for (poster, banner, a category,
 * an episode with a video). The publishing journey itself walks the admin screens instead.
 */
import { baseUrl } from './browser';
import type { StaffAccount } from './staff-accounts';

/** A tiny valid PNG (1×1), sent inline; the server stores it as a WebP file. */
export const INLINE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export async function staffCall(staff: StaffAccount, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl()}/api/admin${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${staff.access}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<{ id: number }>;
}

/**
 * Gives an existing draft series its art and a category and publishes it: its draft episodes with a
 * finished video are published with it.
 */
export async function completeAndPublishSeries(staff: StaffAccount, seriesId: number): Promise<void> {
  await staffCall(staff, 'PATCH', `/series/${seriesId}/`, {
    category_ids: [1],
    poster_image: INLINE_PNG,
    banner_image: INLINE_PNG,
  });
  await staffCall(staff, 'POST', `/series/${seriesId}/publish/`, {});
}

/** A published series with one free episode whose video address is `hlsUrl` (not played by the caller). */
export async function publishedSeries(
  staff: StaffAccount,
  fields: { title: string; description?: string },
  hlsUrl = '/media/demo/placeholder/master.m3u8',
): Promise<number> {
  const series = await staffCall(staff, 'POST', '/series/', fields);
  await staffCall(staff, 'POST', `/series/${series.id}/episodes/`, { title: 'Pilot', is_free: true, hls_url: hlsUrl });
  await completeAndPublishSeries(staff, series.id);
  return series.id;
}
