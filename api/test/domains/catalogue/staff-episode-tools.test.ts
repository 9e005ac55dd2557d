/**
 * Staff tools for episodes: a pricing rule is previewed, then applied to a whole series in one go with
 * one audit entry; reordering is all or nothing. None of it answers a viewer.
 */
import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { databaseKinds } from '../../support/databases';
import { smallCatalogue } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { type Cast, signUpCast } from '../admin/staff-fixtures';

describe.each(databaseKinds())('staff episode tools (%s)', (kind) => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    cast = await signUpCast(t);
  });
  afterAll(() => t.close());

  const as = (who: keyof Cast) => bearer(cast[who].access);
  const get = (url: string, who: keyof Cast = 'staff') => call(t.app, { url, headers: as(who) });

  describe('episodes', () => {
    let seriesId: number;

    beforeAll(async () => {
      const created = await call(t.app, {
        method: 'POST',
        url: '/api/admin/series/',
        headers: as('staff'),
        payload: { title: `Thirty nights ${kind}` },
      });
      expect(created.statusCode).toBe(201);
      seriesId = created.json().id;
      for (let n = 1; n <= 30; n += 1) {
        const added = await call(t.app, {
          method: 'POST',
          url: `/api/admin/series/${seriesId}/episodes/`,
          headers: as('staff'),
          payload: { title: `Night ${n}` },
        });
        expect(added.statusCode).toBe(201);
      }
    });

    const rule = { free_episodes: 5, price: 12, step: 2, every: 10 };
    const expected = Array.from({ length: 30 }, (_, i) => {
      const n = i + 1;
      if (n <= 5) return { is_free: true, coin_cost: 0 };
      return { is_free: false, coin_cost: n <= 15 ? 12 : n <= 25 ? 14 : 16 };
    });
    const prices = async () =>
      (await get(`/api/admin/series/${seriesId}/episodes/`))
        .json()
        .map((e: { is_free: boolean; coin_cost: number }) => ({ is_free: e.is_free, coin_cost: e.coin_cost }));

    it('previews a pricing rule without changing any price', async () => {
      const before = await prices();
      const preview = await call(t.app, {
        method: 'POST',
        url: `/api/admin/series/${seriesId}/pricing/preview/`,
        headers: as('staff'),
        payload: rule,
      });
      expect(preview.statusCode).toBe(200);
      expect(preview.json().episodes.map((e: { after: unknown }) => e.after)).toEqual(expected);
      expect(preview.json().changed).toBeGreaterThan(0);
      expect(await prices()).toEqual(before);
    });

    it('applies "1–5 free, then 12 coins, rising by 2 every 10" to 30 episodes exactly, with one audit entry', async () => {
      const applied = await call(t.app, {
        method: 'PUT',
        url: `/api/admin/series/${seriesId}/pricing/`,
        headers: as('staff'),
        payload: rule,
      });
      expect(applied.statusCode).toBe(200);
      expect(await prices()).toEqual(expected);
      const audit = (await get(`/api/admin/audit/?entity=series&entity_id=${seriesId}`, 'superuser')).json();
      const pricing = audit.results.filter((r: { action: string }) => r.action === 'episodes.pricing');
      expect(pricing).toHaveLength(1);
      expect(pricing[0].after.episodes).toHaveLength(applied.json().changed);
      // The same rule again changes nothing.
      const again = await call(t.app, {
        method: 'PUT',
        url: `/api/admin/series/${seriesId}/pricing/`,
        headers: as('staff'),
        payload: rule,
      });
      expect(again.json().changed).toBe(0);
    });

    it('refuses a pricing rule that makes no sense and changes nothing', async () => {
      const before = await prices();
      for (const bad of [
        { ...rule, price: 0 },
        { ...rule, every: 0 },
        { ...rule, step: -2 },
        { ...rule, free_episodes: 1.5 },
        { ...rule, extra: true },
        { free_episodes: 5 },
      ]) {
        const answer = await call(t.app, {
          method: 'PUT',
          url: `/api/admin/series/${seriesId}/pricing/`,
          headers: as('staff'),
          payload: bad,
        });
        expect(answer.statusCode).toBe(400);
        expect(answer.json().message).toEqual(expect.any(String));
      }
      const missing = await call(t.app, {
        method: 'PUT',
        url: '/api/admin/series/999999/pricing/',
        headers: as('staff'),
        payload: rule,
      });
      expect(missing.statusCode).toBe(404);
      expect(await prices()).toEqual(before);
    });

    it('reorders all or nothing: foreign, duplicate or missing ids are refused and nothing moves', async () => {
      const url = `/api/admin/series/${seriesId}/episodes/order/`;
      const ids = async () =>
        (await get(`/api/admin/series/${seriesId}/episodes/`)).json().map((e: { id: number }) => e.id);
      const before: number[] = await ids();
      const foreign = (
        await t.ctx.db.selectFrom('episodes').select('id').where('series_id', '=', 1).executeTakeFirstOrThrow()
      ).id;
      for (const episode_ids of [
        [...before.slice(1), foreign],
        [...before.slice(1), before[1]],
        before.slice(1),
        [...before, foreign],
      ]) {
        const answer = await call(t.app, { method: 'PUT', url, headers: as('staff'), payload: { episode_ids } });
        expect(answer.statusCode).toBe(400);
        expect(await ids()).toEqual(before);
      }
      expect(
        (await t.ctx.db.selectFrom('episodes').select('series_id').where('id', '=', foreign).executeTakeFirstOrThrow())
          .series_id,
      ).toBe(1);
    });

    it('keeps episode numbers unique and the order whole when 20 reorders race', async () => {
      const url = `/api/admin/series/${seriesId}/episodes/order/`;
      const before: number[] = (await get(`/api/admin/series/${seriesId}/episodes/`))
        .json()
        .map((e: { id: number }) => e.id);
      const orders = Array.from({ length: 20 }, (_, i) => [...before.slice(i), ...before.slice(0, i)]);
      const answers = await Promise.all(
        orders.map((episode_ids) =>
          call(t.app, { method: 'PUT', url, headers: as('staff'), payload: { episode_ids } }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(orders.map(() => 200));
      const after = (await get(`/api/admin/series/${seriesId}/episodes/`)).json();
      const order = after.map((e: { id: number }) => e.id);
      expect(orders.map((o) => JSON.stringify(o))).toContain(JSON.stringify(order));
      expect(after.map((e: { episode_number: number }) => e.episode_number)).toEqual(
        Array.from({ length: 30 }, (_, i) => i + 1),
      );
    });

    it('lets no viewer or guest preview or apply prices, or reorder', async () => {
      for (const who of ['viewer', 'guest'] as const) {
        for (const [method, url, payload] of [
          ['POST', `/api/admin/series/${seriesId}/pricing/preview/`, rule],
          ['PUT', `/api/admin/series/${seriesId}/pricing/`, { ...rule, price: 1 }],
          ['PUT', `/api/admin/series/${seriesId}/episodes/order/`, { episode_ids: [1] }],
        ] as const) {
          const answer = await call(t.app, { method, url, headers: as(who), payload });
          expect(answer.statusCode).toBe(403);
        }
      }
      expect(await prices()).not.toContainEqual({ is_free: false, coin_cost: 1 });
    });
  });
});
