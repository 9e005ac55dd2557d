import { databaseKinds } from '../../support/databases';
import { signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';

describe.each(databaseKinds())('analytics ingestion (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const rows = () =>
    t.ctx.db
      .selectFrom('analytics_events' as never)
      .selectAll()
      .orderBy('id' as never)
      .execute() as Promise<Array<Record<string, unknown>>>;
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    call(t.app, { method: 'POST', url: '/api/analytics/events', headers, payload });

  it('stores an HTTP API v2 batch, tying it to the Bearer user, and answers like Amplitude', async () => {
    const user = await signUpGuest(t.app);
    const time = Date.parse('2026-05-01T10:00:00.000Z');
    const answer = await post(
      {
        api_key: 'amp-key',
        events: [
          {
            event_type: '3.1 Episode Started',
            user_id: String(user.user.id),
            device_id: 'dev-1',
            time,
            session_id: time,
            event_properties: { series_id: 4, episode: 2 },
            insert_id: 'v2-a',
          },
          {
            event_type: 'revenue_amount',
            device_id: 'dev-1',
            time,
            price: 99,
            quantity: 2,
            productId: 'coins-100',
            revenue: 198,
          },
        ],
      },
      bearer(user.access),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      code: 200,
      events_ingested: 2,
      payload_size_bytes: expect.any(Number),
      server_upload_time: expect.any(Number),
    });
    const stored = await rows();
    expect(stored).toHaveLength(2);
    expect(stored[0]).toEqual(
      expect.objectContaining({
        user_id: user.user.id,
        event_type: '3.1 Episode Started',
        event_time: '2026-05-01T10:00:00.000Z',
        session_id: time,
        insert_id: 'v2-a',
      }),
    );
    expect(JSON.parse(stored[0]?.event_properties as string)).toEqual({ series_id: 4, episode: 2 });
    expect(stored[1]).toEqual(
      expect.objectContaining({ revenue: 198, price: 99, quantity: 2, product_id: 'coins-100' }),
    );
  });

  it("accepts amplitude-js 8's form upload and ignores a retried upload's duplicates", async () => {
    const before = (await rows()).length;
    const events = [
      {
        event_type: '9.1 Rewards Viewed',
        device_id: 'legacy-device',
        timestamp: Date.now(),
        session_id: -1,
        insert_id: 'legacy-1',
        event_properties: { $revenue: 5, $price: 5, $quantity: 1, $productId: 'tip' },
        platform: 'Web',
      },
    ];
    const body = new URLSearchParams({
      e: JSON.stringify(events),
      v: '2',
      client: 'amp-key',
      upload_time: String(Date.now()),
      checksum: 'x',
    }).toString();
    const upload = () =>
      call(t.app, {
        method: 'POST',
        url: '/api/analytics/events',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    expect((await upload()).json()).toEqual(expect.objectContaining({ code: 200, events_ingested: 1 }));
    expect((await upload()).statusCode).toBe(200);
    const stored = (await rows()).slice(before);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toEqual(
      expect.objectContaining({
        user_id: null,
        device_id: 'legacy-device',
        session_id: null,
        revenue: 5,
        product_id: 'tip',
        platform: 'Web',
      }),
    );
  });

  it('keeps an event whose tracked quantity is past what the column holds, with the quantity left out', async () => {
    const before = (await rows()).length;
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/analytics/events',
      payload: {
        api_key: 'k',
        events: [{ event_type: 'x', device_id: 'big', event_properties: { $quantity: 1e21, $price: 2 } }],
      },
    });
    expect(response.statusCode).toBe(200);
    const [stored] = (await rows()).slice(before);
    expect(stored).toEqual(expect.objectContaining({ device_id: 'big', quantity: null, price: 2 }));
  });

  it('still stores events when the Bearer token is invalid, without a user', async () => {
    const answer = await post(
      { api_key: 'k', events: [{ event_type: 'x', device_id: 'd' }] },
      { authorization: 'Bearer not-a-token' },
    );
    expect(answer.statusCode).toBe(200);
    expect((await rows()).at(-1)).toEqual(expect.objectContaining({ user_id: null, event_type: 'x' }));
  });

  it('refuses a bad batch as a whole with 400 (413 when too many events), storing nothing, also for numbers past what the columns hold', async () => {
    const before = (await rows()).length;
    const bad: unknown[] = [
      { events: [{ event_type: 'x', device_id: 'd' }] },
      { api_key: 'k' },
      { api_key: 'k', events: [] },
      { api_key: 'k', events: 'nope' },
      { api_key: 'k', events: [{ device_id: 'd' }] },
      { api_key: 'k', events: [{ event_type: 'x' }] },
      {
        api_key: 'k',
        events: [
          { event_type: 'x', device_id: 'd' },
          { event_type: 'y', device_id: 'd', time: 1_700_000_000 },
        ],
      },
      { api_key: 'k', events: [{ event_type: 'x', device_id: 'd', event_properties: 'not an object' }] },
      // Past what the columns hold: a 400, not a database error.
      { api_key: 'k', events: [{ event_type: 'x', device_id: 'd', session_id: 1e21 }] },
      { api_key: 'k', events: [{ event_type: 'x', device_id: 'd', quantity: 10_000_000_000 }] },
      { api_key: 'k', events: [{ event_type: 'x', device_id: 'd', quantity: -10_000_000_000 }] },
      [1, 2, 3],
    ];
    for (const payload of bad) {
      const answer = await post(payload);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual(expect.objectContaining({ code: 400, message: expect.any(String) }));
    }
    const tooMany = await post({
      api_key: 'k',
      events: Array.from({ length: 501 }, () => ({ event_type: 'x', device_id: 'd' })),
    });
    expect(tooMany.statusCode).toBe(413);
    const broken = await call(t.app, {
      method: 'POST',
      url: '/api/analytics/events',
      headers: { 'content-type': 'application/json' },
      body: '{"api_key":',
    });
    expect(broken.statusCode).toBe(400);
    const legacyBroken = await call(t.app, {
      method: 'POST',
      url: '/api/analytics/events',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'e=%5Bnot-json&client=k',
    });
    expect(legacyBroken.statusCode).toBe(400);
    expect((await rows()).length).toBe(before);
  });
});
