/**
 * Bad input to any money route is a clear 4xx and changes nothing: malformed JSON, wrong types,
 * unknown fields, bad path ids and oversized bodies, sent with a valid token.
 */
import { databaseKinds } from '../../support/databases';
import { signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';

const ROUTES: Array<{ method: 'POST' | 'PUT' | 'DELETE' | 'GET'; url: string }> = [
  { method: 'POST', url: '/api/coins/purchase/' },
  { method: 'POST', url: '/api/coins/grant/' },
  { method: 'POST', url: '/api/episodes/:id/unlock/' },
  { method: 'POST', url: '/api/subscriptions/create/' },
  { method: 'POST', url: '/api/payment-methods/' },
  { method: 'DELETE', url: '/api/payment-methods/:id/' },
  { method: 'POST', url: '/api/payment-methods/:id/set-default/' },
  { method: 'POST', url: '/api/payments/create-intent/' },
  { method: 'POST', url: '/api/payments/confirm/' },
  { method: 'POST', url: '/api/rewards/share/' },
  { method: 'PUT', url: '/api/settings/rewards/' },
  { method: 'POST', url: '/api/analytics/events' },
  { method: 'POST', url: '/api/payments/webhook/' },
  { method: 'POST', url: '/feed-api/series/unlock/' },
  { method: 'POST', url: '/feed-api/web/subscriptions/list/' },
];

const TABLES = [
  'coin_ledger',
  'payments',
  'episode_unlocks',
  'reward_claims',
  'payment_methods',
  'subscriptions',
  'analytics_events',
  'settings',
  'processed_events',
];

describe.each(databaseKinds())('money routes on bad input (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { bodyLimitBytes: 64 * 1024 });
  });
  afterAll(() => t.close());

  async function counts() {
    const result: Record<string, number> = {};
    for (const table of TABLES) {
      const row = await t.ctx.db
        .selectFrom(table as never)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      result[table] = Number((row as { n: number }).n);
    }
    return result;
  }

  it('answers 401 on every personal money route without a token', async () => {
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/users/coins/balance/'],
      ['GET', '/api/coins/balance/'],
      ['POST', '/api/coins/purchase/', { package_id: 1 }],
      ['POST', '/api/coins/grant/', { user_id: 1, amount: 5, reason: 'Support ticket' }],
      ['POST', '/api/episodes/1/unlock/'],
      ['POST', '/api/subscriptions/create/', { plan: 'monthly' }],
      ['GET', '/api/subscriptions/active/'],
      ['POST', '/api/subscriptions/cancel/'],
      ['POST', '/api/subscriptions/reactivate/'],
      ['GET', '/api/payment-methods/'],
      ['POST', '/api/payment-methods/', { payment_method_id: 'pm_card_visa' }],
      ['DELETE', '/api/payment-methods/1/'],
      ['POST', '/api/payment-methods/1/set-default/'],
      ['POST', '/api/payment-methods/setup-intent/'],
      ['POST', '/api/payments/create-intent/', { amount: 99 }],
      ['POST', '/api/payments/confirm/', { payment_intent_id: 'pi_dev_x' }],
      ['GET', '/api/transactions/'],
      ['GET', '/api/rewards/'],
      ['POST', '/api/rewards/daily/claim/'],
      ['POST', '/api/rewards/share/', { channel: 'sms' }],
      ['POST', '/api/rewards/follow/'],
      ['PUT', '/api/settings/rewards/', { daily_bonus: [1], share_coins: 1, follow_prompt_coins: 1 }],
      ['POST', '/feed-api/series/unlock/', { id: 1, series_id: 1, number: 1 }],
      ['POST', '/feed-api/web/subscriptions/list/', { id: 1 }],
    ];
    for (const [method, url, payload] of routes) {
      const answer = await call(t.app, { method, url, ...(payload !== undefined ? { payload } : {}) });
      expect(`${method} ${url} ${answer.statusCode}`).toBe(`${method} ${url} 401`);
    }
  });

  it('answers 4xx with a message and writes nothing', async () => {
    const user = await signUpGuest(t.app);
    await t.ctx.db.updateTable('users').set({ is_staff: true }).where('id', '=', user.user.id).execute();
    const before = await counts();
    const bodies: Array<{ body: string; type: string }> = [
      { body: '{"broken": ', type: 'application/json' },
      { body: '[]', type: 'application/json' },
      { body: '"text"', type: 'application/json' },
      {
        body: '{"package_id": "1", "plan": 5, "payment_method_id": 7, "amount": "ten", "channel": [], "id": {}, "series_id": -1, "number": "x", "payment_intent_id": 0}',
        type: 'application/json',
      },
      { body: `{"padding": "${'x'.repeat(70 * 1024)}"}`, type: 'application/json' },
      { body: '<xml/>', type: 'application/xml' },
    ];
    for (const route of ROUTES) {
      for (const id of ['abc', '0', '-3', '99999999999']) {
        const url = route.url.replace(':id', id);
        for (const { body, type } of bodies) {
          const answer = await call(t.app, {
            method: route.method,
            url,
            headers: { ...bearer(user.access), 'content-type': type },
            body,
          });
          if (answer.statusCode >= 500 || answer.statusCode < 400) {
            throw new Error(
              `${route.method} ${url} with ${body.slice(0, 40)} answered ${answer.statusCode}: ${answer.body}`,
            );
          }
          expect(answer.json().message).toEqual(expect.any(String));
        }
        if (!route.url.includes(':id')) break;
      }
    }
    expect(await counts()).toEqual(before);
  }, 60_000);
});
