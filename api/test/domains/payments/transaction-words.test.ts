/**
 * The transactions list in the viewer's language (issue #21): every line is described per request,
 * in the language the viewer chose or their browser asks for, with Russian plurals done right.
 */
import { transactionWords } from '../../../src/domains/payments/transaction-words';
import { databaseKinds } from '../../support/databases';
import { type Session, signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { buyCoins, grantCoins, seedPaidEpisodes } from '../coins/money-fixtures';

describe('Russian transaction words', () => {
  const ru = transactionWords('ru');

  it('counts coins the Russian way in purchases and in what is owed', () => {
    expect(ru.boughtCoins('', 1)).toBe('Куплена 1 монета');
    expect(ru.boughtCoins('', 21)).toBe('Куплена 21 монета');
    expect(ru.boughtCoins('', 2)).toBe('Куплены 2 монеты');
    expect(ru.boughtCoins('', 24)).toBe('Куплены 24 монеты');
    expect(ru.boughtCoins('', 5)).toBe('Куплено 5 монет');
    expect(ru.boughtCoins('', 11)).toBe('Куплено 11 монет');
    expect(ru.boughtCoins('', 100)).toBe('Куплено 100 монет');
    expect(ru.owing(1)).toBe('; ещё 1 монета в долг — спишем из ваших следующих монет');
    expect(ru.owing(3)).toContain('3 монеты');
    expect(ru.owing(12)).toContain('12 монет');
    expect(ru.owing(0)).toBe('');
  });

  it('keeps the English words as they were', () => {
    const en = transactionWords('en');
    expect(en.boughtCoins('100 coins', 100)).toBe('Bought 100 coins');
    expect(en.owing(1)).toBe('; 1 more coin is owed and will come from your next coins');
    expect(en.owing(2)).toBe('; 2 more coins are owed and will come from your next coins');
  });
});

describe.each(databaseKinds())('transactions in the viewer language (%s)', (kind) => {
  let t: TestApp;
  let user: Session;
  let seriesId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await signUpGuest(t.app);
    await buyCoins(t.app, user.access, 1);
    const seeded = await seedPaidEpisodes(t.ctx, 1, 10);
    seriesId = seeded.seriesId;
    await t.ctx.db
      .updateTable('series')
      .set({ translations: JSON.stringify({ ru: { title: 'Денежный сериал' } }) })
      .where('id', '=', seriesId)
      .execute();
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: `/api/episodes/${seeded.episodeIds[0]}/unlock/`,
          headers: bearer(user.access),
        })
      ).statusCode,
    ).toBe(200);
    await grantCoins(t.ctx, user.user.id, 5);
    const at = new Date().toISOString();
    await t.ctx.db
      .insertInto('payments')
      .values({
        user_id: user.user.id,
        kind: 'coins',
        status: 'canceled',
        provider: 'dev',
        provider_ref: `cs_cancelled_${user.user.id}`,
        amount_minor: 4900,
        currency: 'rub',
        coins: 22,
        package_id: null,
        plan: null,
        description: '22 coins',
        success_url: null,
        cancel_url: null,
        failure_message: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  });
  afterAll(() => t.close());

  const list = (headers: Record<string, string>) =>
    call(t.app, { url: '/api/transactions/', headers: { ...bearer(user.access), ...headers } });
  const descriptions = async (headers: Record<string, string>) =>
    (await list(headers)).json().results.map((row: { description: string }) => row.description);

  it('describes every line in Russian for a browser that asks for Russian, and says so', async () => {
    const answer = await list({ 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-language']).toBe('ru');
    expect(String(answer.headers.vary)).toContain('Accept-Language');
    expect(answer.json().results.map((row: { description: string }) => row.description)).toEqual([
      'Куплены 22 монеты (платёж отменён)',
      'Монеты от поддержки Cliffhanger',
      'Открыта «Денежный сериал», серия 1',
      'Куплено 100 монет',
    ]);
  });

  it('keeps English for an English browser or no preference', async () => {
    const english = [
      'Bought 22 coins (cancelled)',
      'Coins from Cliffhanger support',
      expect.stringMatching(/^Unlocked “Money series \d+”, episode 1$/),
      'Bought 100 coins',
    ];
    expect(await descriptions({ 'accept-language': 'en-GB' })).toEqual(english);
    expect(await descriptions({})).toEqual(english);
  });

  it('follows the language the viewer chose over what the browser asks for', async () => {
    await t.ctx.db.updateTable('users').set({ language: 'ru' }).where('id', '=', user.user.id).execute();
    try {
      expect((await descriptions({ 'accept-language': 'en' }))[1]).toBe('Монеты от поддержки Cliffhanger');
    } finally {
      await t.ctx.db.updateTable('users').set({ language: null }).where('id', '=', user.user.id).execute();
    }
  });
});
