/**
 * Staff preview an episode as viewers will see it — through the signed playback route — before it is
 * on show. The route plays a draft only on a grant naming an active staff member: a viewer's grant for
 * a draft finds nothing, and a preview address stops working when its staff member loses the rights.
 */
import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { playbackKey, signGrant } from '../../../src/kernel/playback-grants';
import { databaseKinds } from '../../support/databases';
import { smallCatalogue } from '../../support/fixtures';
import { writeHlsPackage } from '../../support/hls-package';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { type Cast, signUpCast } from '../admin/staff-fixtures';

const pathOf = (address: string) => {
  const url = new URL(address, 'http://x.invalid');
  return `${url.pathname}${url.search}`;
};

describe.each(databaseKinds())('staff episode preview (%s)', (kind) => {
  let t: TestApp;
  let cast: Cast;
  let draft: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    cast = await signUpCast(t);
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/admin/series/1/episodes/',
      headers: bearer(cast.staff.access),
      payload: { title: 'The unseen ending' },
    });
    expect(created.statusCode).toBe(201);
    draft = created.json().id;
    writeHlsPackage(t.ctx.config.mediaRoot, `library/videos/preview-${kind}`);
    await t.ctx.db
      .updateTable('episodes')
      .set({ hls_url: `/media/library/videos/preview-${kind}/master.m3u8` })
      .where('id', '=', draft)
      .execute();
  });
  afterAll(() => t.close());

  it('plays a draft episode to staff through the signed playback route', async () => {
    expect(
      (await call(t.app, { url: `/api/episodes/${draft}/stream/`, headers: bearer(cast.viewer.access) })).statusCode,
    ).toBe(404);
    const preview = await call(t.app, {
      url: `/api/admin/episodes/${draft}/preview/`,
      headers: bearer(cast.staff.access),
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().url).toMatch(new RegExp(`/media/play/${draft}/master\\.m3u8\\?t=`));
    const playlist = await call(t.app, { url: pathOf(preview.json().url) });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXTM3U');
  });

  it("refuses a draft to a viewer's grant, to viewers asking for a preview, and to former staff", async () => {
    const token = signGrant(playbackKey(t.ctx.config.jwtSecret), {
      episodeId: draft,
      viewer: cast.viewer.user.id,
      expires: Math.floor(Date.now() / 1000) + 600,
    });
    expect((await call(t.app, { url: `/media/play/${draft}/master.m3u8?t=${token}` })).statusCode).toBe(404);
    for (const who of [cast.viewer, cast.guest]) {
      const asked = await call(t.app, { url: `/api/admin/episodes/${draft}/preview/`, headers: bearer(who.access) });
      expect(asked.statusCode).toBe(403);
    }
    const preview = await call(t.app, {
      url: `/api/admin/episodes/${draft}/preview/`,
      headers: bearer(cast.superuser.access),
    });
    const address = pathOf(preview.json().url);
    expect((await call(t.app, { url: address })).statusCode).toBe(200);
    await t.ctx.db.updateTable('users').set({ is_superuser: false }).where('id', '=', cast.superuser.user.id).execute();
    expect((await call(t.app, { url: address })).statusCode).toBe(404);
  });

  it('says clearly when the episode has no video yet', async () => {
    const bare = await call(t.app, {
      method: 'POST',
      url: '/api/admin/series/1/episodes/',
      headers: bearer(cast.staff.access),
      payload: { title: 'Not filmed yet' },
    });
    const answer = await call(t.app, {
      url: `/api/admin/episodes/${bare.json().id}/preview/`,
      headers: bearer(cast.staff.access),
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe('This episode has no video yet');
  });
});
