/**
 * What staff read about how viewers watched: the retention curve and quartiles from the player's
 * events, the paywall → unlock → purchase funnel, revenue that leaves out refunded and disputed money,
 * and Gold conversions — all through the real ingest route and the staff API.
 */
import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { databaseKinds } from '../../support/databases';
import { smallCatalogue } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { type Cast, signUpCast } from './staff-fixtures';

describe.each(databaseKinds())('staff analytics (%s)', (kind) => {
  let t: TestApp;
  let cast: Cast;
  let episodes: number[];
  let otherSeriesEpisode: number;
  const now = Date.now();
  let sequence = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    cast = await signUpCast(t);
    const rows = await t.ctx.db
      .selectFrom('episodes')
      .select(['id', 'series_id'])
      .where('series_id', 'in', [1, 2])
      .orderBy('series_id')
      .orderBy('episode_number')
      .execute();
    episodes = rows.filter((row) => row.series_id === 1).map((row) => row.id);
    otherSeriesEpisode = rows.find((row) => row.series_id === 2)?.id as number;
  });
  afterAll(() => t.close());

  const staff = () => bearer(cast.staff.access);

  /** Player events as the shell uploads them; `token` makes them a signed-in viewer's. */
  async function send(
    events: Array<{ device: string; type: string; props: Record<string, unknown>; ago?: number }>,
    token?: string,
  ) {
    const answer = await call(t.app, {
      method: 'POST',
      url: '/api/analytics/events',
      headers: token ? bearer(token) : {},
      payload: {
        api_key: 'first-party',
        events: events.map((e) => {
          sequence += 1;
          return {
            event_type: e.type,
            device_id: e.device,
            time: now - (e.ago ?? 120_000),
            insert_id: `${kind}-${sequence}`,
            event_properties: e.props,
          };
        }),
      },
    });
    expect(answer.statusCode).toBe(200);
  }

  const started = (device: string, episode: number) => ({
    device,
    type: '3.2 Episode Started',
    props: { episode_id: episode, series_id: 1 },
  });
  const quartile = (device: string, episode: number, q: number) => ({
    device,
    type: '3.9 Episode Quartile Reached',
    props: { episode_id: episode, series_id: 1, quartile: q },
  });

  async function payment(values: {
    user: number;
    kind: 'coins' | 'gold';
    amount: number;
    currency: string;
    status?: 'succeeded' | 'failed';
    refunded?: number;
    disputed?: number;
    dispute?: 'open' | 'won' | 'lost';
    at?: string;
  }) {
    const at = values.at ?? new Date(now).toISOString();
    sequence += 1;
    await t.ctx.db
      .insertInto('payments')
      .values({
        user_id: values.user,
        kind: values.kind,
        status: values.status ?? 'succeeded',
        provider: 'dev',
        provider_ref: `cs_${kind}_${sequence}`,
        amount_minor: values.amount,
        currency: values.currency,
        coins: values.kind === 'coins' ? 100 : 0,
        package_id: null,
        plan: values.kind === 'gold' ? 'monthly' : null,
        description: 'test payment',
        success_url: null,
        cancel_url: null,
        failure_message: null,
        created_at: at,
        updated_at: at,
        refunded_minor: values.refunded ?? 0,
        disputed_minor: values.disputed ?? 0,
        dispute_status: values.dispute ?? null,
      })
      .execute();
  }

  const analyticsOf = async (seriesId: number) => {
    const answer = await call(t.app, { url: `/api/admin/analytics/?days=7&series_id=${seriesId}`, headers: staff() });
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };

  it('draws the retention curve: the share of series starters who reach each episode, from the events', async () => {
    const [one, two, three] = episodes as [number, number, number];
    await send([
      started('device-a', one),
      started('device-a', one), // a second start of the same episode by the same viewer counts once
      started('device-b', one),
      started('device-c', one),
      started('device-d', one),
      quartile('device-a', one, 25),
      quartile('device-b', one, 25),
      quartile('device-c', one, 25),
      quartile('device-a', one, 50),
      quartile('device-b', one, 50),
      quartile('device-a', one, 75),
      { device: 'device-a', type: '3.3 Episode Completed', props: { episode_id: one, series_id: 1 } },
      started('device-a', two),
      started('device-b', two),
      started('device-a', three),
      // Another series' episode, and an event older than the period, change nothing here.
      { device: 'device-e', type: '3.2 Episode Started', props: { episode_id: otherSeriesEpisode, series_id: 2 } },
      { ...started('device-f', three), ago: 30 * 86_400_000 },
    ]);
    const funnel = (await analyticsOf(1)).funnel;
    expect(funnel.series_id).toBe(1);
    const byNumber = (n: number) => funnel.episodes.find((e: { episode_number: number }) => e.episode_number === n);
    expect(byNumber(1)).toEqual(
      expect.objectContaining({
        viewers: 4,
        quartile_25: 3,
        quartile_50: 2,
        quartile_75: 1,
        finished: 1,
        reached_share: 1,
      }),
    );
    expect(byNumber(2)).toEqual(expect.objectContaining({ viewers: 2, reached_share: 0.5 }));
    expect(byNumber(3)).toEqual(expect.objectContaining({ viewers: 1, reached_share: 0.25 }));
    expect(funnel.steps).toEqual(expect.objectContaining({ starters: 4, finishers: 1 }));
  });

  it('follows paywall hits to unlocks and purchases, counting only purchases made after the paywall', async () => {
    const two = episodes[1] as number;
    const paywall = { type: '3.8 Paywall Shown', props: { episode_id: two, series_id: 1, price: 20 } };
    await send([{ device: 'viewer-phone', ...paywall, ago: 60_000 }], cast.viewer.access);
    await send([{ device: 'guest-phone', ...paywall, ago: 60_000 }], cast.guest.access);
    await t.ctx.db
      .insertInto('episode_unlocks')
      .values({ user_id: cast.viewer.user.id, episode_id: two, coin_cost: 20, created_at: new Date(now).toISOString() })
      .execute();
    // The viewer bought coins after the paywall; the guest bought nothing; the superuser bought
    // coins before ever meeting a paywall, which is no conversion of it.
    await payment({
      user: cast.viewer.user.id,
      kind: 'coins',
      amount: 499,
      currency: 'usd',
      at: new Date(now - 30_000).toISOString(),
    });
    await payment({
      user: cast.superuser.user.id,
      kind: 'coins',
      amount: 499,
      currency: 'usd',
      at: new Date(now - 90_000).toISOString(),
    });
    await send([{ device: 'super-phone', ...paywall, ago: 60_000 }], cast.superuser.access);

    const funnel = (await analyticsOf(1)).funnel;
    expect(funnel.steps).toEqual(
      expect.objectContaining({ paywall_viewers: 3, unlockers: 1, coin_buyers: 1, gold_buyers: 0 }),
    );
    const second = funnel.episodes.find((e: { episode_number: number }) => e.episode_number === 2);
    expect(second).toEqual(expect.objectContaining({ paywall_hits: 3, unlocks: 1 }));
  });

  it('counts revenue without refunded or disputed money, on the dashboard and per day', async () => {
    const user = cast.viewer.user.id;
    await payment({ user, kind: 'coins', amount: 1000, currency: 'eur' });
    await payment({ user, kind: 'coins', amount: 500, currency: 'eur', refunded: 500 }); // fully refunded
    await payment({ user, kind: 'coins', amount: 400, currency: 'eur', refunded: 100 }); // partly refunded
    await payment({ user, kind: 'coins', amount: 300, currency: 'eur', disputed: 300, dispute: 'won' }); // kept
    await payment({ user, kind: 'gold', amount: 800, currency: 'eur', disputed: 800, dispute: 'open' }); // held
    await payment({ user, kind: 'gold', amount: 700, currency: 'eur', disputed: 700, dispute: 'lost' }); // gone
    await payment({ user, kind: 'coins', amount: 999, currency: 'eur', status: 'failed' }); // never paid

    const dashboard = (await call(t.app, { url: '/api/admin/dashboard/', headers: staff() })).json();
    const today = new Date(now).toISOString().slice(0, 10);
    const isToday = new Date().toISOString().slice(0, 10) === today;
    const eur = dashboard.last_30_days.revenue.find((r: { currency: string }) => r.currency === 'eur');
    expect(eur).toEqual({ currency: 'eur', coins_minor: 1600, gold_minor: 0, total_minor: 1600 });

    const revenue = (await analyticsOf(1)).revenue.find((r: { currency: string }) => r.currency === 'eur');
    const day = revenue.daily.find((d: { day: string }) => d.day === today);
    if (isToday) {
      expect(day).toEqual({ day: today, coins_minor: 1600, gold_minor: 0, returned_minor: 2100 });
    }
    expect(revenue.daily.reduce((sum: number, d: { coins_minor: number }) => sum + d.coins_minor, 0)).toBe(1600);
  });

  it('counts Gold conversions per day', async () => {
    const at = new Date().toISOString();
    await t.ctx.db
      .insertInto('subscriptions')
      .values({
        user_id: cast.viewer.user.id,
        plan: 'monthly',
        name: 'Gold monthly',
        status: 'active',
        provider: 'dev',
        provider_subscription_id: `sub_${kind}`,
        current_period_end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        cancel_at_period_end: false,
        last_event_at: at,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const gold = (await analyticsOf(1)).gold_conversions;
    expect(gold).toHaveLength(7);
    expect(gold.find((d: { day: string }) => d.day === at.slice(0, 10))).toEqual({
      day: at.slice(0, 10),
      subscriptions: 1,
    });
  });

  it('counts the For you feed per series: impressions, plays, play rate and the plays that led on, by day', async () => {
    const [one, two] = episodes as [number, number];
    const feed = (device: string, kind: 'shown' | 'played', episode: number, ago: number, series = 1) => ({
      device,
      type: kind === 'shown' ? '3.10 Feed Clip Shown' : '3.11 Feed Clip Played',
      props: { episode_id: episode, series_id: series, position: 0 },
      ago,
    });
    const before = (await analyticsOf(1)).funnel.feed;
    await send([
      // Shown and played, then the viewer opened the series and started episode 2: it led on.
      feed('feed-a', 'shown', one, 100_000),
      feed('feed-a', 'played', one, 99_000),
      { ...started('feed-a', two), ago: 60_000 },
      // Shown and played, but the only start of the series came before the play: it did not lead on.
      { ...started('feed-b', one), ago: 110_000 },
      feed('feed-b', 'shown', one, 100_000),
      feed('feed-b', 'played', one, 99_000),
      // Shown, scrolled past.
      feed('feed-c', 'shown', two, 100_000),
      // Another series' clip, and a clip older than the period, count nothing here.
      feed('feed-d', 'shown', otherSeriesEpisode, 100_000, 2),
      feed('feed-d', 'played', otherSeriesEpisode, 99_000, 2),
      feed('feed-e', 'shown', one, 30 * 86_400_000),
      feed('feed-e', 'played', one, 30 * 86_400_000),
    ]);
    // A signed-in viewer's feed play that led on counts the same way.
    await send([feed('feed-f', 'shown', one, 90_000), feed('feed-f', 'played', one, 89_000)], cast.viewer.access);
    await send([{ ...started('feed-f', two), ago: 50_000 }], cast.viewer.access);

    const after = (await analyticsOf(1)).funnel.feed;
    expect(after.impressions - before.impressions).toBe(4);
    expect(after.plays - before.plays).toBe(3);
    expect(after.went_on - before.went_on).toBe(2);
    expect(after.play_rate).toBeCloseTo(after.plays / after.impressions);
    expect(after.daily).toHaveLength(7);
    const today = new Date(now - 100_000).toISOString().slice(0, 10);
    const day = after.daily.find((d: { day: string }) => d.day === today);
    expect(day).toEqual(
      expect.objectContaining({
        impressions: expect.any(Number),
        plays: expect.any(Number),
        went_on: expect.any(Number),
      }),
    );
    expect(after.daily.reduce((sum: number, d: { plays: number }) => sum + d.plays, 0)).toBe(after.plays);
    expect((await analyticsOf(2)).funnel.feed).toEqual(
      expect.objectContaining({ impressions: 1, plays: 1, went_on: 0 }),
    );
  });

  it('answers any period from one day to another and refuses impossible ones with a clear 400', async () => {
    const ask = (query: string) => call(t.app, { url: `/api/admin/analytics/?${query}`, headers: staff() });
    const today = new Date().toISOString().slice(0, 10);
    const dayBefore = (day: string, by: number) =>
      new Date(Date.parse(`${day}T00:00:00Z`) - by * 86_400_000).toISOString().slice(0, 10);
    const three = (await ask(`from=${dayBefore(today, 2)}&to=${today}&series_id=1`)).json();
    expect(three).toEqual(expect.objectContaining({ days: 3, from: dayBefore(today, 2), to: today }));
    expect(three.daily.map((d: { day: string }) => d.day)).toEqual([dayBefore(today, 2), dayBefore(today, 1), today]);
    // A period in the past counts nothing of today.
    const past = (await ask(`from=${dayBefore(today, 60)}&to=${dayBefore(today, 40)}`)).json();
    expect(past.totals).toEqual({ views: 0, viewers: 0, active_viewers: 0 });
    expect(past.episode_revenue).toEqual([]);
    for (const [query, message] of [
      [`from=${today}&to=${dayBefore(today, 1)}`, 'to must be the same day as from or later'],
      [`from=${dayBefore(today, 366)}&to=${today}`, 'A period covers at most 366 days'],
      [`from=${today}`, 'Give both from and to (YYYY-MM-DD)'],
      ['from=2026-02-30&to=2026-03-01', 'from and to must be real days (YYYY-MM-DD)'],
      ['format=csv', 'Name the table to export'],
    ]) {
      const answer = await ask(query as string);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(message);
    }
    expect((await ask('from=2026-13-01&to=2026-12-01')).statusCode).toBe(400);
  });

  it('exports every analytics table as a CSV download', async () => {
    const headers: Record<string, string> = {
      daily: 'day,views,viewers,active_viewers',
      episodes: 'series,season,episode,title,viewers,reached_share,q25,q50,q75,finished,paywall_hits,unlocks',
      feed: 'day,impressions,plays,play_rate,went_on',
      revenue: 'day,currency,coins_minor,gold_minor,returned_minor',
      series_revenue: 'day,series_id,series,episode_id,episode,unlocks,coins,currency,money_attributed_minor',
      gold: 'day,subscriptions',
    };
    const json = (await call(t.app, { url: '/api/admin/analytics/?days=7&series_id=1', headers: staff() })).json();
    for (const [table, header] of Object.entries(headers)) {
      const answer = await call(t.app, {
        url: `/api/admin/analytics/?days=7&series_id=1&format=csv&table=${table}`,
        headers: staff(),
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(answer.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="analytics-${table}-`));
      const lines = answer.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe(header);
      if (table === 'daily') expect(lines).toHaveLength(8);
      if (table === 'episodes') expect(lines).toHaveLength(1 + json.funnel.episodes.length);
    }
  });

  it('attributes money to the unlocked episodes at what a coin bought in the period kept', async () => {
    const answer = (await call(t.app, { url: '/api/admin/analytics/?days=7', headers: staff() })).json();
    const bought = await t.ctx.db
      .selectFrom('payments')
      .select((eb) => eb.fn.sum<number>('coins').as('coins'))
      .where('status', '=', 'succeeded')
      .where('kind', '!=', 'gold')
      .where('currency', '=', 'eur')
      .executeTakeFirstOrThrow();
    const kept = answer.revenue
      .find((r: { currency: string }) => r.currency === 'eur')
      .daily.reduce((sum: number, d: { coins_minor: number }) => sum + d.coins_minor, 0);
    const row = answer.episode_revenue.find((r: { episode_id: number }) => r.episode_id === episodes[1]);
    expect(row).toEqual(expect.objectContaining({ series_id: 1, episode_number: 2, unlocks: 1, coins: 20 }));
    expect(row.money).toContainEqual({
      currency: 'eur',
      attributed_minor: Math.round((20 * kept) / Number(bought.coins)),
    });
  });

  it('keeps every figure to staff: viewers and guests get 403', async () => {
    for (const who of [cast.viewer, cast.guest]) {
      for (const url of ['/api/admin/analytics/?days=7&series_id=1', '/api/admin/dashboard/']) {
        expect((await call(t.app, { url, headers: bearer(who.access) })).statusCode).toBe(403);
      }
    }
  });
});
