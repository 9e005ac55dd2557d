/**
 * The per-day rollups of the events (what the staff analytics read) move with every upload in the same
 * statement: an accepted batch is counted once even when retried, a refused batch counts nothing, and
 * the rollups always equal a regrouping of the stored events.
 */
import { type Kysely, sql } from 'kysely';
import * as rollupMigration from '../../../src/db/migrations/20261121300000_analytics_rollups';
import { databaseKinds } from '../../support/databases';
import { signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';

describe.each(databaseKinds())('analytics rollups at ingestion (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    call(t.app, { method: 'POST', url: '/api/analytics/events', headers, payload });

  /** The rollups, and the same figures regrouped from the events. */
  async function rollupsAndRegrouped() {
    const db = t.ctx.db;
    const pg = t.kind === 'postgres';
    const day = pg ? sql`to_char(event_time at time zone 'UTC', 'YYYY-MM-DD')` : sql`substr(event_time, 1, 10)`;
    const viewer = sql`coalesce(cast(user_id as text), 'device:' || device_id)`;
    const episodeText = sql`(event_properties::jsonb ->> 'episode_id')`;
    // Properties jsonb refuses (a \u0000) name no episode; the migration's analytics_event_episode says so.
    const episode = pg
      ? sql`(case when strpos(event_properties, '\\u') > 0 then analytics_event_episode(event_properties)
          when ${episodeText} ~ '^[0-9]+$' and ${episodeText}::numeric <= 2147483647 then ${episodeText}::integer end)`
      : sql`cast(json_extract(event_properties, '$.episode_id') as integer)`;
    const rows = async (query: ReturnType<typeof sql>) =>
      ((await query.execute(db)).rows as Array<Record<string, unknown>>).map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([key, value]) => [
            key,
            key === 'day' || key === 'viewer' || key === 'event_type' ? value : value === null ? null : Number(value),
          ]),
        ),
      );
    return {
      rollups: {
        events: await rows(sql`select day, event_type, events from analytics_daily_events order by 1, 2`),
        viewers: await rows(sql`select day, viewer, user_id, events from analytics_daily_viewers order by 1, 2`),
        episodes: await rows(
          sql`select day, event_type, episode_id, events from analytics_daily_episodes order by 1, 2, 3`,
        ),
      },
      regrouped: {
        events: await rows(
          sql`select ${day} as day, event_type, count(*) as events from analytics_events group by 1, 2 order by 1, 2`,
        ),
        viewers: await rows(
          sql`select ${day} as day, ${viewer} as viewer, user_id, count(*) as events from analytics_events
                where ${viewer} is not null group by 1, 2, 3 order by 1, 2`,
        ),
        episodes: await rows(
          sql`select ${day} as day, event_type, ${episode} as episode_id, count(*) as events from analytics_events
                where ${episode} is not null group by 1, 2, 3 order by 1, 2, 3`,
        ),
      },
    };
  }

  const at = (iso: string) => Date.parse(iso);

  it('counts an accepted upload once, even when it is retried, and a refused one not at all', async () => {
    const user = await signUpGuest(t.app);
    const batch = {
      api_key: 'amp-key',
      events: [
        {
          event_type: '3.1 Episode Started',
          user_id: String(user.user.id),
          device_id: 'dev-a',
          time: at('2026-05-01T23:59:59.999Z'),
          event_properties: { episode_id: 7, series_id: 2 },
          insert_id: 'rollup-a1',
        },
        {
          event_type: '3.5 Paywall Shown',
          user_id: String(user.user.id),
          device_id: 'dev-a',
          time: at('2026-05-02T00:00:00.000Z'),
          event_properties: { episode_id: '8' },
          insert_id: 'rollup-a2',
        },
        {
          event_type: '3.5 Paywall Shown',
          device_id: 'dev-b',
          time: at('2026-05-02T08:00:00.000Z'),
          event_properties: { episode_id: 12345678901234 },
          insert_id: 'rollup-a3',
        },
      ],
    };
    expect((await post(batch, bearer(user.access))).statusCode).toBe(200);
    const first = await rollupsAndRegrouped();
    expect(first.rollups).toEqual(first.regrouped);
    expect(first.rollups.events).toEqual([
      { day: '2026-05-01', event_type: '3.1 Episode Started', events: 1 },
      { day: '2026-05-02', event_type: '3.5 Paywall Shown', events: 2 },
    ]);
    expect(first.rollups.viewers).toEqual([
      { day: '2026-05-01', viewer: String(user.user.id), user_id: user.user.id, events: 1 },
      // The whole upload is the signed-in viewer's.
      { day: '2026-05-02', viewer: String(user.user.id), user_id: user.user.id, events: 2 },
    ]);

    // amplitude-js retries an upload it did not see answered.
    expect((await post(batch, bearer(user.access))).statusCode).toBe(200);
    expect((await rollupsAndRegrouped()).rollups).toEqual(first.rollups);

    // One bad event refuses the batch: nothing is stored, nothing counted.
    const refused = await post({
      api_key: 'amp-key',
      events: [
        { event_type: '3.1 Episode Started', device_id: 'dev-c', time: at('2026-05-03T10:00:00.000Z') },
        { event_type: '3.1 Episode Started', time: at('2026-05-03T10:00:00.000Z') },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect((await rollupsAndRegrouped()).rollups).toEqual(first.rollups);
  });

  it('keeps the rollups equal to the events through many uploads from many viewers', async () => {
    const users = await Promise.all([signUpGuest(t.app), signUpGuest(t.app)]);
    for (let n = 0; n < 12; n += 1) {
      const who = users[n % 2] as (typeof users)[number];
      const signedIn = n % 3 !== 0;
      const events = Array.from({ length: 5 }, (_, i) => ({
        event_type: ['1.1 Home Opened', '3.1 Episode Started', '3.2 Episode Completed', '3.5 Paywall Shown'][
          (n + i) % 4
        ] as string,
        user_id: signedIn ? String(who.user.id) : undefined,
        device_id: `dev-${n % 4}`,
        time: at('2026-06-01T00:00:00.000Z') + (n * 5 + i) * 3_600_000,
        event_properties: i % 2 === 0 ? { episode_id: n + i } : { note: 'none' },
        insert_id: `many-${n}-${i}`,
      }));
      const answer = await post({ api_key: 'amp-key', events }, signedIn ? bearer(who.access) : {});
      expect(answer.statusCode).toBe(200);
    }
    const { rollups, regrouped } = await rollupsAndRegrouped();
    expect(rollups.viewers.length).toBeGreaterThan(10);
    expect(rollups).toEqual(regrouped);
  });

  it('stores and counts an upload whose properties hold characters PostgreSQL JSON refuses', async () => {
    const before = await rollupsAndRegrouped();
    const answer = await post({
      api_key: 'amp-key',
      events: [
        {
          event_type: '3.5 Paywall Shown',
          device_id: 'dev-nul',
          time: Date.parse('2026-07-01T10:00:00.000Z'),
          event_properties: { note: 'a\u0000b', broken: '\ud800' },
          insert_id: 'nul-1',
        },
      ],
    });
    expect(answer.statusCode).toBe(200);
    const after = await rollupsAndRegrouped();
    expect(after.rollups.events).toEqual(
      [...before.rollups.events, { day: '2026-07-01', event_type: '3.5 Paywall Shown', events: 1 }].sort((a, b) =>
        String(a.day).localeCompare(String(b.day)),
      ),
    );
    expect(after.rollups.viewers).toContainEqual({
      day: '2026-07-01',
      viewer: 'device:dev-nul',
      user_id: null,
      events: 1,
    });
    expect(after.rollups.episodes).toEqual(before.rollups.episodes);
  });

  it('rolls up the events stored before the rollups existed when the migration runs', async () => {
    const db = t.ctx.db as unknown as Kysely<unknown>;
    const before = await rollupsAndRegrouped();
    await rollupMigration.down(db);
    await t.ctx.db
      .insertInto('analytics_events')
      .values(
        ['3.1 Episode Started', '3.5 Paywall Shown', '3.5 Paywall Shown'].map((event_type, i) => ({
          user_id: null,
          client_user_id: null,
          device_id: `old-device-${i % 2}`,
          event_type,
          event_time: `2026-04-0${i + 1}T12:00:00.000Z`,
          session_id: null,
          insert_id: `old-${i}`,
          event_properties: JSON.stringify({ episode_id: 3 }),
          user_properties: '{}',
          revenue: null,
          price: null,
          quantity: null,
          product_id: null,
          platform: 'Web',
          received_at: '2026-04-05T00:00:00.000Z',
        })),
      )
      .execute();
    await rollupMigration.up(db);
    const after = await rollupsAndRegrouped();
    expect(after.rollups).toEqual(after.regrouped);
    expect(after.rollups.events.length).toBe(before.rollups.events.length + 3);
    // And the triggers are back: a new upload is counted.
    const answer = await post({
      api_key: 'amp-key',
      events: [
        { event_type: '3.1 Episode Started', device_id: 'new-device', time: Date.parse('2026-04-09T00:00:00Z') },
      ],
    });
    expect(answer.statusCode).toBe(200);
    const latest = await rollupsAndRegrouped();
    expect(latest.rollups).toEqual(latest.regrouped);
    expect(latest.rollups.events.length).toBe(after.rollups.events.length + 1);
  });
});
