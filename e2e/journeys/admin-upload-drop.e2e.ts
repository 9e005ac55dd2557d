/**
 * A staff member's video upload survives a network drop without anybody noticing: the connection is cut
 * during the first PATCH of the upload (in the browser, as a lost network would), and the uploader asks
 * the server what arrived and finishes by itself; the video is converted and ready.
 */
import { baseUrl } from '../support/browser';
import { signInAsStaff } from '../support/staff-accounts';
import { staffCall } from '../support/staff-catalogue';
import { staffUploadJourney } from '../support/staff-media';

const journey = staffUploadJourney({ clip: 'dropped-night.mp4', staff: 'uploader' });

describe('a staff member uploads an episode video over a flaky connection', () => {
  it('finishes the upload by itself after the connection drops mid-upload', async () => {
    const { browser, clip, staff } = journey;
    const series = await staffCall(staff, 'POST', '/series/', { title: `Lost Signal ${Date.now().toString(36)}` });
    const episode = await staffCall(staff, 'POST', `/series/${series.id}/episodes/`, {
      title: 'Static',
      is_free: true,
    });

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const tusRequests: string[] = [];
    let dropped = false;
    await page.route('**/api/admin/media/tus/**', async (route) => {
      const method = route.request().method();
      tusRequests.push(method);
      if (method === 'PATCH' && !dropped) {
        dropped = true;
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });

    await signInAsStaff(page, staff);
    await page.goto(`${baseUrl()}/admin/series/${series.id}/episodes/${episode.id}/edit`);
    const videoPanel = page.getByRole('region', { name: 'Video' });
    await videoPanel.getByText('No video yet: upload one below.').waitFor({ timeout: 15_000 });
    await videoPanel.getByLabel(/^Upload a video/).setInputFiles(clip);

    await videoPanel.getByText('The video is ready.', { exact: true }).waitFor({ timeout: 90_000 });
    expect(dropped).toBe(true);
    // Started once, cut, asked what arrived, sent again: no second upload, nothing for staff to do.
    expect(tusRequests.filter((m) => m === 'POST')).toHaveLength(1);
    expect(tusRequests.filter((m) => m === 'PATCH').length).toBeGreaterThanOrEqual(2);
    expect(tusRequests).toContain('HEAD');
    expect(await videoPanel.getByText(/connection dropped|could not be/).count()).toBe(0);
    await context.close();
  });
});
