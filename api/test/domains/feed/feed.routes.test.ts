import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { databaseKinds } from '../../support/databases';
import { registerUser, type Session, signUpGuest, smallCatalogue } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';

describe.each(databaseKinds())('feed API (%s)', (kind) => {
  let t: TestApp;
  let guest: Session;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    guest = await signUpGuest(t.app, 'FeedGuest01234567890');
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, session: Session = guest) =>
    call(t.app, { method: 'POST', url: `/feed-api${url}`, headers: bearer(session.access), payload });

  it('answers a carousel list of feed series, marking Gold exclusives with feed_section gold', async () => {
    const answer = (await post('/feed/categories/', { id: guest.user.id })).json();
    expect(answer.success).toBe(1);
    expect(answer.data).toHaveLength(10);
    expect(answer.data[0]).toEqual(
      expect.objectContaining({ series_id: 4, feed_section: 'gold', episodes_count: 3, is_fav: false }),
    );
    expect(answer.data.filter((s: { feed_section: string }) => s.feed_section === 'gold')).toHaveLength(1);
  });

  it('answers a series with its episodes locked per the viewer and the last viewed position', async () => {
    await call(t.app, {
      method: 'PUT',
      url: '/api/episodes/2/watch-progress/',
      headers: bearer(guest.access),
      payload: { progress: 30, position_seconds: 27 },
    });
    const { data } = (await post('/series/detail/', { id: guest.user.id, series_id: 1 })).json();
    expect(data.fragments.map((f: { locked: number }) => f.locked)).toEqual([0, 1, 1]);
    expect(data.fragments[1].videoLink).toBe('');
    expect(data.fragments[0].videoLink).toMatch(/\/media\/play\/\d+\/master\.m3u8\?t=/);
    expect(data).toEqual(expect.objectContaining({ last_view_episode_number: 2, last_view_position: 27 }));
    expect((await post('/series/detail/', { id: guest.user.id, series_id: 9 })).statusCode).toBe(404);
  });

  it('refuses a caller or series id past the stored range with a 400 naming the field', async () => {
    for (const [url, payload, field] of [
      ['/series/detail/', { id: guest.user.id, series_id: 1e21 }, 'series id'],
      ['/series/unlock/', { id: guest.user.id, series_id: 2147483648, number: 1 }, 'series id'],
      ['/coin/status/', { id: 2147483648 }, 'id'],
      ['/user/public-view/', { id: 1e21 }, 'id'],
    ] as const) {
      const answer = await post(url, payload);
      expect([url, answer.statusCode]).toEqual([url, 400]);
      expect(answer.json().message).toContain(field);
    }
  });

  it('accepts the guest id as the body id too', async () => {
    expect((await post('/coin/status/', { id: 'FeedGuest01234567890' })).json()).toEqual({ balance: 0 });
  });

  it('answers the public profile flags', async () => {
    expect((await post('/user/public-view/', { id: guest.user.id })).json()).toEqual({
      paying: false,
      registered: false,
      verified: false,
      has_active_subs: false,
    });
    const user = await registerUser(t.app, 'feed@example.com');
    expect((await post('/user/public-view/', { id: user.user.id }, user)).json()).toEqual({
      paying: false,
      registered: true,
      verified: false,
      has_active_subs: false,
    });
  });

  it('stores the device report once per user', async () => {
    const report = {
      id: guest.user.id,
      platform: 'web',
      device_type: 'mobile',
      locale: 'en-GB',
      screen: { width: 390, height: 844 },
    };
    expect((await post('/datalog/update/web/', report)).json()).toEqual({ success: 1, stored: true });
    expect((await post('/datalog/update/web/', report)).json()).toEqual({ success: 1, stored: false });
    const rows = await t.ctx.db.selectFrom('device_reports').selectAll().where('user_id', '=', guest.user.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.payload ?? '{}')).toEqual(expect.objectContaining({ platform: 'web', locale: 'en-GB' }));
  });

  it("refuses a body id that is not the caller's", async () => {
    const other = await signUpGuest(t.app);
    for (const url of ['/feed/categories/', '/coin/status/', '/user/public-view/', '/datalog/update/web/']) {
      const response = await post(url, { id: other.user.id });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect((await post('/series/detail/', { id: other.user.id, series_id: 1 })).statusCode).toBe(403);
    expect(
      await t.ctx.db.selectFrom('device_reports').selectAll().where('user_id', '=', other.user.id).execute(),
    ).toEqual([]);
  });

  it.each([
    ['malformed JSON', (id: number) => `{"id":${id}`, 400],
    ['an empty object', () => '{}', 400],
    ['a JSON null', () => 'null', 400],
    ['an id with leading zeros', (id: number) => `{"id":0${id}}`, 400],
    ['an id written as a fraction', (id: number) => `{"id":${id}.5}`, 400],
    ['a NUL character', () => '{"id":"\\u0000"}', 400],
    ['its own numeric id as text', (id: number) => `{"id":"${id}"}`, 200],
    ["another viewer's numeric id as text", (id: number) => `{"id":"${id + 1}"}`, 403],
    ['extra fields', (id: number) => `{"id":${id},"x":1}`, 200],
    ['the prototype key', (id: number) => `{"id":${id},"__proto__":{"x":1}}`, 400],
    ['JSON spacing', (id: number) => ` {\n "id" :\t${id} }\r\n`, 200],
  ])('answers a public-view poll with %s as its validation says', async (_what, body, status) => {
    const viewer = await registerUser(t.app, `pv-body-${kind}-${status}-${body(1).length}@example.com`);
    const answer = await call(t.app, {
      method: 'POST',
      url: '/feed-api/user/public-view/',
      headers: { ...bearer(viewer.access), 'content-type': 'application/json' },
      body: body(viewer.user.id),
    });
    expect(answer.statusCode).toBe(status);
    if (status === 200) expect(answer.json().registered).toBe(true);
  });

  it('needs a token', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/feed-api/coin/status/',
      payload: { id: guest.user.id },
    });
    expect(response.statusCode).toBe(401);
  });
});
