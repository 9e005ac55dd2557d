/**
 * Likes (product.md#player): kept per viewer, guests included; liking twice is one like; the count moves
 * with the likes and never goes below zero nor counts one viewer twice, however many toggles race.
 */
import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { databaseKinds } from '../../support/databases';
import { registerUser, type Session, signUpGuest, smallCatalogue } from '../../support/fixtures';
import { call, callAs } from '../../support/http';
import { suiteApp } from '../../support/suite-app';
import { bearer } from '../../support/test-app';

jest.setTimeout(120_000);

describe.each(databaseKinds())('series likes (%s)', (kind) => {
  const t = suiteApp(kind);
  beforeAll(() => seedDemoCatalogue(t.ctx, smallCatalogue()));

  const like = (session: Session, seriesId: number, liked: unknown) =>
    callAs(t.app, session.access, { method: 'PUT', url: `/api/series/${seriesId}/like/`, payload: { liked } });
  const stateOf = async (session: Session, seriesId: number) =>
    (await callAs(t.app, session.access, { method: 'GET', url: `/api/series/${seriesId}/like/` })).json();
  const rowsOf = async (seriesId: number) =>
    (await t.ctx.db.selectFrom('series_likes').select('user_id').where('series_id', '=', seriesId).execute()).length;
  const countOf = async (seriesId: number) =>
    Number(
      (await t.ctx.db.selectFrom('series').select('likes').where('id', '=', seriesId).executeTakeFirstOrThrow()).likes,
    );

  it('lets a guest like a series once: liking again changes nothing, unliking twice never goes below zero', async () => {
    const guest = await signUpGuest(t.app);
    expect(await stateOf(guest, 1)).toEqual({ series_id: 1, liked: false, likes: 0 });
    expect((await like(guest, 1, true)).json()).toEqual({ series_id: 1, liked: true, likes: 1 });
    expect((await like(guest, 1, true)).json()).toEqual({ series_id: 1, liked: true, likes: 1 });
    expect(await stateOf(guest, 1)).toEqual({ series_id: 1, liked: true, likes: 1 });
    expect((await like(guest, 1, false)).json()).toEqual({ series_id: 1, liked: false, likes: 0 });
    expect((await like(guest, 1, false)).json()).toEqual({ series_id: 1, liked: false, likes: 0 });
    expect(await countOf(1)).toBe(0);
  });

  it('keeps the count equal to the likes under 50 concurrent toggles of one viewer', async () => {
    const guest = await signUpGuest(t.app);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => like(guest, 2, i % 2 === 0)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const rows = await rowsOf(2);
    expect(rows).toBeLessThanOrEqual(1);
    expect(await countOf(2)).toBe(rows);
    expect(await stateOf(guest, 2)).toEqual({ series_id: 2, liked: rows === 1, likes: rows });
  });

  it('counts 50 viewers liking at once as 50, and 0 once all of them take it back at once', async () => {
    const viewers = await Promise.all(Array.from({ length: 50 }, () => signUpGuest(t.app)));
    await Promise.all(viewers.flatMap((viewer) => [like(viewer, 3, true), like(viewer, 3, true)]));
    expect(await countOf(3)).toBe(50);
    expect(await rowsOf(3)).toBe(50);
    await Promise.all(viewers.flatMap((viewer) => [like(viewer, 3, false), like(viewer, 3, false)]));
    expect(await countOf(3)).toBe(0);
    expect(await rowsOf(3)).toBe(0);
  });

  it('refuses an unknown series, a bad body and a caller without a token, changing nothing', async () => {
    const guest = await signUpGuest(t.app);
    expect((await like(guest, 999_999, true)).statusCode).toBe(404);
    for (const payload of [{}, { liked: 'yes' }, { liked: true, likes: 500 }, { liked: true, user_id: 1 }]) {
      const answer = await callAs(t.app, guest.access, { method: 'PUT', url: '/api/series/5/like/', payload });
      expect(answer.statusCode).toBe(400);
    }
    const anonymous = await call(t.app, { method: 'PUT', url: '/api/series/5/like/', payload: { liked: true } });
    expect(anonymous.statusCode).toBe(401);
    expect(await countOf(5)).toBe(0);
  });

  it("gives a guest's likes to the account they sign in to, one like per person", async () => {
    const account = await registerUser(t.app, `likes-${kind}@example.com`);
    const guest = await signUpGuest(t.app);
    await like(account, 6, true);
    await like(guest, 6, true);
    await like(guest, 7, true);
    expect(await countOf(6)).toBe(2);
    const login = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login/',
      headers: bearer(guest.access),
      payload: { email: `likes-${kind}@example.com`, password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(200);
    const signedIn: Session = login.json();
    expect(await stateOf(signedIn, 6)).toEqual({ series_id: 6, liked: true, likes: 1 });
    expect(await stateOf(signedIn, 7)).toEqual({ series_id: 7, liked: true, likes: 1 });
    expect(await rowsOf(6)).toBe(1);
  });
});
