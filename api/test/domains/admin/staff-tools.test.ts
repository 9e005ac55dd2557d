/**
 * Staff tools for people and episodes: the users list leaves guests out unless asked, finds people by
 * e-mail or username, and shows a user's ledger and unlocks a page at a time; a pricing rule is
 * previewed, then applied to a whole series in one go with one audit entry; reordering is all or
 * nothing. None of it answers a viewer.
 */
import { seedDemoCatalogue } from '../../../../demo/src/seed-demo-catalogue';
import { databaseKinds } from '../../support/databases';
import { signUpGuest, smallCatalogue } from '../../support/fixtures';
import { call } from '../../support/http';
import { bearer, createTestApp, type TestApp } from '../../support/test-app';
import { type Cast, signUpCast } from './staff-fixtures';

describe.each(databaseKinds())('staff tools (%s)', (kind) => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoCatalogue(t.ctx, smallCatalogue());
    cast = await signUpCast(t);
    await Promise.all([signUpGuest(t.app), signUpGuest(t.app)]);
  });
  afterAll(() => t.close());

  const as = (who: keyof Cast) => bearer(cast[who].access);
  const get = (url: string, who: keyof Cast = 'staff') => call(t.app, { url, headers: as(who) });

  describe('users', () => {
    it('hides guests from the users list by default and shows them with the guest filter', async () => {
      type Listed = { id: number; is_guest: boolean };
      const standard = (await get('/api/admin/users/?limit=100')).json();
      expect(standard.results.length).toBeGreaterThanOrEqual(4);
      expect(standard.results.every((u: Listed) => !u.is_guest)).toBe(true);
      expect(standard.count).toBe(standard.results.length);
      const guests = (await get('/api/admin/users/?role=guest&limit=100')).json();
      expect(guests.results.length).toBeGreaterThanOrEqual(3);
      expect(guests.results.every((u: Listed) => u.is_guest)).toBe(true);
      expect(guests.results.map((u: Listed) => u.id)).toContain(cast.guest.user.id);
      const everyone = (await get('/api/admin/users/?role=all&limit=100')).json();
      expect(everyone.count).toBe(standard.count + guests.count);
    });

    it('finds a user by part of their e-mail address or by username', async () => {
      const email = cast.viewer.user.email;
      const byEmail = (
        await get(`/api/admin/users/?search=${encodeURIComponent(email.slice(0, 12).toUpperCase())}`)
      ).json();
      expect(byEmail.results.map((u: { id: number }) => u.id)).toEqual([cast.viewer.user.id]);
      await t.ctx.db
        .updateTable('users')
        .set({ username: `nightowl_${kind}` })
        .where('id', '=', cast.viewer.user.id)
        .execute();
      const byName = (await get(`/api/admin/users/?search=owl_${kind}`)).json();
      expect(byName.results.map((u: { id: number }) => u.id)).toEqual([cast.viewer.user.id]);
      expect((await get('/api/admin/users/?search=nobody-has-this-name')).json()).toEqual(
        expect.objectContaining({ results: [], count: 0 }),
      );
    });

    it("pages through a user's coin ledger and unlocks, newest first, for staff only", async () => {
      const id = cast.viewer.user.id;
      for (const amount of [5, 6, 7]) {
        const grant = await call(t.app, {
          method: 'POST',
          url: `/api/admin/users/${id}/coins/`,
          headers: as('superuser'),
          payload: { amount, reason: `Goodwill ${amount}` },
        });
        expect(grant.statusCode).toBe(200);
      }
      const episodes = await t.ctx.db.selectFrom('episodes').select('id').where('series_id', '=', 2).execute();
      for (const [i, episode] of episodes.entries()) {
        await t.ctx.db
          .insertInto('episode_unlocks')
          .values({
            user_id: id,
            episode_id: episode.id,
            coin_cost: 10,
            created_at: new Date(Date.now() + i).toISOString(),
          })
          .execute();
      }
      const first = (await get(`/api/admin/users/${id}/ledger/?limit=2&page=1`)).json();
      const second = (await get(`/api/admin/users/${id}/ledger/?limit=2&page=2`)).json();
      expect(first.results.map((e: { delta: number }) => e.delta)).toEqual([7, 6]);
      expect(second.results[0].delta).toBe(5);
      expect(first.count).toBeGreaterThanOrEqual(3);
      expect(first.results[0].balance_after).toBe(first.results[1].balance_after + 7);

      const unlocks = (await get(`/api/admin/users/${id}/unlocks/?limit=2`)).json();
      expect(unlocks.count).toBe(episodes.length);
      expect(unlocks.results).toHaveLength(2);
      expect(unlocks.results[0]).toEqual(
        expect.objectContaining({ series_id: 2, series_title: 'Series 2', coin_cost: 10 }),
      );

      for (const who of ['viewer', 'guest'] as const) {
        for (const path of ['ledger', 'unlocks']) {
          const own = await get(`/api/admin/users/${cast[who].user.id}/${path}/`, who);
          expect(own.statusCode).toBe(403);
          expect((await get(`/api/admin/users/${id}/${path}/`, who)).statusCode).toBe(403);
        }
      }
      expect((await call(t.app, { url: `/api/admin/users/${id}/ledger/` })).statusCode).toBe(401);
      expect((await get('/api/admin/users/999999/ledger/')).statusCode).toBe(404);
      expect((await get(`/api/admin/users/${id}/ledger/?limit=1000`)).statusCode).toBe(400);
      // Reading changes nothing: the balance is what the grants left.
      const detail = (await get(`/api/admin/users/${id}/`)).json();
      expect(detail.user.coin_balance).toBe(first.results[0].balance_after);
    });
  });

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
