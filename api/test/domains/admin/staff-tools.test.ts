/**
 * Staff tools for people: the users list leaves guests out unless asked, finds people by e-mail or
 * username, and shows a user's ledger and unlocks a page at a time. None of it answers a viewer.
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
});
