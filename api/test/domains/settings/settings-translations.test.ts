/**
 * Coin packs, Gold plans and the first-purchase offer by language: staff name them in Russian next to
 * the title they type, a Russian viewer reads that name (the frontends pick it with `localizedTitle`),
 * and the transactions list names a Gold plan in the viewer's language.
 */
import { DEFAULT_SETTINGS } from '../../../src/domains/settings/settings.service';
import { databaseKinds } from '../../support/databases';
import { signUpGuest } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { type Cast, signUpCast } from '../admin/staff-fixtures';
import { subscribeGold } from '../coins/money-fixtures';

const PACK = { id: 1, coins: 100, bonus_coins: 0, price: 99, currency: 'rub', title: 'Starter', is_popular: false };
const PLAN = { id: 'monthly', name: 'Gold', interval: 'month', price: 299, currency: 'rub', title: 'Gold monthly' };

describe('the settings every viewer starts with', () => {
  it('name every coin pack and Gold plan in Russian too', () => {
    for (const item of [...DEFAULT_SETTINGS.coin_packages, ...DEFAULT_SETTINGS.gold_plans]) {
      const russian = item.translations?.ru?.title ?? '';
      expect(russian).toMatch(/[а-яё]/i);
      expect(russian).not.toBe(item.title);
    }
  });
});

describe.each(databaseKinds())('coin pack and Gold plan names by language (%s)', (kind) => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await createTestApp(kind);
    cast = await signUpCast(t);
  });
  afterAll(() => t.close());

  const put = (key: string, payload: unknown, access = cast.staff.access) =>
    call(t.app, { method: 'PUT', url: `/api/admin/settings/${key}/`, headers: bearer(access), payload });
  const viewerSettings = async () => (await call(t.app, { url: '/api/settings/' })).json();

  it('answers the Russian name staff gave a pack and a plan, trimmed, and drops blank ones', async () => {
    const packs = [
      { ...PACK, translations: { ru: { title: '  Для разгона ' }, en: { title: '   ' } } },
      { ...PACK, id: 2, title: 'Plain' },
    ];
    const saved = await put('coin_packages', packs);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().value[0].translations).toEqual({ ru: { title: 'Для разгона' } });
    const packages = (await call(t.app, { url: '/api/coins/packages/' })).json();
    expect(packages[0]).toEqual({ ...PACK, translations: { ru: { title: 'Для разгона' } } });
    // A pack with no name in any language has no translations at all: viewers see its title.
    expect(packages[1]).toEqual({ ...PACK, id: 2, title: 'Plain' });

    expect((await put('gold_plans', [{ ...PLAN, translations: { ru: { title: 'Gold на месяц' } } }])).statusCode).toBe(
      200,
    );
    expect((await call(t.app, { url: '/api/subscriptions/plans/' })).json()).toEqual([
      { ...PLAN, translations: { ru: { title: 'Gold на месяц' } } },
    ]);
  });

  it('refuses a name in an unknown language, too long, not text, or with extra fields, changing nothing', async () => {
    const before = await viewerSettings();
    const refused: Array<[string, unknown]> = [
      ['coin_packages', [{ ...PACK, translations: { de: { title: 'Anfang' } } }]],
      ['coin_packages', [{ ...PACK, translations: { ru: { title: 'я'.repeat(81) } } }]],
      ['coin_packages', [{ ...PACK, translations: { ru: { title: 42 } } }]],
      ['coin_packages', [{ ...PACK, translations: { ru: 'Старт' } }]],
      ['coin_packages', [{ ...PACK, translations: [{ ru: { title: 'Старт' } }] }]],
      ['coin_packages', [{ ...PACK, translations: { ru: { title: 'Старт', description: 'x' } } }]],
      ['gold_plans', [{ ...PLAN, translations: { ru: { title: 'Gold', name: 'Gold' } } }]],
      ['gold_plans', [{ ...PLAN, translations: { 'ru-RU': { title: 'Gold на месяц' } } }]],
      ['gold_plans', [{ ...PLAN, translations: null }]],
    ];
    for (const [key, payload] of refused) {
      const answer = await put(key, payload);
      expect(answer.statusCode).toBe(400);
      // The message names the setting and where in it the problem is.
      expect(answer.json().message).toMatch(new RegExp(`^Invalid ${key}: /0/translations`));
    }
    expect(await viewerSettings()).toEqual(before);
  });

  it('lets only staff rename, and records the names before and after in the audit log', async () => {
    const viewer = await signUpGuest(t.app);
    const renamed = [{ ...PLAN, translations: { ru: { title: 'Золото на месяц' } } }];
    expect((await put('gold_plans', renamed, viewer.access)).statusCode).toBe(403);
    const before = (await viewerSettings()).gold_plans;
    expect((await put('gold_plans', renamed)).statusCode).toBe(200);
    const audit = (
      await call(t.app, {
        url: '/api/admin/audit/?entity=settings&entity_id=gold_plans',
        headers: bearer(cast.superuser.access),
      })
    ).json().results;
    expect(audit[0]).toEqual(
      expect.objectContaining({ action: 'settings.update', actor_id: cast.staff.user.id, before, after: renamed }),
    );
  });

  it('gives the first-purchase offer its Russian headline, and refuses a bad one', async () => {
    expect((await put('coin_packages', [PACK])).statusCode).toBe(200);
    const offer = {
      enabled: true,
      package_id: 1,
      kind: 'extra_coins',
      extra_coins: 50,
      title: 'Double your first top-up',
      translations: { ru: { title: 'Первое пополнение — вдвое больше' } },
    };
    expect((await put('first_purchase_offer', { ...offer, translations: { fr: { title: 'x' } } })).statusCode).toBe(
      400,
    );
    expect((await put('first_purchase_offer', offer)).statusCode).toBe(200);
    const viewer = await signUpGuest(t.app);
    const seen = (
      await call(t.app, { url: '/api/coins/first-purchase-offer/', headers: bearer(viewer.access) })
    ).json();
    expect(seen.offer).toEqual(
      expect.objectContaining({
        title: 'Double your first top-up',
        translations: { ru: { title: 'Первое пополнение — вдвое больше' } },
      }),
    );
    expect((await put('first_purchase_offer', null)).statusCode).toBe(200);
  });

  it("names a Gold payment by the plan's Russian title in a Russian transactions list", async () => {
    expect(
      (await put('gold_plans', [{ ...PLAN, translations: { ru: { title: 'Золото на месяц' } } }])).statusCode,
    ).toBe(200);
    const viewer = await signUpGuest(t.app);
    expect((await subscribeGold(t.app, viewer.access)).statusCode).toBe(303);
    const lines = async (language: string) =>
      (
        await call(t.app, {
          url: '/api/transactions/',
          headers: { ...bearer(viewer.access), 'accept-language': language },
        })
      )
        .json()
        .results.map((row: { description: string }) => row.description);
    expect(await lines('ru')).toContain('Подписка «Золото на месяц»');
    expect(await lines('en')).toContain('Gold monthly subscription');
    // A plan no longer offered is still named, plainly.
    expect((await put('gold_plans', [{ ...PLAN, id: 'monthly2' }])).statusCode).toBe(200);
    expect(await lines('ru')).toContain('Подписка Gold');
  });
});
